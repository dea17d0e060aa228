/**
 * calphad-step's inputs: calphad-equilibrium's (database, components, phases, composition, units, pressure)
 * with a temperature range instead of one temperature. The shared fields are checked by the equilibrium
 * app's own rules (script/params.ts), with the start temperature standing in for its temperature.
 */
import { z } from "zod";
import { calphadParamsSchema, CalphadInputError, checkCalphadParams, kelvin, valueTexts, type CalphadCase, type CalphadIssue, type DatabaseInfo } from "../script/index.ts";
import { MAX_TEMPERATURE_K } from "../script/params.ts";
import { stepTexts } from "./texts.ts";

/** Points a step may have through the app: a 1 K step over 3000 K, seconds of work. */
export const MAX_APP_POINTS = 5000;

export const stepParamsSchema = calphadParamsSchema
  .omit({ temperature: true })
  .extend({
    /** Start and end of the range, and the step, in temperatureUnit (a step is a difference: K and °C alike). */
    Tmin: z.number(),
    Tmax: z.number(),
    step: z.number(),
  })
  .strict();

export type StepParams = z.output<typeof stepParamsSchema>;
export type StepInput = z.input<typeof stepParamsSchema>;

export interface StepCase extends Omit<CalphadCase, "T"> {
  /** K. */
  Tmin: number;
  Tmax: number;
  dT: number;
}

/**
 * Checks step params (form, API or script) and reads them into a StepCase; `lines` maps params keys to
 * script lines for the messages (the T line under "Tmin").
 */
export function checkStepParams(raw: unknown, db?: DatabaseInfo, lines: Map<string, number> = new Map()): { params: StepParams; case: StepCase } {
  const given = (raw && typeof raw === "object" ? raw : {}) as Record<string, unknown>;
  const { Tmin, Tmax, step, ...shared } = given;
  const line = lines.get("Tmin");
  const sharedLines = new Map(lines);
  if (line !== undefined) sharedLines.set("temperature", line);
  // Keys of neither app (a form's `temperature` here) are refused by name, as the equilibrium app does.
  const issues: CalphadIssue[] = Object.keys(given)
    .filter((k) => !(k in stepParamsSchema.shape))
    .map((field) => ({ field, text: valueTexts.badValue }));
  let base: ReturnType<typeof checkCalphadParams> | undefined;
  try {
    base = checkCalphadParams({ ...shared, temperature: Tmin }, db, sharedLines);
  } catch (e) {
    if (!(e instanceof CalphadInputError)) throw e;
    issues.push(...e.issues.map((i) => (i.field === "temperature" ? { ...i, field: "Tmin" } : i)));
  }
  const unit = given.temperatureUnit === "°C" ? "°C" : "K";
  const finite = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v);
  const lo = finite(Tmin) ? kelvin(Tmin, unit) : NaN;
  if (!finite(Tmax) || !(kelvin(Tmax, unit) <= MAX_TEMPERATURE_K) || (finite(Tmin) && !(kelvin(Tmax, unit) > lo))) {
    issues.push({ field: "Tmax", line, text: stepTexts.range });
  } else if (!finite(step) || !(step > 0) || (finite(Tmin) && (kelvin(Tmax, unit) - lo) / step + 2 > MAX_APP_POINTS)) {
    issues.push({ field: "step", line, text: stepTexts.step(MAX_APP_POINTS) });
  }
  if (issues.length || !base) throw new CalphadInputError(issues);
  const p = stepParamsSchema.parse(raw);
  const { T: _start, ...c } = base.case;
  return { params: p, case: { ...c, Tmin: kelvin(p.Tmin, p.temperatureUnit), Tmax: kelvin(p.Tmax, p.temperatureUnit), dT: p.step } };
}
