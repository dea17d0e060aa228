/** The ternary isothermal section's library entry: tie-lines, three-phase triangles and single-phase regions at one T. */
export { ternarySection, DEFAULT_DENSITY, DEFAULT_SECTION_GRID } from "./section.ts";
export type { Composition, SinglePhaseRegion, TernarySection, TernarySectionOptions, ThreePhaseTriangle, TwoPhaseField } from "./types.ts";
