/**
 * progress.csv, the live record of a run: a header naming the columns, then one line per history point, appended
 * by the CLI as the run goes and read by the app's live view (api/compute/apps/phase-field/output.ts) while it is
 * still being written. The columns are the run's own — a circle run has its radius where the others have their
 * length scale, which means nothing for one circle — so the reader goes by the header's names.
 */
import type { HistoryPoint } from "./simulate.ts";

/** The history fields progress.csv carries, and their column names (SI units in the name). */
const COLUMNS = { step: "step", timeS: "time_s", energy: "energy_J_m3", length: "length_m", radius: "radius_m" } as const;
type Column = keyof typeof COLUMNS;

const columnsOf = (circle: boolean): Column[] => ["step", "timeS", "energy", circle ? "radius" : "length"];

/** The header line of a run's progress.csv. */
export const progressHeader = (circle: boolean) => columnsOf(circle).map((c) => COLUMNS[c]).join(",") + "\n";

/** One history point as a whole line of progress.csv (a length that is not defined is written NaN). */
export const progressLine = (h: HistoryPoint, circle: boolean) => columnsOf(circle).map((c) => h[c]).join(",") + "\n";

/** progress.csv read back: a column per field the header names, one value per complete line. */
export type ProgressColumns = Partial<Record<Column, number[]>>;

/**
 * Reads progress.csv as far as it is written: only lines ending in a newline count (the CLI appends each whole, so
 * anything after the last newline is a line still being written). Unknown header names are ignored.
 */
export function readProgressCsv(text: string): ProgressColumns {
  const lines = text.split("\n");
  const names = lines[0].split(",");
  const keys = names.map((name) => (Object.keys(COLUMNS) as Column[]).find((c) => COLUMNS[c] === name));
  const out: ProgressColumns = {};
  for (const k of keys) if (k) out[k] = [];
  for (const line of lines.slice(1, -1)) {
    const fields = line.split(",");
    if (fields.length !== names.length) continue;
    fields.forEach((f, i) => {
      const k = keys[i];
      if (k) out[k]!.push(Number(f));
    });
  }
  return out;
}
