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
import { changes, LOG_PAGE_SIZE, OPERATION_LOG_LIST, OPERATION_LOG_PATH, operationLogHref, operationLogQuery } from "~/lib/logs";
import { pageMeta } from "~/lib/meta";
import { forPage } from "~/lib/notices.server";
import { operationLog } from "~/lib/system.server";

/**
 * /systemManage/operationLog (SystemAdmin): every administrative write — who, when, from where, what, and the
 * fields it changed (before → after) — newest first, filtered by the actor, the kind of target, its name and
 * a date range.
 */
export const handle = { i18n: ["system", "infoCenter"] };
export const links = systemListLinks;
export const meta = pageMeta;

export async function loader(args: LoaderFunctionArgs) {
  const { token } = await requireAccess(args, OPERATION_LOG_PATH);
  const t = await getT(args.request, "system");
  const q = operationLogQuery(new URL(args.request.url).searchParams);
  const list = await forPage(args, () => operationLog(args, token, q, LOG_PAGE_SIZE));
  return data({ title: t("log.operation.title"), q, list });
}

export default function OperationLog() {
  const { q, list } = useLoaderData<typeof loader>();
  const { t } = useTranslation("system");
  const col = (k: string) => t(`log.col.${k}`);
  return (
    <Stack gap="md" p={{ base: "sm", sm: "lg" }} data-testid="operation-log-page">
      <div className="sys-head">
        <PageHeader title={t("log.operation.title")} intro={t("log.operation.intro")} />
        <div className="sys-head-actions">
          <Button component="a" href={operationLogHref(q, { page: null }).replace(OPERATION_LOG_PATH, `${OPERATION_LOG_PATH}.csv`)} variant="default" data-testid="operation-log-csv">
            {t("log.csv")}
          </Button>
        </div>
      </div>
      <Paper withBorder radius="md" p={{ base: "sm", sm: "md" }}>
        <Stack gap="sm">
          <Form method="get" className="ls-toolbar" role="search" data-testid="operation-log-filters">
            <TextInput name="user" type="search" label={t("log.actor")} defaultValue={q.user} maxLength={50} key={`u-${q.user}`} />
            <NativeSelect name="targetType" label={t("log.targetType")} defaultValue={q.targetType} key={`t-${q.targetType}`}>
              {OPERATION_LOG_LIST.filters.targetType.map((k) => (
                <option key={k} value={k}>
                  {k ? t(`log.targets.${k}`) : t("log.any")}
                </option>
              ))}
            </NativeSelect>
            <TextInput className="ls-grow" name="keyword" type="search" label={t("log.target")} placeholder={t("log.targetPlaceholder")} defaultValue={q.keyword} maxLength={100} key={`k-${q.keyword}`} />
            <TextInput name="from" type="date" label={t("log.from")} defaultValue={q.from} key={`f-${q.from}`} />
            <TextInput name="to" type="date" label={t("log.to")} defaultValue={q.to} key={`e-${q.to}`} />
            <Button type="submit">{t("log.search")}</Button>
          </Form>
          <Text className="ls-count" data-testid="operation-log-count">
            {t("log.found", { count: list.total })}
          </Text>
          {list.rows.length ? (
            <div className="ls-scroll">
              <table className="ls-table" data-testid="operation-log-table">
                <thead>
                  <tr>
                    <th scope="col">{col("at")}</th>
                    <th scope="col">{col("actor")}</th>
                    <th scope="col">{col("action")}</th>
                    <th scope="col">{col("target")}</th>
                    <th scope="col">{col("changes")}</th>
                  </tr>
                </thead>
                <tbody>
                  {list.rows.map((r) => {
                    const diff = changes(r.Before, r.After);
                    return (
                      <tr key={r.Id} data-testid="operation-log-row" data-action={r.Action}>
                        <td className="ls-mono">{formatDate(r.At, "{y}-{m}-{d} {h}:{i}:{s}")}</td>
                        <td data-label={col("actor")}>
                          <span className="ls-strong">{r.UserName}</span>
                          {r.Ip ? <div className="ls-dim ls-mono">{r.Ip}</div> : null}
                        </td>
                        <td data-label={col("action")}>{t(`log.actions.${r.Action.replace(".", "_")}`, { defaultValue: r.Action })}</td>
                        <td data-label={col("target")}>
                          <span className="ls-dim">{t(`log.targets.${r.TargetType}`, { defaultValue: r.TargetType })}</span> {r.TargetName}
                        </td>
                        <td data-label={col("changes")}>
                          {diff.length ? (
                            <details className="sys-diff">
                              <summary>{t("log.changed", { count: diff.length })}</summary>
                              <ul>
                                {diff.map((d) => (
                                  <li key={d.field}>
                                    <strong>{d.field}</strong>: {d.from ? <del>{d.from}</del> : null}
                                    {d.from && d.to ? " → " : null}
                                    {d.to ? <ins>{d.to}</ins> : null}
                                  </li>
                                ))}
                              </ul>
                            </details>
                          ) : (
                            "—"
                          )}
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
          ) : (
            <p className="ls-empty" data-testid="operation-log-empty">
              {t(q.user || q.targetType || q.keyword || q.from || q.to ? "log.empty" : "log.emptyNone")}
            </p>
          )}
          <Pager total={list.total} size={list.size} current={q.page} hrefFor={(page) => operationLogHref(q, { page })} />
        </Stack>
      </Paper>
    </Stack>
  );
}
