/**
 * A database as the catalogue shows it: plain JSON, independent of how the TDB reader represents a parsed file,
 * so the pages and the calls never depend on the reader's internals (content.ts is the one place that does).
 */
export interface PhaseView {
  name: string;
  /** Each sublattice's site ratio and the species that may sit on it. */
  sublattices: Array<{ ratio: number; constituents: string[] }>;
  /** What follows ":" in the name (L for a liquid, G for a gas), or "". */
  suffix: string;
  /** The magnetic contribution's constants from its type definition (anti-ferromagnetic factor, structure factor p). */
  magnetic: { afm: number; p: number } | null;
  /** Of an order–disorder pair: on the ordered phase, its disordered part; on the disordered one, the ordered phase. */
  disorderedPart: string | null;
  orderedPhase: string | null;
}

/** low ≤ T < high, in K; null where the file leaves the end open. */
export interface TRange {
  low: number | null;
  high: number | null;
  expression: string;
}

export interface FunctionView {
  name: string;
  /** The temperature ranges, each with its expression as written in the file; null is an open end. */
  ranges: TRange[];
}

export interface ParameterView {
  /** G, L, TC, BMAGN, ... */
  type: string;
  phase: string;
  /** Species per sublattice, as in PARAMETER G(FCC_A1,AL,ZN:VA;1). */
  constituents: string[][];
  order: number;
  ranges: TRange[];
  /** The parameter's name as the file spells it, e.g. "L(FCC_A1,AL,ZN:VA;1)", for searching and display. */
  label: string;
}

/** Something the reader accepted but does not use as written (an undefined function counted as 0, ...). */
export interface ReaderWarning {
  line: number;
  code: string;
  /** The reader's English detail. */
  message: string;
}

export interface DatabaseContent {
  warnings: ReaderWarning[];
  elements: string[];
  species: string[];
  phases: PhaseView[];
  functions: FunctionView[];
  parameters: ParameterView[];
}
