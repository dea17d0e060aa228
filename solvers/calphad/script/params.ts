/**
 * The calphad-equilibrium inputs as flat scalars (what a generic form can show), shared by the graphical
 * form, the condition script and the CLI, and their checks against a database's elements and phases.
 * Every refusal names its field (and, from a script, its line) with a message in four languages.
 */
import { z } from "zod";
import { shippedDatabases } from "../databases/index.ts";
import { valueTexts, type Texts } from "./texts.ts";

/** Shipped database ids, then "file": a TDB uploaded with the condition script (instruction mode). */
export const SHIPPED_IDS: string[] = shippedDatabases.map((d) => d.id);
export const DATABASE_CHOICES: [string, ...string[]] = [...SHIPPED_IDS, "file"] as unknown as [string, ...string[]];
export const TEMPERATURE_UNITS = ["K", "°C"] as const;
export const COMPOSITION_UNITS = ["X", "W"] as const;
/** More components than this would make the grid start slow; the shipped databases have at most three. */
export const MAX_COMPONENTS = 8;
export const MAX_TEMPERATURE_K = 10_000;
export const MAX_PRESSURE_PA = 1e10;
/** A relative path inside the task (as the deck checker allows), ending in .tdb. */
const TDB_PATH = /^(?!\/)(?!.*(^|\/)\.)[A-Za-z0-9_.\-/]{1,200}\.tdb$/i;

export const calphadParamsSchema = z
  .object({
    database: z.enum(DATABASE_CHOICES),
    /** Only with database "file": the uploaded TDB's path in the deck. */
    databaseFile: z.string().max(200).optional(),
    /** Elements, comma or space separated ("AL,ZN"); VA is added where the database has it. */
    components: z.string().max(200),
    /** "*" for every phase of the database, or their names. */
    phases: z.string().max(2000).default("*"),
    temperature: z.number(),
    temperatureUnit: z.enum(TEMPERATURE_UNITS).default("K"),
    pressurePa: z.number().default(101325),
    compositionUnit: z.enum(COMPOSITION_UNITS).default("X"),
    /** Fractions of all components but one: "ZN=0.30", "CR=0.129,TI=0.861"; empty for a single component. */
    composition: z.string().max(500).default(""),
  })
  .strict();

export type CalphadParams = z.output<typeof calphadParamsSchema>;
export type CalphadInput = z.input<typeof calphadParamsSchema>;
export const CALPHAD_KEYS = Object.keys(calphadParamsSchema.shape) as Array<keyof CalphadParams>;

/** One refused input: the params key, the script line when there is one, the message in each language. */
export interface CalphadIssue {
  field: string;
  line?: number;
  text: Texts;
}

export class CalphadInputError extends Error {
  constructor(readonly issues: CalphadIssue[]) {
    super(issues.map((i) => (i.line ? `line ${i.line}: ` : "") + (i.field ? `${i.field}: ` : "") + i.text.en).join("\n"));
    this.name = "CalphadInputError";
  }
}

/** What the checks need to know of a database: its elements (VA and /- left out) and phases. */
export interface DatabaseInfo {
  elements: string[];
  phases: string[];
}

/** The params read into the form the equilibrium needs: lists upper-cased, T in K, fractions by element. */
export interface CalphadCase {
  database: { kind: "shipped"; id: string } | { kind: "file"; path: string };
  components: string[];
  /** Null: every phase of the database. */
  phases: string[] | null;
  T: number;
  P: number;
  compositionUnit: "X" | "W";
  /** Fractions as given (all components but one, or all of them). */
  fractions: Record<string, number>;
}

const ELEMENT = /^[A-Z][A-Z]?$/;
const PHASE = /^[A-Z][A-Z0-9_]*$/;
const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/** "AL, zn" → ["AL", "ZN"]; the separators a user types (commas, spaces) are all accepted. */
export const splitList = (s: string): string[] => s.split(/[\s,;]+/).filter(Boolean).map((x) => x.toUpperCase());

export const kelvin = (value: number, unit: "K" | "°C"): number => (unit === "K" ? value : value + 273.15);

/** The composition string as element → fraction; the issues say what could not be read. */
export function parseComposition(text: string): { fractions: Array<[string, number]>; bad: string[] } {
  const fractions: Array<[string, number]> = [];
  const bad: string[] = [];
  for (const part of text.split(/[,;]+|\s+(?=[A-Za-z])/).map((s) => s.trim()).filter(Boolean)) {
    const m = /^([A-Za-z]{1,2})\s*[=:\s]\s*(\S+)$/.exec(part);
    if (!m || !NUMBER.test(m[2])) bad.push(part);
    else fractions.push([m[1].toUpperCase(), Number(m[2])]);
  }
  return { fractions, bad };
}

