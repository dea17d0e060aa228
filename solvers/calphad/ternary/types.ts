/** What a ternary isothermal section returns: two-phase fields with tie-lines, three-phase triangles, single-phase labels. */

/** A composition as mole fractions of the second and third components (the first is the balance). */
export type Composition = Record<string, number>;

/** One two-phase field: its phases (twice the same name for a miscibility gap) and tie-lines, end 1 in phases[0]. */
export interface TwoPhaseField {
  phases: [string, string];
  tieLines: Array<[Composition, Composition]>;
}

/** One three-phase triangle: the phases and their compositions (the triangle's corners), in the same order. */
export interface ThreePhaseTriangle {
  phases: [string, string, string];
  vertices: [Composition, Composition, Composition];
}

/** A single-phase region: the phase and a composition inside it where its name can be written. */
export interface SinglePhaseRegion {
  phase: string;
  label: Composition;
}

export interface TernarySection {
  /** [A, B, C]: compositions give B and C, A is the balance. */
  components: [string, string, string];
  /** K and Pa. */
  T: number;
  P: number;
  twoPhase: TwoPhaseField[];
  threePhase: ThreePhaseTriangle[];
  singlePhase: SinglePhaseRegion[];
  /** Sample compositions, equilibria refined (tie-lines and triangles), and wall time, for the log and the benchmark. */
  stats: { samples: number; refined: number; fallbacks: number; seconds: number };
}

export interface TernarySectionOptions {
  components: [string, string, string];
  /** K. */
  T: number;
  /** Pa, default 101325. */
  P?: number;
  /** Divisions of the composition grid along each edge (default 30); tie-lines are kept about two divisions apart. */
  density?: number;
  /** Grid points per phase for the energy sampling (default 5000). */
  gridPoints?: number;
  /** Called with the fraction done and a sentence. */
  onProgress?(fraction: number, note: string): void;
}
