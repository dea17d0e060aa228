import { Button } from "~/components/mantine/Button";
import { Paper } from "~/components/mantine/Paper";
import { Stack } from "~/components/mantine/Stack";
import { Text } from "~/components/mantine/Text";
import { TextInput } from "~/components/mantine/TextInput";
import { data, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import type { TFunction } from "i18next";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { formatDate } from "../../common/dates.ts";
import { PageHeader } from "~/components/PageHeader";
import { systemListLinks } from "~/components/system/page-links";
import { StatChart, type StatSeries } from "~/components/system/StatChart";
import { statChartSvg } from "~/components/system/stat-chart.server";
import statsStyles from "~/components/system/statistics.css";
import { requireAccess } from "~/lib/auth.server";
import { formatBytes } from "~/lib/caches";
import { formatCoreHours } from "~/lib/compute-resources";
import { getT } from "~/lib/i18n.server";
import { pageMeta } from "~/lib/meta";
import { forPage } from "~/lib/notices.server";
import { percentOf, presetRanges, STATS_PATH, statsHref, statsQuery, type DataStatistics, type StatsTable, type Usage } from "~/lib/statistics";
import { dataStatistics } from "~/lib/system.server";
import { UpstreamError } from "~/lib/upstream.server";

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
  let stats: DataStatistics;
  let rangeError: string | null = null;
  try {
    stats = await dataStatistics(args, token, range);
  } catch (e) {
    // A range the API refuses (reversed, longer than a year) is said above the default range's figures.
    if (!(e instanceof UpstreamError) || e.status !== 400) return forPage(args, () => Promise.reject(e));
    stats = await forPage(args, () => dataStatistics(args, token, { from: null, to: null }));
    rangeError = e.msg;
  }
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

function Fact({ label, value, hint, testId }: { label: string; value: ReactNode; hint?: string; testId?: string }) {
  return (
    <div className="st-fact" data-testid={testId}>
      <dt>{label}</dt>
      <dd>{value}</dd>
      {hint ? <dd className="st-hint">{hint}</dd> : null}
    </div>
  );
}

function Section({ title, csv, children, testId }: { title: string; csv?: string; children: ReactNode; testId: string }) {
  const { t } = useTranslation("system");
  return (
    <Paper withBorder radius="md" p={{ base: "sm", sm: "md" }} component="section" aria-label={title} data-testid={testId}>
      <div className="st-section-head">
        <h2 className="sys-panel-title">{title}</h2>
        {csv ? (
          <a href={csv} className="row-act" data-testid={`${testId}-csv`}>
            {t("stats.csv")}
          </a>
        ) : null}
      </div>
      {children}
    </Paper>
  );
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
  const current = (p: { from: string; to: string }) => p.from === s.From && p.to === s.To;
  return (
    <Stack gap="md" p={{ base: "sm", sm: "lg" }} data-testid="stats-page">
      <PageHeader title={t("system:stats.title")} intro={t("system:stats.intro")} />
      {s.Scope.Kind === "department" ? (
        <Text className="st-scope" data-testid="stats-scope">
          {t("system:stats.scopeDepartment", { name: s.Scope.Name ?? "—" })}
        </Text>
      ) : null}
      <Paper withBorder radius="md" p={{ base: "sm", sm: "md" }}>
        <Form method="get" className="ls-toolbar" data-testid="stats-range">
          <TextInput name="from" type="date" label={t("system:stats.from")} defaultValue={range.from ?? s.From} key={`f-${s.From}`} error={rangeError ?? undefined} />
          <TextInput name="to" type="date" label={t("system:stats.to")} defaultValue={range.to ?? s.To} key={`t-${s.To}`} />
          <Button type="submit">{t("system:stats.apply")}</Button>
        </Form>
        <nav className="st-presets" aria-label={t("system:stats.presets")}>
          {presetRanges(s.To).map((p) => (
            <Link key={p.key} to={statsHref(p)} aria-current={current(p) ? "true" : undefined} className="st-preset">
              {t(`system:stats.preset.${p.key}`)}
            </Link>
          ))}
        </nav>
        <Text size="sm" c="dimmed" mt="xs">
          {t("system:stats.rangeShown", { from: formatDate(s.From, "{y}-{m}-{d}"), to: formatDate(s.To, "{y}-{m}-{d}") })}
        </Text>
      </Paper>

      <dl className="st-facts" data-testid="stats-facts">
        <Fact label={t("system:stats.people")} value={n(s.People.Total)} hint={t("system:stats.enabled", { count: s.People.Enabled })} testId="fact-people" />
        <Fact label={t("system:stats.active7")} value={n(s.People.Active7)} hint={percentOf(s.People.Active7, s.People.Enabled)} />
        <Fact label={t("system:stats.active30")} value={n(s.People.Active30)} hint={percentOf(s.People.Active30, s.People.Enabled)} />
        <Fact label={t("system:stats.newPeople")} value={n(s.People.NewInRange)} hint={t("system:stats.inRange")} />
        <Fact label={t("system:stats.logins")} value={n(s.Logins.Successes)} hint={t("system:stats.failures", { count: s.Logins.Failures })} testId="fact-logins" />
        <Fact label={t("system:stats.tasks")} value={n(s.Tasks.Tasks)} hint={t("system:stats.inRange")} testId="fact-tasks" />
        <Fact label={t("system:stats.coreHours")} value={formatCoreHours(s.Tasks.CoreHours)} hint={t("system:stats.inRange")} />
        <Fact label={t("system:stats.attachments")} value={formatBytes(s.Storage.AttachmentBytes)} hint={t("system:stats.files", { count: s.Storage.Attachments })} />
        <Fact label={t("system:stats.taskFiles")} value={formatBytes(s.Storage.TaskFileBytes)} hint={t("system:stats.taskDirs", { count: s.Storage.TaskDirectories })} testId="fact-task-files" />
      </dl>

      <div className="st-grid">
        <Section title={t("system:stats.loginsPerDay")} csv={csv("logins")} testId="stats-logins">
          <StatChart
            testId="chart-logins"
            title={t("system:stats.loginsChart", { ok: n(s.Logins.Successes), failed: n(s.Logins.Failures) })}
            {...charts.logins}
          />
        </Section>
        <Section title={t("system:stats.newPerMonth")} csv={csv("people")} testId="stats-people">
          <StatChart testId="chart-people" title={t("system:stats.newPerMonthChart")} {...charts.people} />
        </Section>
        <Section title={t("system:stats.byCategory")} csv={csv("categories")} testId="stats-categories">
          {charts.categories ? <StatChart testId="chart-categories" title={t("system:stats.coreHoursChart")} {...charts.categories} /> : null}
          <UsageTable rows={byCategory} label={t("system:stats.category")} testId="table-categories" />
        </Section>
        <Section title={t("system:stats.byApp")} csv={csv("apps")} testId="stats-apps">
          <UsageTable rows={s.Tasks.ByApp} label={t("system:stats.app")} testId="table-apps" />
        </Section>
        <Section title={t("system:stats.byDepartment")} csv={csv("departments")} testId="stats-departments">
          <UsageTable rows={s.Tasks.ByDepartment} label={t("system:stats.department")} testId="table-departments" />
        </Section>
        <Section title={t("system:stats.feedbackNotices")} csv={csv("notices")} testId="stats-notices">
          <dl className="st-facts st-facts-small">
            <Fact label={t("system:stats.feedback")} value={n(s.Feedback.Total)} hint={t("system:stats.replied", { count: s.Feedback.Replied })} />
            {[0, 1, 2].map((type) => (
              <Fact key={type} label={t(`feedback:type.${type}`)} value={n(s.Feedback.ByType.find((f) => f.Type === type)?.Count ?? 0)} />
            ))}
            <Fact label={t("system:stats.noticesPublished")} value={n(s.Notices.Published)} />
            <Fact label={t("system:stats.noticeReaders")} value={n(s.Notices.Readers)} hint={percentOf(s.Notices.Readers, s.Notices.People)} />
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
        </Section>
      </div>
    </Stack>
  );
}