/** The fields of zod's refusals, each worded by the rule of that field. */
function schemaIssues(error: z.ZodError, raw: unknown, lines: Map<string, number>): CalphadIssue[] {
  const given = (raw && typeof raw === "object" ? raw : {}) as Record<string, unknown>;
  const out: CalphadIssue[] = [];
  const seen = new Set<string>();
  for (const issue of error.issues) {
    if (issue.code === "unrecognized_keys") {
      for (const k of issue.keys) out.push({ field: k, text: valueTexts.badValue });
      continue;
    }
    const field = String(issue.path[0] ?? "");
    if (seen.has(field)) continue;
    seen.add(field);
    const text =
      field === "database" ? valueTexts.database(String(given.database ?? ""), SHIPPED_IDS)
      : field === "temperature" ? valueTexts.temperature
      : field === "pressurePa" ? valueTexts.pressure
      : issue.code === "invalid_type" && issue.expected === "number" ? valueTexts.notNumberField
      : valueTexts.badValue;
    out.push({ field, line: lines.get(field), text });
  }
  return out;
}

/**
 * Checks params (from the form, the API or a script) and reads them into a CalphadCase. With `db`, the
 * elements and phases are checked against that database too; without it (an uploaded TDB not read yet) only
 * their spelling is. `lines` maps params keys (and "composition:EL") to script lines for the messages.
 */
export function checkCalphadParams(raw: unknown, db?: DatabaseInfo, lines: Map<string, number> = new Map()): { params: CalphadParams; case: CalphadCase } {
  const r = calphadParamsSchema.safeParse(raw);
  if (!r.success) throw new CalphadInputError(schemaIssues(r.error, raw, lines));
  const p = r.data;
  const issues: CalphadIssue[] = [];
  const at = (field: string, text: Texts, key = field) => issues.push({ field, line: lines.get(key) ?? lines.get(field), text });

  if (p.database === "file") {
    if (!p.databaseFile || !TDB_PATH.test(p.databaseFile) || p.databaseFile.split("/").includes("..")) at("databaseFile", valueTexts.databaseFile, "database");
  } else if (p.databaseFile !== undefined) at("databaseFile", valueTexts.databaseFile, "database");

  const components = splitList(p.components).filter((c) => c !== "VA");
  if (components.length === 0) at("components", valueTexts.componentsEmpty);
  else if (components.length > MAX_COMPONENTS) at("components", valueTexts.componentsTooMany(MAX_COMPONENTS));
  for (const c of components) if (!ELEMENT.test(c)) at("components", valueTexts.componentName(c));
  for (const c of new Set(components.filter((c, i) => components.indexOf(c) !== i))) at("components", valueTexts.componentDuplicate(c));
  if (db) {
    const unknown = components.filter((c) => ELEMENT.test(c) && !db.elements.includes(c));
    if (unknown.length) at("components", valueTexts.unknownElements(unknown, db.elements));
  }

  const phaseList = p.phases.trim() === "*" ? null : splitList(p.phases);
  if (phaseList && phaseList.length === 0) at("phases", valueTexts.phasesEmpty);
  for (const ph of phaseList ?? []) if (!PHASE.test(ph)) at("phases", valueTexts.phaseName(ph));
  if (db && phaseList) {
    const unknown = phaseList.filter((ph) => PHASE.test(ph) && !db.phases.includes(ph));
    if (unknown.length) at("phases", valueTexts.unknownPhases(unknown, db.phases));
  }

  const T = kelvin(p.temperature, p.temperatureUnit);
  if (!(T > 0 && T <= MAX_TEMPERATURE_K)) at("temperature", valueTexts.temperature);
  if (!(p.pressurePa > 0 && p.pressurePa <= MAX_PRESSURE_PA)) at("pressurePa", valueTexts.pressure);

  // Fractions are judged against the components only once those are sound, so one mistake gives one message.
  const componentsOk = components.length > 0 && !issues.some((i) => i.field === "components");
  const { fractions, bad } = parseComposition(p.composition);
  for (const b of bad) at("composition", valueTexts.compositionSyntax(b));
  const given: Record<string, number> = {};
  for (const [el, v] of fractions) {
    const key = `composition:${el}`;
    if (el in given) at("composition", valueTexts.compositionDuplicate(el), key);
    else if (componentsOk && !components.includes(el)) at("composition", valueTexts.compositionElement(el), key);
    else if (!(v > 0 && v < 1)) at("composition", valueTexts.compositionRange(el), key);
    given[el] = v;
  }
  if (!bad.length && componentsOk && !issues.some((i) => i.field === "composition")) {
    const missing = components.filter((c) => !(c in given));
    const sum = Object.values(given).reduce((s, v) => s + v, 0);
    if (components.length === 1) {
      if (fractions.length) at("composition", valueTexts.compositionCount(components));
    } else if (missing.length > 1) at("composition", valueTexts.compositionCount(missing));
    else if (missing.length === 1 && !(sum < 1)) at("composition", valueTexts.compositionSum(+sum.toPrecision(12), false));
    else if (missing.length === 0 && Math.abs(sum - 1) > 1e-9) at("composition", valueTexts.compositionSum(+sum.toPrecision(12), true));
  }
  if (issues.length) throw new CalphadInputError(issues);
  return {
    params: p,
    case: {
      database: p.database === "file" ? { kind: "file", path: p.databaseFile! } : { kind: "shipped", id: p.database },
      components,
      phases: phaseList,
      T,
      P: p.pressurePa,
      compositionUnit: p.compositionUnit,
      fractions: given,
    },
  };
}
