import { z } from "zod";
import type { Lang } from "../../http/messages.ts";
import { availabilityOf } from "../apps/availability.ts";
import { findApp } from "../apps/index.ts";
import { AppInputError, TASK_MODES, type AppDefinition, type InputIssue, type Resources, type TaskMode } from "../apps/types.ts";
import { fieldError, fieldErrors, fieldErrorsApiError } from "./field-errors.ts";
import { taskTexts } from "./texts.ts";
import { SAFE_DECK_PATH } from "./workdir.ts";

/** A deck's files together: generous for text inputs, small enough to keep in one request. */
export const DECK_MAX_BYTES = 1024 * 1024;
/** An OpenFOAM case has a few dozen files; more than this is not a deck. */
const DECK_MAX_FILES = 100;
/** Names the run itself writes in the work dir (job script, executor state, logs, result): a deck may not take them. */
const RESERVED_NAMES = new Set(["job.sh", "job.state", "job.exit", "stdout.log", "stderr.log", "result.json"]);
/** A week: the longest walltime a task may ask for. */
export const WALLTIME_MAX_MIN = 7 * 24 * 60;

const bodySchema = z.object({
  appId: z.string().min(1),
  mode: z.enum(TASK_MODES as [TaskMode, ...TaskMode[]]).default("graphical"),
  params: z.unknown().optional(),
  deck: z.record(z.string(), z.string()).optional(),
  resources: z.object({ cores: z.number().int().optional(), walltimeMin: z.number().optional() }).optional(),
  /** The research project the task's core-hours are charged to (checked with the store, api/modules/projects/charge.ts). */
  projectId: z.string().max(100).optional(),
});

/** A CreateTask request made ready to store: the app, validated params, the work dir's input files, resources. */
export interface TaskInput {
  app: AppDefinition<any>;
  /** The installed code's version, recorded with the task. */
  version: string;
  mode: TaskMode;
  params: unknown;
  files: Record<string, string>;
  resources: Resources;
  projectId?: string;
}

const issuesToFields = (issues: InputIssue[], lang: Lang, prefix: string, fileName?: string) =>
  issues.map((i) => ({
    field: i.field ? `${prefix}.${i.field}` : fileName ? `deck.${fileName}` : prefix,
    message: (i.line ? `${fileName ?? ""}:${i.line} ` : "") + i.text[lang],
  }));

function validateParams(app: AppDefinition<any>, raw: unknown, lang: Lang): unknown {
  if (app.validateParams) {
    try {
      return app.validateParams(raw);
    } catch (e) {
      if (e instanceof AppInputError) throw fieldErrorsApiError(issuesToFields(e.issues, lang, "params"));
      throw e;
    }
  }
  const r = app.paramsSchema.safeParse(raw);
  if (!r.success) throw fieldErrorsApiError(fieldErrors(r.error, lang, "params"));
  return r.data;
}

function readDeck(app: AppDefinition<any>, deck: Record<string, string>, lang: Lang): { params: unknown; files: Record<string, string> } {
  const names = Object.keys(deck);
  if (names.length > DECK_MAX_FILES) throw fieldError("deck", taskTexts.deckTooLarge, lang);
  const bad = names.find((n) => !SAFE_DECK_PATH.test(n) || RESERVED_NAMES.has(n.split("/")[0]) || n.endsWith(".tmp"));
  if (bad !== undefined) throw fieldError(`deck.${bad}`, taskTexts.fileNameInvalid, lang);
  if (names.reduce((sum, n) => sum + Buffer.byteLength(deck[n]), 0) > DECK_MAX_BYTES) throw fieldError("deck", taskTexts.deckTooLarge, lang);
  const main = deck[app.mainInput];
  if (main === undefined) throw fieldError(`deck.${app.mainInput}`, taskTexts.mainInputMissing, lang);
  let params: unknown;
  try {
    params = app.parseDeck(main);
  } catch (e) {
    if (e instanceof AppInputError) throw fieldErrorsApiError(issuesToFields(e.issues, lang, "params", app.mainInput));
    throw fieldError(`deck.${app.mainInput}`, taskTexts.deckUnreadable, lang);
  }
  try {
    app.checkDeckFiles?.(deck, params);
  } catch (e) {
    if (!(e instanceof AppInputError)) throw e;
    // Each issue names its file (field) and line: "system/fvSolution:12 …".
    throw fieldErrorsApiError(
      e.issues.map((i) => ({ field: `deck.${i.field || app.mainInput}`, message: `${i.field || app.mainInput}${i.line ? `:${i.line}` : ""} ${i.text[lang]}` })),
    );
  }
  return { params, files: { ...deck } };
}

/** Validates a CreateTask body; every refusal is a 400 naming its fields in the caller's language. */
export function readTaskInput(body: unknown, lang: Lang, maxCores: number): TaskInput {
  const b = bodySchema.safeParse(body);
  if (!b.success) throw fieldErrorsApiError(fieldErrors(b.error, lang));
  const { appId, mode, params, deck, resources, projectId } = b.data;
  const app = findApp(appId);
  if (!app) throw fieldError("appId", taskTexts.appUnknown, lang);
  const availability = availabilityOf(app);
  // Refused here, with the reason, rather than accepted and failed by a missing executable.
  if (!availability.available) throw fieldError("appId", availability.reason!, lang);
  if (!app.modes.includes(mode)) throw fieldError("mode", taskTexts.modeUnsupported, lang);

  let input: { params: unknown; files: Record<string, string> };
  if (mode === "graphical") {
    if (params === undefined || params === null) throw fieldError("params", taskTexts.paramsRequired, lang);
    const valid = validateParams(app, params, lang);
    input = { params: valid, files: app.renderDeck(valid).files };
  } else {
    if (!deck) throw fieldError("deck", taskTexts.deckRequired, lang);
    input = readDeck(app, deck, lang);
  }

  const cores = resources?.cores ?? app.defaultResources.cores;
  const walltimeMin = resources?.walltimeMin ?? app.defaultResources.walltimeMin;
  if (!(cores >= 1 && cores <= maxCores)) throw fieldError("resources.cores", taskTexts.coresInvalid, lang);
  if (!(walltimeMin > 0 && walltimeMin <= WALLTIME_MAX_MIN)) throw fieldError("resources.walltimeMin", taskTexts.walltimeInvalid, lang);
  return { app, version: availability.version, mode, ...input, resources: { cores, walltimeMin }, projectId };
}
