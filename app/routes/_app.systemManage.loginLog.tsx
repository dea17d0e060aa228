import { Button } from "~/components/mantine/Button";
import { NativeSelect } from "~/components/NativeSelect";
import { Paper } from "~/components/mantine/Paper";
import { Stack } from "~/components/mantine/Stack";
import { Text } from "~/components/mantine/Text";
import { TextInput } from "~/components/TextInput";
import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { formatDate } from "../../common/dates.ts";
import { Pager } from "~/components/infoCenter/Pager";
import { PageHeader } from "~/components/PageHeader";
import { systemListLinks } from "~/components/system/page-links";
import { requireAccess } from "~/lib/auth.server";
import { getT } from "~/lib/i18n.server";
import { agentSummary, LOG_PAGE_SIZE, LOGIN_LOG_LIST, LOGIN_LOG_PATH, loginLogHref, loginLogQuery } from "~/lib/logs";
import { pageMeta } from "~/lib/meta";
import { forPage } from "~/lib/notices.server";
import { loginLog } from "~/lib/system.server";

/**
 * /systemManage/loginLog (SystemAdmin): every login attempt, newest first, with its method, address, browser
 * and, for a failure, why (a wrong password, a locked account…). Filters in the address (a GET form).
 */
export const handle = { i18n: ["system", "infoCenter"] };
export const links = systemListLinks;
export const meta = pageMeta;

export async function loader(args: LoaderFunctionArgs) {
  const { token } = await requireAccess(args, LOGIN_LOG_PATH);
  const t = await getT(args.request, "system");
  const q = loginLogQuery(new URL(args.request.url).searchParams);
  const list = await forPage(args, () => loginLog(args, token, q, LOG_PAGE_SIZE));
  return data({ title: t("log.login.title"), q, list });
}

export default function LoginLog() {
  const { q, list } = useLoaderData<typeof loader>();
  const { t } = useTranslation("system");
  const col = (k: string) => t(`log.col.${k}`);
  return (
    <Stack gap="md" p={{ base: "sm", sm: "lg" }} data-testid="login-log-page">
      <div className="sys-head">
        <PageHeader title={t("log.login.title")} intro={t("log.login.intro")} />
        <div className="sys-head-actions">
          <Button component="a" href={loginLogHref(q, { page: null }).replace(LOGIN_LOG_PATH, `${LOGIN_LOG_PATH}.csv`)} variant="default" data-testid="login-log-csv">
            {t("log.csv")}
          </Button>
        </div>
      </div>
      <Paper withBorder radius="md" p={{ base: "sm", sm: "md" }}>
        <Stack gap="sm">
          <Form method="get" className="ls-toolbar" role="search" data-testid="login-log-filters">
            <TextInput className="ls-grow" name="user" type="search" label={t("log.user")} placeholder={t("log.userPlaceholder")} defaultValue={q.user} maxLength={50} key={`u-${q.user}`} />
            <NativeSelect name="result" label={t("log.result")} defaultValue={q.result} key={`r-${q.result}`}>
              {LOGIN_LOG_LIST.filters.result.map((r) => (
                <option key={r} value={r}>
                  {t(`log.results.${r}`)}
                </option>
              ))}
            </NativeSelect>
            <NativeSelect name="method" label={t("log.method")} defaultValue={q.method} key={`m-${q.method}`}>
              {LOGIN_LOG_LIST.filters.method.map((m) => (
                <option key={m} value={m}>
                  {m ? t(`log.methods.${m}`) : t("log.any")}
                </option>
              ))}
            </NativeSelect>
            <TextInput name="ip" label={t("log.ip")} defaultValue={q.ip} maxLength={64} key={`i-${q.ip}`} />
            <TextInput name="from" type="date" label={t("log.from")} defaultValue={q.from} key={`f-${q.from}`} />
            <TextInput name="to" type="date" label={t("log.to")} defaultValue={q.to} key={`t-${q.to}`} />
            <Button type="submit">{t("log.search")}</Button>
          </Form>
          <Text className="ls-count" data-testid="login-log-count">
            {t("log.found", { count: list.total })}
          </Text>
          {list.rows.length ? (
            <div className="ls-scroll">
              <table className="ls-table" data-testid="login-log-table">
                <thead>
                  <tr>
                    <th scope="col">{col("at")}</th>
                    <th scope="col">{col("user")}</th>
                    <th scope="col">{col("method")}</th>
                    <th scope="col">{col("result")}</th>
                    <th scope="col">{col("ip")}</th>
                    <th scope="col">{col("agent")}</th>
                  </tr>
                </thead>
                <tbody>
                  {list.rows.map((r) => (
                    <tr key={r.Id} data-testid="login-log-row" data-user={r.UserName ?? r.Mobile ?? ""} data-success={String(r.Success)}>
                      <td className="ls-mono">{formatDate(r.At, "{y}-{m}-{d} {h}:{i}:{s}")}</td>
                      <td data-label={col("user")} className="ls-strong">
                        {r.UserName ?? r.Mobile ?? "—"}
                      </td>
                      <td data-label={col("method")}>{t(`log.methods.${r.Method}`, { defaultValue: r.Method })}</td>
                      <td data-label={col("result")}>
                        <span className={r.Success ? "ls-badge-on" : "ls-badge-off"}>{t(r.Success ? "log.results.success" : "log.results.failure")}</span>
                        {!r.Success && r.Reason ? <div className="ls-dim">{t(`log.reasons.${r.Reason}`, { defaultValue: r.Reason })}</div> : null}
                      </td>
                      <td data-label={col("ip")} className="ls-mono">
                        {r.Ip ?? "—"}
                      </td>
                      <td data-label={col("agent")} className="ls-dim" title={r.UserAgent ?? undefined}>
                        {agentSummary(r.UserAgent)}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : (
            <p className="ls-empty" data-testid="login-log-empty">
              {t(q.user || q.result !== "all" || q.method || q.ip || q.from || q.to ? "log.empty" : "log.emptyNone")}
            </p>
          )}
          <Pager total={list.total} size={list.size} current={q.page} hrefFor={(page) => loginLogHref(q, { page })} />
        </Stack>
      </Paper>
    </Stack>
  );
}
