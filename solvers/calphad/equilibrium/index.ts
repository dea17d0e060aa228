/**
 * The CALPHAD equilibrium solver's library entry: minimise G over PhaseModels (../model.ts) at given T, P and
 * overall composition — grid and convex-hull start with column generation, Newton–Lagrange refinement,
 * composition sets added by driving force.
 */
export { equilibrium, type EquilibriumOptions, type EquilibriumPhase, type EquilibriumResult } from "./solve.ts";
export { massToMole, moleFractions, systemComponents, DEFAULT_PRESSURE, type EquilibriumConditions } from "./conditions.ts";
export { minimizeAtPotentials, type PhaseAtPotentials } from "./driving.ts";
export { phaseCandidates, bestCandidate, type Candidate } from "./candidates.ts";
export { lowerHull, type HullResult } from "./hull.ts";
export { phaseContext, type PhaseContext } from "./phase.ts";
