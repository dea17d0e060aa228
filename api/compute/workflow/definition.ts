import { z } from "zod";
import YAML, { LineCounter } from "yaml";
import type { Lang, Texts } from "../../http/messages.ts";
import { LANGS, withN } from "../tasks/texts.ts";
import { availabilityOf } from "../apps/availability.ts";
import { AppInputError, type AppDefinition, type InputIssue } from "../apps/types.ts";
import { fieldErrors } from "../tasks/field-errors.ts";
import { parseReference, referencesIn, ReferenceError, STEP_ID } from "./reference.ts";
import { workflowTexts as W } from "./texts.ts";

/** The app id of workflows: the task service runs such a task as its steps, never as a job of its own. */
export const WORKFLOW_APP_ID = "workflow";
export const WORKFLOW_MAX_STEPS = 20;

const stepSchema = z
  .object({
    id: z.string().regex(STEP_ID),
    app: z.string().min(1).max(100),
    /** The app's graphical params, complete and valid on their own; inputs replace some of them at run time. */
    params: z.record(z.string(), z.unknown()).default({}),
    /** param key (dotted for nested: "composition.ZR") → a reference or a template of references. */
    inputs: z.record(z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z0-9_]+)*$/), z.string().min(1).max(500)).default({}),
    /** Steps to wait for besides those the inputs name. */
    after: z.array(z.string().regex(STEP_ID)).max(WORKFLOW_MAX_STEPS).default([]),
    resources: z.object({ cores: z.number().int().min(1).max(1024), walltimeMin: z.number().gt(0).max(7 * 24 * 60) }).partial().strict().optional(),
  })
  .strict();

const reportSchema = z
  .object({
    label: z.string().min(1).max(100),
    unit: z.string().max(30).default(""),
    /** Column name → a reference, or a number given as it is (an experimental value beside the computed ones). */
    values: z.record(z.string().min(1).max(40), z.union([z.string().min(1).max(500), z.number()])),
  })
  .strict();

export const workflowSchema = z
  .object({
    name: z.string().max(200).optional(),
    steps: z.array(stepSchema).min(1).max(WORKFLOW_MAX_STEPS),
    report: z.array(reportSchema).max(40).default([]),
  })
  .strict();

export type Workflow = z.output<typeof workflowSchema>;
export type WorkflowStep = Workflow["steps"][number];

/** zod's issues as InputIssues: each refused field with its message in every language. */
function zodIssues(error: z.ZodError, prefix: string): InputIssue[] {
  const byLang = Object.fromEntries(LANGS.map((l) => [l, fieldErrors(error, l, prefix)])) as Record<Lang, ReturnType<typeof fieldErrors>>;
  return byLang.en.map((e, i) => ({ field: e.field, text: Object.fromEntries(LANGS.map((l) => [l, byLang[l][i].message])) as Texts }));
}

/** A step's dependencies: its `after` and every step its inputs read. */
export function dependenciesOf(step: WorkflowStep): string[] {
  const deps = new Set(step.after);
  for (const text of Object.values(step.inputs)) {
    try {
      for (const r of referencesIn(text)) deps.add(r.step);
    } catch {
      // A reference that does not read is reported by checkWorkflow; here it adds nothing.
    }
  }
  return [...deps];
}

/** The steps in an order where each comes after those it needs; null with the steps of a cycle when there is one. */
export function topologicalOrder(steps: readonly WorkflowStep[]): { order: string[] } | { cycle: string[] } {
  const deps = new Map(steps.map((s) => [s.id, dependenciesOf(s).filter((d) => d !== s.id)]));
  const order: string[] = [];
  const state = new Map<string, "visiting" | "done">();
  const stack: string[] = [];
  let cycle: string[] | null = null;
  const visit = (id: string) => {
    if (cycle || state.get(id) === "done") return;
    if (state.get(id) === "visiting") {
      cycle = [...stack.slice(stack.indexOf(id)), id];
      return;
    }
    state.set(id, "visiting");
    stack.push(id);
    for (const d of deps.get(id) ?? []) if (deps.has(d)) visit(d);
    stack.pop();
    state.set(id, "done");
    order.push(id);
  };
  for (const s of steps) visit(s.id);
  return cycle ? { cycle } : { order };
}

