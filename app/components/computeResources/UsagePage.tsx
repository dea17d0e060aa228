import { Button } from "~/components/mantine/Button";
import { Paper } from "~/components/mantine/Paper";
import { Stack } from "~/components/mantine/Stack";
import { Form, Link, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { PageHeader } from "~/components/PageHeader";
import { ServerChart } from "~/components/charts/ServerChart";
import { formatCoreHours, GROUPS, RESOURCES_PATH, successRate, USAGE_CSV_PATH, usageSearch, type UsageQuery } from "~/lib/compute-resources";
import type { Usage } from "~/lib/compute-resources.server";

const COUNTS = ["succeeded", "failed", "cancelled", "running", "queued"] as const;

/**
 * A usage statistics page (docs/compute.md; the app store's in docs/app-store.md): the period and grouping form,
 * the totals, the server-drawn chart and the table with users and success rate, and the CSV of what is shown.
 */
export function UsagePage({ path, title, intro, q, usage, chartSvg }: { path: string; title: string; intro: string; q: UsageQuery; usage: Usage; chartSvg: string }) {
  const { t } = useTranslation("computeResources");
  const busy = useNavigation().state === "loading";
  const group = t(`usage.group.${q.groupBy}`);
  return (
    <Stack gap="md" p={{ base: "sm", sm: "lg" }} data-testid="usage-stats" data-everyone={usage.everyone ? "1" : "0"}>
      <PageHeader title={title} intro={intro} />
      <Paper withBorder radius="md" p={{ base: "sm", sm: "md" }}>
        <Form method="get" action={path} className="cr-filters" data-testid="usage-form">
          {q.kind ? <input type="hidden" name="kind" value={q.kind} /> : null}
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
                    <th className="cr-num">{t("usage.users")}</th>
                    <th className="cr-num">{t("usage.successRate")}</th>
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
                      <td className="cr-num" data-testid="usage-users">
                        {r.users}
                      </td>
                      <td className="cr-num" data-testid="usage-success">
                        {successRate(r) ?? "—"}
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
                    <td className="cr-num">{usage.total.users}</td>
                    <td className="cr-num">{successRate(usage.total) ?? "—"}</td>
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
