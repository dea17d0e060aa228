/** What a binary (T–x) phase diagram calculation returns: boundaries, invariant reactions and region labels. */

/** One tie-line end pair at T: x1, x2 are the mole fractions of the second component in phases[0] and phases[1]. */
export interface BoundaryPoint {
  T: number;
  x1: number;
  x2: number;
}

/** A two-phase field followed over T: phases[0] is the phase on the left (poorer in the second component). */
export interface Boundary {
  phases: [string, string];
  points: BoundaryPoint[];
}

export type InvariantKind =
  | "eutectic"
  | "eutectoid"
  | "monotectic"
  | "metatectic"
  | "peritectic"
  | "peritectoid"
  | "syntectic"
  | "congruent"
  | "melting"
  | "allotropic";

export interface Invariant {
  /** K. */
  T: number;
  /** As on cooling: "L = FCC_A1 + BCT_A5" (the phase that decomposes on the left). */
  reaction: string;
  kind: InvariantKind;
  /** Mole fraction of the second component in each phase; a second composition set of a phase is "NAME#2". */
  phases: Record<string, number>;
}

export interface RegionLabel {
  /** A phase name, or "A + B" for a two-phase field. */
  phase: string;
  T: number;
  x: number;
}

export interface BinaryDiagram {
  components: [string, string];
  Tmin: number;
  Tmax: number;
  P: number;
  boundaries: Boundary[];
  invariants: Invariant[];
  singlePhaseRegions: RegionLabel[];
  twoPhaseRegions: RegionLabel[];
  /** Temperatures scanned and equilibria refined, for the log and the benchmark. */
  stats: { steps: number; tieLines: number; seconds: number };
}

export interface BinaryDiagramOptions {
  components: [string, string];
  Tmin: number;
  Tmax: number;
  /** Pa, default 101325. */
  P?: number;
  /** Temperature step of the scan, K (default: 1/300 of the range, at least 0.5 K). */
  step?: number;
  /** Called after each temperature with the fraction done and the boundaries found so far. */
  onProgress?(fraction: number, boundariesSoFar: number): void;
}
