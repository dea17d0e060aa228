import fs from "node:fs/promises";
import path from "node:path";
import { createRequire } from "node:module";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { Lang } from "../../http/messages.ts";
import { asLang, withN } from "../tasks/texts.ts";
import { AppInputError, type AppDefinition, type TaskResult } from "../apps/types.ts";
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

const TSX_LOADER = pathToFileURL(createRequire(import.meta.url).resolve("tsx")).href;
const STEP_CLI = fileURLToPath(new URL("./step-cli.ts", import.meta.url));
const shellQuote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

/** job.sh of a step: prepare, the app's own script (app-job.sh beside it), publish. */
export function stepJobScript(workDir: string): string {
  const cli = (cmd: string) => `${shellQuote(process.execPath)} --import ${shellQuote(TSX_LOADER)} ${shellQuote(STEP_CLI)} ${cmd} ${shellQuote(workDir)}`;
  return [
    "#!/usr/bin/env bash",
    "set -euo pipefail",
    `cd ${shellQuote(workDir)}`,
    cli("prepare"),
    `bash ${shellQuote(path.join(workDir, STEP_FILES.appJob))}`,
    cli("publish"),
    "",
  ].join("\n");
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
  const result = await app.parseOutput(workDir);
  const tmp = path.join(workDir, `${STEP_FILES.result}.tmp`);
  await fs.writeFile(tmp, JSON.stringify(result));
  await fs.rename(tmp, path.join(workDir, STEP_FILES.result));
}
