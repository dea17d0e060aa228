import { Button } from "~/components/mantine/Button";
import { NativeSelect } from "~/components/NativeSelect";
import { Paper } from "~/components/mantine/Paper";
import { Stack } from "~/components/mantine/Stack";
import { Text } from "~/components/mantine/Text";
import { TextInput } from "~/components/TextInput";
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ServerChart } from "~/components/charts/ServerChart";
import { Pager } from "~/components/infoCenter/Pager";
import { MY_DATA_PATH } from "~/lib/detection";
import { ELEMENTS } from "../../../common/test-records.ts";
import { MAX_CRITERIA, QUANTITY_KEYS, SIMILAR_PATHS, similarHref, unitOf, valueText, type CriterionRow, type SimilarMode, type SimilarQuery, type SimilarResult } from "~/lib/test-data";
import { RecordTable } from "./RecordTable";

/** Rows the form always offers; one more than used, up to the search's limit. */
const MIN_ROWS = 4;
/** Columns shown beside the criteria's own. */
const SHOWN_WITH = ["C", "Si", "Mn", "Cr", "Mo", "Rm", "Rp0.2", "A"];

export interface SimilarPageData {
  q: SimilarQuery;
  modes: SimilarMode[];
  canOpenOrder: boolean;
  result: SimilarResult | null;
  failure: { field: string; message: string } | null;
  chart: { x: string; y: string; count: number; svg: string } | null;
}

/**
 * The similar-data search (docs/test-data.md): the four modes as tabs (one page each), the mode's GET form
 * (criteria rows of quantity, min and max, or target and weight; a grade; a sample), then what was searched,
 * the matches (ranked by distance in the nearest mode) with links to their orders, and a plot of one quantity
 * against another drawn on the server, with its own small GET form to change the axes.
 */
export function SimilarSearch({ q, modes, canOpenOrder, result, failure, chart }: SimilarPageData) {
  const { t } = useTranslation("testData");
  const s = (k: string, o?: Record<string, unknown>) => t(`similar.${k}`, o ?? {});
  const errorAt = (field: string) => (failure?.field === field ? failure.message : null);
  const keys = q.mode === "range" || q.mode === "nearest" ? ELEMENTS : QUANTITY_KEYS;
  const shown: CriterionRow[] = [...q.rows];
  while (shown.length < Math.min(MAX_CRITERIA, Math.max(MIN_ROWS, q.rows.length + 1))) shown.push({ key: "", min: "", max: "", weight: "" });
  const cols = result ? [...new Set([...result.Criteria.map((c) => c.Key), ...SHOWN_WITH])].filter((k) => result.rows.some((r) => r.Values[k] !== undefined)) : [];
  const rowsField = errorAt("Rows");
  return (
    <Stack gap="md">
      <nav className="td-tabs" aria-label={s("modes")}>
        {modes.map((m) => (
          <Link key={m} to={SIMILAR_PATHS[m]} className="td-tab" aria-current={m === q.mode ? "page" : undefined} data-testid={`mode-${m}`}>
            {s(`mode.${m}`)}
          </Link>
        ))}
      </nav>
      <Paper withBorder radius="md" p={{ base: "sm", sm: "md" }}>
        <Form method="get" className="td-similar-form" data-testid="similar-form" key={similarHref(q)}>
          <p className="dt-dim td-hint">{s(`hint.${q.mode}`)}</p>
          {q.mode === "grade" || q.mode === "nearest" ? (
            <div className="ls-toolbar">
              <TextInput name="grade" label={s("grade")} placeholder="42CrMo" defaultValue={q.grade} maxLength={60} error={errorAt("Grade")} data-testid="similar-grade" w={200} />
              {q.mode === "nearest" ? (
                <TextInput name="sample" label={s("sample")} placeholder={s("samplePlaceholder")} defaultValue={q.sample} maxLength={60} error={errorAt("SampleCode")} data-testid="similar-sample" w={220} />
              ) : null}
            </div>
          ) : null}
          {q.mode !== "grade" ? (
            <fieldset className="td-criteria" data-testid="similar-criteria">
              <legend>{q.mode === "nearest" ? s("typedComposition") : s("criteria")}</legend>
              {shown.map((r, i) => {
                const err = errorAt(`Rows.${i}`);
                return (
                  <div className="td-criterion" key={`${i}-${r.key}`} data-testid="criterion-row">
                    <select name="el" defaultValue={r.key} aria-label={s("quantityOf", { n: i + 1 })} aria-invalid={err ? true : undefined}>
                      <option value="">{s("quantityNone")}</option>
                      {keys.map((k) => (
                        <option key={k} value={k}>
                          {unitOf(k) ? `${k} (${unitOf(k)})` : k}
                        </option>
                      ))}
                    </select>
                    <input name="min" inputMode="decimal" defaultValue={r.min} placeholder={q.mode === "nearest" ? s("target") : s("min")} aria-label={`${q.mode === "nearest" ? s("target") : s("min")} ${i + 1}`} maxLength={12} />
                    {q.mode === "nearest" ? (
                      <>
                        <input type="hidden" name="max" value="" />
                        <input name="w" inputMode="decimal" defaultValue={r.weight} placeholder={s("weight")} aria-label={`${s("weight")} ${i + 1}`} maxLength={6} />
                      </>
                    ) : (
                      <>
                        <span aria-hidden="true">–</span>
                        <input name="max" inputMode="decimal" defaultValue={r.max} placeholder={s("max")} aria-label={`${s("max")} ${i + 1}`} maxLength={12} />
                      </>
                    )}
                    {err ? (
                      <p className="td-error" role="alert" data-testid="criterion-error">
                        {err}
                      </p>
                    ) : null}
                  </div>
                );
              })}
              {rowsField ? (
                <p className="td-error" role="alert" data-testid="criterion-error">
                  {rowsField}
                </p>
              ) : null}
            </fieldset>
          ) : (
            <input type="hidden" name="el" value="" />
          )}
          <div className="ls-toolbar">
            {q.mode === "property" ? <TextInput name="cond" label={s("condition")} placeholder={s("conditionPlaceholder")} defaultValue={q.condition} maxLength={60} w={240} /> : null}
            {q.mode === "nearest" ? (
              <NativeSelect name="k" label={s("k")} defaultValue={String(q.k)} w={110}>
                {[10, 20, 50, 100].map((k) => (
                  <option key={k} value={k}>
                    {k}
                  </option>
                ))}
              </NativeSelect>
            ) : null}
            <Button type="submit" data-testid="similar-submit">
              {s("search")}
            </Button>
          </div>
        </Form>
      </Paper>
      {result ? (
        <Paper withBorder radius="md" p={{ base: "sm", sm: "md" }}>
          <Stack gap="sm">
            <p className="td-searched" data-testid="similar-searched">
              {result.Grade ? <strong>{`${result.Grade.Name} (${result.Grade.Standard}) `}</strong> : null}
              {result.Criteria.map((c) =>
                c.Target !== null ? `${c.Key} ${valueText(c.Target)}${c.Weight !== 1 ? ` ×${c.Weight}` : ""}` : `${c.Key} ${c.Min !== null ? valueText(c.Min) : ""}–${c.Max !== null ? valueText(c.Max) : ""}`,
              ).join(" · ")}
              {q.mode === "property" && q.condition ? ` · ${q.condition}` : ""}
            </p>
            <Text className="ls-count" data-testid="similar-count">
              {q.mode === "nearest" ? s("nearestFound", { shown: result.rows.length, count: result.total }) : s("found", { count: result.total })}
            </Text>
            {q.mode === "nearest" ? <p className="dt-dim dt-small">{s("distanceHint")}</p> : null}
            {result.rows.length ? (
              <RecordTable rows={result.rows} cols={cols} orderHref={canOpenOrder ? (id) => `${MY_DATA_PATH}?view=orders&id=${id}` : undefined} similar={q.mode !== "nearest"} />
            ) : (
              <p className="ls-empty" data-testid="similar-empty">
                {s("empty")}
              </p>
            )}
            {q.mode !== "nearest" ? <Pager total={result.total} size={result.size} current={q.page} hrefFor={(page) => similarHref(q, { page })} /> : null}
            {result.rows.length ? <PlotPanel q={q} chart={chart} /> : null}
          </Stack>
        </Paper>
      ) : null}
    </Stack>
  );
}

