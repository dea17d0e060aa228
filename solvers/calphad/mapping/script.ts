/**
 * The calphad-binary-diagram inputs: flat params (what the form shows) and the condition script of the
 * instruction mode (main input `diagram.calphad`), the equilibrium app's syntax with a temperature range:
 *
 *   database pbsn            # a shipped database id, or: database file database.tdb
 *   components PB SN         # exactly two; VA is added where the database has it
 *   phases *                 # or a list: LIQUID FCC_A1 BCT_A5
 *   T 300 700 K              # lower and upper temperature, K or °C
 *   step 1                   # optional: the scan's temperature step, in the same unit (default 2)
 *   P 101325 Pa              # optional; Pa or bar
 *
 * Every refusal names its field and line, in four languages, through the equilibrium script's error type.
 */
import { z } from "zod";
import { CalphadInputError, DATABASE_CHOICES, kelvin, splitList, TEMPERATURE_UNITS, type CalphadIssue, type DatabaseInfo } from "../script/params.ts";
import { SHIPPED_IDS } from "../script/params.ts";
import { scriptTexts, valueTexts, type Texts } from "../script/texts.ts";
import { diagramTexts } from "./texts.ts";

export const DIAGRAM_SCRIPT = "diagram.calphad";
/** More steps than this and a diagram stops being seconds. */
export const MAX_STEPS = 5000;
export const MAX_TEMPERATURE_K = 10_000;
const MAX_PRESSURE_PA = 1e10;

export const diagramParamsSchema = z
  .object({
    database: z.enum(DATABASE_CHOICES),
    databaseFile: z.string().max(200).optional(),
    /** Two elements, "PB,SN": the second is the x axis. */
    components: z.string().max(200),
    phases: z.string().max(2000).default("*"),
    Tmin: z.number(),
    Tmax: z.number(),
    temperatureUnit: z.enum(TEMPERATURE_UNITS).default("K"),
    /** The scan's step, in the temperature unit (a difference, so K and °C steps are the same number). */
    step: z.number().default(2),
    pressurePa: z.number().default(101325),
  })
  .strict();

export type DiagramParams = z.output<typeof diagramParamsSchema>;
export type DiagramInput = z.input<typeof diagramParamsSchema>;

/** The checked params as the mapping takes them: T in K. */
export interface DiagramCase {
  database: { kind: "shipped"; id: string } | { kind: "file"; path: string };
  components: [string, string];
  phases: string[] | null;
  Tmin: number;
  Tmax: number;
  step: number;
  P: number;
  unit: "K" | "°C";
}

const ELEMENT = /^[A-Z][A-Z]?$/;
const PHASE = /^[A-Z][A-Z0-9_]*$/;
const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;
const TDB_PATH = /^(?!\/)(?!.*(^|\/)\.)[A-Za-z0-9_.\-/]{1,200}\.tdb$/i;

