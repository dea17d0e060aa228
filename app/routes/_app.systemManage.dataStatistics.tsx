import { Stack } from "~/components/mantine/Stack";
import { Text } from "~/components/mantine/Text";
import { data, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { formatDate } from "../../common/dates.ts";
import { PageHeader } from "~/components/PageHeader";
import { systemListLinks } from "~/components/system/page-links";
import { StatChart, type StatSeries } from "~/components/system/StatChart";
import { StatFact, StatRange, StatSection } from "~/components/system/StatParts";
import { statChartSvg } from "~/components/system/stat-chart.server";
import statsStyles from "~/components/system/statistics.css";
import { requireAccess } from "~/lib/auth.server";
import { formatSize } from "~/lib/attachments";
import { formatCoreHours } from "~/lib/compute-resources";
import { getT } from "~/lib/i18n.server";
import { pageMeta } from "~/lib/meta";
import { statsForRange } from "~/lib/statistics.server";
import { percentOf, STATS_PATH, statsHref, statsQuery, type DataStatistics, type StatsTable, type Usage } from "~/lib/statistics";
import { dataStatistics } from "~/lib/system.server";

/**
 * /systemManage/dataStatistics (SystemAdmin everything; InsideAdmin their department subtree): who uses the
 * platform and how, for a date range in the address (GET form and quick ranges): people, logins per day,
 * tasks and core-hours by category, app and department, storage, feedback and notice reads. Charts are drawn
 * on the server (readable without JavaScript), each table has its CSV.
 */
export const handle = { i18n: ["system", "infoCenter", "feedback"] };
export const links: LinksFunction = () => [...systemListLinks(), { rel: "stylesheet", href: statsStyles }];
export const meta = pageMeta;

export async function loader(args: LoaderFunctionArgs) {
  const { token } = await requireAccess(args, STATS_PATH);
  const t = await getT(args.request, "system");
  const range = statsQuery(new URL(args.request.url).searchParams);
  const { stats, rangeError } = await statsForRange(args, range, (r) => dataStatistics(args, token, r));
  const byCategory = categoryUsage(stats, await getT(args.request, "common"));
  return data({ title: t("stats.title"), range, stats, byCategory, charts: drawCharts(stats, byCategory, t), rangeError });
}

type Translate = TFunction;

/** Task usage per compute category, named as the menu names it. */
const categoryUsage = (s: DataStatistics, t: Translate) => s.Tasks.ByCategory.map((c) => ({ ...c, Label: t(`menu.${c.Key}`, { defaultValue: c.Key }) }));

/** The page's three charts, drawn here (statChartSvg) so the browser loads no chart library. */
function drawCharts(s: DataStatistics, byCategory: Array<Usage & { Label: string }>, t: Translate) {
  const chart = (rows: Array<Record<string, string | number>>, series: StatSeries[], format?: (v: number) => string) => ({
    series,
    svg: statChartSvg({ rows, series, format }),
  });
  return {
    logins: chart(
      s.Logins.PerDay.map((d) => ({ label: d.Day.slice(5), ok: d.Successes, failed: d.Failures })),
      [
        { key: "ok", name: t("stats.successes"), color: "var(--mantine-color-blue-6)" },
        { key: "failed", name: t("stats.failuresSeries"), color: "var(--mantine-color-red-5)" },
      ],
    ),
    people: chart(
      s.People.NewPerMonth.map((m) => ({ label: m.Month, count: m.Count })),
      [{ key: "count", name: t("stats.newPeople"), color: "var(--mantine-color-teal-6)" }],
    ),
    // Shown only when there is a category to draw.
    categories: byCategory.length
      ? chart(
          byCategory.map((c) => ({ label: c.Label, hours: Number(c.CoreHours.toFixed(2)) })),
          [{ key: "hours", name: t("stats.coreHours"), color: "var(--mantine-color-indigo-6)" }],
          formatCoreHours,
        )
      : null,
  };
}

function UsageTable({ rows, label, testId }: { rows: Usage[]; label: string; testId: string }) {
  const { t, i18n } = useTranslation("system");
  if (rows.length === 0) return <p className="ls-empty">{t("stats.noTasks")}</p>;
  return (
    <table className="ls-table" data-testid={testId}>
      <thead>
        <tr>
          <th scope="col">{label}</th>
          <th scope="col">{t("stats.tasks")}</th>
          <th scope="col">{t("stats.coreHours")}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.Key}>
            <td className="ls-strong">{r.Label}</td>
            <td data-label={t("stats.tasks")} className="ls-num">
              {r.Tasks.toLocaleString(i18n.language)}
            </td>
            <td data-label={t("stats.coreHours")} className="ls-num">
              {formatCoreHours(r.CoreHours)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export default function DataStatistics() {
  const { range, stats: s, byCategory, charts, rangeError } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation(["system", "common", "feedback"]);
  const n = (v: number) => v.toLocaleString(i18n.language);
  const shown = { from: s.From, to: s.To };
  const csv = (table: StatsTable) => statsHref(shown, `${STATS_PATH}.csv`, { table });
  return (
    <Stack gap="md" p={{ base: "sm", sm: "lg" }} data-testid="stats-page">
      <PageHeader title={t("system:stats.title")} intro={t("system:stats.intro")} />
      {s.Scope.Kind === "department" ? (
        <Text className="st-scope" data-testid="stats-scope">
          {t("system:stats.scopeDepartment", { name: s.Scope.Name ?? "—" })}
        </Text>
      ) : null}
      <StatRange path={STATS_PATH} from={s.From} to={s.To} asked={range} error={rangeError} />

      <dl className="st-facts" data-testid="stats-facts">
        <StatFact label={t("system:stats.people")} value={n(s.People.Total)} hint={t("system:stats.enabled", { count: s.People.Enabled })} testId="fact-people" />
        <StatFact label={t("system:stats.active7")} value={n(s.People.Active7)} hint={percentOf(s.People.Active7, s.People.Enabled)} />
        <StatFact label={t("system:stats.active30")} value={n(s.People.Active30)} hint={percentOf(s.People.Active30, s.People.Enabled)} />
        <StatFact label={t("system:stats.newPeople")} value={n(s.People.NewInRange)} hint={t("system:stats.inRange")} />
        <StatFact label={t("system:stats.logins")} value={n(s.Logins.Successes)} hint={t("system:stats.failures", { count: s.Logins.Failures })} testId="fact-logins" />
        <StatFact label={t("system:stats.tasks")} value={n(s.Tasks.Tasks)} hint={t("system:stats.inRange")} testId="fact-tasks" />
        <StatFact label={t("system:stats.coreHours")} value={formatCoreHours(s.Tasks.CoreHours)} hint={t("system:stats.inRange")} />
        <StatFact label={t("system:stats.attachments")} value={formatSize(s.Storage.AttachmentBytes)} hint={t("system:stats.files", { count: s.Storage.Attachments })} />
        <StatFact label={t("system:stats.taskFiles")} value={formatSize(s.Storage.TaskFileBytes)} hint={t("system:stats.taskDirs", { count: s.Storage.TaskDirectories })} testId="fact-task-files" />
      </dl>

      <div className="st-grid">
        <StatSection title={t("system:stats.loginsPerDay")} csv={csv("logins")} testId="stats-logins">
          <StatChart
            testId="chart-logins"
            title={t("system:stats.loginsChart", { ok: n(s.Logins.Successes), failed: n(s.Logins.Failures) })}
            {...charts.logins}
          />
        </StatSection>
        <StatSection title={t("system:stats.newPerMonth")} csv={csv("people")} testId="stats-people">
          <StatChart testId="chart-people" title={t("system:stats.newPerMonthChart")} {...charts.people} />
        </StatSection>
        <StatSection title={t("system:stats.byCategory")} csv={csv("categories")} testId="stats-categories">
          {charts.categories ? <StatChart testId="chart-categories" title={t("system:stats.coreHoursChart")} {...charts.categories} /> : null}
          <UsageTable rows={byCategory} label={t("system:stats.category")} testId="table-categories" />
        </StatSection>
        <StatSection title={t("system:stats.byApp")} csv={csv("apps")} testId="stats-apps">
          <UsageTable rows={s.Tasks.ByApp} label={t("system:stats.app")} testId="table-apps" />
        </StatSection>
        <StatSection title={t("system:stats.byDepartment")} csv={csv("departments")} testId="stats-departments">
          <UsageTable rows={s.Tasks.ByDepartment} label={t("system:stats.department")} testId="table-departments" />
        </StatSection>
        <StatSection title={t("system:stats.feedbackNotices")} csv={csv("notices")} testId="stats-notices">
          <dl className="st-facts st-facts-small">
            <StatFact label={t("system:stats.feedback")} value={n(s.Feedback.Total)} hint={t("system:stats.replied", { count: s.Feedback.Replied })} />
            {[0, 1, 2].map((type) => (
              <StatFact key={type} label={t(`feedback:type.${type}`)} value={n(s.Feedback.ByType.find((f) => f.Type === type)?.Count ?? 0)} />
            ))}
            <StatFact label={t("system:stats.noticesPublished")} value={n(s.Notices.Published)} />
            <StatFact label={t("system:stats.noticeReaders")} value={n(s.Notices.Readers)} hint={percentOf(s.Notices.Readers, s.Notices.People)} />
          </dl>
          {s.Notices.Recent.length ? (
            <table className="ls-table" data-testid="table-notices">
              <thead>
                <tr>
                  <th scope="col">{t("system:stats.notice")}</th>
                  <th scope="col">{t("system:stats.publishedAt")}</th>
                  <th scope="col">{t("system:stats.reads")}</th>
                  <th scope="col">{t("system:stats.readRate")}</th>
                </tr>
              </thead>
              <tbody>
                {s.Notices.Recent.map((r) => (
                  <tr key={r.Id}>
                    <td className="ls-strong">{r.Title}</td>
                    <td data-label={t("system:stats.publishedAt")} className="ls-dim">
                      {formatDate(r.PublishedAt, "{y}-{m}-{d}")}
                    </td>
                    <td data-label={t("system:stats.reads")} className="ls-num">
                      {n(r.Reads)}
                    </td>
                    <td data-label={t("system:stats.readRate")} className="ls-num">
                      {percentOf(r.Reads, s.Notices.People)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : (
            <p className="ls-empty">{t("system:stats.noNotices")}</p>
          )}
        </StatSection>
      </div>
    </Stack>
  );
}
