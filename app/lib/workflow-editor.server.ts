import { data, redirect } from "@remix-run/node";
import { stringify } from "yaml";
import { z } from "zod";
import {
  addStep,
  placeApiErrors,
  readEditorState,
  removeStep,
  replaceParams,
  stateFromWorkflow,
  workflowFromState,
  WORKFLOW_APP,
  type EditorErrors,
  type EditorState,
  type Say,
} from "../components/workflow/editor-state.ts";
import { initialValues, paramsOf, taskPageUrl, withProject, type ChargeableProject } from "./compute-form.ts";
import { chargeableProjects, createTask, loadAppForm, loadTaskInputs } from "./compute-form.server.ts";
import { lngOf } from "./compute-task.server.ts";
import { sessionGone } from "./feedback-page.server.ts";
import { getT } from "./i18n.server.ts";
import { api, UpstreamError, type CallArgs } from "./upstream.server.ts";
import { loadChains, type Chain } from "./workflow.server.ts";

/**
 * The graphical editor of a workflow (cloudCompute?app=workflow): its loader and action, called by the
 * cloudCompute route for app=workflow. Every button is a plain submit (`intent`), so adding, removing and
 * re-filling steps work without JavaScript: the server reads the posted drafts, changes them and draws the
 * editor again; Submit creates the task. Nothing typed is lost on any of these round trips.
 */

/** An app a step can run: graphical apps other than the workflow itself, grouped by category in the select. */
export interface StepApp {
  id: string;
  name: string;
  category: string;
  categoryText: string;
  available: boolean;
}

const listSchema = z.object({
  data: z.array(
    z.object({
      category: z.string(),
      categoryText: z.string().nullish().transform((s) => s ?? ""),
      apps: z
        .array(z.object({ id: z.string(), name: z.string().nullish(), modes: z.array(z.string()), available: z.boolean().default(true), unavailableReason: z.string().nullish() }))
        .nullish()
        .transform((a) => a ?? []),
    }),
  ),
});

async function appCatalogue(args: CallArgs, token: string) {
  const list = await api(args, "CalculateTask/GetSoftAlgorithmListBase", { token, schema: listSchema });
  const all = list.data.flatMap((c) => c.apps.map((a) => ({ ...a, category: c.category, categoryText: c.categoryText || c.category })));
  const self = all.find((a) => a.id === WORKFLOW_APP) ?? null;
  const stepApps: StepApp[] = all
    .filter((a) => a.id !== WORKFLOW_APP && a.modes.includes("graphical"))
    .map((a) => ({ id: a.id, name: a.name || a.id, category: a.category, categoryText: a.categoryText, available: a.available }));
  return { self, stepApps };
}

/** The params an app's form starts with (its example, else its defaults), as a step's params. */
async function exampleParams(args: CallArgs, token: string, appId: string): Promise<Record<string, unknown>> {
  const form = await loadAppForm(args, token, appId);
  return form ? paramsOf(form, initialValues(form)) : {};
}

/** The drafts as a workflow.yaml, as a data: link (so the download needs no route and no JavaScript); null while a field does not read. */
function yamlHref(state: EditorState, say: Say): string | null {
  const { workflow } = workflowFromState(state, say);
  if (!workflow) return null;
  return `data:application/yaml;charset=utf-8,${encodeURIComponent(stringify(workflow, { lineWidth: 0 }))}`;
}

export interface EditorPage {
  kind: "workflow-editor";
  title: string;
  appName: string;
  available: boolean;
  unavailableReason: string | null;
  instructionMode: boolean;
  chains: Array<Omit<Chain, "workflow">>;
  /** GetWorkflowChains failed: the editor still works, the list says it is missing. */
  chainsMissing: boolean;
  apps: StepApp[];
  state: EditorState;
  yamlHref: string | null;
  from: string | null;
  fromMissing: boolean;
  chainMissing: boolean;
  /** The projects the workflow's core-hours can be charged to, and the one chosen first (`?project=`). */
  projects: ChargeableProject[];
  project: string;
}

export interface EditorResult {
  state: EditorState;
  /** The project as posted, kept on a refusal. */
  project: string;
  errors: EditorErrors;
  /** The API's message when it refused the workflow; null after add/remove. */
  message: string | null;
  yamlHref: string | null;
  /** The step the last action was about, so the page can bring it into view. */
  focus: number | null;
}

