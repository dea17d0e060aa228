/**
 * CalculiX's .dat file: what *NODE PRINT and *EL PRINT asked for, as blocks headed like
 * " displacements (vx,vy,vz) for set NAXIS and time  0.1000000E+01" followed by rows of numbers.
 */
export interface DatBlock {
  /** "displacements", "temperatures", "stresses"… as ccx words it. */
  quantity: string;
  /** The column names ccx gives in parentheses (may be empty, e.g. for temperatures). */
  components: string[];
  set: string;
  time: number;
  rows: number[][];
}

const HEADER = /^\s*(\S.*?)\s*(?:\(([^)]*)\))?\s+for set\s+(\S+)\s+and time\s+(\S+)/;

export function parseDat(text: string): DatBlock[] {
  const blocks: DatBlock[] = [];
  let current: DatBlock | undefined;
  for (const line of text.split(/\r?\n/)) {
    const h = HEADER.exec(line);
    if (h) {
      current = { quantity: h[1], components: h[2] ? h[2].split(",").map((s) => s.trim()).filter(Boolean) : [], set: h[3], time: Number(h[4]), rows: [] };
      blocks.push(current);
      continue;
    }
    if (!current || !line.trim()) continue;
    const cells = line.trim().split(/\s+/).map(Number);
    if (cells.every(Number.isFinite)) current.rows.push(cells);
    else current = undefined;
  }
  return blocks;
}

/** Column names of a block's rows: ccx's own when they cover every column, else "node" before them. */
export function datColumns(b: DatBlock): string[] {
  const width = b.rows[0]?.length ?? 0;
  if (b.components.length === width) return b.components;
  const named = b.components.length ? b.components : b.quantity === "temperatures" ? ["T"] : Array.from({ length: width - 1 }, (_, k) => `v${k + 1}`);
  return ["node", ...named].slice(0, Math.max(width, 1));
}
