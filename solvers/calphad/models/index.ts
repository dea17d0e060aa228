/** The thermodynamic models' library entry: PhaseModels (see ../model.ts) from a parsed TDB database. */
export { atomsPerFormula, buildPhaseModels, type CalphadPhaseModel } from "./build.ts";
export { CefEnergy } from "./cef.ts";
export { ihjG, ihjMagnetic, type MagneticPartials } from "./magnetic.ts";
export { PartitionedEnergy } from "./order-disorder.ts";
export { CalphadModelError } from "./terms.ts";
