/**
 * The steel-grade database's vocabulary, shared by the API (api/modules/dataResources/) and the pages:
 * families, standard systems, the properties with their units, and the answers of the DataResource/* calls.
 */

/** The families the grade search filters by (the spec's common steel kinds). */
export const GRADE_FAMILIES = [
  "carbon", // carbon structural and quality carbon steels
  "alloyStructural", // alloy structural (quenched and tempered, carburizing) steels
  "spring",
  "bearing",
  "tool", // carbon tool, alloy tool, high-speed steels
  "stainless",
  "heatResistant",
] as const;
export type GradeFamily = (typeof GRADE_FAMILIES)[number];

/** Standard systems a grade designation belongs to. */
export const GRADE_SYSTEMS = ["GB", "ASTM", "AISI-SAE", "JIS", "EN", "ISO"] as const;
export type GradeSystem = (typeof GRADE_SYSTEMS)[number];

/** The properties the property search offers, each with its unit. */
export const GRADE_PROPERTIES = {
  tensileStrength: "MPa", // Rm
  yieldStrength: "MPa", // ReL / Rp0.2
  elongation: "%", // A
  reductionOfArea: "%", // Z
  impactEnergy: "J", // KU2 / KV2, named in the condition
  hardnessHBW: "HBW",
  hardnessHRC: "HRC",
  density: "g/cm³",
  elasticModulus: "GPa",
  thermalConductivity: "W/(m·K)",
  thermalExpansion: "10⁻⁶/K", // mean coefficient, range in the condition
  specificHeat: "J/(kg·K)",
  electricalResistivity: "µΩ·m",
} as const;
export type GradeProperty = keyof typeof GRADE_PROPERTIES;
export const GRADE_PROPERTY_KEYS = Object.keys(GRADE_PROPERTIES) as GradeProperty[];

/** The elements the composition search offers, in the order steel tables list them. */
export const SEARCH_ELEMENTS = ["C", "Si", "Mn", "P", "S", "Cr", "Ni", "Mo", "V", "W", "Co", "Cu", "Al", "Ti", "Nb", "N", "B"] as const;
/** The columns the grade list shows for every row. */
export const LIST_ELEMENTS = ["C", "Si", "Mn", "Cr", "Ni", "Mo", "V"] as const;
/** The grade list's sorts (a leading "-" for descending). */
export const GRADE_SORT_KEYS = ["name", "standard", "family", "system"] as const;
export type GradeSortKey = (typeof GRADE_SORT_KEYS)[number];

/** At most this many element conditions in one search. */
export const MAX_ELEMENT_CONDITIONS = 6;

/**
 * A designation as the search compares it: lower case, without spaces, dashes, dots, slashes and
 * underscores ("42CrMo4", "42 CrMo 4" and "42crmo-4" are one key).
 */
export const gradeNameKey = (name: string) => name.toLowerCase().replace(/[\s\-./_]+/g, "");

/** One element range of a grade, wt%: a limit "≤ 0.035" has only Max. */
export interface ElementRangeView {
  Element: string;
  Min: number | null;
  Max: number | null;
}

export interface GradeRow {
  Key: string;
  Name: string;
  Number: string | null;
  System: GradeSystem;
  Standard: string;
  Family: GradeFamily;
  Composition: ElementRangeView[];
}

export interface SourceView {
  Key: string;
  Title: string;
  Kind: "standard" | "handbook";
  Year: number | null;
}

export interface CitedRange extends ElementRangeView {
  Source: string;
  Where: string | null;
}

export interface PropertyView {
  Property: GradeProperty;
  Unit: string;
  Min: number | null;
  Max: number | null;
  Value: number | null;
  Condition: string;
  TemperatureC: number | null;
  Source: string;
  /** The cited document's title, so a list can name it without the detail's source list. */
  SourceTitle: string;
  Where: string | null;
}

export interface GradeDetail extends Omit<GradeRow, "Composition"> {
  Composition: CitedRange[];
  Properties: PropertyView[];
  Equivalents: Omit<GradeRow, "Composition">[];
  EquivalentsSource: { Source: string; Where: string | null } | null;
  /** The documents this grade's figures cite. */
  Sources: SourceView[];
}

/** A row of the property search: the grade and the figure that matched. */
export interface PropertyHit extends Omit<GradeRow, "Composition"> {
  Figure: PropertyView;
}

export interface StandardRow {
  Standard: string;
  System: GradeSystem;
  Grades: number;
  Families: GradeFamily[];
}
