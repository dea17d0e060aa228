/** Step (property) calculations over temperature at a fixed composition: phase fractions, compositions, G, H, S, Cp, transitions. */
export { stepTemperature, stepTemperatures, MAX_STEP_POINTS } from "./step.ts";
export { transitionKind } from "./transitions.ts";
export type { StepOptions, StepPhase, StepPoint, StepResult, Transition, TransitionKind } from "./types.ts";
