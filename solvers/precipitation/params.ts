/**
 * The KWN inputs, shared by the solver's CLI and the app (graphical form, instruction deck, workflow steps).
 * The param names are a contract with the workflows: flat, exactly as listed in docs/precipitation.md.
 * Every default together is the Al–0.4 at% Zr acceptance case (kawin's example 01). Messages are English
 * in the schema; the issues carry all four languages.
 */
import { z } from "zod";
import { readKeyValueDeck } from "../common/key-value-deck.ts";
import { shippedDatabase } from "../calphad/databases/index.ts";
import { parseSchedule, Schedule } from "./schedule.ts";
import { choiceText, deckTexts, fieldNames, nameText, rangeText, ruleTexts, type Field, type Texts } from "./texts.ts";

const SITES = ["bulk", "dislocations", "grainBoundaries"] as const;
const THERMO = ["database", "simple"] as const;

/** One message per field, stating its rule, so any check on that field explains itself the same way. */
const fieldRule: Record<Field, Texts> = {
  thermo: choiceText("thermo", [...THERMO]),
  database: nameText("database", "AlScZr"),
  solvent: nameText("solvent", "AL"),
  solute: nameText("solute", "ZR"),
  matrixPhase: nameText("matrixPhase", "FCC_A1"),
  precipitatePhase: nameText("precipitatePhase", "AL3ZR"),
  x0: rangeText("x0", "0", "0.5"),
  temperatureK: rangeText("temperatureK", "200", "2000", "K"),
  timeH: rangeText("timeH", "0", "100000", "h"),
  schedule: ruleTexts.scheduleSyntax,
  solubilityA: rangeText("solubilityA", "0", "1e6"),
  solubilityQ: rangeText("solubilityQ", "-1e6", "1e6", "J/mol"),
  precipitateX: rangeText("precipitateX", "0", "1"),
  D0: rangeText("D0", "0", "100", "m²/s"),
  Qd: rangeText("Qd", "0", "1e6", "J/mol"),
  gamma: rangeText("gamma", "0", "10", "J/m²"),
  latticeParameterNm: rangeText("latticeParameterNm", "0.1", "3", "nm"),
  atomsPerCell: rangeText("atomsPerCell", "1", "256"),
  nucleationSite: choiceText("nucleationSite", [...SITES]),
  dislocationDensity: rangeText("dislocationDensity", "0", "1e18", "m⁻²"),
  grainSizeUm: rangeText("grainSizeUm", "0", "100000", "µm"),
  bins: rangeText("bins", "20", "2000"),
  psdTimesH: ruleTexts.psdTimes,
};

const rule = (f: Field) => ({ error: fieldRule[f].en });
const num = (f: Field) => z.number(rule(f));
const NAME = /^[A-Za-z][A-Za-z0-9_]{0,39}$/;
const name = (f: Field, d: string) => z.string(rule(f)).regex(NAME, rule(f)).default(d);

/** Grain-boundary energy of the matrix, J/m² (kawin's MatrixParameters.GBenergy default), for boundary nuclei. */
export const GB_ENERGY = 0.3;

export const SCHEDULE_LIMITS = { minK: 200, maxK: 2000, maxH: 100000 };

