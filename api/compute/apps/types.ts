import type { z } from "zod";
import type { Texts } from "../../http/messages.ts";

/** How a task's inputs were given: a form (params) or the app's own input files (deck). */
export type TaskMode = "graphical" | "instruction";
export const TASK_MODES: readonly TaskMode[] = ["graphical", "instruction"];

export interface Resources {
  cores: number;
  walltimeMin: number;
}

/** A number worth showing on its own (case depth, final energy…). */
export interface ResultScalar {
  key: string;
  label: Texts;
  value: number;
  unit: string;
}

/** One curve for a plot: x and y of equal length, with axis labels and units. */
export interface ResultSeries {
  key: string;
  label: Texts;
  /**
   * Curves with the same chart key are drawn together in one plot with a legend (every phase's fraction against
   * T), titled by the chart's label; the axes are the first curve's. Without it a curve has a plot of its own.
   */
  chart?: { key: string; label: Texts };
  /**
   * A prediction the computed curves are compared with (an analytic law beside a simulation): drawn dashed, in
   * the plot and its legend, so a computed curve lying on it still shows through.
   */
  reference?: boolean;
  x: { label: Texts; unit: string; values: number[] };
  y: { label: Texts; unit: string; values: number[] };
}

export interface ResultTable {
  key: string;
  label: Texts;
  columns: Array<{ label: Texts; unit: string }>;
  rows: Array<Array<number | string>>;
}

/** A file of the work dir offered for download (path relative to the work dir). */
export interface ResultFile {
  path: string;
  bytes: number;
}

/** What an app's output parser makes of a finished work dir; stored as the task's result. */
/**
 * A picture the platform drew from the results (a contour, a velocity field, a mesh preview): an SVG or PNG
 * file of the work dir, shown on the task page as an <img>, so it needs no JavaScript.
 */
export interface ResultImage {
  key: string;
  label: Texts;
  /** Relative to the work dir; .svg or .png. */
  path: string;
  /** For a plot with linear axes: where its plot area is, so the page can read values off it under the pointer. */
  axes?: ImageAxes;
  /**
   * Pictures with the same sequence key are frames of one film (phase-field snapshots), in the order listed:
   * the page plays them as an animation with JavaScript and shows them as a strip without. `at` says what the
   * frame shows (its time or step) in the frame's caption.
   */
  sequence?: { key: string; label: Texts; at: string };
}

/**
 * A picture's coordinate frame: the image's own size, the plot area inside it (same units, from the top left),
 * and the axes' ranges. With `open`, a click on the plot area opens that graphical form with its fields set
 * from the point ({x} and {y} in the values are replaced by the clicked coordinates).
 */
export interface ImageAxes {
  width: number;
  height: number;
  plot: { left: number; top: number; width: number; height: number };
  x: { min: number; max: number; label: string };
  y: { min: number; max: number; label: string };
  open?: { appId: string; fields: Record<string, string>; label: Texts };
}

export interface TaskResult {
  scalars: ResultScalar[];
  series: ResultSeries[];
  tables: ResultTable[];
  files: ResultFile[];
  /** Optional so results stored before pictures existed still read. */
  images?: ResultImage[];
  /**
   * Structured values a workflow step can pass on (an equilibrium's phases with their compositions, a profile
   * as {x, y}); `steps.<id>.result.<path>` in a workflow reads here, and `scalars.<key>` reads the scalars.
   * Plain JSON; not shown on the task page (the scalars, series and tables show the same numbers).
   */
  values?: Record<string, unknown>;
}

/** What a running task shows before its result: curves read from its partial output (SCF convergence, residuals). */
export interface TaskProgress {
  series: ResultSeries[];
  scalars: ResultScalar[];
}

/**
 * An external code an app runs (pw.x, lmp, ccx…). The platform looks for it at start: an app whose code is
 * missing is shown as unavailable with the reason, and CreateTask refuses it instead of failing the task.
 */
export interface ExternalCode {
  /** Executables looked up on PATH (or absolute paths); all must exist. */
  commands: string[];
  /** The Debian packages that provide them (named in the reason, and installed by `npm run setup:solvers`). */
  packages: string[];
  /** Files or directories the code needs besides its executables (pseudopotentials, potentials, tutorials). */
  data?: string[];
  /** Reads the installed version (package manager or the code's banner); null when it cannot tell. */
  version(): Promise<string | null>;
}

