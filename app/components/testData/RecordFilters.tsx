import { Button } from "~/components/mantine/Button";
import { NativeSelect } from "~/components/NativeSelect";
import { TextInput } from "~/components/TextInput";
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { QUANTITY_KEYS, RECORD_SOURCES, unitOf, type RecordQuery } from "~/lib/test-data";

/**
 * The records table's filters, a GET form (works without JavaScript; a filtered table is a link): keyword,
 * grade, a quantity measured with an optional range, method, test dates, source, research project, the
 * owner on the administrators' page, and the columns to show (which the export follows too).
 */
export function RecordFilters({
  q,
  methods,
  projects,
  owner,
}: {
  q: RecordQuery;
  methods: Array<{ Code: string; Name: string }>;
  projects: Array<{ Id: string; Name: string }>;
  owner?: boolean;
}) {
  const { t } = useTranslation("testData");
  const f = (k: string) => t(`filters.${k}`);
  // Remounted when the address changes, so Back shows the values of the list it returns to.
  const key = JSON.stringify(q);
  return (
    <Form method="get" className="td-filters" role="search" data-testid="records-filters" key={key}>
      {q.level !== "0" ? <input type="hidden" name="level" value={q.level} /> : null}
      {q.sort !== "-testedAt" ? <input type="hidden" name="sort" value={q.sort} /> : null}
      <div className="ls-toolbar">
        <TextInput className="ls-grow" name="keyword" type="search" label={f("keyword")} placeholder={f("keywordPlaceholder")} defaultValue={q.keyword} maxLength={100} />
        <TextInput name="grade" label={f("grade")} placeholder="42CrMo" defaultValue={q.grade} maxLength={60} w={130} />
        <NativeSelect name="method" label={f("method")} defaultValue={q.method} w={220}>
          <option value="">{f("any")}</option>
          {methods.map((m) => (
            <option key={m.Code} value={m.Code}>
              {m.Name}
            </option>
          ))}
        </NativeSelect>
        <NativeSelect name="source" label={f("source")} defaultValue={q.source} w={140}>
          <option value="">{f("any")}</option>
          {RECORD_SOURCES.map((s) => (
            <option key={s} value={s}>
              {t(`source.${s}`)}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="ls-toolbar">
        <NativeSelect name="element" label={f("element")} defaultValue={q.element} w={130}>
          <option value="">{f("any")}</option>
          {QUANTITY_KEYS.map((k) => (
            <option key={k} value={k}>
              {unitOf(k) ? `${k} (${unitOf(k)})` : k}
            </option>
          ))}
        </NativeSelect>
        <TextInput name="min" label={f("min")} inputMode="decimal" defaultValue={q.min} maxLength={12} w={90} />
        <TextInput name="max" label={f("max")} inputMode="decimal" defaultValue={q.max} maxLength={12} w={90} />
        <TextInput name="from" type="date" label={f("from")} defaultValue={q.from} w={150} />
        <TextInput name="to" type="date" label={f("to")} defaultValue={q.to} w={150} />
        {projects.length ? (
          <NativeSelect name="project" label={f("project")} defaultValue={q.project} w={200}>
            <option value="">{f("any")}</option>
            {projects.map((p) => (
              <option key={p.Id} value={p.Id}>
                {p.Name}
              </option>
            ))}
          </NativeSelect>
        ) : null}
        {owner ? <TextInput name="owner" label={f("owner")} defaultValue={q.owner} maxLength={60} w={140} /> : null}
      </div>
      <details className="td-columns" data-testid="records-columns">
        <summary>{f("columns")}</summary>
        <p className="dt-dim dt-small">{f("columnsHint")}</p>
        <div className="td-column-list">
          {QUANTITY_KEYS.map((k) => (
            <label key={k} className="td-column">
              <input type="checkbox" name="col" value={k} defaultChecked={q.cols.includes(k)} /> {k}
            </label>
          ))}
        </div>
      </details>
      <div>
        <Button type="submit">{f("apply")}</Button>
      </div>
    </Form>
  );
}
