import path from "node:path";
import { z } from "zod";
import { projectPath } from "../../../common/project-path.ts";
import { storeAppId } from "../../compute/apps/store-apps.ts";
import { AppInputError, type AppDefinition, type FieldLabel, type InputIssue, type JobScriptContext } from "../../compute/apps/types.ts";
import { nodeCli, shellQuote } from "../../compute/job-shell.ts";
import type { AppStoreError } from "./errors.ts";
import { validateInputs, type AppManifest, type ManifestInput } from "./manifest.ts";
import { fullTexts, readAppResult, toTaskResult } from "./result.ts";

/**
 * An app store version as a compute app (api/compute/apps/types.ts), built from its manifest and unpacked
 * package: the graphical form from its inputs, the values checked by validateInputs, `params.json` as the deck
 * (instruction mode edits it), the sandboxed run as the job (run-cli.ts), and result.json read as the result.
 *
 * A `file` input is a text area with a file picker in the graphical form (like the built-in apps' structure
 * files): its content is written beside params.json as `input-<name><ext>` and params.json names that file. In
 * instruction mode the deck's params.json names a file the deck itself holds.
 */
const RUN_CLI = projectPath("api/modules/appStore/run-cli.ts");

/** The most a file input may hold (the form's text area and the task's deck both). */
export const FILE_INPUT_MAX_BYTES = 1024 * 1024;
export const PARAMS_FILE = "params.json";

/** A file input's value as the form gives it: the file's text, to be written into the work dir. */
interface FileContent {
  file: string;
  content: string;
}
type StoreParams = Record<string, unknown>;

const YES_NO = ["yes", "no"] as const;
const fileNameOf = (input: ManifestInput) => `input-${input.name}${input.accept?.[0] ?? ".txt"}`;

/** The form's schema: what formFields (api/modules/tasks/form.ts) draws and bounds. Booleans are the platform's yes/no select. */
function formSchema(manifest: AppManifest): z.ZodType<StoreParams> {
  const shape: Record<string, z.ZodType> = {};
  for (const input of manifest.inputs) {
    let field: z.ZodType;
    if (input.kind === "number" || input.kind === "integer") {
      let n = input.kind === "integer" ? z.int() : z.number();
      if (input.min !== undefined) n = n.min(input.min);
      if (input.max !== undefined) n = n.max(input.max);
      field = n;
    } else if (input.kind === "choice") {
      const values = (input.choices ?? []).map((c) => (typeof c === "string" ? c : c.value));
      field = z.enum(values as [string, ...string[]]);
    } else if (input.kind === "boolean") field = z.enum(YES_NO);
    else field = z.string();
    const fallback = input.kind === "boolean" && typeof input.default === "boolean" ? (input.default ? "yes" : "no") : input.default;
    if (fallback !== undefined) field = field.default(fallback as never);
    else if (input.required === false) field = field.optional();
    shape[input.name] = field;
  }
  return z.object(shape) as unknown as z.ZodType<StoreParams>;
}

function fieldLabels(manifest: AppManifest): Record<string, FieldLabel> {
  const out: Record<string, FieldLabel> = {};
  for (const input of manifest.inputs) {
    const labelled = (input.choices ?? []).flatMap((c) => (typeof c === "string" ? [] : [[c.value, fullTexts(c.label)] as const]));
    const options = labelled.length ? Object.fromEntries(labelled) : undefined;
    out[input.name] = {
      label: fullTexts(input.label),
      ...(input.unit ? { unit: input.unit } : {}),
      ...(input.help ? { help: fullTexts(input.help) } : {}),
      ...(options ? { options } : {}),
      ...(input.kind === "file" ? { multiline: { maxBytes: FILE_INPUT_MAX_BYTES, accept: (input.accept ?? [".txt"]).join(",") } } : input.kind === "text" ? { multiline: { maxBytes: 10_000 } } : {}),
    };
  }
  return out;
}

const issuesOf = (errors: AppStoreError[]): InputIssue[] => errors.map((e) => ({ field: e.path, text: e.message }));

/**
 * Form or API values → the checked params. A file input's text becomes { file, content } (written by renderDeck);
 * yes/no becomes a boolean. Every refusal names its field in the four languages.
 */
function validateFormParams(manifest: AppManifest, raw: unknown): StoreParams {
  const given = raw && typeof raw === "object" && !Array.isArray(raw) ? { ...(raw as Record<string, unknown>) } : {};
  const files: Record<string, FileContent> = {};
  const issues: InputIssue[] = [];
  for (const input of manifest.inputs) {
    const v = given[input.name];
    if (input.kind === "boolean" && (v === "yes" || v === "no")) given[input.name] = v === "yes";
    if (input.kind !== "file" || typeof v !== "string" || v === "") continue;
    if (Buffer.byteLength(v) > FILE_INPUT_MAX_BYTES) issues.push({ field: input.name, text: fileTooLarge });
    files[input.name] = { file: fileNameOf(input), content: v };
    given[input.name] = fileNameOf(input);
  }
  const checked = validateInputs(manifest, given);
  if (!checked.ok) issues.push(...issuesOf(checked.errors));
  if (issues.length) throw new AppInputError(issues);
  const values: StoreParams = { ...(checked as { values: StoreParams }).values };
  for (const [name, f] of Object.entries(files)) values[name] = f;
  return values;
}

