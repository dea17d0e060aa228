import { Alert } from "~/components/mantine/Alert";
import { Button } from "~/components/mantine/Button";
import { Paper } from "~/components/mantine/Paper";
import { Title } from "~/components/mantine/Title";
import { useNavigation } from "@remix-run/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { formatCoreHours } from "~/lib/compute-resources";
import { rangeText, type AppForm, type ChargeableProject, type FormErrors, type FormField, type FormValues } from "~/lib/compute-form";

/** One message under an input, tied to it for screen readers. */
function FieldError({ id, text }: { id: string; text?: string }) {
  return text ? (
    <div className="cf-error" id={id} role="alert" data-testid={`error-${id.replace(/^err-/, "")}`}>
      {text}
    </div>
  ) : null;
}

function ParamInput({ f, value, error }: { f: FormField; value: string; error?: string }) {
  const { t } = useTranslation("computeForm");
  const id = `f-${f.name}`;
  const hint = [rangeText(f), f.required ? t("required") : t("optional"), f.help].filter(Boolean).join(" · ");
  const common = { id, name: f.name, "aria-invalid": error ? true : undefined, "aria-describedby": error ? `err-${f.name}` : `hint-${f.name}` } as const;
  return (
    <div className="cf-field" data-testid={`field-${f.name}`}>
      <label htmlFor={id}>
        {f.label} {f.unit ? <span className="cf-unit">({f.unit})</span> : null}
      </label>
      {f.multiline ? (
        <>
          <textarea {...common} defaultValue={value} spellCheck={false} rows={8} className="cf-textfile" />
          <input type="file" name={`${f.name}File`} accept={f.multiline.accept ?? undefined} aria-label={f.label} data-testid={`file-${f.name}`} />
        </>
      ) : f.type === "enum" ? (
        <select {...common} defaultValue={value}>
          {f.required ? null : <option value="">—</option>}
          {(f.options ?? []).map((o, i) => (
            <option key={o} value={o}>
              {f.optionLabels?.[i] ?? o}
            </option>
          ))}
        </select>
      ) : (
        // Text with a decimal keypad rather than type=number: a refused value stays as typed and the API words the error.
        <input {...common} type="text" inputMode={f.type === "integer" ? "numeric" : f.type === "number" ? "decimal" : "text"} defaultValue={value} autoComplete="off" />
      )}
      <span className="cf-hint" id={`hint-${f.name}`}>
        {hint}
      </span>
      <FieldError id={`err-${f.name}`} text={error} />
    </div>
  );
}

export function ParamFields({ form, values, errors }: { form: AppForm; values: FormValues; errors: FormErrors }) {
  const { t } = useTranslation("computeForm");
  return (
    <Paper withBorder radius="md" p={{ base: "sm", sm: "md" }} component="fieldset" style={{ margin: 0 }}>
      <Title order={2} size="h4" mb="sm" component="legend" style={{ padding: "0 4px" }}>
        {t("params")}
      </Title>
      <div className="cf-fields">
        {form.fields.map((f) => (
          <ParamInput key={f.name} f={f} value={values[f.name] ?? ""} error={errors[f.name]} />
        ))}
      </div>
    </Paper>
  );
}

/** The platform's side of the estimate (CalculateTask/GetComputeResources): slots, busy slots, queued tasks. */
export interface Capacity {
  slots: number;
  slotsInUse: number;
  /** Queued tasks, anyone's: a task submitted now waits behind all of them. */
  ahead: number;
}

/** The most core-hours a task may use: cores × walltime, or null while either is not a positive whole number. */
export function maxCoreHours(cores: string, walltimeMin: string): number | null {
  const c = Number(cores.trim());
  const w = Number(walltimeMin.trim());
  if (!cores.trim() || !walltimeMin.trim() || !Number.isInteger(c) || !Number.isInteger(w) || c < 1 || w < 1) return null;
  return (c * w) / 60;
}

const ESTIMATE_BOX = { display: "flex", flexDirection: "column", gap: 4, marginTop: 14, padding: "10px 12px", borderRadius: 8, background: "#f4f7fb", fontSize: 14, overflowWrap: "anywhere" } as const;

/** The estimate under the resource inputs: drawn on the server from the form's values, recomputed as they change. */
function Estimate({ cores, walltimeMin, capacity }: { cores: string; walltimeMin: string; capacity: Capacity | null }) {
  const { t } = useTranslation("computeForm");
  const ch = maxCoreHours(cores, walltimeMin);
  return (
    <div style={ESTIMATE_BOX} data-testid="estimate">
      <div>
        <span style={{ color: "#5c6b7c" }}>{t("estimate")}</span>{" "}
        <output htmlFor="f-cores f-walltimeMin" aria-live="polite" style={{ fontWeight: 600, color: "#1b528b" }} data-testid="estimate-core-hours" data-value={ch ?? ""}>
          {ch == null ? t("estimateInvalid") : t("estimateCoreHours", { coreHours: formatCoreHours(ch), cores: cores.trim(), hours: formatCoreHours(Number(walltimeMin) / 60) })}
        </output>
      </div>
      {capacity ? (
        <div className="cf-hint" data-testid="estimate-capacity">
          <span data-testid="estimate-slots">{t("estimateSlots", { slots: capacity.slots, inUse: capacity.slotsInUse })}</span>
          {" · "}
          <span data-testid="estimate-ahead" data-value={capacity.ahead}>
            {t("estimateAhead", { count: capacity.ahead })}
          </span>
        </div>
      ) : null}
    </div>
  );
}

