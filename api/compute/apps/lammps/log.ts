/** One thermo table of a LAMMPS log: the output of one run or minimize command. */
export interface ThermoBlock {
  columns: string[];
  rows: number[][];
  /** True for a minimize (its "Minimization stats:" follow the loop); false for a run. */
  minimization: boolean;
  /** False while the command is still running (no "Loop time" line yet). */
  complete: boolean;
  /** Atoms, from the "Loop time … with N atoms" line. */
  atoms: number | null;
}

/** What the platform reads of a log.lammps. */
export interface LammpsLog {
  blocks: ThermoBlock[];
  /** `RESULT key = value` lines the input printed (the graphical deck prints its results this way). */
  results: Array<{ key: string; value: number }>;
  /** The units command's style, "lj" by default as in LAMMPS. */
  units: string;
  /** The first ERROR line, if LAMMPS stopped on one. */
  error: string | null;
}

const NUMBER = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;
const RESULT_LINE = /^RESULT\s+([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(\S+)\s*$/;
const LOOP_LINE = /^Loop time of \S+ on \d+ procs for \d+ steps with (\d+) atoms/;

/**
 * Reads a log.lammps, whole or still being written (a trailing partial line is ignored). Thermo tables start
 * at a header whose first word is "Step" and end at "Loop time"; lines LAMMPS interleaves (warnings) and rows
 * that are not all finite numbers (a run blowing up prints nan) are skipped.
 */
export function readLammpsLog(text: string): LammpsLog {
  const lines = text.split("\n");
  if (!text.endsWith("\n")) lines.pop();
  const blocks: ThermoBlock[] = [];
  const results: LammpsLog["results"] = [];
  let units = "lj";
  let error: string | null = null;
  let current: ThermoBlock | null = null;
  let lastEnded: ThermoBlock | null = null;
  for (const raw of lines) {
    const line = raw.trim();
    if (current) {
      const loop = LOOP_LINE.exec(line);
      if (loop) {
        current.complete = true;
        current.atoms = Number(loop[1]);
        lastEnded = current;
        current = null;
        continue;
      }
      const w = line.split(/\s+/);
      if (w.length === current.columns.length && w.every((x) => NUMBER.test(x))) current.rows.push(w.map(Number));
      continue;
    }
    const w = line.split(/\s+/);
    if (w[0] === "Step" && w.length > 1 && !w.some((x) => NUMBER.test(x))) {
      current = { columns: w, rows: [], minimization: false, complete: false, atoms: null };
      blocks.push(current);
      lastEnded = null;
      continue;
    }
    if (line === "Minimization stats:" && lastEnded) lastEnded.minimization = true;
    const r = RESULT_LINE.exec(line);
    if (r && NUMBER.test(r[2])) results.push({ key: r[1], value: Number(r[2]) });
    if (w[0] === "units" && w[1]) units = w[1];
    if (!error && line.startsWith("ERROR")) error = line;
  }
  return { blocks, results, units, error };
}
