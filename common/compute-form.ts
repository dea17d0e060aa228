/**
 * The graphical form of a compute app as CalculateTask/GetAppForm describes it: built by the API from the
 * app's zod schema, drawn by the web, which cannot import that schema.
 */

/** One input of the graphical form, derived from the app's zod schema plus its labels. */
export interface FormField {
  name: string;
  type: "number" | "integer" | "enum" | "string";
  label: string;
  unit: string | null;
  required: boolean;
  min: number | null;
  max: number | null;
  /** True when min / max themselves are refused (x > min rather than x ≥ min). */
  minExclusive: boolean;
  maxExclusive: boolean;
  default: number | string | null;
  /** The app's example value, when it has one: what the form starts with. */
  example: number | string | null;
  options: string[] | null;
  /** How each option reads in the caller's language, in the order of `options`. */
  optionLabels: string[] | null;
  /** A text-file param: a text area plus a file picker named `<name>File` (see FieldLabel.multiline). */
  multiline: { maxBytes: number; accept: string | null } | null;
  help: string | null;
}

export interface AppForm {
  appId: string;
  name: string;
  category: string;
  version: string;
  /** False when the app's code is not installed where the API runs; the reason is in the caller's language. */
  available: boolean;
  unavailableReason: string | null;
  modes: string[];
  mainInput: string;
  defaultResources: { cores: number; walltimeMin: number };
  maxCores: number;
  fields: FormField[];
  /** The main input file rendered from the example (or defaults): instruction mode's starting deck. */
  exampleDeck: string;
  /** How many files the example deck has: more than one are offered as a .tar.gz (CalculateTask/GetAppExample). */
  exampleFileCount: number;
}
