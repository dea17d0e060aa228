/**
 * The shape of the steel-grade database shipped with the platform (seeded on first start).
 *
 * Rule for every figure: it carries the source it was read from (a key of SOURCES in sources.ts,
 * plus where in it, e.g. a table), and a figure we are not sure of is left out, never guessed.
 */

import type { GradeFamily, GradeProperty, GradeSystem } from "../../../../common/steel-grades.ts";

// The vocabulary (families, systems, properties with units) is shared with the pages.
export { GRADE_FAMILIES, GRADE_PROPERTIES, GRADE_SYSTEMS } from "../../../../common/steel-grades.ts";
export type { GradeFamily, GradeProperty, GradeSystem };

/** Where a figure comes from: a key of SOURCES plus the place in it (table, clause, page). */
export interface Cited {
  source: string;
  where?: string;
}

/** One element's range in mass per cent. A "≤ 0.035" limit has only max; "≥ 0.15" only min. */
export interface ElementRange extends Cited {
  element: string; // chemical symbol, e.g. "Cr"
  min?: number;
  max?: number;
}

/**
 * One property figure. A standard's guaranteed minimum is `min`; a maximum (e.g. annealed hardness)
 * is `max`; a typical handbook figure is `value`. `condition` names the state the figure holds in
 * (heat treatment, section size, test temperature), in English as written in the source.
 */
export interface PropertyFigure extends Cited {
  property: GradeProperty;
  min?: number;
  max?: number;
  value?: number;
  condition: string;
  temperatureC?: number; // test temperature when it is not room temperature
}

export interface GradeSeed {
  /** Stable id used in URLs and equivalence lists, e.g. "gb-42CrMo", "aisi-4140". */
  key: string;
  /** The designation as the standard writes it, e.g. "42CrMo", "4140", "SCM440", "42CrMo4". */
  name: string;
  /** Numeric designation where the system has one (ISC for GB, UNS for ASTM/AISI, material number for EN). */
  number?: string;
  system: GradeSystem;
  /** The standard that defines the grade, with its year, e.g. "GB/T 3077-2015". */
  standard: string;
  family: GradeFamily;
  composition: ElementRange[];
  properties: PropertyFigure[];
  /** Keys of equivalent grades in other systems (listed both ways). */
  equivalents: string[];
  /** Where the equivalence comes from (e.g. a cross-reference table). */
  equivalentsSource?: Cited;
}

/** A document figures are read from. */
export interface SourceDoc {
  key: string;
  title: string; // full title as published, e.g. "GB/T 699-2015 优质碳素结构钢"
  kind: "standard" | "handbook";
  year?: number;
}
