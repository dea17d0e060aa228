/** The carburizing solver's library entry: validate params, then solve. */
import { solveCarburizing, type CarburizingResult, type SolveOptions } from "./carburize.ts";
import { validateCarburizingParams } from "./params.ts";

export { caseDepth, DEFAULT_STEPS, diffusivityOf, solveCarburizing, type CarburizingResult, type SolveOptions } from "./carburize.ts";
export { arrhenius, tibbetts, type Diffusivity } from "./diffusivity.ts";
export * from "./params.ts";

/** Validates `input` (throws CarburizingParamsError) and runs the solver on it. */
export function carburize(input: unknown, opts?: SolveOptions): CarburizingResult {
  return solveCarburizing(validateCarburizingParams(input), opts);
}
