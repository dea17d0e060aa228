import { Stack } from "~/components/mantine/Stack";
import { data, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { formatDate } from "../../common/dates.ts";
import equipmentStyles from "~/components/equipment/equipment.css";
import { CalibrationDue } from "~/components/equipment/CalibrationDue";
import { PageHeader } from "~/components/PageHeader";
import { systemListLinks } from "~/components/system/page-links";
import { StatChart } from "~/components/system/StatChart";
import { StatFact, StatRange, StatSection } from "~/components/system/StatParts";
import { statChartSvg } from "~/components/system/stat-chart.server";
import statsStyles from "~/components/system/statistics.css";
import { requireAccess } from "~/lib/auth.server";
import { editEquipmentHref, EQUIPMENT_STATS_PATH, type EquipmentStatsTable } from "~/lib/equipment";
import { equipmentStatistics } from "~/lib/equipment.server";
import { getT } from "~/lib/i18n.server";
import { pageMeta } from "~/lib/meta";
import { statsForRange } from "~/lib/statistics.server";
import { statsHref, statsQuery } from "~/lib/statistics";

/**
 * /dataUpdate/equipmentStatistics (SystemAdmin, EquimentAdmin): how much each registered instrument was used
 * in a date range (tests, estimated hours, last use) and its calibration today; the same by department and by
 * month, with a server-drawn chart and each table's CSV. The statistics page pattern of /systemManage/dataStatistics.
 */
export const handle = { i18n: ["equipment", "system"] };
export const links: LinksFunction = () => [...systemListLinks(), { rel: "stylesheet", href: statsStyles }, { rel: "stylesheet", href: equipmentStyles }];
export const meta = pageMeta;

export async function loader(args: LoaderFunctionArgs) {
  const { token } = await requireAccess(args, EQUIPMENT_STATS_PATH);
  const t = await getT(args.request, "equipment");
  const range = statsQuery(new URL(args.request.url).searchParams);
  const { stats, rangeError } = await statsForRange(args, range, (r) => equipmentStatistics(args, token, r));
  const series = [{ key: "tests", name: t("stats.tests"), color: "var(--mantine-color-indigo-6)" }];
  const chart = { series, svg: statChartSvg({ rows: stats.ByMonth.map((m) => ({ label: m.Month, tests: m.Tests })), series }) };
  return data({ title: t("stats.title"), range, stats, chart, rangeError });
}

export default function EquipmentStatisticsPage() {
  const { range, stats: s, chart, rangeError } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation("equipment");
  const n = (v: number) => v.toLocaleString(i18n.language);
  const hours = (v: number) => v.toLocaleString(i18n.language, { maximumFractionDigits: 1 });
  const csv = (table: EquipmentStatsTable) => statsHref({ from: s.From, to: s.To }, `${EQUIPMENT_STATS_PATH}.csv`, { table });
  const col = (k: string) => t(`stats.col.${k}`);
  const T = s.Totals;
  return (
    <Stack gap="md" p={{ base: "sm", sm: "lg" }} data-testid="equipment-stats">
      <PageHeader title={t("stats.title")} intro={t("stats.intro")} />
      <StatRange path={EQUIPMENT_STATS_PATH} from={s.From} to={s.To} asked={range} error={rangeError} />
      <dl className="st-facts" data-testid="stats-facts">
        <StatFact
          label={t("stats.instruments")}
          value={n(T.Instruments)}
          hint={t("stats.instrumentsHint", { active: T.Active, maintenance: T.Maintenance, retired: T.Retired })}
          testId="fact-instruments"
        />
        <StatFact label={t("stats.overdue")} value={n(T.Overdue)} testId="fact-overdue" />
        <StatFact label={t("stats.dueSoon")} value={n(T.DueSoon)} testId="fact-due-soon" />
        <StatFact label={t("stats.tests")} value={n(T.Tests)} hint={t("system:stats.inRange")} testId="fact-tests" />
        <StatFact label={t("stats.hours")} value={hours(T.Hours)} hint={t("stats.hoursHint")} testId="fact-hours" />
      </dl>
      <StatSection title={t("stats.byInstrument")} csv={csv("instruments")} testId="stats-instruments">
        {s.Instruments.length ? (
          <table className="ls-table" data-testid="table-instruments">
            <thead>
              <tr>
                <th scope="col">{col("instrument")}</th>
                <th scope="col">{col("department")}</th>
                <th scope="col">{col("calibration")}</th>
                <th scope="col">{col("tests")}</th>
                <th scope="col">{col("hours")}</th>
                <th scope="col">{col("lastUsed")}</th>
              </tr>
            </thead>
            <tbody>
              {s.Instruments.map((i) => (
                <tr key={i.Id} data-testid="instrument-row" data-calibration={i.Calibration}>
                  <td className="ls-strong">
                    <Link to={editEquipmentHref(i.Id)} className="dt-code-link">
                      {i.Label}
                    </Link>
                    {i.Status !== "active" ? <div className="dt-dim dt-small">{t(`status.${i.Status}`)}</div> : null}
                  </td>
                  <td data-label={col("department")}>{i.DepartmentName ?? t("stats.noDepartment")}</td>
                  <td data-label={col("calibration")}>
                    <CalibrationDue due={i.CalibrationDue} state={i.Calibration} />
                  </td>
                  <td data-label={col("tests")} className="ls-num">
                    {n(i.Tests)}
                  </td>
                  <td data-label={col("hours")} className="ls-num">
                    {hours(i.Hours)}
                  </td>
                  <td data-label={col("lastUsed")} className="ls-dim">
                    {i.LastUsed ? formatDate(i.LastUsed, "{y}-{m}-{d}") : "—"}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          <p className="ls-empty">{t("stats.empty")}</p>
        )}
      </StatSection>
      <div className="st-grid">
        <StatSection title={t("stats.byMonth")} csv={csv("months")} testId="stats-months">
          {T.Tests ? <StatChart testId="chart-months" title={t("stats.byMonthChart")} {...chart} /> : <p className="ls-empty">{t("stats.noUse")}</p>}
        </StatSection>
        <StatSection title={t("stats.byDepartment")} csv={csv("departments")} testId="stats-departments">
          <table className="ls-table" data-testid="table-departments">
            <thead>
              <tr>
                <th scope="col">{col("department")}</th>
                <th scope="col">{col("instruments")}</th>
                <th scope="col">{col("tests")}</th>
                <th scope="col">{col("hours")}</th>
              </tr>
            </thead>
            <tbody>
              {s.ByDepartment.map((d) => (
                <tr key={d.Id ?? ""}>
                  <td className="ls-strong">{d.Name ?? t("stats.noDepartment")}</td>
                  <td data-label={col("instruments")} className="ls-num">
                    {n(d.Instruments)}
                  </td>
                  <td data-label={col("tests")} className="ls-num">
                    {n(d.Tests)}
                  </td>
                  <td data-label={col("hours")} className="ls-num">
                    {hours(d.Hours)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </StatSection>
      </div>
    </Stack>
  );
}
