/** The CALPHAD equilibrium solver's library entry: minimise G over PhaseModels at given T, P and composition. */
export { equilibrium, type EquilibriumOptions, type EquilibriumPhase, type EquilibriumResult } from "./solve.ts";
export { massToMole, moleFractions, systemComponents, DEFAULT_PRESSURE, type EquilibriumConditions } from "./conditions.ts";
export { minimizeAtPotentials, type PhaseAtPotentials } from "./driving.ts";
export { lowerHull, type HullResult } from "./hull.ts";
