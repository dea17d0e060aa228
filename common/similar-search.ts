import type { SimilarRecord } from "./test-records.ts";

/**
 * The similar-data search's modes (docs/test-data.md), one per page: mySimilardataTable (composition ranges),
 * mySimilardataTable2 (nearest compositions), 3 (composition and properties), 4 (a grade's specification).
 */
export const SIMILAR_MODES = ["range", "nearest", "property", "grade"] as const;
export type SimilarMode = (typeof SIMILAR_MODES)[number];

/** One criterion as the search used it: a range (Min/Max) or a target with its weight (nearest). */
export interface SimilarCriterion {
  Key: string;
  Min: number | null;
  Max: number | null;
  Target: number | null;
  Weight: number | null;
}

export interface SimilarResult {
  Mode: SimilarMode;
  Criteria: SimilarCriterion[];
  /** The grade whose specification (grade) or mid-points (nearest) the search used. */
  Grade: { Name: string; Standard: string } | null;
  total: number;
  page: number;
  size: number;
  rows: SimilarRecord[];
  /** (x, y) of the matches that have both plotted quantities, when a plot was asked for. */
  Points: [number, number][] | null;
}
