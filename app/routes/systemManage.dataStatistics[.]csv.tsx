import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAccess } from "~/lib/auth.server";
import { csvResponse } from "~/lib/csv";
import { getT } from "~/lib/i18n.server";
import { forPage } from "~/lib/notices.server";
import { STATS_PATH, STATS_TABLES, statsQuery, type StatsTable } from "~/lib/statistics";
import { dataStatistics } from "~/lib/system.server";

/** GET /systemManage/dataStatistics.csv?table=…&from&to: one of the page's tables, whole, headers in the user's language. */
export async function loader(args: LoaderFunctionArgs) {
  const { token } = await requireAccess(args, STATS_PATH);
  const search = new URL(args.request.url).searchParams;
  const table = search.get("table") as StatsTable;
  const t = await getT(args.request, "system");
  if (!STATS_TABLES.includes(table)) throw new Response(t("stats.noSuchTable"), { status: 404 });
  const s = await forPage(args, () => dataStatistics(args, token, statsQuery(search)));
  const tc = await getT(args.request, "common");
  const usage = (label: string, rows: Array<{ Key: string; Label: string; Tasks: number; CoreHours: number }>, name = (r: { Key: string; Label: string }) => r.Label) => [
    [label, t("stats.tasks"), t("stats.coreHours")],
    ...rows.map((r) => [name(r), r.Tasks, Number(r.CoreHours.toFixed(4))]),
  ];
  const rows: Record<StatsTable, () => Array<Array<string | number>>> = {
    logins: () => [[t("stats.day"), t("stats.successes"), t("stats.failuresSeries")], ...s.Logins.PerDay.map((d) => [d.Day, d.Successes, d.Failures])],
    people: () => [[t("stats.month"), t("stats.newPeople")], ...s.People.NewPerMonth.map((m) => [m.Month, m.Count])],
    categories: () => usage(t("stats.category"), s.Tasks.ByCategory, (r) => tc(`menu.${r.Key}`, { defaultValue: r.Key })),
    apps: () => usage(t("stats.app"), s.Tasks.ByApp),
    departments: () => usage(t("stats.department"), s.Tasks.ByDepartment),
    notices: () => [[t("stats.notice"), t("stats.publishedAt"), t("stats.reads")], ...s.Notices.Recent.map((r) => [r.Title, r.PublishedAt.slice(0, 10), r.Reads])],
  };
  return csvResponse(`statistics-${table}-${s.From}-${s.To}`, rows[table]());
}
