/**
 * The workflow editor's state (cloudCompute?app=workflow), shared by the server and the browser: what the form
 * posts, read back into drafts exactly as typed (so nothing is lost when a submit is refused), turned into the
 * workflow object CreateTask takes, and the API's field errors placed next to the step and field they name.
 *
 * The workflow object (the API's contract):
 *   { name?, steps: [{ id, app, params, inputs?: {param: "steps.<id>.result.<path>"}, after?: [id] }], report? }
 */

/** The API's limit; the editor offers no "add step" beyond it. */
export const MAX_STEPS = 20;
/** The API's rule for step ids, shown as a hint and used to propose fresh ids. */
export const STEP_ID = /^[A-Za-z][A-Za-z0-9_]{0,31}$/;
/** The app id of a workflow task. */
export const WORKFLOW_APP = "workflow";

/** Longest text kept per posted field: params can be a structure file (the apps' own limits are far below). */
const LIMITS = { name: 200, id: 64, app: 100, params: 256 * 1024, inputs: 16 * 1024, after: 2000, report: 64 * 1024 } as const;

/** One step as the editor shows it: every part as typed. */
export interface StepDraft {
  id: string;
  app: string;
  /** The app's params as JSON text. */
  params: string;
  /** One `param = steps.<id>.result.<path>` per line. */
  inputs: string;
  /** Extra dependencies: step ids separated by commas or spaces. */
  after: string;
}

export interface EditorState {
  name: string;
  /** The ready-made chain this started from ("" for none): kept so the page can say so. */
  chain: string;
  steps: StepDraft[];
  /** The report as JSON text (an array), "" for none: under "advanced". */
  report: string;
}

/**
 * Where an error is shown: `name`, `report`, `steps` (the list), `steps.<i>` (a step as a whole),
 * `steps.<i>.<id|app|params|inputs|after>`, or `form` (belongs to no field).
 */
export type EditorErrors = Record<string, string>;

export interface WorkflowStep {
  id: string;
  app: string;
  params: Record<string, unknown>;
  inputs?: Record<string, string>;
  after?: string[];
}
export interface WorkflowObject {
  name?: string;
  steps: WorkflowStep[];
  report?: unknown[];
}

/** Names of the posted inputs: one place, so the form and the reader cannot drift apart. */
export const fieldName = (i: number, part: keyof StepDraft) => `step-${i}-${part}`;
export const STEP_PARTS = ["id", "app", "params", "inputs", "after"] as const satisfies ReadonlyArray<keyof StepDraft>;

const str = (v: unknown, max: number) => (typeof v === "string" ? v.slice(0, max) : "");

/** The posted form (FormData.get or URLSearchParams.get) back into the editor's state. */
export function readEditorState(get: (name: string) => unknown): EditorState {
  const count = Math.min(MAX_STEPS, Math.max(0, Math.floor(Number(str(get("stepCount"), 4)) || 0)));
  const steps: StepDraft[] = [];
  for (let i = 0; i < count; i++) {
    steps.push({
      id: str(get(fieldName(i, "id")), LIMITS.id),
      app: str(get(fieldName(i, "app")), LIMITS.app),
      params: str(get(fieldName(i, "params")), LIMITS.params),
      inputs: str(get(fieldName(i, "inputs")), LIMITS.inputs),
      after: str(get(fieldName(i, "after")), LIMITS.after),
    });
  }
  return { name: str(get("name"), LIMITS.name), chain: str(get("chain"), 100), steps, report: str(get("report"), LIMITS.report) };
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** A workflow object (a chain's, or a cloned task's params) as drafts; anything unreadable becomes empty. */
export function stateFromWorkflow(wf: unknown, chain = ""): EditorState {
  const w = isObject(wf) ? wf : {};
  const steps = (Array.isArray(w.steps) ? w.steps : []).slice(0, MAX_STEPS).map((raw): StepDraft => {
    const s = isObject(raw) ? raw : {};
    const inputs = isObject(s.inputs) ? Object.entries(s.inputs).map(([k, v]) => `${k} = ${String(v)}`) : [];
    return {
      id: typeof s.id === "string" ? s.id : "",
      app: typeof s.app === "string" ? s.app : "",
      params: JSON.stringify(isObject(s.params) ? s.params : {}, null, 2),
      inputs: inputs.join("\n"),
      after: Array.isArray(s.after) ? s.after.map(String).join(", ") : "",
    };
  });
  return {
    name: typeof w.name === "string" ? w.name : "",
    chain,
    steps,
    report: Array.isArray(w.report) && w.report.length ? JSON.stringify(w.report, null, 2) : "",
  };
}

/** The first id of the form `<base><n>` no step has yet (step ids must start with a letter). */
export function freshStepId(steps: StepDraft[], appId: string): string {
  const base = (appId.replace(/[^A-Za-z0-9]+/g, "_").replace(/^[^A-Za-z]+/, "").slice(0, 24) || "step").replace(/_+$/, "") || "step";
  const taken = new Set(steps.map((s) => s.id.trim()));
  for (let n = 1; ; n++) {
    const id = `${base}${n}`;
    if (!taken.has(id)) return id;
  }
}

export function addStep(state: EditorState, appId: string, params: Record<string, unknown>): EditorState {
  if (state.steps.length >= MAX_STEPS) return state;
  const step: StepDraft = { id: freshStepId(state.steps, appId), app: appId, params: JSON.stringify(params, null, 2), inputs: "", after: "" };
  return { ...state, steps: [...state.steps, step] };
}

export function removeStep(state: EditorState, index: number): EditorState {
  if (index < 0 || index >= state.steps.length) return state;
  return { ...state, steps: state.steps.filter((_, i) => i !== index) };
}

export function replaceParams(state: EditorState, index: number, params: Record<string, unknown>): EditorState {
  if (index < 0 || index >= state.steps.length) return state;
  return { ...state, steps: state.steps.map((s, i) => (i === index ? { ...s, params: JSON.stringify(params, null, 2) } : s)) };
}

/** The editor's texts for its own checks, in the user's language (the server passes its t()). */
export type Say = (key: "paramsJson" | "paramsObject" | "inputLine" | "inputTwice" | "reportJson" | "reportArray", vars?: Record<string, string | number>) => string;

/** `param = steps.<id>.result.<path>` lines into a map; a line that is not of that form is an error naming it. */
export function parseInputs(text: string, say: Say): { inputs: Record<string, string>; error: string | null } {
  const inputs: Record<string, string> = {};
  const errors: string[] = [];
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = raw.trim();
    if (!line || line.startsWith("#")) return;
    const eq = line.indexOf("=");
    const key = eq > 0 ? line.slice(0, eq).trim() : "";
    const value = eq > 0 ? line.slice(eq + 1).trim() : "";
    if (!key || !value) errors.push(say("inputLine", { line: i + 1 }));
    else if (Object.hasOwn(inputs, key)) errors.push(say("inputTwice", { line: i + 1, param: key }));
    else inputs[key] = value;
  });
  return { inputs, error: errors.length ? errors.join("\n") : null };
}

