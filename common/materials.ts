/**
 * Materials as the API answers them (docs/materials.md): a steel with its process history, its samples and test
 * records (by heat number). No zod: pages use this in the browser.
 */

/** What a process step is, in the order a steel usually goes through them. */
export const STEP_KINDS = ["melting", "casting", "rolling", "forging", "normalizing", "annealing", "quenching", "tempering", "carburizing", "solution", "aging", "machining", "other"] as const;
export type StepKind = (typeof STEP_KINDS)[number];

/** Heat treatments: a temperature held for a time, which the compute apps can follow. */
export const HEAT_TREATMENTS: readonly StepKind[] = ["normalizing", "annealing", "quenching", "tempering", "carburizing", "solution", "aging"];
/** Steps that hold the steel austenitic long enough for its grains to grow (the phase-field grain-growth model). */
export const AUSTENITIZING: readonly StepKind[] = ["normalizing", "annealing", "quenching", "carburizing", "solution"];
/** Steps at which precipitates form or coarsen (the KWN precipitation model). */
export const PRECIPITATING: readonly StepKind[] = ["tempering", "aging", "annealing", "normalizing"];

export interface MaterialStep {
  Kind: StepKind;
  Title: string;
  TemperatureC: number | null;
  DurationMin: number | null;
  Medium: string;
  CarbonPotential: number | null;
  PerformedOn: string | null;
  Note: string;
}

export interface Material {
  Id: string;
  Code: string;
  Grade: string;
  HeatNo: string;
  Supplier: string;
  Form: string;
  Dimensions: string;
  Condition: string;
  Note: string;
  Steps: MaterialStep[];
  CreatedBy: string | null;
  CreatedAt: string;
  UpdatedAt: string;
  Version: number;
}

/** A material in the list: its steps counted, its samples (by heat number) counted. */
export type MaterialRow = Omit<Material, "Steps" | "Note"> & { StepCount: number; SampleCount: number };

/** A sample of the material's heat, with its order. */
export interface MaterialSample {
  Id: string;
  Code: string;
  OrderId: string;
  OrderCode: string;
  Form: string;
  Condition: string;
  RegisteredAt: string;
}

/** materialDetails: the material, its samples and records, and the composition the calculations use. */
export interface MaterialDetail extends Material {
  Samples: MaterialSample[];
  /** Test records of its heat (the newest 50), with their values. */
  Records: { Id: string; Code: string; Source: string; TestedAt: string; Condition: string; Values: Record<string, number> }[];
  /** wt%: measured (the newest record of its heat with carbon), else the grade's nominal; null when neither. */
  Composition: { Basis: "measured" | "nominal"; RecordCode: string | null; Values: Record<string, number> } | null;
  CanEdit: boolean;
}
