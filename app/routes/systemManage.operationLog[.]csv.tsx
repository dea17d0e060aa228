import type { LoaderFunctionArgs } from "@remix-run/node";
import { formatDate } from "../../common/dates.ts";
import { requireAccess } from "~/lib/auth.server";
import { csvResponse } from "~/lib/csv";
import { getT } from "~/lib/i18n.server";
import { changes, OPERATION_LOG_PATH, operationLogQuery } from "~/lib/logs";
import { forPage } from "~/lib/notices.server";
import { operationLog } from "~/lib/system.server";

const MAX_ROWS = 10_000;
const PAGE = 100;

/** GET /systemManage/operationLog.csv with the page's filters: every matching operation (up to 10,000) with its changes as text. */
export async function loader(args: LoaderFunctionArgs) {
  const { token } = await requireAccess(args, OPERATION_LOG_PATH);
  const q = operationLogQuery(new URL(args.request.url).searchParams);
  const t = await getT(args.request, "system");
  const c = (k: string) => t(`log.col.${k}`);
  const rows: Array<Array<string | number>> = [];
  for (let page = 1; rows.length < MAX_ROWS; page++) {
    const list = await forPage(args, () => operationLog(args, token, { ...q, page }, PAGE));
    for (const r of list.rows) {
      const diff = changes(r.Before, r.After)
        .map((d) => `${d.field}: ${[d.from, d.to].filter(Boolean).join(" → ")}`)
        .join("; ");
      rows.push([formatDate(r.At, "{y}-{m}-{d} {h}:{i}:{s}"), r.UserName, r.Ip ?? "", t(`log.actions.${r.Action.replace(".", "_")}`, { defaultValue: r.Action }), t(`log.targets.${r.TargetType}`, { defaultValue: r.TargetType }), r.TargetName, diff]);
    }
    if (page * PAGE >= list.total) break;
  }
  return csvResponse("operation-log", [[c("at"), c("actor"), c("ip"), c("action"), t("log.targetType"), c("target"), c("changes")], ...rows]);
}
