import { Button } from "~/components/mantine/Button";
import { Paper } from "~/components/mantine/Paper";
import { Stack } from "~/components/mantine/Stack";
import { data, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { PageHeader } from "~/components/PageHeader";
import { ServerChart } from "~/components/charts/ServerChart";
import { usageChartSvg } from "~/components/computeResources/usage-chart.server";
import styles from "~/components/computeResources/computeResources.css";
import { requireAccess } from "~/lib/auth.server";
import { formatCoreHours, GROUPS, RESOURCES_PATH, USAGE_CSV_PATH, USAGE_PATH, usageQuery, usageSearch } from "~/lib/compute-resources";
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
  const q = usageQuery(new URL(args.request.url).searchParams);
  const usage = await forPage(args, () => getUsage(args, token, q));
  // Drawn here so the browser loads no chart library (components/charts/ServerChart).
  const chartSvg = usage.rows.length ? usageChartSvg(usage.rows) : "";
  return data({ title: t("usage.title"), q, usage, chartSvg }, { headers: { "cache-control": "private, no-store" } });
}

const COUNTS = ["succeeded", "failed", "cancelled", "running", "queued"] as const;

export default function SoftwareUsageStatistics() {
  const { q, usage, chartSvg } = useLoaderData<typeof loader>();
  const { t } = useTranslation("computeResources");
  const busy = useNavigation().state === "loading";
  const group = t(`usage.group.${q.groupBy}`);
  return (
    <Stack gap="md" p={{ base: "sm", sm: "lg" }} data-testid="usage-stats" data-everyone={usage.everyone ? "1" : "0"}>
      <PageHeader title={t("usage.title")} intro={t("usage.intro")} />
      <Paper withBorder radius="md" p={{ base: "sm", sm: "md" }}>
        <Form method="get" action={USAGE_PATH} className="cr-filters" data-testid="usage-form">
          <label>
            {t("usage.from")}
            <input type="date" name="from" defaultValue={q.from} key={`from-${q.from}`} />
          </label>
          <label>
            {t("usage.to")}
            <input type="date" name="to" defaultValue={q.to} key={`to-${q.to}`} />
          </label>
          <label>
            {t("usage.groupBy")}
            <select name="groupBy" defaultValue={q.groupBy} key={`g-${q.groupBy}`} data-testid="group-by">
              {GROUPS.map((g) => (
                <option key={g} value={g}>
                  {t(`usage.group.${g}`)}
                </option>
              ))}
            </select>
          </label>
          <div className="cr-filter-actions">
            <Button type="submit" size="sm" loading={busy} data-testid="usage-apply">
              {t("usage.apply")}
            </Button>
            <Button component="a" href={`${USAGE_CSV_PATH}?${usageSearch(q)}`} size="sm" variant="light" download data-testid="usage-csv">
              {t("usage.csv")}
            </Button>
          </div>
        </Form>
      </Paper>
      <div className="cr-meta">
        <span data-testid="usage-scope">{t(usage.everyone ? "usage.everyone" : "usage.mine")}</span>
        <span>{t("usage.coreHoursNote")}</span>
        <Link to={RESOURCES_PATH}>{t("usage.resourcesLink")}</Link>
      </div>
      <dl className="cr-tiles">
        <div className="cr-tile">
          <dt>{t("usage.coreHours")}</dt>
          <dd data-testid="total-core-hours">{formatCoreHours(usage.total.coreHours)}</dd>
        </div>
        <div className="cr-tile">
          <dt>{t("usage.tasks")}</dt>
          <dd data-testid="total-tasks">{usage.total.tasks}</dd>
        </div>
      </dl>
      {usage.rows.length === 0 ? (
        <Paper withBorder radius="md" p="md">
          <div className="cr-empty" data-testid="usage-empty">
            {t("usage.empty")}
          </div>
        </Paper>
      ) : (
        <>
          <Paper withBorder radius="md" p={{ base: "sm", sm: "md" }}>
            <figure className="cr-chart" data-testid="usage-chart">
              <figcaption className="cr-chart-title">{t("usage.chartTitle", { group })}</figcaption>
              <ServerChart svg={chartSvg} />
            </figure>
          </Paper>
          <Paper withBorder radius="md" p={{ base: "sm", sm: "md" }}>
            <div className="cr-scroll">
              <table className="cr-table" data-testid="usage-table">
                <thead>
                  <tr>
                    <th>{group}</th>
                    <th className="cr-num">{t("usage.coreHours")}</th>
                    <th className="cr-num">{t("usage.tasks")}</th>
                    {COUNTS.map((c) => (
                      <th key={c} className="cr-num">
                        {t(`usage.${c}`)}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {usage.rows.map((r) => (
                    <tr key={r.key} data-testid={`usage-row-${r.key}`}>
                      <td className="cr-label" data-testid="usage-label">
                        {r.label}
                      </td>
                      <td className="cr-num" data-testid="usage-core-hours">
                        {formatCoreHours(r.coreHours)}
                      </td>
                      <td className="cr-num" data-testid="usage-tasks">
                        {r.tasks}
                      </td>
                      {COUNTS.map((c) => (
                        <td key={c} className="cr-num" data-testid={`usage-${c}`}>
                          {r[c]}
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
                <tfoot>
                  <tr>
                    <td>{t("usage.total")}</td>
                    <td className="cr-num">{formatCoreHours(usage.total.coreHours)}</td>
                    <td className="cr-num">{usage.total.tasks}</td>
                    {COUNTS.map((c) => (
                      <td key={c} className="cr-num">
                        {usage.total[c]}
                      </td>
                    ))}
                  </tr>
                </tfoot>
              </table>
            </div>
          </Paper>
        </>
      )}
    </Stack>
  );
}
