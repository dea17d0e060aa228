import { z } from "zod";
import { readKeyValueDeck } from "../common/key-value-deck.ts";
import { deckTexts, fieldTexts, type Texts } from "./texts.ts";

type Field = keyof typeof fieldTexts;
const rule = (field: Field) => ({ error: fieldTexts[field].en });

/**
 * The carburizing inputs, shared by the solver's CLI and the app (graphical form and instruction deck).
 * Conditions of the treatment (c0, cs, temperatureC, timeH, depthMm) must be given; the model and the
 * numerics have defaults. Messages are English here; `localizeIssues` gives each in the user's language.
 */
export const carburizingParamsSchema = z
  .object({
    c0: z.number(rule("c0")).min(0, rule("c0")).max(2, rule("c0")),
    cs: z.number(rule("cs")).gt(0, rule("cs")).max(2, rule("cs")),
    temperatureC: z.number(rule("temperatureC")).min(700, rule("temperatureC")).max(1200, rule("temperatureC")),
    timeH: z.number(rule("timeH")).gt(0, rule("timeH")).max(1000, rule("timeH")),
    depthMm: z.number(rule("depthMm")).gt(0, rule("depthMm")).max(100, rule("depthMm")),
    nodes: z.number(rule("nodes")).int(rule("nodes")).min(11, rule("nodes")).max(20001, rule("nodes")).default(201),
    diffusivity: z.enum(["constant", "tibbetts"], rule("diffusivity")).default("constant"),
    d0: z.number(rule("d0")).gt(0, rule("d0")).max(1, rule("d0")).default(2.3e-5),
    qJPerMol: z.number(rule("qJPerMol")).min(0, rule("qJPerMol")).max(1e6, rule("qJPerMol")).default(148000),
    caseCarbonWt: z.number(rule("caseCarbonWt")).gt(0, rule("caseCarbonWt")).default(0.4),
    /** Time steps; when absent the solver picks enough for the constant-D accuracy target. */
    steps: z.number(rule("steps")).int(rule("steps")).min(1, rule("steps")).max(1e6, rule("steps")).optional(),
  })
  .strict()
  .superRefine((p, ctx) => {
    if (p.cs <= p.c0) return void ctx.addIssue({ code: "custom", path: ["cs"], message: fieldTexts.cs.en });
    // A case depth is only defined for a level the profile actually crosses between core and surface
    // (judged once cs > c0 holds, so a reversed cs is not also blamed on caseCarbonWt).
    if (!(p.caseCarbonWt > p.c0 && p.caseCarbonWt < p.cs)) {
      ctx.addIssue({ code: "custom", path: ["caseCarbonWt"], message: fieldTexts.caseCarbonWt.en });
    }
  });

export type CarburizingParams = z.output<typeof carburizingParamsSchema>;
export type CarburizingInput = z.input<typeof carburizingParamsSchema>;
export const CARBURIZING_KEYS = Object.keys(carburizingParamsSchema.shape) as Array<keyof CarburizingInput>;

/** A typical gas-carburizing run, for forms and documentation. */
export const carburizingExample: CarburizingInput = {
  c0: 0.2,
  cs: 0.9,
  temperatureC: 925,
  timeH: 4,
  depthMm: 3,
  nodes: 201,
  diffusivity: "tibbetts",
  caseCarbonWt: 0.4,
};

/** One refused input: the field (deck key), the deck line when there is one, and the message in each language. */
export interface ParamIssue {
  field: string;
  line?: number;
  text: Texts;
}

export class CarburizingParamsError extends Error {
  constructor(readonly issues: ParamIssue[]) {
    super(issues.map((i) => (i.line ? `line ${i.line}: ` : "") + (i.field ? `${i.field}: ` : "") + i.text.en).join("\n"));
    this.name = "CarburizingParamsError";
  }
}

export function localizeIssues(issues: ParamIssue[], lang: keyof Texts): Array<{ field: string; message: string }> {
  return issues.map((i) => ({ field: i.field, message: i.text[lang] }));
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

/** Validates params (JSON from the form or the API) and fills the defaults; throws CarburizingParamsError. */
export function validateCarburizingParams(input: unknown): CarburizingParams {
  const r = carburizingParamsSchema.safeParse(input);
  if (!r.success) throw new CarburizingParamsError(issuesFromZod(r.error, input, new Map()));
  return r.data;
}

const STRING_KEYS = ["diffusivity"];

/**
 * Reads a deck of `key = value` lines (`#` starts a comment, blank lines ignored) into validated params.
 * Unknown or repeated keys, unreadable lines and non-numbers are refused with their line numbers; then the
 * values go through the same schema as the form's. Throws CarburizingParamsError listing every problem.
 */
export function parseCarburizingDeck(text: string): CarburizingParams {
  const { values, lines, issues } = readKeyValueDeck(text, { keys: CARBURIZING_KEYS, stringKeys: STRING_KEYS, texts: deckTexts });
  if (issues.length) throw new CarburizingParamsError(issues);
  const r = carburizingParamsSchema.safeParse(values);
  if (!r.success) throw new CarburizingParamsError(issuesFromZod(r.error, values, lines));
  return r.data;
}

/** Writes params as a deck parseCarburizingDeck reads back to the same values (numbers round-trip exactly). */
export function renderCarburizingDeck(params: CarburizingInput): string {
  const out = ["# Ferrum carburizing deck: key = value, # comments"];
  for (const key of CARBURIZING_KEYS) {
    const v = params[key];
    if (v !== undefined) out.push(`${key} = ${v}`);
  }
  return out.join("\n") + "\n";
}