/** Step ids separated by commas, semicolons or white space. */
export const parseAfter = (text: string) => text.split(/[\s,;]+/).filter(Boolean);

/**
 * The drafts as the workflow object CreateTask takes. Only what cannot be sent at all is checked here (JSON
 * that does not parse, an input line without `=`); everything else, ids, apps, references and cycles, is the
 * API's to judge, so its messages, in the user's language, are the ones the user sees.
 */
export function workflowFromState(state: EditorState, say: Say): { workflow: WorkflowObject | null; errors: EditorErrors } {
  const errors: EditorErrors = {};
  const steps: WorkflowStep[] = state.steps.map((d, i) => {
    let params: Record<string, unknown> = {};
    try {
      const p: unknown = JSON.parse(d.params.trim() || "{}");
      if (isObject(p)) params = p;
      else errors[`steps.${i}.params`] = say("paramsObject");
    } catch (e) {
      errors[`steps.${i}.params`] = say("paramsJson", { detail: e instanceof Error ? e.message : String(e) });
    }
    const { inputs, error } = parseInputs(d.inputs, say);
    if (error) errors[`steps.${i}.inputs`] = error;
    const after = parseAfter(d.after);
    const step: WorkflowStep = { id: d.id.trim(), app: d.app.trim(), params };
    if (Object.keys(inputs).length) step.inputs = inputs;
    if (after.length) step.after = after;
    return step;
  });
  // The name first: it heads the downloaded workflow.yaml.
  const workflow: WorkflowObject = state.name.trim() ? { name: state.name.trim(), steps } : { steps };
  if (state.report.trim()) {
    try {
      const r: unknown = JSON.parse(state.report);
      if (Array.isArray(r)) workflow.report = r;
      else errors.report = say("reportArray");
    } catch (e) {
      errors.report = say("reportJson", { detail: e instanceof Error ? e.message : String(e) });
    }
  }
  return Object.keys(errors).length ? { workflow: null, errors } : { workflow, errors };
}

/**
 * The API's field errors (`steps.2.params.x0`, `steps.1.inputs.x0`, `report.0.values.QE`, with or without the
 * `params.` prefix other apps' errors carry) placed where the editor shows them. A step named by its id
 * rather than its index is found by id. The part of the path below the field leads the message ("x0: …"),
 * so a message under a JSON text area says which key it means.
 */
export function placeApiErrors(fields: Array<{ field: string; message: string }>, state: EditorState): EditorErrors {
  const out: EditorErrors = {};
  const add = (k: string, m: string) => {
    out[k] = out[k] ? `${out[k]}\n${m}` : m;
  };
  for (const { field, message } of fields) {
    const path = field.replace(/^params(\.|$)/, "").split(".").filter(Boolean);
    const [head, ...rest] = path;
    if (head === "steps" && rest.length) {
      const [which, part, ...below] = rest;
      const i = /^\d+$/.test(which) ? Number(which) : state.steps.findIndex((s) => s.id.trim() === which);
      if (i < 0 || i >= state.steps.length) {
        add("steps", message);
        continue;
      }
      if (!part) add(`steps.${i}`, message);
      else if ((STEP_PARTS as readonly string[]).includes(part)) {
        // `after.1` is the second listed id: the API's message names it already, an index would say less.
        const detail = part === "after" ? "" : below.join(".");
        add(`steps.${i}.${part}`, detail ? `${detail}: ${message}` : message);
      } else add(`steps.${i}`, `${[part, ...below].join(".")}: ${message}`);
    } else if (head === "steps") add("steps", message);
    else if (head === "report") add("report", rest.length ? `${rest.join(".")}: ${message}` : message);
    else if (head === "name") add("name", message);
    else add("form", path.length ? `${path.join(".")}: ${message}` : message);
  }
  return out;
}

/** Which step a message belongs to, for the summary at the top ("step eq: …"). */
export const stepOfError = (key: string): number | null => {
  const m = /^steps\.(\d+)(\.|$)/.exec(key);
  return m ? Number(m[1]) : null;
};
