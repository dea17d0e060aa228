import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { UsagePage } from "~/components/computeResources/UsagePage";
import styles from "~/components/computeResources/computeResources.css";
import { USAGE_PATH } from "~/lib/compute-resources";
import { pageMeta } from "~/lib/meta";
import { usageLoader } from "~/lib/usage-page.server";

/**
 * /ResourceManagement/SoftwareUsageStatistics (软件使用统计): core-hours and task counts per software, user,
 * department or month over a period (a plain GET form), as a bar chart drawn on the server at a fixed size
 * and a table, with a CSV download. Normal users see their own usage; SystemAdmin / InsideAdmin everyone's.
 */
export const handle = { i18n: ["computeResources"] };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];
export const meta = pageMeta;

// Every task: the app store's have their own page (APPUsageStatistics).
export const loader = (args: LoaderFunctionArgs) => usageLoader(args, "", "usage.title");

export default function SoftwareUsageStatistics() {
  const { q, usage, chartSvg } = useLoaderData<typeof loader>();
  const { t } = useTranslation("computeResources");
  return <UsagePage path={USAGE_PATH} title={t("usage.title")} intro={t("usage.intro")} q={q} usage={usage} chartSvg={chartSvg} />;
}
