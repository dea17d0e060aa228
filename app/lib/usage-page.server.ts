import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { usageChartSvg } from "~/components/computeResources/usage-chart.server";
import { requireAccess } from "./auth.server.ts";
import { usageQuery, type UsageQuery } from "./compute-resources.ts";
import { getUsage } from "./compute-resources.server.ts";
import { getT } from "./i18n.server.ts";
import { forPage } from "./notices.server.ts";

/**
 * Both usage statistics pages' loader: every task (SoftwareUsageStatistics) or the app store's only
 * (APPUsageStatistics), with the chart drawn here so the browser loads no chart library (components/charts).
 */
export async function usageLoader(args: LoaderFunctionArgs, kind: UsageQuery["kind"], titleKey: string) {
  const { token } = await requireAccess(args);
  const t = await getT(args.request, "computeResources");
  const q: UsageQuery = { ...usageQuery(new URL(args.request.url).searchParams), kind };
  const usage = await forPage(args, () => getUsage(args, token, q));
  const chartSvg = usage.rows.length ? usageChartSvg(usage.rows) : "";
  return data({ title: t(titleKey), q, usage, chartSvg }, { headers: { "cache-control": "private, no-store" } });
}
