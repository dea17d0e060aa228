/**
 * The calphad-ternary-section inputs: flat params (what the form shows) and the condition script of the
 * instruction mode (main input `section.calphad`) — the equilibrium app's script without a composition, plus
 * the grid density:
 *
 *   database crtiv_ghosh     # a shipped database id, or: database file database.tdb
 *   components CR TI V       # exactly three: the first is the balance, the other two the triangle's axes
 *   phases *                 # or a list: BCC_A2 HCP_A3 LAVES_C15
 *   T 923 K                  # or °C
 *   P 101325 Pa              # optional; Pa or bar
 *   density 30               # optional: grid divisions per edge (tie-lines about two divisions apart)
 *
 * Everything but `density` is read and checked by the equilibrium script's own reader, so the two apps
 * accept the same words and refuse them in the same words.
 */
import { z } from "zod";
import { calphadParamsSchema, checkCalphadParams, CalphadInputError, splitList, type CalphadIssue, type DatabaseInfo } from "../script/params.ts";
import { readCalphadScript } from "../script/script.ts";
import { scriptTexts } from "../script/texts.ts";
import { sectionTexts } from "./texts.ts";

export const SECTION_SCRIPT = "section.calphad";
export const MIN_DENSITY = 8;
export const MAX_DENSITY = 80;
export const DEFAULT_SCRIPT_DENSITY = 30;

export const sectionParamsSchema = calphadParamsSchema
  .omit({ compositionUnit: true, composition: true })
  .extend({
    /** Grid divisions per edge of the triangle. */
    density: z.number().default(DEFAULT_SCRIPT_DENSITY),
  })
  .strict();

export type SectionParams = z.output<typeof sectionParamsSchema>;
export type SectionInput = z.input<typeof sectionParamsSchema>;

/** The checked params as the section takes them: T in K, the three components upper-cased. */
export interface SectionCase {
  database: { kind: "shipped"; id: string } | { kind: "file"; path: string };
  components: [string, string, string];
  phases: string[] | null;
  T: number;
  P: number;
  density: number;
}

/** Params (form, API or script) checked; with `db` the elements and phases against that database too. */
export function checkSectionParams(raw: unknown, db?: DatabaseInfo, lines: Map<string, number> = new Map()): { params: SectionParams; case: SectionCase } {
  const given = (raw && typeof raw === "object" ? raw : {}) as Record<string, unknown>;
  const { density, composition: _composition, compositionUnit: _unit, ...rest } = given;
  const issues: CalphadIssue[] = [];
  // The shared fields are judged by the equilibrium's rules (zod and the database checks, with their words).
  let checked: ReturnType<typeof checkCalphadParams> | undefined;
  // The shared check wants an overall composition; a section has none, so it is handed the triangle's centre
  // (every component 1/n), which passes for any count of components and is not used afterwards.
  const listed = splitList(String(given.components ?? ""));
  const centre = listed.slice(1).map((el) => `${el}=${1 / listed.length}`).join(",");
  try {
    checked = checkCalphadParams({ ...rest, composition: centre }, db, lines);
  } catch (e) {
    if (!(e instanceof CalphadInputError)) throw e;
    issues.push(...e.issues);
  }
  const d = density === undefined ? DEFAULT_SCRIPT_DENSITY : density;
  if (typeof d !== "number" || !Number.isInteger(d) || d < MIN_DENSITY || d > MAX_DENSITY) {
    issues.push({ field: "density", line: lines.get("density"), text: sectionTexts.density(MIN_DENSITY, MAX_DENSITY) });
  }
  if (checked && checked.case.components.length !== 3) issues.push({ field: "components", line: lines.get("components"), text: sectionTexts.threeComponents });
  if (issues.length) throw new CalphadInputError(issues);
  const c = checked!.case;
  const { compositionUnit: _u, composition: _c, ...shared } = checked!.params;
  return {
    params: { ...shared, density: d as number },
    case: { database: c.database, components: c.components as [string, string, string], phases: c.phases, T: c.T, P: c.P, density: d as number },
  };
}

/** The section script read and checked (against `db` when given); refusals name their lines. */
export function parseSectionScript(text: string, db?: DatabaseInfo): { params: SectionParams; case: SectionCase; lines: Map<string, number> } {
  // `density` is this app's own line: read here and blanked (lines keep their numbers) for the shared reader.
  const issues: CalphadIssue[] = [];
  let density: number | undefined;
  let densityLine: number | undefined;
  const shared = text
    .split(/\r?\n|\r/)
    .map((raw, i) => {
      const words = raw.replace(/#.*$/, "").trim().split(/\s+/).filter(Boolean);
      if (words[0]?.toLowerCase() !== "density") return raw;
      if (densityLine !== undefined) issues.push({ field: "density", line: i + 1, text: scriptTexts.duplicate(words[0]) });
      else if (words.length !== 2 || !/^\d+$/.test(words[1])) issues.push({ field: "density", line: i + 1, text: sectionTexts.densityArguments });
      else density = Number(words[1]);
      densityLine = i + 1;
      return "";
    })
    .join("\n");
  let read: ReturnType<typeof readCalphadScript> | undefined;
  try {
    read = readCalphadScript(shared);
  } catch (e) {
    if (!(e instanceof CalphadInputError)) throw e;
    issues.push(...e.issues);
  }
  if (read?.input.composition !== undefined) issues.push({ field: "composition", line: read.lines.get("composition"), text: sectionTexts.noComposition });
  if (issues.length || !read) throw new CalphadInputError(issues.sort((a, b) => (a.line ?? 0) - (b.line ?? 0)));
  const lines = read.lines;
  if (densityLine !== undefined) lines.set("density", densityLine);
  const { compositionUnit: _u, composition: _c, ...input } = read.input;
  return { ...checkSectionParams({ ...input, ...(density !== undefined ? { density } : {}) }, db, lines), lines };
}

/** Params → a script parseSectionScript reads back to the same params. */
export function renderSectionScript(params: SectionInput): string {
  const out = ["# Ferrum calphad-ternary-section: one keyword a line, # comments"];
  out.push(params.database === "file" ? `database file ${params.databaseFile}` : `database ${params.database}`);
  out.push(`components ${splitList(params.components).join(" ")}`);
  const phases = (params.phases ?? "*").trim();
  out.push(`phases ${phases === "*" ? "*" : splitList(phases).join(" ")}`);
  out.push(`T ${params.temperature} ${params.temperatureUnit ?? "K"}`);
  if (params.pressurePa !== undefined) out.push(`P ${params.pressurePa} Pa`);
  out.push(`density ${params.density ?? DEFAULT_SCRIPT_DENSITY}`);
  return out.join("\n") + "\n";
}
