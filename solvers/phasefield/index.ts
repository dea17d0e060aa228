/** Phase-field solvers: Allen–Cahn grain growth and Cahn–Hilliard spinodal decomposition, semi-implicit spectral. */
export { Fft, wavenumbersSquared } from "./fft.ts";
export { AllenCahn, type AllenCahnSettings } from "./allenCahn.ts";
export { CahnHilliard, type CahnHilliardSettings } from "./cahnHilliard.ts";
export { encodePng, crc32 } from "./png.ts";
export { simulate, snapshotSteps, type HistoryPoint, type SimulationResult } from "./simulate.ts";
export * from "./params.ts";