const fileTooLarge = { zh: "文件不能超过 1 MiB", en: "The file must not exceed 1 MiB", es: "El archivo no debe superar 1 MiB", ja: "ファイルは 1 MiB 以下にしてください" };
const deckNotJson = {
  zh: "params.json 必须是一个 JSON 对象",
  en: "params.json must be a JSON object",
  es: "params.json debe ser un objeto JSON",
  ja: "params.json は JSON オブジェクトでなければなりません",
};
const fileMissing = (name: string) => ({
  zh: `输入文件 ${name} 不在所提交的文件中`,
  en: `The input file ${name} is not among the files given`,
  es: `El archivo de entrada ${name} no está entre los archivos enviados`,
  ja: `入力ファイル ${name} が提出されたファイルにありません`,
});

/** The params as the script reads them: file inputs by the name of their file in the work dir. */
function paramsJson(params: StoreParams): string {
  const values = Object.fromEntries(Object.entries(params).map(([k, v]) => [k, v && typeof v === "object" && "file" in v ? (v as FileContent).file : v]));
  return `${JSON.stringify(values, null, 2)}\n`;
}

/** The job: run-cli.ts runs the package's command in the sandbox with the version's memory and the task's cores and walltime. */
function jobScript(manifest: AppManifest, appDir: string, ctx: JobScriptContext): string {
  const args = [appDir, manifest.runtime, manifest.command, String(manifest.resources.memoryMiB), String(ctx.cores), String(ctx.walltimeMin)];
  return ["#!/usr/bin/env bash", "set -euo pipefail", `cd ${shellQuote(ctx.workDir)}`, `exec ${nodeCli(RUN_CLI, ...args)}`, ""].join("\n");
}

/** The compute app of one store version whose package is unpacked at appDir. */
export function storeAppDefinition(manifest: AppManifest, appDir: string): AppDefinition<StoreParams> {
  const schema = formSchema(manifest);
  const fileInputs = manifest.inputs.filter((i) => i.kind === "file");
  return {
    id: storeAppId(manifest.id, manifest.version),
    names: fullTexts(manifest.names),
    category: manifest.category,
    version: manifest.version,
    modes: ["graphical", "instruction"],
    paramsSchema: schema,
    validateParams: (raw) => validateFormParams(manifest, raw),
    fieldLabels: fieldLabels(manifest),
    example: Object.fromEntries(Object.entries(manifest.example).map(([k, v]) => [k, typeof v === "boolean" ? (v ? "yes" : "no") : v])),
    mainInput: PARAMS_FILE,
    defaultResources: { cores: manifest.resources.cores, walltimeMin: manifest.resources.walltimeMin },
    renderDeck(params) {
      const files: Record<string, string> = { [PARAMS_FILE]: paramsJson(params) };
      for (const v of Object.values(params)) if (v && typeof v === "object" && "file" in v) files[(v as FileContent).file] = (v as FileContent).content;
      return { files };
    },
    parseDeck(text) {
      let raw: unknown;
      try {
        raw = JSON.parse(text);
      } catch {
        throw new AppInputError([{ field: "", text: deckNotJson }]);
      }
      if (!raw || typeof raw !== "object" || Array.isArray(raw)) throw new AppInputError([{ field: "", text: deckNotJson }]);
      const checked = validateInputs(manifest, raw);
      if (!checked.ok) throw new AppInputError(issuesOf(checked.errors));
      return checked.values;
    },
    checkDeckFiles(files, params) {
      const missing = fileInputs.filter((i) => typeof params[i.name] === "string" && !(String(params[i.name]) in files));
      if (missing.length) throw new AppInputError(missing.map((i) => ({ field: PARAMS_FILE, text: fileMissing(String(params[i.name])) })));
    },
    jobScript: (ctx) => jobScript(manifest, appDir, ctx),
    async parseOutput(workDir) {
      const read = await readAppResult(workDir, manifest);
      if (!read.ok) throw new Error(read.errors.map((e) => `${e.path}: ${e.message.en}`).join("; "));
      return toTaskResult(read.outputs);
    },
  };
}

/** Where a version's package lives under DATA_DIR: the upload as sent, and its files unpacked. */
export const versionDir = (dataDir: string, appId: string, version: string) => path.join(dataDir, "app-store", appId, version);
