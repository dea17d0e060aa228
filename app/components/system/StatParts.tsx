import { Button } from "~/components/mantine/Button";
import { Paper } from "~/components/mantine/Paper";
import { Text } from "~/components/mantine/Text";
import { TextInput } from "~/components/TextInput";
import { Form, Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { formatDate } from "../../../common/dates.ts";
import { presetRanges, statsHref } from "~/lib/statistics";

/**
 * The parts every statistics page is made of (the data statistics, the equipment statistics): the range as a
 * GET form with quick ranges, key figures as tiles, and titled sections with their table's CSV.
 */

/** The date range in the address: a GET form (from, to) and the quick ranges; `error` is the API's refusal. */
export function StatRange({ path, from, to, asked, error }: { path: string; from: string; to: string; asked: { from: string | null; to: string | null }; error?: string | null }) {
  const { t } = useTranslation("system");
  const current = (p: { from: string; to: string }) => p.from === from && p.to === to;
  return (
    <Paper withBorder radius="md" p={{ base: "sm", sm: "md" }}>
      <Form method="get" action={path} className="ls-toolbar" data-testid="stats-range">
        <TextInput name="from" type="date" label={t("stats.from")} defaultValue={asked.from ?? from} key={`f-${from}`} error={error ?? undefined} />
        <TextInput name="to" type="date" label={t("stats.to")} defaultValue={asked.to ?? to} key={`t-${to}`} />
        <Button type="submit">{t("stats.apply")}</Button>
      </Form>
      <nav className="st-presets" aria-label={t("stats.presets")}>
        {presetRanges(to).map((p) => (
          <Link key={p.key} to={statsHref(p, path)} aria-current={current(p) ? "true" : undefined} className="st-preset">
            {t(`stats.preset.${p.key}`)}
          </Link>
        ))}
      </nav>
      <Text size="sm" c="dimmed" mt="xs">
        {t("stats.rangeShown", { from: formatDate(from, "{y}-{m}-{d}"), to: formatDate(to, "{y}-{m}-{d}") })}
      </Text>
    </Paper>
  );
}

/** A key figure: its label, value and an optional hint under it. */
export function StatFact({ label, value, hint, testId }: { label: string; value: ReactNode; hint?: string; testId?: string }) {
  return (
    <div className="st-fact" data-testid={testId}>
      <dt>{label}</dt>
      <dd>{value}</dd>
      {hint ? <dd className="st-hint">{hint}</dd> : null}
    </div>
  );
}

/** A titled section with, when it has one, the link to its table's CSV. */
export function StatSection({ title, csv, children, testId }: { title: string; csv?: string; children: ReactNode; testId: string }) {
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
