/**
 * The compute forms' shared logic (server and browser): the form description the API gives
 * (CalculateTask/GetAppForm), reading posted values into a CreateTask body, and placing the API's field
 * errors under their inputs.
 */

import type { AppForm, FormField } from "../../common/compute-form.ts";
import type { ProjectOption } from "../../common/projects.ts";

export type { AppForm, FormField };

/** What the form shows: every value as typed (strings), so nothing is lost when a submit is refused. */
export type FormValues = Record<string, string>;
/** Input name → message. Params use their own names; resources use `cores` / `walltimeMin`; the deck `deck`. */
export type FormErrors = Record<string, string>;

export const TASK_PAGE = "/steelResearchCompute/computeTaskSource";
export const taskPageUrl = (id: string) => `${TASK_PAGE}?id=${encodeURIComponent(id)}`;

const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

const str = (v: unknown) => (v === null || v === undefined ? "" : String(v));

/** The form's first values: a task's params when cloning, else the app's example, else the schema's defaults. */
export function initialValues(form: AppForm, params?: Record<string, unknown> | null, resources?: { cores?: number; walltimeMin?: number } | null): FormValues {
  const out: FormValues = {};
  for (const f of form.fields) out[f.name] = params ? str(params[f.name] ?? (f.required ? "" : f.default)) : str(f.example ?? f.default);
  out.cores = str(resources?.cores ?? form.defaultResources.cores);
  out.walltimeMin = str(resources?.walltimeMin ?? form.defaultResources.walltimeMin);
  return out;
}

/**
 * A typed value as the API receives it: numbers as numbers; anything unreadable is passed on as typed, so
 * the API refuses it with its own message in the user's language. Empty means "not given".
 */
function typed(f: FormField | undefined, raw: string): unknown {
  const v = raw.trim();
  if (v === "") return undefined;
  if (f && (f.type === "number" || f.type === "integer")) return NUMBER.test(v) ? Number(v) : v;
  return v;
}

export function readValues(form: AppForm, get: (name: string) => unknown): FormValues {
  const out: FormValues = {};
  // A text-file param keeps its whole text (bounded by its own limit); a plain input never needs 200 characters.
  const limit = (name: string) => form.fields.find((f) => f.name === name)?.multiline?.maxBytes ?? 200;
  for (const name of [...form.fields.map((f) => f.name), "cores", "walltimeMin", "projectId"]) {
    const v = get(name);
    out[name] = typeof v === "string" ? v.slice(0, limit(name)) : "";
  }
  return out;
}

export function paramsOf(form: AppForm, values: FormValues): Record<string, unknown> {
  const params: Record<string, unknown> = {};
  for (const f of form.fields) {
    const v = typed(f, values[f.name] ?? "");
    if (v !== undefined) params[f.name] = v;
  }
  return params;
}

export function resourcesOf(values: FormValues): { cores?: number; walltimeMin?: number } {
  const num = (s: string | undefined) => (s && NUMBER.test(s.trim()) ? Number(s.trim()) : undefined);
  return { cores: num(values.cores), walltimeMin: num(values.walltimeMin) };
}

/** A project the task can be charged to, as the compute forms offer it (Project/GetMyProjectOptions). */
export type ChargeableProject = Pick<ProjectOption, "Id" | "Code" | "Name" | "BudgetCoreHours" | "UsedCoreHours">;

/** The form's values with the project a link asked for (`?project=<id>`, from a project's page) chosen, if the caller may charge it. */
export function withProject(values: FormValues, projects: Array<{ Id: string }>, asked: string | null): FormValues {
  return asked && projects.some((p) => p.Id === asked) ? { ...values, projectId: asked } : values;
}

/** The project the task is charged to, when one was chosen (CreateTask's `projectId`). */
export const projectOf = (values: FormValues): string | undefined => values.projectId || undefined;

/** The API's `fields` (params.x, resources.cores, deck.<file>, projectId) as the form's inputs name them. */
export function formErrors(fields: Array<{ field: string; message: string }>, deckMode = false): FormErrors {
  const out: FormErrors = {};
  const add = (k: string, m: string) => {
    out[k] = out[k] ? `${out[k]}\n${m}` : m;
  };
  for (const { field, message } of fields) {
    if (field.startsWith("resources.")) add(field.slice("resources.".length), message);
    else if (field === "projectId") add("projectId", message);
    else if (deckMode && (field.startsWith("params") || field.startsWith("deck"))) {
      // Name the param or the deck file (a deck has several) unless the message already names file and line.
      const named = /^\S*:\d+ /.test(message);
      add("deck", !named && field.startsWith("params.") ? `${field.slice(7)}: ${message}` : !named && field.startsWith("deck.") ? `${field.slice(5)}: ${message}` : message);
    }
    else if (field.startsWith("params.")) add(field.slice("params.".length), message);
    else add("form", message);
  }
  return out;
}

/** The constraint shown beside a number input, e.g. "700 – 1200" or "> 0". */
export function rangeText(f: FormField): string {
  if (f.min !== null && f.max !== null) return `${f.minExclusive ? ">" : ""}${f.min} – ${f.maxExclusive ? "<" : ""}${f.max}`;
  if (f.min !== null) return `${f.minExclusive ? ">" : "≥"} ${f.min}`;
  if (f.max !== null) return `${f.maxExclusive ? "<" : "≤"} ${f.max}`;
  return "";
}
