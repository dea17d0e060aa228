import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/lib/auth.server";
import { fileSafe, isTaskId, seriesCsv } from "~/lib/compute-task";
import { getTask, lngOf, localResult } from "~/lib/compute-task.server";
import { getT } from "~/lib/i18n.server";
import { forPage } from "~/lib/notices.server";

/**
 * GET /steelResearchCompute/taskSeries?id=&series=: one series of a finished task's result as CSV (x and y
 * with their labels and units in the user's language), downloaded as <task>-<series>.csv.
 */
export async function loader(args: LoaderFunctionArgs) {
  const { token } = await requireUser(args);
  const q = new URL(args.request.url).searchParams;
  const id = q.get("id");
  const key = q.get("series") ?? "";
  const t = await getT(args.request);
  if (!isTaskId(id)) throw new Response(t("errors.notFound"), { status: 404 });
  const task = await forPage(args, () => getTask(args, token, id));
  const series = task.result ? localResult(task.result, await lngOf(args)).series.find((s) => s.key === key) : undefined;
  if (!series) throw new Response(t("errors.notFound"), { status: 404 });
  // A BOM so spreadsheet programs read the labels (Chinese, units like wt%) as UTF-8.
  return new Response(`\uFEFF${seriesCsv(series)}`, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${fileSafe(`${id.slice(0, 8)}-${key}`)}.csv"`,
      "cache-control": "private, no-store",
      "x-content-type-options": "nosniff",
    },
  });
}
