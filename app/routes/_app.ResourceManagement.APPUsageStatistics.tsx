import { data, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { UsagePage } from "~/components/computeResources/UsagePage";
import { usageChartSvg } from "~/components/computeResources/usage-chart.server";
import styles from "~/components/computeResources/computeResources.css";
import { requireAccess } from "~/lib/auth.server";
import { APP_USAGE_PATH, usageQuery } from "~/lib/compute-resources";
import { getUsage } from "~/lib/compute-resources.server";
import { getT } from "~/lib/i18n.server";
import { pageMeta } from "~/lib/meta";
import { forPage } from "~/lib/notices.server";

/**
 * /ResourceManagement/APPUsageStatistics (APP使用统计; docs/app-store.md): the software usage page for the app
 * store's apps only, an app's versions counted together: runs, users, core-hours and success rate per app, user,
 * department or month, as a chart drawn on the server, a table and CSV. Users see their own tasks; SystemAdmin /
 * InsideAdmin everyone's.
 */
export const handle = { i18n: ["computeResources"] };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];
export const meta = pageMeta;

export async function loader(args: LoaderFunctionArgs) {
  const { token } = await requireAccess(args);
  const t = await getT(args.request, "computeResources");
  const q = { ...usageQuery(new URL(args.request.url).searchParams), kind: "store" as const };
  const usage = await forPage(args, () => getUsage(args, token, q));
  // Drawn here so the browser loads no chart library (components/charts/ServerChart).
  const chartSvg = usage.rows.length ? usageChartSvg(usage.rows) : "";
  return data({ title: t("usage.appTitle"), q, usage, chartSvg }, { headers: { "cache-control": "private, no-store" } });
}

export default function APPUsageStatistics() {
  const { q, usage, chartSvg } = useLoaderData<typeof loader>();
  const { t } = useTranslation("computeResources");
  return <UsagePage path={APP_USAGE_PATH} title={t("usage.appTitle")} intro={t("usage.appIntro")} q={q} usage={usage} chartSvg={chartSvg} />;
}
