import { z } from "zod";
import { readKeyValueDeck } from "../common/key-value-deck.ts";
import { deckTexts, fieldTexts, type Texts } from "./texts.ts";

type Field = keyof typeof fieldTexts;
const rule = (field: Field) => ({ error: fieldTexts[field].en });
const positive = (field: Field) => z.number(rule(field)).gt(0, rule(field)).max(1e30, rule(field));
const whole = (field: Field, min: number, max: number) => z.number(rule(field)).int(rule(field)).min(min, rule(field)).max(max, rule(field));

/**
 * The phase-field inputs, shared by the solver's CLI and the app (graphical form and instruction deck), all in
 * SI units. Only the model is required; the material and numerical values left out take the model's defaults
 * (MODEL_DEFAULTS), so one form serves both models. Limits keep one run reasonable on a shared server.
 */
export const phaseFieldParamsSchema = z
  .object({
    model: z.enum(["allen-cahn", "cahn-hilliard"], rule("model")),
    n: whole("n", 64, 512).refine((v) => (v & (v - 1)) === 0, rule("n")).default(128),
    dx: z.number(rule("dx")).min(1e-12, rule("dx")).max(1e-2, rule("dx")).optional(),
    dt: z.number(rule("dt")).gt(0, rule("dt")).max(1e9, rule("dt")).optional(),
    steps: whole("steps", 1, 200000).optional(),
    mobility: positive("mobility").optional(),
    kappa: positive("kappa").optional(),
    barrier: positive("barrier").optional(),
    stabilization: z.number(rule("stabilization")).min(0, rule("stabilization")).max(10, rule("stabilization")).optional(),
    orderParameters: whole("orderParameters", 1, 36).default(8),
    gamma: z.number(rule("gamma")).min(0.6, rule("gamma")).max(5, rule("gamma")).default(1.5),
    initial: z.enum(["nuclei", "noise", "circle"], rule("initial")).optional(),
    nuclei: whole("nuclei", 1, 1000).default(40),
    radius: positive("radius").optional(),
    c0: z.number(rule("c0")).min(0.01, rule("c0")).max(0.99, rule("c0")).default(0.5),
    noise: z.number(rule("noise")).min(0, rule("noise")).max(0.5, rule("noise")).default(0.05),
    seed: whole("seed", 0, 2147483647).default(1),
    snapshots: whole("snapshots", 2, 60).default(12),
  })
  .strict()
  .superRefine((p, ctx) => {
    const allowed = p.model === "allen-cahn" ? ["nuclei", "circle"] : ["noise", "circle"];
    if (p.initial && !allowed.includes(p.initial)) ctx.addIssue({ code: "custom", path: ["initial"], message: fieldTexts.initial.en });
    const dx = p.dx ?? MODEL_DEFAULTS[p.model].dx;
    if (p.radius !== undefined && p.radius >= (p.n * dx) / 2) ctx.addIssue({ code: "custom", path: ["radius"], message: fieldTexts.radius.en });
  });

export type PhaseFieldParams = z.output<typeof phaseFieldParamsSchema>;
export type PhaseFieldInput = z.input<typeof phaseFieldParamsSchema>;
export const PHASEFIELD_KEYS = Object.keys(phaseFieldParamsSchema.shape) as Array<keyof PhaseFieldInput>;

/**
 * Defaults per model, chosen so that the interface width ξ = √(κ/W) equals dx (resolved by the spectral
 * method) and the model's time unit is one second: 1/(L·W) for Allen–Cahn, dx²/(M·W) for Cahn–Hilliard.
 * Allen–Cahn: 0.1 µm cells, W = 1 MJ/m³ (grain boundary energy (2√2/3)·√(κW) ≈ 0.1 J/m² for one order
 * parameter); Cahn–Hilliard: 1 nm cells, W = 100 MJ/m³. dt keeps the explicit part's error small (see docs).
 */
export const MODEL_DEFAULTS = {
  "allen-cahn": { dx: 1e-7, dt: 0.1, steps: 5000, mobility: 1e-6, kappa: 1e-8, barrier: 1e6, stabilization: 0, initial: "nuclei" },
  "cahn-hilliard": { dx: 1e-9, dt: 0.1, steps: 10000, mobility: 1e-26, kappa: 1e-10, barrier: 1e8, stabilization: 2, initial: "noise" },
} as const;

