import { Button } from "~/components/mantine/Button";
import { Paper } from "~/components/mantine/Paper";
import { Stack } from "~/components/mantine/Stack";
import { Text } from "~/components/mantine/Text";
import { TextInput } from "~/components/TextInput";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { formatDate } from "../../common/dates.ts";
import { Pager } from "~/components/infoCenter/Pager";
import { PageHeader } from "~/components/PageHeader";
import { systemListLinks } from "~/components/system/page-links";
import { requireAccess } from "~/lib/auth.server";
import { getT } from "~/lib/i18n.server";
import { agentSummary, LOG_PAGE_SIZE, SESSIONS_PATH, sessionsHref, sessionsQuery } from "~/lib/logs";
import { pageMeta } from "~/lib/meta";
import { forPage } from "~/lib/notices.server";
import { backTo, redirectWithToast, toastFailure } from "~/lib/page-actions.server";
import { endSession, onlineSessions } from "~/lib/system.server";

/**
 * /systemManage/onlineSessions (SystemAdmin): who is logged in now — every live session with its login method,
 * address, browser and when it started and ends — and a force logout of any one but the admin's own.
 */
export const handle = { i18n: ["system", "infoCenter"] };
export const links = systemListLinks;
export const meta = pageMeta;

export async function loader(args: LoaderFunctionArgs) {
  const { token } = await requireAccess(args, SESSIONS_PATH);
  const t = await getT(args.request, "system");
  const q = sessionsQuery(new URL(args.request.url).searchParams);
  const list = await forPage(args, () => onlineSessions(args, token, q, LOG_PAGE_SIZE));
  return data({ title: t("log.sessions.title"), q, list });
}

export async function action(args: ActionFunctionArgs) {
  const { token } = await requireAccess(args, SESSIONS_PATH);
  const t = await getT(args.request, "system");
  const form = await args.request.formData();
  const back = backTo(form.get("back"), SESSIONS_PATH);
  if (form.get("intent") !== "end") throw new Response(t("person.errors.invalid"), { status: 400 });
  try {
    await endSession(args, token, String(form.get("id") ?? ""));
  } catch (e) {
    return toastFailure(args, e, back);
  }
  return redirectWithToast(args.request, back, { kind: "success", text: t("log.sessions.ended", { name: String(form.get("name") ?? "") }) });
}

export default function OnlineSessions() {
  const { q, list } = useLoaderData<typeof loader>();
  const { t } = useTranslation("system");
  const col = (k: string) => t(`log.col.${k}`);
  const back = sessionsHref(q);
  return (
    <Stack gap="md" p={{ base: "sm", sm: "lg" }} data-testid="sessions-page">
      <PageHeader title={t("log.sessions.title")} intro={t("log.sessions.intro")} />
      <Paper withBorder radius="md" p={{ base: "sm", sm: "md" }}>
        <Stack gap="sm">
          <Form method="get" className="ls-toolbar" role="search">
            <TextInput className="ls-grow" name="keyword" type="search" label={t("log.user")} placeholder={t("log.userPlaceholder")} defaultValue={q.keyword} maxLength={50} key={q.keyword} />
            <Button type="submit">{t("log.search")}</Button>
          </Form>
          <Text className="ls-count" data-testid="sessions-count">
            {t("log.sessions.found", { count: list.total })}
          </Text>
          {list.rows.length ? (
            <div className="ls-scroll">
              <table className="ls-table" data-testid="sessions-table">
                <thead>
                  <tr>
                    <th scope="col">{col("user")}</th>
                    <th scope="col">{col("method")}</th>
                    <th scope="col">{col("ip")}</th>
                    <th scope="col">{col("agent")}</th>
                    <th scope="col">{col("since")}</th>
                    <th scope="col">{col("until")}</th>
                    <th scope="col">{col("actions")}</th>
                  </tr>
                </thead>
                <tbody>
                  {list.rows.map((s) => (
                    <tr key={s.Id} data-testid="session-row" data-user={s.UserName}>
                      <td className="ls-strong">
                        {s.RealName}
                        <div className="ls-dim ls-mono">{s.UserName}</div>
                      </td>
                      <td data-label={col("method")}>{t(`log.methods.${s.Method}`, { defaultValue: s.Method })}</td>
                      <td data-label={col("ip")} className="ls-mono">
                        {s.Ip ?? "—"}
                      </td>
                      <td data-label={col("agent")} className="ls-dim" title={s.UserAgent ?? undefined}>
                        {agentSummary(s.UserAgent)}
                      </td>
                      <td data-label={col("since")} className="ls-mono">
                        {formatDate(s.CreatedAt, "{y}-{m}-{d} {h}:{i}")}
                      </td>
                      <td data-label={col("until")} className="ls-mono">
                        {formatDate(s.ExpiresAt, "{h}:{i}")}
                      </td>
                      <td>
                        {s.Mine ? (
                          <span className="ls-dim">{t("log.sessions.mine")}</span>
                        ) : (
                          <Form method="post" preventScrollReset>
                            <input type="hidden" name="intent" value="end" />
                            <input type="hidden" name="id" value={s.Id} />
                            <input type="hidden" name="name" value={`${s.RealName} (${s.UserName})`} />
                            <input type="hidden" name="back" value={back} />
                            <button type="submit" className="row-act" data-color="red" data-testid="session-end">
                              {t("log.sessions.end")}
                            </button>
                          </Form>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : (
            <p className="ls-empty">{t(q.keyword ? "log.empty" : "log.emptyNone")}</p>
          )}
          <Pager total={list.total} size={list.size} current={q.page} hrefFor={(page) => sessionsHref(q, { page })} />
        </Stack>
      </Paper>
    </Stack>
  );
}
