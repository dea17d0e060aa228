import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAccess } from "~/lib/auth.server";
import { USAGE_PATH, usageCsv, usageQuery } from "~/lib/compute-resources";
import { getUsage } from "~/lib/compute-resources.server";
import { getT } from "~/lib/i18n.server";
import { forPage } from "~/lib/notices.server";

/**
 * GET /ResourceManagement/softwareUsageCsv?from=&to=&groupBy=[&kind=store]: the usage table of a statistics page
 * as CSV (headers in the user's language), downloaded as software-usage-<group>[-from][-to].csv (app-usage-… for
 * the app store's).
 */
export async function loader(args: LoaderFunctionArgs) {
  const { token } = await requireAccess(args, USAGE_PATH);
  const q = usageQuery(new URL(args.request.url).searchParams);
  const usage = await forPage(args, () => getUsage(args, token, q));
  const t = await getT(args.request, "computeResources");
  const header = [
    t(`usage.group.${q.groupBy}`),
    t("usage.coreHours"),
    t("usage.tasks"),
    t("usage.users"),
    t("usage.successRate"),
    ...["succeeded", "failed", "cancelled", "running", "queued"].map((c) => t(`usage.${c}`)),
  ];
  const name = [q.kind === "store" ? "app-usage" : "software-usage", q.groupBy, q.from, q.to].filter(Boolean).join("-");
  // A BOM so spreadsheet programs read the labels (Chinese names) as UTF-8.
  return new Response(`\uFEFF${usageCsv(header, usage.rows)}`, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${name}.csv"`,
      "cache-control": "private, no-store",
      "x-content-type-options": "nosniff",
    },
  });
}
