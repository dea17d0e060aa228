/**
 * What a TDB file holds once read: plain, JSON-friendly records (the database catalogue lists and browses
 * them), with each function and parameter keeping its source text and line so a user can find it again.
 */

/** An expression of T and P as parsed; `Ref` is a reference to a FUNCTION (with or without `#` in the file). */
export type Expr =
  | { kind: "num"; value: number }
  | { kind: "var"; name: "T" | "P" }
  | { kind: "ref"; name: string }
  | { kind: "neg"; arg: Expr }
  | { kind: "bin"; op: "+" | "-" | "*" | "/" | "**"; left: Expr; right: Expr }
  | { kind: "call"; fn: "LN" | "EXP"; arg: Expr };

/** One temperature range of a piecewise expression: valid for low ≤ T < high. */
export interface TdbRange {
  low: number;
  high: number;
  expr: Expr;
  /** The expression as written (whitespace collapsed), for browsing. */
  text: string;
}

/**
 * A piecewise expression in T. Evaluation conventions (those of the assessments and of pycalphad's models):
 * below the first range the first applies, above the last the last; at a breakpoint the upper range applies.
 */
export interface TdbPiecewise {
  ranges: TdbRange[];
}

export interface TdbElement {
  name: string;
  referencePhase: string;
  mass: number;
  H298: number;
  S298: number;
}

/** A species: its elements' stoichiometry (VA has none) and charge. Elements are species of themselves. */
export interface TdbSpecies {
  name: string;
  constituents: Record<string, number>;
  charge: number;
}

export interface TdbFunction {
  name: string;
  value: TdbPiecewise;
  line: number;
}

export interface MagneticHint {
  /** The anti-ferromagnetic factor: −1 for BCC, −3 for FCC/HCP (negative TC and BMAGN are divided by it). */
  afm: number;
  /** The structure factor p: 0.4 for BCC, 0.28 for the others. */
  p: number;
}

export interface TdbPhase {
  name: string;
  /** What followed `:` in the name (`L` for a liquid, `G` for a gas); empty when none. */
  suffix: string;
  /** The type-definition characters after the name, e.g. `%&-`. */
  typeCodes: string;
  siteRatios: number[];
  /** Constituents per sublattice, sorted by name; empty until its CONSTITUENT command. */
  constituents: string[][];
  /** Constituents marked `%` (major), per sublattice. */
  majorConstituents: string[][];
  magnetic?: MagneticHint;
  /** Set on the ordered phase of an order–disorder pair: the name of its disordered part. */
  disorderedPhase?: string;
  /** Set on the disordered phase of such a pair: the name of the ordered phase. */
  orderedPhase?: string;
  line: number;
}

export interface TdbParameter {
  /** G, L, TC, BMAGN, or any other symbol (mobilities MQ, MF, …) kept for browsing. */
  type: string;
  phase: string;
  /** The species after `&` (diffusion and mobility parameters). */
  diffusingSpecies?: string;
  /** Constituents per sublattice, each sorted by name as pycalphad does (it fixes the sign of odd orders); `*` is a wildcard. */
  constituents: string[][];
  order: number;
  value: TdbPiecewise;
  /** The bibliographic key after the last range, when given. */
  reference?: string;
  line: number;
}

export interface TdbTypeDefinition {
  code: string;
  text: string;
  line: number;
}

export interface TdbWarning {
  line: number;
  code: string;
  message: string;
}

export interface Database {
  elements: Record<string, TdbElement>;
  species: Record<string, TdbSpecies>;
  functions: Record<string, TdbFunction>;
  phases: Record<string, TdbPhase>;
  parameters: TdbParameter[];
  typeDefinitions: TdbTypeDefinition[];
  /** Things read but not used, or suspicious (undefined function references, parameters for unknown phases, …). */
  warnings: TdbWarning[];
}

/** Codes of the errors a bad file gets; the API layer translates them. */
export type TdbErrorCode =
  | "unterminated-command"
  | "unknown-keyword"
  | "ambiguous-keyword"
  | "bad-number"
  | "bad-expression"
  | "bad-range"
  | "bad-element"
  | "bad-species"
  | "unknown-species"
  | "bad-phase"
  | "duplicate-phase"
  | "unknown-phase"
  | "bad-constituent"
  | "sublattice-mismatch"
  | "bad-parameter"
  | "bad-type-definition"
  | "duplicate-function"
  | "circular-function";

/** A file that cannot be read: the 1-based line, a machine-readable code and an English message. */
export class TdbError extends Error {
  readonly line: number;
  readonly code: TdbErrorCode;
  constructor(line: number, code: TdbErrorCode, message: string) {
    super(`line ${line}: ${message}`);
    this.name = "TdbError";
    this.line = line;
    this.code = code;
  }
  /** The message without the line prefix (the UI shows the line separately). */
  get detail(): string {
    return this.message.replace(/^line \d+: /, "");
  }
}