/** A step's params through its app: defaults filled in, or the app's refusals under steps.<i>.params. */
function checkStepParams(app: AppDefinition<any>, params: unknown, prefix: string): { params?: Record<string, unknown>; issues: InputIssue[] } {
  try {
    if (app.validateParams) return { params: app.validateParams(params) as Record<string, unknown>, issues: [] };
    const r = app.paramsSchema.safeParse(params);
    return r.success ? { params: r.data as Record<string, unknown>, issues: [] } : { issues: zodIssues(r.error, prefix) };
  } catch (e) {
    if (!(e instanceof AppInputError)) throw e;
    return { issues: e.issues.map((i) => ({ ...i, field: i.field ? `${prefix}.${i.field}` : prefix })) };
  }
}

/**
 * Checks a workflow as a whole and returns it with every step's params validated by its app (defaults filled in);
 * throws AppInputError naming each refused field (`steps.2.inputs.x0`). `findApp` is the app registry, passed in
 * because the registry itself lists the workflow app.
 */
export function checkWorkflow(raw: unknown, findApp: (id: string) => AppDefinition<any> | undefined): Workflow {
  const parsed = workflowSchema.safeParse(raw);
  if (!parsed.success) throw new AppInputError(zodIssues(parsed.error, ""));
  const wf = parsed.data;
  const issues: InputIssue[] = [];
  const ids = new Set<string>();
  wf.steps.forEach((s, i) => {
    if (ids.has(s.id)) issues.push({ field: `steps.${i}.id`, text: withN(W.duplicateStep, s.id) });
    ids.add(s.id);
  });

  const steps = wf.steps.map((s, i) => {
    const at = `steps.${i}`;
    const app = findApp(s.app);
    if (!app) {
      issues.push({ field: `${at}.app`, text: withN(W.appUnknown, s.app) });
      return s;
    }
    if (app.id === WORKFLOW_APP_ID) issues.push({ field: `${at}.app`, text: W.nested });
    else if (!app.modes.includes("graphical")) issues.push({ field: `${at}.app`, text: withN(W.noGraphical, s.app) });
    else if (!availabilityOf(app).available) issues.push({ field: `${at}.app`, text: withN(W.unavailable, s.app) });
    if (issues.some((x) => x.field === `${at}.app`)) return s;

    const checked = checkStepParams(app, s.params, `${at}.params`);
    issues.push(...checked.issues);
    for (const [key, text] of Object.entries(s.inputs)) {
      const field = `${at}.inputs.${key}`;
      if (checked.params && !Object.hasOwn(checked.params, key.split(".")[0])) issues.push({ field, text: withN(W.unknownParam, key) });
      try {
        for (const r of referencesIn(text)) {
          if (r.step === s.id) issues.push({ field, text: W.selfReference });
          else if (!ids.has(r.step)) issues.push({ field, text: withN(W.stepUnknown, r.step) });
        }
      } catch (e) {
        if (!(e instanceof ReferenceError)) throw e;
        issues.push({ field, text: withN(W.referenceSyntax, text) });
      }
    }
    s.after.forEach((d, j) => {
      if (!ids.has(d)) issues.push({ field: `${at}.after.${j}`, text: withN(W.stepUnknown, d) });
      else if (d === s.id) issues.push({ field: `${at}.after.${j}`, text: W.selfReference });
    });
    return checked.params ? { ...s, params: checked.params } : s;
  });

  wf.report.forEach((r, i) => {
    for (const [col, v] of Object.entries(r.values)) {
      if (typeof v === "number") continue;
      const field = `report.${i}.values.${col}`;
      try {
        const ref = parseReference(v);
        if (!ids.has(ref.step)) issues.push({ field, text: withN(W.stepUnknown, ref.step) });
      } catch (e) {
        if (!(e instanceof ReferenceError)) throw e;
        issues.push({ field, text: withN(W.referenceSyntax, v) });
      }
    }
  });

  if (!issues.length) {
    const topo = topologicalOrder(steps);
    if ("cycle" in topo) issues.push({ field: "steps", text: withN(W.cycle, topo.cycle.join(" → ")) });
  }
  if (issues.length) throw new AppInputError(issues);
  return { ...wf, steps };
}

/** The instruction mode's workflow.yaml (JSON is YAML too) → the workflow object; a syntax error names its line. */
export function readWorkflowDeck(text: string): unknown {
  const lineCounter = new LineCounter();
  const doc = YAML.parseDocument(text, { prettyErrors: false, uniqueKeys: true, lineCounter });
  const err = doc.errors[0];
  if (err) {
    const line = lineCounter.linePos(err.pos[0]).line;
    throw new AppInputError([{ field: "", line, text: withN(W.yaml, err.message.split("\n")[0]) }]);
  }
  return doc.toJS();
}

export function renderWorkflowDeck(wf: Workflow): string {
  return YAML.stringify(wf, { lineWidth: 0 });
}