export function checkDiagramParams(raw: unknown, db?: DatabaseInfo, lines: Map<string, number> = new Map()): { params: DiagramParams; case: DiagramCase } {
  const r = diagramParamsSchema.safeParse(raw);
  const given = (raw && typeof raw === "object" ? raw : {}) as Record<string, unknown>;
  if (!r.success) {
    const seen = new Set<string>();
    const issues: CalphadIssue[] = [];
    for (const issue of r.error.issues) {
      const keys = issue.code === "unrecognized_keys" ? issue.keys : [String(issue.path[0] ?? "")];
      for (const field of keys) {
        if (seen.has(field)) continue;
        seen.add(field);
        const text: Texts =
          field === "database" ? valueTexts.database(String(given.database ?? ""), SHIPPED_IDS)
          : issue.code === "invalid_type" && issue.expected === "number" ? valueTexts.notNumberField
          : valueTexts.badValue;
        issues.push({ field, line: lines.get(field), text });
      }
    }
    throw new CalphadInputError(issues);
  }
  const p = r.data;
  const issues: CalphadIssue[] = [];
  const at = (field: string, text: Texts, key = field) => issues.push({ field, line: lines.get(key) ?? lines.get(field), text });
  if (p.database === "file") {
    if (!p.databaseFile || !TDB_PATH.test(p.databaseFile) || p.databaseFile.split("/").includes("..")) at("databaseFile", valueTexts.databaseFile, "database");
  } else if (p.databaseFile !== undefined) at("databaseFile", valueTexts.databaseFile, "database");

  const components = splitList(p.components).filter((c) => c !== "VA");
  for (const c of components) if (!ELEMENT.test(c)) at("components", valueTexts.componentName(c));
  if (components.length !== 2 || components[0] === components[1]) at("components", diagramTexts.twoComponents);
  else if (db) {
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
  const Tmin = kelvin(p.Tmin, p.temperatureUnit);
  const Tmax = kelvin(p.Tmax, p.temperatureUnit);
  if (!(Tmin > 0 && Tmax > Tmin && Tmax <= MAX_TEMPERATURE_K)) at("Tmin", diagramTexts.temperatureRange, "T");
  else if (!(p.step > 0 && (Tmax - Tmin) / p.step <= MAX_STEPS)) at("step", diagramTexts.step(MAX_STEPS));
  if (!(p.pressurePa > 0 && p.pressurePa <= MAX_PRESSURE_PA)) at("pressurePa", valueTexts.pressure);
  if (issues.length) throw new CalphadInputError(issues);
  return {
    params: p,
    case: {
      database: p.database === "file" ? { kind: "file", path: p.databaseFile! } : { kind: "shipped", id: p.database },
      components: [components[0], components[1]],
      phases: phaseList,
      Tmin,
      Tmax,
      step: p.step,
      P: p.pressurePa,
      unit: p.temperatureUnit,
    },
  };
}

const USAGE: Record<string, string> = {
  database: "database <id> | database file <name>.tdb",
  components: "components <element> <element>",
  phases: "phases * | phases <phase> <phase> …",
  t: "T <lower> <upper> K | °C",
  step: "step <value> [K | °C]",
  p: "P <value> Pa | bar",
};
const FIELD: Record<string, string> = { database: "database", components: "components", phases: "phases", t: "T", step: "step", p: "pressurePa" };

/** Reads the script's lines into params (not yet checked); lines maps params keys (and "T") to script lines. */
export function readDiagramScript(text: string): { input: DiagramInput; lines: Map<string, number> } {
  const issues: CalphadIssue[] = [];
  const lines = new Map<string, number>();
  const input: Record<string, unknown> = {};
  const seen = new Set<string>();
  text.split(/\r?\n|\r/).forEach((raw, index) => {
    const line = index + 1;
    const words = raw.replace(/#.*$/, "").trim().split(/\s+/).filter(Boolean);
    if (!words.length) return;
    const keyword = words[0].toLowerCase();
    const args = words.slice(1);
    const field = FIELD[keyword];
    const refuse = (t: Texts = scriptTexts.arguments(USAGE[keyword])) => void issues.push({ field: field ?? "", line, text: t });
    if (!field) return void issues.push({ field: "", line, text: /^[A-Za-z]/.test(words[0]) ? diagramTexts.unknownKeyword(words[0]) : scriptTexts.syntax });
    if (seen.has(keyword)) return refuse(scriptTexts.duplicate(words[0]));
    seen.add(keyword);
    lines.set(field, line);
    const unitOf = (u: string | undefined) => {
      const v = (u ?? "K").replace(/^º/, "°");
      return v === "K" ? "K" : v === "°C" || v.toUpperCase() === "C" ? "°C" : null;
    };
    switch (keyword) {
      case "database":
        if (args.length === 1 && args[0].toLowerCase() !== "file") input.database = args[0];
        else if (args.length === 2 && args[0].toLowerCase() === "file") {
          input.database = "file";
          input.databaseFile = args[1];
        } else refuse();
        return;
      case "components":
        if (!args.length) return refuse();
        input.components = splitList(args.join(" ")).join(",");
        return;
      case "phases":
        if (!args.length) return refuse();
        input.phases = args.length === 1 && args[0] === "*" ? "*" : splitList(args.join(" ")).join(",");
        return;
      case "t": {
        if (args.length < 2 || args.length > 3) return refuse();
        for (const a of args.slice(0, 2)) if (!NUMBER.test(a)) return refuse(scriptTexts.notNumber(a));
        const unit = unitOf(args[2]);
        if (!unit) return refuse(scriptTexts.temperatureUnit(args[2]));
        input.Tmin = Number(args[0]);
        input.Tmax = Number(args[1]);
        input.temperatureUnit = unit;
        lines.set("Tmin", line).set("Tmax", line);
        return;
      }
      case "step": {
        if (args.length < 1 || args.length > 2) return refuse();
        if (!NUMBER.test(args[0])) return refuse(scriptTexts.notNumber(args[0]));
        if (!unitOf(args[1])) return refuse(scriptTexts.temperatureUnit(args[1]));
        input.step = Number(args[0]);
        return;
      }
      case "p": {
        if (args.length < 1 || args.length > 2) return refuse();
        if (!NUMBER.test(args[0])) return refuse(scriptTexts.notNumber(args[0]));
        const unit = (args[1] ?? "Pa").toLowerCase();
        if (unit !== "pa" && unit !== "bar") return refuse(scriptTexts.pressureUnit(args[1]));
        input.pressurePa = Number(args[0]) * (unit === "bar" ? 1e5 : 1);
        return;
      }
    }
  });
  for (const [word, key] of [["database", "database"], ["components", "components"], ["T", "t"]] as const) {
    if (!seen.has(key) && !issues.some((i) => i.field === FIELD[key])) issues.push({ field: FIELD[key], text: scriptTexts.missing(word) });
  }
  if (issues.length) throw new CalphadInputError(issues);
  return { input: input as DiagramInput, lines };
}

export function parseDiagramScript(text: string, db?: DatabaseInfo): { params: DiagramParams; case: DiagramCase; lines: Map<string, number> } {
  const { input, lines } = readDiagramScript(text);
  return { ...checkDiagramParams(input, db, lines), lines };
}

/** Params → a script that parseDiagramScript reads back to the same params. */
export function renderDiagramScript(params: DiagramInput): string {
  const out = ["# Ferrum calphad-binary-diagram conditions: one keyword a line, # comments"];
  out.push(params.database === "file" ? `database file ${params.databaseFile}` : `database ${params.database}`);
  out.push(`components ${splitList(params.components).join(" ")}`);
  const phases = (params.phases ?? "*").trim();
  out.push(`phases ${phases === "*" ? "*" : splitList(phases).join(" ")}`);
  const unit = params.temperatureUnit ?? "K";
  out.push(`T ${params.Tmin} ${params.Tmax} ${unit}`);
  if (params.step !== undefined) out.push(`step ${params.step} ${unit}`);
  if (params.pressurePa !== undefined) out.push(`P ${params.pressurePa} Pa`);
  return out.join("\n") + "\n";
}
