import { Alert } from "~/components/mantine/Alert";
import { Button } from "~/components/mantine/Button";
import { Form, Link, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FieldError } from "~/components/detection/Fields";
import { MATERIAL_LIMITS as L, STEP_KINDS } from "~/lib/materials";

/** The form's values as posted (or loaded): the material's fields, and each step row's fields by name. */
export interface MaterialFormData {
  values: Record<string, string>;
  steps: Record<string, string>[];
}

export const MATERIAL_FIELDS = ["Id", "Version", "Code", "Grade", "HeatNo", "Supplier", "Form", "Dimensions", "Condition", "Note"] as const;
export const STEP_FIELDS = ["Kind", "Title", "TemperatureC", "DurationMin", "Medium", "CarbonPotential", "PerformedOn", "Note"] as const;

/**
 * A material, new or edited (docs/materials.md): its code, grade, heat, supplier, form, size and condition, and
 * its process steps in order, one row each (a row left without its kind is not saved). Without JavaScript,
 * "more steps" posts the form back with more rows and nothing typed lost; a refusal shows under its field.
 */
export function MaterialForm({ form, errors, message, cancelHref }: { form: MaterialFormData; errors: Record<string, string>; message: string | null; cancelHref: string }) {
  const { t } = useTranslation("material");
  const nav = useNavigation();
  const saving = nav.state === "submitting" && nav.formData?.get("intent") === "save";
  const v = form.values;
  const text = (name: string, max: number, extra: Record<string, unknown> = {}) => (
    <label className="dt-stack-label">
      {t(`form.${name}`)}
      <input name={name} className="dt-text-input" maxLength={max} defaultValue={v[name] ?? ""} data-testid={`material-${name}`} {...extra} />
      <FieldError text={errors[name]} />
    </label>
  );
  return (
    <Form method="post" className="dt-panel dt-edit" data-testid="material-form">
      {v.Id ? (
        <>
          <input type="hidden" name="Id" value={v.Id} />
          <input type="hidden" name="Version" value={v.Version} />
        </>
      ) : null}
      <input type="hidden" name="rows" value={form.steps.length} />
      {message ? (
        <Alert color="red" role="alert" data-testid="material-error">
          {message}
        </Alert>
      ) : null}
      <div className="mt-fields">
        {text("Code", L.code, { required: true, placeholder: "M2611-001" })}
        {text("Grade", L.grade, { placeholder: "42CrMo" })}
        {text("HeatNo", L.heatNo)}
        {text("Supplier", L.supplier)}
        {text("Form", L.form, { list: "material-forms" })}
        {text("Dimensions", L.dimensions, { placeholder: "Φ25 × 3000 mm" })}
        {text("Condition", L.condition)}
      </div>
      <datalist id="material-forms">
        {["棒材", "板材", "线材", "管材", "锻件", "铸件", "带材"].map((f) => (
          <option key={f} value={f} />
        ))}
      </datalist>
      <label className="dt-stack-label">
        {t("form.Note")}
        <textarea name="Note" className="dt-text-input" rows={2} maxLength={L.note} defaultValue={v.Note ?? ""} />
        <FieldError text={errors.Note} />
      </label>
      <h3 className="dt-sub">{t("form.steps")}</h3>
      <p className="dt-dim dt-small">{t("form.stepsHint")}</p>
      <FieldError text={errors.Steps} />
      {form.steps.map((s, i) => {
        const name = (f: string) => `Steps.${i}.${f}`;
        const err = (f: string) => <FieldError text={errors[name(f)]} />;
        return (
          <fieldset key={i} className="dt-line mt-step" data-testid="material-step">
            <legend>{t("form.step", { n: i + 1 })}</legend>
            <div className="mt-step-fields">
              <label className="dt-stack-label">
                {t("form.Kind")}
                <select name={name("Kind")} className="dt-select" defaultValue={s.Kind ?? ""}>
                  <option value="">{t("form.noKind")}</option>
                  {STEP_KINDS.map((k) => (
                    <option key={k} value={k}>
                      {t(`kind.${k}`)}
                    </option>
                  ))}
                </select>
                {err("Kind")}
              </label>
              <label className="dt-stack-label mt-wide">
                {t("form.Title")}
                <input name={name("Title")} className="dt-text-input" maxLength={L.title} defaultValue={s.Title ?? ""} />
                {err("Title")}
              </label>
              <label className="dt-stack-label">
                {t("form.TemperatureC")}
                <input name={name("TemperatureC")} className="dt-text-input" inputMode="decimal" defaultValue={s.TemperatureC ?? ""} />
                {err("TemperatureC")}
              </label>
              <label className="dt-stack-label">
                {t("form.DurationMin")}
                <input name={name("DurationMin")} className="dt-text-input" inputMode="decimal" defaultValue={s.DurationMin ?? ""} />
                {err("DurationMin")}
              </label>
              <label className="dt-stack-label">
                {t("form.Medium")}
                <input name={name("Medium")} className="dt-text-input" maxLength={L.medium} defaultValue={s.Medium ?? ""} />
                {err("Medium")}
              </label>
              <label className="dt-stack-label">
                {t("form.CarbonPotential")}
                <input name={name("CarbonPotential")} className="dt-text-input" inputMode="decimal" defaultValue={s.CarbonPotential ?? ""} />
                {err("CarbonPotential")}
              </label>
              <label className="dt-stack-label">
                {t("form.PerformedOn")}
                <input type="date" name={name("PerformedOn")} className="dt-text-input" defaultValue={s.PerformedOn ?? ""} />
                {err("PerformedOn")}
              </label>
              <label className="dt-stack-label mt-wide">
                {t("form.stepNote")}
                <input name={name("Note")} className="dt-text-input" maxLength={L.stepNote} defaultValue={s.Note ?? ""} />
                {err("Note")}
              </label>
            </div>
          </fieldset>
        );
      })}
      <div className="dt-actions">
        {form.steps.length < L.steps ? (
          <Button type="submit" name="intent" value="more" variant="default" formNoValidate data-testid="material-more">
            {t("form.more")}
          </Button>
        ) : null}
        <Button type="submit" name="intent" value="save" loading={saving} data-testid="material-save">
          {t("form.save")}
        </Button>
        <Link to={cancelHref} className="dt-code-link">
          {t("form.cancel")}
        </Link>
      </div>
    </Form>
  );
}
