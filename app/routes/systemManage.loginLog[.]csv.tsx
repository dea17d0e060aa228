import type { LoaderFunctionArgs } from "@remix-run/node";
import { formatDate } from "../../common/dates.ts";
import { requireAccess } from "~/lib/auth.server";
import { csvResponse } from "~/lib/csv";
import { getT } from "~/lib/i18n.server";
import { LOGIN_LOG_PATH, loginLogQuery } from "~/lib/logs";
import { forPage } from "~/lib/notices.server";
import { loginLog } from "~/lib/system.server";

const MAX_ROWS = 10_000;
const PAGE = 100;

/** GET /systemManage/loginLog.csv with the page's filters: every matching attempt (up to 10,000), newest first. */
export async function loader(args: LoaderFunctionArgs) {
  const { token } = await requireAccess(args, LOGIN_LOG_PATH);
  const q = loginLogQuery(new URL(args.request.url).searchParams);
  const t = await getT(args.request, "system");
  const c = (k: string) => t(`log.col.${k}`);
  const rows: Array<Array<string | number>> = [];
  for (let page = 1; rows.length < MAX_ROWS; page++) {
    const list = await forPage(args, () => loginLog(args, token, { ...q, page }, PAGE));
    for (const r of list.rows) {
      const reason = !r.Success && r.Reason ? t(`log.reasons.${r.Reason}`, { defaultValue: r.Reason }) : "";
      rows.push([formatDate(r.At, "{y}-{m}-{d} {h}:{i}:{s}"), r.UserName ?? r.Mobile ?? "", t(`log.methods.${r.Method}`, { defaultValue: r.Method }), t(r.Success ? "log.results.success" : "log.results.failure"), reason, r.Ip ?? "", r.UserAgent ?? ""]);
    }
    if (page * PAGE >= list.total) break;
  }
  return csvResponse("login-log", [[c("at"), c("user"), c("method"), c("result"), t("log.reason"), c("ip"), c("agent")], ...rows]);
}