async function sayIn(request: Request): Promise<Say> {
  const t = await getT(request, "workflow");
  return (key, vars) => t(`check.${key}`, vars);
}

/** The editor's first state: a chain (`chain=`), a workflow task to start again from (`from=`), else empty. */
export async function workflowEditorLoader(args: CallArgs, token: string, q: URLSearchParams): Promise<EditorPage> {
  const t = await getT(args.request, "workflow");
  const lng = await lngOf(args);
  const [catalogue, projects, chains] = await Promise.all([
    appCatalogue(args, token),
    chargeableProjects(args, token),
    loadChains(args, token, lng).catch((e) => {
      if (e instanceof UpstreamError && !e.sessionInvalid) return null;
      return sessionGone(args, e);
    }),
  ]);
  const chainId = q.get("chain");
  const fromId = q.get("from");
  const chain = chainId ? chains?.find((c) => c.id === chainId) : undefined;
  const from = fromId ? await loadTaskInputs(args, token, fromId) : null;
  const usable = from && from.appId === WORKFLOW_APP && from.params ? from : null;
  const state = usable ? stateFromWorkflow(usable.params) : chain ? stateFromWorkflow(chain.workflow, chain.id) : stateFromWorkflow({ steps: [] });
  const appName = catalogue.self?.name || t("appName");
  return {
    kind: "workflow-editor",
    title: `${t("editor.title")} · ${appName}`,
    appName,
    available: catalogue.self?.available ?? true,
    unavailableReason: catalogue.self?.unavailableReason ?? null,
    instructionMode: catalogue.self ? catalogue.self.modes.includes("instruction") : true,
    chains: (chains ?? []).map(({ workflow: _, ...c }) => c),
    chainsMissing: chains === null,
    apps: catalogue.stepApps,
    state,
    yamlHref: yamlHref(state, await sayIn(args.request)),
    from: usable ? usable.id : null,
    fromMissing: Boolean(fromId) && !usable,
    chainMissing: Boolean(chainId) && !chain && !usable,
    projects,
    project: withProject({}, projects, q.get("project")).projectId ?? "",
  };
}

/** Add, remove, re-fill a step's params from its app's example, or submit (the default, e.g. on Enter). */
export async function workflowEditorAction(args: CallArgs, token: string, posted: FormData) {
  const say = await sayIn(args.request);
  let state = readEditorState((n) => posted.get(n));
  const intent = String(posted.get("intent") ?? "submit");
  const [verb, arg] = intent.split(":");
  const index = Number(arg);
  const project = typeof posted.get("projectId") === "string" ? String(posted.get("projectId")).slice(0, 100) : "";
  const reply = (errors: EditorErrors, message: string | null, focus: number | null, status = 200) =>
    data<EditorResult>({ state, project, errors, message, yamlHref: yamlHref(state, say), focus }, { status });

  if (verb === "add") {
    const appId = String(posted.get("newApp") ?? "");
    const { stepApps } = await appCatalogue(args, token);
    if (!stepApps.some((a) => a.id === appId)) return reply({ newApp: (await getT(args.request, "workflow"))("editor.pickApp") }, null, null, 400);
    state = addStep(state, appId, await exampleParams(args, token, appId));
    return reply({}, null, state.steps.length - 1);
  }
  if (verb === "remove" && Number.isInteger(index)) {
    state = removeStep(state, index);
    return reply({}, null, null);
  }
  if (verb === "example" && Number.isInteger(index) && state.steps[index]) {
    state = replaceParams(state, index, await exampleParams(args, token, state.steps[index].app.trim()));
    return reply({}, null, index);
  }

  const { workflow, errors } = workflowFromState(state, say);
  if (!workflow) return reply(errors, (await getT(args.request, "workflow"))("editor.fixMarked"), null, 400);
  const r = await createTask(args, token, { appId: WORKFLOW_APP, mode: "graphical", params: workflow, projectId: project || undefined });
  if (r.ok) return redirect(taskPageUrl(r.taskId));
  // A refused project (over its budget, closed) is said under the project's choice.
  const refusedProject = r.fields.find((f) => f.field === "projectId");
  const placed = refusedProject ? { projectId: refusedProject.message } : placeApiErrors(r.fields, state);
  // A refusal without field errors (the task limit, an unavailable app) is said at the top.
  if (!Object.keys(placed).length) placed.form = r.message;
  return reply(placed, r.message, null, 400);
}
