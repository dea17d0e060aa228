import { useTranslation } from "react-i18next";
import { SEARCH_ELEMENTS, type CompRow } from "~/lib/data-resources";

/** Rows the form always offers; more appear as they are used (up to the search's limit). */
const MIN_ROWS = 4;
const MAX_ROWS = 6;

/**
 * The composition conditions of the grade search: rows of element, minimum and maximum (wt%), posted as
 * repeated `el`, `min`, `max` fields of the GET form. `errors` are the rows' messages by index.
 */
export function CompositionFields({ rows, errors }: { rows: CompRow[]; errors: Record<number, string> }) {
  const { t } = useTranslation("dataResource");
  const shown: CompRow[] = [...rows];
  while (shown.length < Math.min(MAX_ROWS, Math.max(MIN_ROWS, rows.length + 1))) shown.push({ el: "", min: "", max: "" });
  return (
    <fieldset className="dr-comp" data-testid="composition-fields">
      <legend>{t("grades.composition")}</legend>
      <p className="dr-comp-hint">{t("grades.compositionHint")}</p>
      <div className="dr-comp-rows">
        {shown.map((r, i) => {
          const err = errors[i];
          const id = `comp-${i}`;
          return (
            <div className="dr-comp-row" key={`${i}-${r.el}-${r.min}-${r.max}`} data-testid="composition-row">
              <select name="el" defaultValue={r.el} aria-label={t("grades.element", { n: i + 1 })} aria-invalid={err ? true : undefined} aria-describedby={err ? `${id}-err` : undefined}>
                <option value="">{t("grades.elementNone")}</option>
                {SEARCH_ELEMENTS.map((e) => (
                  <option key={e} value={e}>
                    {e}
                  </option>
                ))}
              </select>
              <input name="min" inputMode="decimal" defaultValue={r.min} placeholder={t("grades.min")} aria-label={t("grades.minOf", { n: i + 1 })} aria-invalid={err ? true : undefined} maxLength={12} />
              <span className="dr-comp-dash" aria-hidden="true">
                –
              </span>
              <input name="max" inputMode="decimal" defaultValue={r.max} placeholder={t("grades.max")} aria-label={t("grades.maxOf", { n: i + 1 })} aria-invalid={err ? true : undefined} maxLength={12} />
              {err ? (
                <p className="dr-comp-error" id={`${id}-err`} role="alert" data-testid="composition-error">
                  {err}
                </p>
              ) : null}
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}
