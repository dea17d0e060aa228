/** What a step (property) calculation over temperature takes and returns. */

export interface StepOptions {
  /** Overall mole fractions of all components but one (empty for a single component). */
  X: Record<string, number>;
  /** Pa, default 101325. */
  P?: number;
  /** K. */
  Tmin: number;
  Tmax: number;
  /** Temperature step, K. */
  dT: number;
  /** A fresh global start every this many points checks the warm-started ones (default 10). */
  globalEvery?: number;
  /** Width of the bracket a transition temperature is bisected to, K (default 1e-4). */
  transitionTolerance?: number;
  /** Called after each point (index from 0, of `total`), e.g. for progress lines. */
  onPoint?(point: StepPoint, index: number, total: number): void;
}

export interface StepPhase {
  /** The phase's name; a second composition set of one phase is "NAME#2" (the first "NAME#1"). */
  name: string;
  /** Moles of atoms of this phase per mole of atoms of the system. */
  fraction: number;
  composition: Record<string, number>;
}

export interface StepPoint {
  /** K. */
  T: number;
  phases: StepPhase[];
  /** Gibbs energy, enthalpy (J/mol of atoms), entropy and heat capacity (J/(mol of atoms·K)). */
  GM: number;
  HM: number;
  SM: number;
  /** Null where neither side of the central difference stays in this point's phase field. */
  CPM: number | null;
}

/**
 * On heating: "melting" (no liquid below, only liquid above: a pure element or a congruent point),
 * "solidus" (the first liquid), "liquidus" (the last solid goes), "liquid" (the solids change with liquid
 * present on both sides), "solvus" (a solid-state boundary).
 */
export type TransitionKind = "melting" | "solidus" | "liquidus" | "liquid" | "solvus";

export interface Transition {
  /** K, the middle of the final bracket. */
  T: number;
  kind: TransitionKind;
  /** The stable phases just below and just above T. */
  below: string[];
  above: string[];
  /** Phases present above and not below, and the reverse. */
  appearing: string[];
  disappearing: string[];
  /** H just above minus H just below, J/mol of atoms: the latent heat of an invariant, ≈ 0 at a boundary. */
  deltaH: number;
  /** Width of the final bracket, K. */
  bracket: number;
}

export interface StepResult {
  components: string[];
  /** Overall mole fractions of every component. */
  X: Record<string, number>;
  P: number;
  points: StepPoint[];
  transitions: Transition[];
  stats: {
    /** Equilibria from a global start (the first point, the checks, fall-backs, bisection). */
    global: number;
    /** Points taken by Newton from the previous point. */
    warm: number;
    /** Checks where the global start found a different or lower state than the warm start had. */
    corrected: number;
    seconds: number;
  };
}
