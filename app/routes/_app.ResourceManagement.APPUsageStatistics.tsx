import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { UsagePage } from "~/components/computeResources/UsagePage";
import styles from "~/components/computeResources/computeResources.css";
import { APP_USAGE_PATH } from "~/lib/compute-resources";
import { pageMeta } from "~/lib/meta";
import { usageLoader } from "~/lib/usage-page.server";

/**
 * /ResourceManagement/APPUsageStatistics (APP使用统计; docs/app-store.md): the software usage page for the app
 * store's apps only, an app's versions counted together: runs, users, core-hours and success rate per app, user,
 * department or month, as a chart drawn on the server, a table and CSV. Users see their own tasks; SystemAdmin /
 * InsideAdmin everyone's.
 */
export const handle = { i18n: ["computeResources"] };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];
export const meta = pageMeta;

export const loader = (args: LoaderFunctionArgs) => usageLoader(args, "store", "usage.appTitle");

export default function APPUsageStatistics() {
  const { q, usage, chartSvg } = useLoaderData<typeof loader>();
  const { t } = useTranslation("computeResources");
  return <UsagePage path={APP_USAGE_PATH} title={t("usage.appTitle")} intro={t("usage.appIntro")} q={q} usage={usage} chartSvg={chartSvg} />;
}
