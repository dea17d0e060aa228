/**
 * The condition script of calphad-step's instruction mode (main input `step.calphad`): the equilibrium
 * app's script (script/script.ts: database, components, phases, P, X or W) with the temperature line giving
 * a range,
 *
 *   T 300 1000 5 K           # from, to, step; K or °C / C
 *
 * The T line is read here and handed on as `T <from> <unit>` on the same line, so the equilibrium script's
 * reader checks everything else — and the start temperature and unit — with its own messages and lines.
 */
import { CalphadInputError, readCalphadScript, renderCalphadScript, type CalphadIssue, type DatabaseInfo } from "../script/index.ts";
import { checkStepParams, type StepCase, type StepInput, type StepParams } from "./params.ts";
import { stepTexts } from "./texts.ts";

export const STEP_SCRIPT = "step.calphad";

const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/** The equilibrium reader's "temperature" is this script's start temperature. */
const renamed = (issues: CalphadIssue[]): CalphadIssue[] => issues.map((i) => (i.field === "temperature" ? { ...i, field: "Tmin" } : i));

export function readStepScript(text: string): { input: StepInput; lines: Map<string, number> } {
  const rows = text.split(/\r?\n|\r/);
  const issues: CalphadIssue[] = [];
  let range: { Tmin: number; Tmax: number; step: number } | undefined;
  const at = rows.findIndex((raw) => /^t$/i.test(raw.replace(/#.*$/, "").trim().split(/\s+/)[0] ?? ""));
  if (at >= 0) {
    const args = rows[at].replace(/#.*$/, "").trim().split(/\s+/).slice(1);
    if (args.length < 3 || args.length > 4) issues.push({ field: "Tmin", line: at + 1, text: stepTexts.temperatureLine });
    else {
      const bad = args.slice(0, 3).find((a) => !NUMBER.test(a));
      if (bad !== undefined) issues.push({ field: "Tmin", line: at + 1, text: stepTexts.temperatureLine });
      else range = { Tmin: Number(args[0]), Tmax: Number(args[1]), step: Number(args[2]) };
      // Only the start and the unit go on to the equilibrium reader, which checks them.
      rows[at] = `T ${args[0]} ${args[3] ?? "K"}`;
    }
  }
  let read: ReturnType<typeof readCalphadScript> | undefined;
  try {
    read = readCalphadScript(rows.join("\n"));
  } catch (e) {
    if (!(e instanceof CalphadInputError)) throw e;
    issues.push(...renamed(e.issues));
  }
  if (issues.length || !read || !range) throw new CalphadInputError(issues);
  const { temperature: _start, ...shared } = read.input;
  const lines = new Map(read.lines);
  lines.set("Tmin", at + 1);
  lines.delete("temperature");
  return { input: { ...shared, ...range }, lines };
}

/** The script read and checked (against `db`'s elements and phases when given). */
export function parseStepScript(text: string, db?: DatabaseInfo): { params: StepParams; case: StepCase; lines: Map<string, number> } {
  const { input, lines } = readStepScript(text);
  return { ...checkStepParams(input, db, lines), lines };
}

/** Params → a script parseStepScript reads back to the same params. */
export function renderStepScript(params: StepInput): string {
  const { Tmin, Tmax, step, ...shared } = params;
  const unit = params.temperatureUnit ?? "K";
  return renderCalphadScript({ ...shared, temperature: Tmin })
    .replace(/^# .*$/m, "# Ferrum calphad-step conditions: one keyword a line, # comments; T <from> <to> <step> <unit>")
    .replace(/^T .*$/m, `T ${Tmin} ${Tmax} ${step} ${unit}`);
}
