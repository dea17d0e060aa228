import { data, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { UsagePage } from "~/components/computeResources/UsagePage";
import { usageChartSvg } from "~/components/computeResources/usage-chart.server";
import styles from "~/components/computeResources/computeResources.css";
import { requireAccess } from "~/lib/auth.server";
import { USAGE_PATH, usageQuery } from "~/lib/compute-resources";
import { getUsage } from "~/lib/compute-resources.server";
import { getT } from "~/lib/i18n.server";
import { pageMeta } from "~/lib/meta";
import { forPage } from "~/lib/notices.server";

/**
 * /ResourceManagement/SoftwareUsageStatistics (软件使用统计): core-hours and task counts per software, user,
 * department or month over a period (a plain GET form), as a bar chart drawn on the server at a fixed size
 * and a table, with a CSV download. Normal users see their own usage; SystemAdmin / InsideAdmin everyone's.
 */
export const handle = { i18n: ["computeResources"] };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];
export const meta = pageMeta;

export async function loader(args: LoaderFunctionArgs) {
  const { token } = await requireAccess(args);
  const t = await getT(args.request, "computeResources");
  // Every task: the app store's have their own page (APPUsageStatistics).
  const q = { ...usageQuery(new URL(args.request.url).searchParams), kind: "" as const };
  const usage = await forPage(args, () => getUsage(args, token, q));
  // Drawn here so the browser loads no chart library (components/charts/ServerChart).
  const chartSvg = usage.rows.length ? usageChartSvg(usage.rows) : "";
  return data({ title: t("usage.title"), q, usage, chartSvg }, { headers: { "cache-control": "private, no-store" } });
}

export default function SoftwareUsageStatistics() {
  const { q, usage, chartSvg } = useLoaderData<typeof loader>();
  const { t } = useTranslation("computeResources");
  return <UsagePage path={USAGE_PATH} title={t("usage.title")} intro={t("usage.intro")} q={q} usage={usage} chartSvg={chartSvg} />;
}
