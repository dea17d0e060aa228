import { Button } from "~/components/mantine/Button";
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FieldError } from "~/components/detection/Fields";
import { DETECTION_LIMITS as L } from "../../../common/forms/limits.ts";
import { LIMIT_ROWS, ORDER_LINE_FIELDS } from "~/lib/detection-forms";
import type { MethodInfo } from "~/lib/detection";

const MAX: Record<(typeof ORDER_LINE_FIELDS)[number], number> = { Description: L.description, Grade: L.grade, HeatNo: L.heatNo, Form: L.form, Condition: L.condition, Quantity: 4 };

/**
 * A task order's form (new, or a draft edited): the detection project, grade, due date and note; the samples
 * it announces, a row each, with their test methods as checkboxes; the client's own limits. Rows left blank are
 * not saved; "one more row" keeps what was typed. Each refusal shows under its field.
 */
export function OrderForm({
  projects,
  methods,
  values,
  errors,
  message,
  cancelHref,
}: {
  projects: { Id: string; Code: string; Name: string }[];
  methods: MethodInfo[];
  values: Record<string, string>;
  errors: Record<string, string>;
  message: string | null;
  cancelHref: string;
}) {
  const { t } = useTranslation("detection");
  const lines = Number(values.lines) || 3;
  const limitRows = Math.max(LIMIT_ROWS, Number(values.limits) || 0);
  const err = (k: string) => <FieldError text={errors[k]} />;
  const numeric = methods.flatMap((m) => m.Quantities.filter((q) => !q.Text).map((q) => ({ value: `${m.Code}/${q.Key}`, label: `${m.Name} · ${q.Key}${q.Unit ? ` (${q.Unit})` : ""}` })));
  return (
    <Form method="post" className="dt-panel dt-edit" data-testid="order-form">
      <input type="hidden" name="Id" value={values.Id ?? ""} />
      <input type="hidden" name="Version" value={values.Version ?? ""} />
      <input type="hidden" name="lines" value={lines} />
      <input type="hidden" name="limits" value={limitRows} />
      {/* Enter in a field saves: the first submit button is the one a browser presses, so it is Save, unseen. */}
      <button type="submit" name="intent" value="saveOrder" className="dt-default-submit" tabIndex={-1} aria-hidden="true" />
      <h2 className="dt-section">{values.Id ? t("orderForm.editTitle") : t("orderForm.newTitle")}</h2>
      {message ? (
        <p className="dt-error" role="alert" data-testid="order-form-error">
          {message}
        </p>
      ) : null}
      <div className="dt-row">
        <label className="dt-stack-label">
          {t("orderForm.project")}
          <select name="ProjectId" className="dt-select" defaultValue={values.ProjectId ?? ""} required data-testid="order-form-project">
            <option value="">{t("orderForm.chooseProject")}</option>
            {projects.map((p) => (
              <option key={p.Id} value={p.Id}>
                {p.Code} {p.Name}
              </option>
            ))}
          </select>
          {err("ProjectId")}
        </label>
        <label className="dt-stack-label">
          {t("order.grade")}
          <input name="Grade" className="dt-text-input" maxLength={L.grade} defaultValue={values.Grade ?? ""} placeholder="42CrMo" />
          {err("Grade")}
        </label>
        <label className="dt-stack-label">
          {t("order.due")}
          <input name="DueDate" type="date" className="dt-text-input" defaultValue={values.DueDate ?? ""} />
          {err("DueDate")}
        </label>
      </div>
      <label className="dt-stack-label">
        {t("order.note")}
        <input name="Note" className="dt-text-input dt-wide" maxLength={L.note} defaultValue={values.Note ?? ""} />
        {err("Note")}
      </label>
      <h3 className="dt-sub">{t("orderForm.lines")}</h3>
      <p className="dt-dim dt-small">{t("orderForm.linesHint")}</p>
      {err("Lines")}
      {Array.from({ length: lines }, (_, i) => {
        const chosen = new Set((values[`l${i}.Methods`] ?? "").split(",").filter(Boolean));
        return (
          <fieldset key={i} className="dt-line" data-testid="order-form-line">
            <legend>{t("orderForm.line", { n: i + 1 })}</legend>
            <div className="dt-line-fields">
              {ORDER_LINE_FIELDS.map((f) => (
                <label key={f} className={f === "Description" ? "dt-stack-label dt-grow" : "dt-stack-label"}>
                  {t(`orderForm.field.${f}`)}
                  <input
                    name={`l${i}.${f}`}
                    className={f === "Quantity" ? "dt-num-input" : "dt-text-input"}
                    type={f === "Quantity" ? "number" : "text"}
                    min={f === "Quantity" ? 1 : undefined}
                    max={f === "Quantity" ? 1000 : undefined}
                    maxLength={f === "Quantity" ? undefined : MAX[f]}
                    defaultValue={values[`l${i}.${f}`] ?? (f === "Quantity" ? "1" : "")}
                    data-testid={`order-form-l${i}-${f}`}
                  />
                  {err(`l${i}.${f}`)}
                </label>
              ))}
            </div>
            <div className="dt-method-checks" role="group" aria-label={t("sample.methods")}>
              {methods.map((m) => (
                <label key={m.Code} className="dt-check">
                  <input type="checkbox" name={`l${i}.Methods`} value={m.Code} defaultChecked={chosen.has(m.Code)} data-testid={`order-form-l${i}-${m.Code}`} /> {m.Name}
                </label>
              ))}
            </div>
            {err(`l${i}.Methods`)}
          </fieldset>
        );
      })}
      <div>
        <Button type="submit" name="intent" value="moreLines" variant="default" size="compact-md" formNoValidate data-testid="order-form-more">
          {t("orderForm.moreLines")}
        </Button>
      </div>
      <h3 className="dt-sub">{t("order.limits")}</h3>
      <p className="dt-dim dt-small">{t("orderForm.limitsHint")}</p>
      {Array.from({ length: limitRows }, (_, j) => (
        <div key={j} className="dt-row">
          <label className="dt-stack-label">
            {t("orderForm.limitQuantity")}
            <select name={`x${j}.Quantity`} className="dt-select" defaultValue={values[`x${j}.Quantity`] ?? ""}>
              <option value="">—</option>
              {numeric.map((q) => (
                <option key={q.value} value={q.value}>
                  {q.label}
                </option>
              ))}
            </select>
            {err(`x${j}.Quantity`)}
          </label>
          <label className="dt-stack-label">
            {t("orderForm.min")}
            <input name={`x${j}.Min`} className="dt-num-input" inputMode="decimal" defaultValue={values[`x${j}.Min`] ?? ""} />
            {err(`x${j}.Min`)}
          </label>
          <label className="dt-stack-label">
            {t("orderForm.max")}
            <input name={`x${j}.Max`} className="dt-num-input" inputMode="decimal" defaultValue={values[`x${j}.Max`] ?? ""} />
            {err(`x${j}.Max`)}
          </label>
        </div>
      ))}
      <div className="dt-row">
        <Button type="submit" name="intent" value="saveOrder" data-testid="order-form-save">
          {t("orderForm.save")}
        </Button>
        <Button component={Link} to={cancelHref} variant="subtle">
          {t("orderForm.cancel")}
        </Button>
      </div>
    </Form>
  );
}