/** One refused input: the field (a params key, or the deck file's), the deck line when known, the message in every language. */
export interface InputIssue {
  field: string;
  line?: number;
  text: Texts;
}

/** Thrown by an app's validateParams / parseDeck: every refused input, each explained in the user's language. */
export class AppInputError extends Error {
  constructor(readonly issues: InputIssue[]) {
    super(issues.map((i) => (i.line ? `line ${i.line}: ` : "") + (i.field ? `${i.field}: ` : "") + i.text.en).join("\n"));
    this.name = "AppInputError";
  }
}

/** Runs a solver's own check and turns its refusal (an error of `kind`, with issues) into the platform's: same fields, lines and texts. */
export function asAppInput<T>(fn: () => T, kind: abstract new (...args: never[]) => { issues: InputIssue[] }): T {
  try {
    return fn();
  } catch (e) {
    if (e instanceof kind) throw new AppInputError(e.issues);
    throw e;
  }
}

/** What a job script may depend on; paths are absolute. */
export interface JobScriptContext {
  taskId: string;
  workDir: string;
  mainInput: string;
  cores: number;
  walltimeMin: number;
}

/** How the graphical form shows one param: its label, unit and a line of help in each language. */
export interface FieldLabel {
  label: Texts;
  unit?: string;
  help?: Texts;
  /** What an enum's values read as in the select (yes/no and none have platform-wide labels already). */
  options?: Record<string, Texts>;
  /**
   * A string param holding a small text file (a crystal structure, a geometry): the form shows a text area and
   * a file picker that fills it; maxBytes bounds both (the schema should bound the string the same way).
   */
  multiline?: { maxBytes: number; accept?: string };
}

/** One compute app (docs/compute.md): everything the task service and the pages need, nothing executor-specific. */
export interface AppDefinition<P = unknown> {
  id: string;
  names: Texts;
  /** One of the twelve compute categories (api/modules/compute/categories.ts). */
  category: string;
  /** The app's own version; for an external code the installed code's version replaces it once detected (availability.ts). */
  version: string;
  /** The external code this app runs, if any: availability and version come from it. */
  code?: ExternalCode;
  modes: readonly TaskMode[];
  /** Validates params in both modes and drives the form. */
  paramsSchema: z.ZodType<P>;
  /**
   * Params from the form or the API → validated params with defaults; throws AppInputError. Optional: without
   * it the task service validates through paramsSchema and words zod's issues itself.
   */
  validateParams?(raw: unknown): P;
  /** Labels, units and help of the params for the graphical form (CalculateTask/GetAppForm); a param without one shows its key. */
  fieldLabels?: Record<string, FieldLabel>;
  /** A typical input: pre-fills the form and renders the instruction mode's example deck. */
  example?: unknown;
  /** The documentation page (CalculateTask/GetAppDoc, /steelResearchCompute/oiDetail). */
  doc?: AppDoc;
  /** The file instruction mode must supply and the job script reads. */
  mainInput: string;
  defaultResources: Resources;
  /** params → the input files of the work dir (name → text). */
  renderDeck(params: P): { files: Record<string, string> };
  /** The main input file's text → validated params (through the same schema); throws AppInputError naming lines. */
  parseDeck(text: string): P;
  /**
   * Instruction mode, after parseDeck: checks the deck as a whole (included scripts, uploaded case files, the
   * pseudopotentials the main input names), which parseDeck alone cannot see. Throws AppInputError whose
   * issues name the file in `field` (its deck path) and the line, so the refusal comes at submission and in
   * the user's language rather than as a failed task.
   */
  checkDeckFiles?(files: Readonly<Record<string, string>>, params: P): void;
  /** The bash script the executor runs in the work dir. */
  jobScript(ctx: JobScriptContext): string;
  /** Reads a work dir whose job exited 0; throws when the output is missing or unreadable. */
  parseOutput(workDir: string): Promise<TaskResult>;
  /**
   * Reads a running task's partial output for the live view (cheap: called every few seconds while a page
   * watches). Must not throw on half-written output; returns what it can.
   */
  progress?(workDir: string): Promise<TaskProgress>;
}

/** An app's documentation texts, each in the four languages; references stay as published. */
export interface AppDoc {
  /** What the app computes, in a sentence or two. */
  summary: Texts;
  /** The model and the numerical method, one paragraph each. */
  model: Texts[];
  assumptions: Texts[];
  /** Where the results hold: phases, temperatures, input ranges. */
  validity: Texts[];
  outputs: Texts[];
  references: string[];
}
