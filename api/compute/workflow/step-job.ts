import { spawn } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { projectPath } from "../../../common/project-path.ts";
import type { Lang } from "../../http/messages.ts";
import { asLang, taskTexts, withN } from "../tasks/texts.ts";
import { AppInputError, type AppDefinition, type TaskResult } from "../apps/types.ts";
import { nodeCli, shellQuote } from "../job-shell.ts";
import { writeInputs } from "../tasks/workdir.ts";
import { follow, referencesIn, resolveInput, resultView, ReferenceError, setParam, type Reference } from "./reference.ts";
import { workflowTexts as W } from "./texts.ts";

/**
 * A workflow step runs as one job in its own work dir (docs/workflows.md): `prepare` reads the values it takes
 * from the steps before it out of their work dirs and writes its deck, the app's own job script runs, and
 * `publish` leaves its result where the steps after it read it. The values pass through the work dirs, not the
 * API, so a step can be handed to the executor before the steps it needs have finished (Slurm's afterok).
 */

/** Written by the task service when the workflow is created: everything the step's job needs. */
export interface StepSpec {
  workflowId: string;
  stepId: string;
  appId: string;
  lang: Lang;
  /** Validated params; `inputs` replace some of them at run time. */
  params: Record<string, unknown>;
  inputs: Record<string, string>;
  /** Work dirs of the workflow's other steps, by step id. */
  dirs: Record<string, string>;
}

export const STEP_FILES = {
  spec: "step.json",
  appJob: "app-job.sh",
  /** The step's result as its app reads it, for the steps after it. */
  result: "workflow-result.json",
  /** The params it ran with, inputs filled in: what `steps.<id>.params.…` of later steps reads. */
  params: "step-params.json",
  /** Each input's value, for the workflow page. */
  inputs: "step-inputs.json",
} as const;

const STEP_CLI = projectPath("api/compute/workflow/step-cli.ts");

/**
 * job.sh of a step: one process prepares, runs the app's own script (app-job.sh beside it) as its child, and
 * publishes; one process, so the step's app is loaded once (step-cli.ts).
 */
export function stepJobScript(workDir: string): string {
  return [
    "#!/usr/bin/env bash",
    "set -euo pipefail",
    `cd ${shellQuote(workDir)}`,
    `exec ${nodeCli(STEP_CLI, workDir)}`,
    "",
  ].join("\n");
}

/**
 * The app of a step, loaded alone: the app with id X lives in api/compute/apps/X/index.ts (a test holds every
 * app to that), so a step's job does not load every app of the platform (pseudopotential scans and all).
 */
export async function loadApp(appId: string): Promise<AppDefinition<any> | undefined> {
  if (!/^[a-z0-9-]+$/.test(appId)) return undefined;
  let mod: Record<string, unknown>;
  try {
    mod = await import(pathToFileURL(projectPath("api/compute/apps", appId, "index.ts")).href);
  } catch {
    return undefined;
  }
  return Object.values(mod).find((v): v is AppDefinition<any> => !!v && typeof v === "object" && (v as AppDefinition).id === appId);
}

/** prepare, the app's own job script, publish; resolves to the exit code the step's job ends with. */
export async function runStep(workDir: string): Promise<number> {
  const spec = await readJson<StepSpec>(path.join(workDir, STEP_FILES.spec));
  const app = await loadApp(spec.appId);
  const find = (id: string) => (id === spec.appId ? app : undefined);
  await prepareStep(workDir, find);
  const code = await new Promise<number>((resolve, reject) => {
    const child = spawn("bash", [path.join(workDir, STEP_FILES.appJob)], { cwd: workDir, stdio: "inherit" });
    child.once("error", reject);
    child.once("exit", (c, signal) => resolve(c ?? 128 + (signal ? (os.constants.signals[signal] ?? 0) : 0)));
  });
  if (code !== 0) return code;
  await publishStep(workDir, find);
  return 0;
}

const readJson = async <T>(file: string): Promise<T> => JSON.parse(await fs.readFile(file, "utf8")) as T;

/** Thrown for a value the step cannot take; the message is in the workflow owner's language. */
export class StepInputError extends Error {}

/** Reads the inputs' values from the earlier steps' work dirs and writes the step's deck. */
export async function prepareStep(workDir: string, findApp: (id: string) => AppDefinition<any> | undefined): Promise<void> {
  const spec = await readJson<StepSpec>(path.join(workDir, STEP_FILES.spec));
  const lang = asLang(spec.lang);
  const app = findApp(spec.appId);
  if (!app) throw new StepInputError(withN(W.appUnknown, spec.appId)[lang]);

  const views = new Map<string, unknown>();
  const read = async (ref: Reference): Promise<unknown> => {
    const key = `${ref.step}:${ref.source}`;
    if (!views.has(key)) {
      const dir = spec.dirs[ref.step];
      if (!dir) throw new ReferenceError("missing", `steps.${ref.step}`);
      const file = path.join(dir, ref.source === "result" ? STEP_FILES.result : STEP_FILES.params);
      const data = await readJson<unknown>(file).catch(() => {
        throw new ReferenceError("missing", `steps.${ref.step}.${ref.source}`);
      });
      views.set(key, ref.source === "result" ? resultView(data as TaskResult) : data);
    }
    return follow(views.get(key), ref);
  };

  const params = structuredClone(spec.params);
  const values: Record<string, unknown> = {};
  for (const [key, text] of Object.entries(spec.inputs)) {
    try {
      // Every reference is read first (they are async), then the template is filled from what was read.
      const cache = new Map<string, unknown>();
      for (const ref of referencesIn(text)) cache.set(JSON.stringify(ref), await read(ref));
      values[key] = resolveInput(text, (ref) => cache.get(JSON.stringify(ref)));
    } catch (e) {
      if (!(e instanceof ReferenceError)) throw e;
      throw new StepInputError(`${withN(W.inputUnresolved, key)[lang]}: ${text} (${e.detail})`);
    }
    setParam(params, key, values[key]);
  }

  let valid: unknown;
  try {
    valid = app.validateParams ? app.validateParams(params) : app.paramsSchema.parse(params);
  } catch (e) {
    if (e instanceof AppInputError) throw new StepInputError(e.issues.map((i) => `${i.field}: ${i.text[lang]}`).join("\n"));
    throw new StepInputError((e as Error).message);
  }
  await writeInputs(workDir, app.renderDeck(valid).files);
  await fs.writeFile(path.join(workDir, STEP_FILES.params), JSON.stringify(valid));
  await fs.writeFile(path.join(workDir, STEP_FILES.inputs), JSON.stringify(values));
}

/** After the app's job: its result, read by the app, for the steps after it. */
export async function publishStep(workDir: string, findApp: (id: string) => AppDefinition<any> | undefined): Promise<void> {
  const spec = await readJson<StepSpec>(path.join(workDir, STEP_FILES.spec));
  const app = findApp(spec.appId);
  if (!app) throw new StepInputError(withN(W.appUnknown, spec.appId)[asLang(spec.lang)]);
  let result: TaskResult;
  try {
    result = await app.parseOutput(workDir);
  } catch (e) {
    throw new StepInputError(withN(taskTexts.outputUnreadable, (e as Error).message)[asLang(spec.lang)]);
  }
  const tmp = path.join(workDir, `${STEP_FILES.result}.tmp`);
  await fs.writeFile(tmp, JSON.stringify(result));
  await fs.rename(tmp, path.join(workDir, STEP_FILES.result));
}