export const kwnParamsSchema = z
  .object({
    thermo: z.enum(THERMO, rule("thermo")).default("database"),
    database: name("database", "AlScZr"),
    solvent: name("solvent", "AL"),
    solute: name("solute", "ZR"),
    matrixPhase: name("matrixPhase", "FCC_A1"),
    precipitatePhase: name("precipitatePhase", "AL3ZR"),
    x0: num("x0").gt(0, rule("x0")).lt(0.5, rule("x0")).default(0.004),
    temperatureK: num("temperatureK").min(200, rule("temperatureK")).max(2000, rule("temperatureK")).default(723.15),
    timeH: num("timeH").gt(0, rule("timeH")).max(100000, rule("timeH")).default(500),
    /** "time_h temperature_K" lines (or ';'-separated in a deck); replaces temperatureK/timeH when given. */
    schedule: z.string(rule("schedule")).max(20000, rule("schedule")).optional(),
    solubilityA: num("solubilityA").gt(0, rule("solubilityA")).max(1e6, rule("solubilityA")).optional(),
    solubilityQ: num("solubilityQ").min(-1e6, rule("solubilityQ")).max(1e6, rule("solubilityQ")).optional(),
    precipitateX: num("precipitateX").gt(0, rule("precipitateX")).lt(1, rule("precipitateX")).optional(),
    D0: num("D0").gt(0, rule("D0")).max(100, rule("D0")).default(0.0768),
    Qd: num("Qd").min(0, rule("Qd")).max(1e6, rule("Qd")).default(242000),
    gamma: num("gamma").gt(0, rule("gamma")).max(10, rule("gamma")).default(0.1),
    latticeParameterNm: num("latticeParameterNm").min(0.1, rule("latticeParameterNm")).max(3, rule("latticeParameterNm")).default(0.405),
    atomsPerCell: num("atomsPerCell").int(rule("atomsPerCell")).min(1, rule("atomsPerCell")).max(256, rule("atomsPerCell")).default(4),
    nucleationSite: z.enum(SITES, rule("nucleationSite")).default("dislocations"),
    dislocationDensity: num("dislocationDensity").gt(0, rule("dislocationDensity")).max(1e18, rule("dislocationDensity")).default(1e15),
    grainSizeUm: num("grainSizeUm").gt(0, rule("grainSizeUm")).max(100000, rule("grainSizeUm")).default(100),
    bins: num("bins").int(rule("bins")).min(20, rule("bins")).max(2000, rule("bins")).default(200),
    /** Hours, separated by spaces or commas; times past the end are left out. Default: four decades below the end. */
    psdTimesH: z.string(rule("psdTimesH")).max(2000, rule("psdTimesH")).optional(),
  })
  .strict()
  .superRefine((p, ctx) => {
    const issue = (field: Field, text: Texts) => ctx.addIssue({ code: "custom", path: [field], message: text.en, params: { text } });
    if (p.thermo === "simple") {
      for (const f of ["solubilityA", "solubilityQ", "precipitateX"] as const) if (p[f] === undefined) issue(f, ruleTexts.simpleNeeds);
      if (p.precipitateX !== undefined && !(p.x0 < p.precipitateX)) issue("x0", ruleTexts.x0BelowPrecipitate);
    } else {
      const db = shippedDatabase(p.database);
      if (!db) issue("database", ruleTexts.unknownDatabase);
      else {
        for (const f of ["solvent", "solute"] as const) if (!db.elements.includes(p[f].toUpperCase())) issue(f, ruleTexts.elementNotInDatabase);
        for (const f of ["matrixPhase", "precipitatePhase"] as const) if (!db.phases.includes(p[f].toUpperCase())) issue(f, ruleTexts.phaseNotInDatabase);
      }
      if (p.solvent.toUpperCase() === p.solute.toUpperCase()) issue("solute", ruleTexts.sameElement);
      if (p.matrixPhase.toUpperCase() === p.precipitatePhase.toUpperCase()) issue("precipitatePhase", ruleTexts.samePhase);
    }
    if (p.schedule !== undefined && p.schedule.trim() !== "") {
      const r = parseSchedule(p.schedule, SCHEDULE_LIMITS);
      const first = r.errors[0];
      if (first) {
        const text = { syntax: ruleTexts.scheduleSyntax, range: ruleTexts.scheduleRange, start: ruleTexts.scheduleStart, order: ruleTexts.scheduleOrder, short: ruleTexts.scheduleShort }[first.reason];
        issue("schedule", text);
      }
    }
    if (p.psdTimesH !== undefined && parseHours(p.psdTimesH) === null) issue("psdTimesH", ruleTexts.psdTimes);
    // The boundary nucleus is a double cap only while γ_gb < 2γ (kinetics uses kawin's γ_gb = 0.3 J/m²).
    if (p.nucleationSite === "grainBoundaries" && !(GB_ENERGY < 2 * p.gamma)) issue("gamma", ruleTexts.gbNeedsGamma);
  });

export type KwnParams = z.output<typeof kwnParamsSchema>;
export type KwnInputParams = z.input<typeof kwnParamsSchema>;
export const KWN_KEYS = Object.keys(kwnParamsSchema.shape) as Array<keyof KwnInputParams>;

/** "1 10 100, 500" → [1, 10, 100, 500]; null when something is not a positive number. */
export function parseHours(text: string): number[] | null {
  const parts = text.split(/[\s,;]+/).filter(Boolean);
  const out = parts.map(Number);
  return out.every((v) => Number.isFinite(v) && v > 0) ? out : null;
}

/** The run's temperature path: the schedule when given, else the isothermal hold. */
export function scheduleOf(p: KwnParams): Schedule {
  if (p.schedule !== undefined && p.schedule.trim() !== "") {
    const r = parseSchedule(p.schedule, SCHEDULE_LIMITS);
    if (!r.schedule) throw new Error("invalid schedule");
    return r.schedule;
  }
  return Schedule.isothermal(p.temperatureK, p.timeH * 3600);
}

/** Times (s) of the reported size distributions: the given hours, else four decades ending at the end. */
export function psdTimesOf(p: KwnParams, endS: number): number[] {
  const hours = p.psdTimesH !== undefined ? parseHours(p.psdTimesH) : null;
  const times = hours && hours.length ? hours.map((h) => h * 3600) : [endS / 1000, endS / 100, endS / 10, endS];
  return times.filter((t) => t > 0 && t <= endS * (1 + 1e-9)).map((t) => Math.min(t, endS));
}

/** The acceptance case (kawin's example 01, Al–0.4 at% Zr, Al3Zr at 450 °C): the form's example. */
export const kwnExample: KwnInputParams = {
  thermo: "database",
  database: "AlScZr",
  solvent: "AL",
  solute: "ZR",
  matrixPhase: "FCC_A1",
  precipitatePhase: "AL3ZR",
  x0: 0.004,
  temperatureK: 723.15,
  timeH: 500,
  D0: 0.0768,
  Qd: 242000,
  gamma: 0.1,
  latticeParameterNm: 0.405,
  atomsPerCell: 4,
  nucleationSite: "dislocations",
  dislocationDensity: 1e15,
  bins: 200,
  psdTimesH: "1 10 100 500",
};