/**
 * The spec's resource-allocation step (/steelResearchCompute/resourceAllocation leads here, #resources): cores,
 * walltime and the estimate. Inputs stay uncontrolled (a plain form posts them); their changes feed the estimate.
 */
export function ResourceFields({
  form,
  values,
  errors,
  capacity = null,
  projects = [],
}: {
  form: AppForm;
  values: FormValues;
  errors: FormErrors;
  capacity?: Capacity | null;
  projects?: ChargeableProject[];
}) {
  const { t } = useTranslation("computeForm");
  const [typed, setTyped] = useState({ cores: values.cores ?? "", walltimeMin: values.walltimeMin ?? "" });
  const input = (name: "cores" | "walltimeMin", label: string, hint: string) => (
    <div className="cf-field" data-testid={`field-${name}`}>
      <label htmlFor={`f-${name}`}>{label}</label>
      <input
        id={`f-${name}`}
        name={name}
        type="text"
        inputMode="numeric"
        defaultValue={values[name] ?? ""}
        onChange={(e) => {
          const v = e.currentTarget.value;
          setTyped((old) => ({ ...old, [name]: v }));
        }}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `err-${name}` : undefined}
        autoComplete="off"
      />
      <span className="cf-hint">{hint}</span>
      <FieldError id={`err-${name}`} text={errors[name]} />
    </div>
  );
  return (
    <Paper withBorder radius="md" p={{ base: "sm", sm: "md" }} component="fieldset" style={{ margin: 0, scrollMarginTop: 72 }} id="resources" data-testid="resources">
      <Title order={2} size="h4" mb="sm" component="legend" style={{ padding: "0 4px" }}>
        {t("resources")}
      </Title>
      <div className="cf-fields">
        {input("cores", t("cores"), t("coresHint", { max: form.maxCores }))}
        {input("walltimeMin", `${t("walltime")} (${t("minutes")})`, `≤ ${7 * 24 * 60}`)}
      </div>
      <Estimate cores={typed.cores} walltimeMin={typed.walltimeMin} capacity={capacity} />
      {projects.length ? <ProjectChoice projects={projects} value={values.projectId ?? ""} error={errors.projectId} /> : null}
    </Paper>
  );
}

/**
 * The research project the task's core-hours are charged to (docs/projects.md): none, or one of the caller's
 * active projects, each with what its budget has left. The API checks the budget when the task is stored.
 */
export function ProjectChoice({ projects, value, error }: { projects: ChargeableProject[]; value: string; error?: string }) {
  const { t } = useTranslation("computeForm");
  return (
    <div className="cf-field" data-testid="field-projectId" style={{ marginTop: 14 }}>
      <label htmlFor="f-projectId">{t("project")}</label>
      <select
        id="f-projectId"
        name="projectId"
        defaultValue={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? "err-projectId" : "hint-projectId"}
      >
        <option value="">{t("projectNone")}</option>
        {projects.map((p) => (
          <option key={p.Id} value={p.Id}>
            {p.BudgetCoreHours === null
              ? t("projectOption", { name: p.Name, code: p.Code })
              : t("projectOptionLeft", { name: p.Name, code: p.Code, left: formatCoreHours(Math.max(0, p.BudgetCoreHours - p.UsedCoreHours)) })}
          </option>
        ))}
      </select>
      <span className="cf-hint" id="hint-projectId">
        {t("projectHint")}
      </span>
      <FieldError id="err-projectId" text={error} />
    </div>
  );
}

export function RefusedAlert({ message, errors }: { message: string | null; errors: FormErrors }) {
  const { t } = useTranslation("computeForm");
  if (!message) return null;
  // Field errors stand under their inputs; the alert carries only what belongs to no input (or the API's message when none does).
  const placed = Object.keys(errors).some((k) => k !== "form");
  const body = errors.form ?? (placed ? null : message);
  return (
    <Alert color="red" variant="light" role="alert" data-testid="form-refused" title={t("refused")}>
      {body}
    </Alert>
  );
}

export function SubmitRow() {
  const { t } = useTranslation("computeForm");
  const nav = useNavigation();
  return (
    <div className="cf-submit">
      <Button type="submit" loading={nav.state === "submitting"} data-testid="compute-submit">
        {t("submit")}
      </Button>
    </div>
  );
}

/** Above an app's form when its code is not installed where the API runs: the reason, before anyone fills it in. */
export function UnavailableNotice({ form }: { form: AppForm }) {
  const { t } = useTranslation("computeForm");
  if (form.available) return null;
  return (
    <Alert color="orange" variant="light" title={t("unavailable")} data-testid="app-unavailable">
      {form.unavailableReason}
    </Alert>
  );
}