/** The plot and the form that changes its axes (every other field of the search kept as hidden inputs). */
function PlotPanel({ q, chart }: { q: SimilarQuery; chart: SimilarPageData["chart"] }) {
  const { t } = useTranslation("testData");
  const s = (k: string, o?: Record<string, unknown>) => t(`similar.${k}`, o ?? {});
  const keep = new URLSearchParams(similarHref({ ...q, plotX: "", plotY: "", page: 1 }).split("?")[1] ?? "");
  return (
    <section className="td-plot" aria-label={s("plot")} data-testid="similar-plot">
      <Form method="get" className="ls-toolbar">
        {[...keep].map(([k, v], i) => (
          <input key={`${k}-${i}`} type="hidden" name={k} value={v} />
        ))}
        <NativeSelect name="y" label={s("plotY")} defaultValue={chart?.y ?? q.plotY ?? "Rm"} w={130}>
          {QUANTITY_KEYS.map((k) => (
            <option key={k} value={k}>
              {k}
            </option>
          ))}
        </NativeSelect>
        <NativeSelect name="x" label={s("plotX")} defaultValue={chart?.x ?? q.plotX ?? "C"} w={130}>
          {QUANTITY_KEYS.map((k) => (
            <option key={k} value={k}>
              {k}
            </option>
          ))}
        </NativeSelect>
        <Button type="submit" variant="light">
          {s("plotDraw")}
        </Button>
      </Form>
      {chart ? (
        <figure className="td-chart">
          <ServerChart svg={chart.svg} className="td-chart-svg" />
          <figcaption className="dt-dim dt-small">{s("plotCaption", { y: chart.y, x: chart.x, count: chart.count })}</figcaption>
        </figure>
      ) : (
        <p className="dt-dim dt-small" data-testid="similar-plot-empty">
          {s("plotEmpty")}
        </p>
      )}
    </section>
  );
}