/**
 * Tempering of a carburized case: cementite (Fe3C, x_β = 0.25) from carbon-supersaturated ferrite/martensite.
 * Solubility of C in ferrite against cementite: J. Merlin, M. Soler, S. Garnier, M. Bouzekri, Rev. Métall.
 * 101 (2004) 403: C (wt%) = 6.63·exp(−11.8 kcal/mol / RT) → mole fraction ≈ 0.0465·wt% (dilute in Fe):
 * A = 0.308, Q = 49 370 J/mol. D of C in α-Fe 6.2e-7·exp(−80 000/RT) m²/s; ferrite a = 0.2866 nm, 2 atoms per
 * cell; γ = 0.25 J/m²; nucleation on the martensite's dislocations, ρ = 1e15 m⁻². x0 and the tempering
 * condition are the workflow's; these values are a 300 °C, 2 h temper of 0.4 wt% C (x0 ≈ 0.0185).
 */
export const kwnFeCTemperingPreset: KwnInputParams = {
  thermo: "simple",
  solvent: "FE",
  solute: "C",
  matrixPhase: "BCC_A2",
  precipitatePhase: "CEMENTITE",
  x0: 0.0185,
  temperatureK: 573.15,
  timeH: 2,
  solubilityA: 0.308,
  solubilityQ: 49370,
  precipitateX: 0.25,
  D0: 6.2e-7,
  Qd: 80000,
  gamma: 0.25,
  latticeParameterNm: 0.2866,
  atomsPerCell: 2,
  nucleationSite: "dislocations",
  dislocationDensity: 1e15,
  bins: 200,
};

/** One refused input: the field (deck key), the deck line when there is one, and the message in each language. */
export interface ParamIssue {
  field: string;
  line?: number;
  text: Texts;
}

export class KwnParamsError extends Error {
  constructor(readonly issues: ParamIssue[]) {
    super(issues.map((i) => (i.line ? `line ${i.line}: ` : "") + (i.field ? `${i.field}: ` : "") + i.text.en).join("\n"));
    this.name = "KwnParamsError";
  }
}

function issuesFromZod(error: z.ZodError, lines: Map<string, number>): ParamIssue[] {
  const seen = new Set<string>();
  const out: ParamIssue[] = [];
  for (const issue of error.issues) {
    if (issue.code === "unrecognized_keys") {
      for (const key of issue.keys) out.push({ field: key, line: lines.get(key), text: deckTexts.unknownKey });
      continue;
    }
    const field = String(issue.path[0] ?? "");
    if (seen.has(field)) continue; // one message per field
    seen.add(field);
    const custom = issue.code === "custom" ? ((issue as { params?: { text?: Texts } }).params?.text ?? undefined) : undefined;
    out.push({ field, line: lines.get(field), text: custom ?? fieldRule[field as Field] ?? deckTexts.notText });
  }
  return out;
}

/** Validates params (JSON from the form, the API or a workflow) and fills the defaults; throws KwnParamsError. */
export function validateKwnParams(input: unknown): KwnParams {
  const r = kwnParamsSchema.safeParse(input);
  if (!r.success) throw new KwnParamsError(issuesFromZod(r.error, new Map()));
  return r.data;
}

const STRING_KEYS = ["thermo", "database", "solvent", "solute", "matrixPhase", "precipitatePhase", "schedule", "nucleationSite", "psdTimesH"];

/**
 * Reads a deck of `key = value` lines (`#` starts a comment). The schedule is one line with its points
 * separated by ';' (`schedule = 0 723; 100 723; 101 773; 200 773`). Unknown or repeated keys, unreadable lines
 * and non-numbers are refused with their line numbers; then the same schema as the form's applies.
 */
export function parseKwnDeck(text: string): KwnParams {
  const { values, lines, issues } = readKeyValueDeck(text, { keys: KWN_KEYS, stringKeys: STRING_KEYS, texts: deckTexts });
  if (issues.length) throw new KwnParamsError(issues);
  const r = kwnParamsSchema.safeParse(values);
  if (!r.success) throw new KwnParamsError(issuesFromZod(r.error, lines));
  return r.data;
}

/** Writes params as a deck parseKwnDeck reads back to the same values (a schedule's lines joined by ';'). */
export function renderKwnDeck(params: KwnInputParams): string {
  const out = ["# Ferrum KWN precipitation deck: key = value, # comments; schedule points separated by ';'"];
  for (const key of KWN_KEYS) {
    const v = params[key];
    if (v === undefined) continue;
    if (key === "schedule") {
      const points = String(v)
        .split(/\r?\n|;/)
        .map((l) => l.replace(/#.*$/, "").trim())
        .filter(Boolean);
      if (points.length) out.push(`schedule = ${points.join("; ")}`);
      continue;
    }
    out.push(`${key} = ${v}`);
  }
  return out.join("\n") + "\n";
}

export { fieldNames };