/** Params with every model default filled in: what the solver runs. */
export type ResolvedPhaseField = Required<Omit<PhaseFieldParams, "radius">> & { radius: number; initial: "nuclei" | "noise" | "circle" };

export function resolvePhaseField(p: PhaseFieldParams): ResolvedPhaseField {
  const d = MODEL_DEFAULTS[p.model];
  const dx = p.dx ?? d.dx;
  return {
    ...p,
    dx,
    dt: p.dt ?? d.dt,
    steps: p.steps ?? d.steps,
    mobility: p.mobility ?? d.mobility,
    kappa: p.kappa ?? d.kappa,
    barrier: p.barrier ?? d.barrier,
    stabilization: p.stabilization ?? d.stabilization,
    initial: p.initial ?? d.initial,
    radius: p.radius ?? (p.n * dx) / 4,
  };
}

/** A small run of each model, for forms and documentation (a few seconds of a single core). */
export const phaseFieldExample: PhaseFieldInput = { model: "allen-cahn", n: 128, steps: 2000, orderParameters: 8, nuclei: 40, seed: 1, snapshots: 12 };

/** One refused input: the field (deck key), the deck line when there is one, and the message in each language. */
export interface ParamIssue {
  field: string;
  line?: number;
  text: Texts;
}

export class PhaseFieldParamsError extends Error {
  constructor(readonly issues: ParamIssue[]) {
    super(issues.map((i) => (i.line ? `line ${i.line}: ` : "") + (i.field ? `${i.field}: ` : "") + i.text.en).join("\n"));
    this.name = "PhaseFieldParamsError";
  }
}

function issuesFromZod(error: z.ZodError, input: unknown, lines: Map<string, number>): ParamIssue[] {
  const given = (input && typeof input === "object" ? input : {}) as Record<string, unknown>;
  const seen = new Set<string>();
  const out: ParamIssue[] = [];
  for (const issue of error.issues) {
    if (issue.code === "unrecognized_keys") {
      for (const key of issue.keys) out.push({ field: key, line: lines.get(key), text: deckTexts.unknownKey });
      continue;
    }
    const field = String(issue.path[0] ?? "");
    if (seen.has(field)) continue; // one message per field: they all state the same rule
    seen.add(field);
    const text = given[field] === undefined ? deckTexts.missing : (fieldTexts[field as Field] ?? deckTexts.syntax);
    out.push({ field, line: lines.get(field), text });
  }
  return out;
}

/** Validates params (JSON from the form or the API) and fills the defaults; throws PhaseFieldParamsError. */
export function validatePhaseFieldParams(input: unknown): PhaseFieldParams {
  const r = phaseFieldParamsSchema.safeParse(input);
  if (!r.success) throw new PhaseFieldParamsError(issuesFromZod(r.error, input, new Map()));
  return r.data;
}

const STRING_KEYS = ["model", "initial"];

/**
 * Reads a deck of `key = value` lines (`#` starts a comment) into validated params. Unknown or repeated keys,
 * unreadable lines and non-numbers are refused with their line numbers, and the readable values go through the
 * same schema as the form's. Throws PhaseFieldParamsError listing every problem, in line order.
 */
export function parsePhaseFieldDeck(text: string): PhaseFieldParams {
  const { values, lines, issues } = readKeyValueDeck(text, { keys: PHASEFIELD_KEYS, stringKeys: STRING_KEYS, texts: deckTexts });
  // The values that were readable are checked too, so one answer lists every problem of the deck, by line.
  const r = phaseFieldParamsSchema.safeParse(values);
  if (!r.success) issues.push(...issuesFromZod(r.error, values, lines));
  if (issues.length || !r.success) throw new PhaseFieldParamsError(issues.sort((a, b) => (a.line ?? 0) - (b.line ?? 0)));
  return r.data;
}

/** Writes params as a deck parsePhaseFieldDeck reads back to the same values (numbers round-trip exactly). */
export function renderPhaseFieldDeck(params: PhaseFieldInput): string {
  const out = ["# Ferrum phase-field deck: key = value, # comments, SI units"];
  for (const key of PHASEFIELD_KEYS) {
    const v = params[key];
    if (v !== undefined) out.push(`${key} = ${v}`);
  }
  return out.join("\n") + "\n";
}
