/**
 * CalculiX's .frd result file (ASCII, the format CalculiX GraphiX reads): the mesh (blocks 2C and 3C) and the
 * nodal result blocks (100C: DISP, STRESS, NDTEMP…), each with its components. Fixed columns: " -1", the id in
 * 10 characters, then values 12 characters each (they may touch: "-1.2E+00-3.4E+00").
 */
export interface FrdBlock {
  name: string;
  /** The step time the block belongs to. */
  time: number;
  components: string[];
  values: Map<number, number[]>;
}

export interface FrdElement {
  id: number;
  /** frd element type: 1 he8, 2 pe6, 3 te4, 4 he20, 5 pe15, 6 te10, 7 tr3, 8 tr6, 9 qu4, 10 qu8, 11 be2, 12 be3. */
  type: number;
  nodes: number[];
}

export interface Frd {
  nodes: Map<number, [number, number, number]>;
  elements: FrdElement[];
  blocks: FrdBlock[];
}

const fixedValues = (line: string, from: number) => {
  const out: number[] = [];
  for (let i = from; i < line.length; i += 12) {
    const s = line.slice(i, i + 12).trim();
    if (!s) break;
    out.push(Number(s));
  }
  return out;
};

/** Parses an .frd text; a file cut short yields what was complete (the live view reads a running job's file). */
export function parseFrd(text: string): Frd {
  const lines = text.split(/\r?\n/);
  const nodes = new Map<number, [number, number, number]>();
  const elements: FrdElement[] = [];
  const blocks: FrdBlock[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i++];
    const head = line.slice(0, 6).trim();
    if (head === "2C") {
      for (; i < lines.length && lines[i].startsWith(" -1"); i++) {
        const l = lines[i];
        const v = fixedValues(l, 13);
        nodes.set(Number(l.slice(3, 13)), [v[0], v[1], v[2]]);
      }
    } else if (head === "3C") {
      for (; i < lines.length && (lines[i].startsWith(" -1") || lines[i].startsWith(" -2")); i++) {
        const l = lines[i];
        if (l.startsWith(" -1")) elements.push({ id: Number(l.slice(3, 13)), type: Number(l.slice(13, 18)), nodes: [] });
        else if (elements.length) elements[elements.length - 1].nodes.push(...l.slice(3).trim().split(/\s+/).map(Number));
      }
    } else if (head.startsWith("100C")) {
      const time = Number(line.slice(12, 24));
      if (i >= lines.length || !lines[i].startsWith(" -4")) continue;
      const name = lines[i++].slice(5, 13).trim();
      const components: string[] = [];
      for (; i < lines.length && lines[i].startsWith(" -5"); i++) components.push(lines[i].slice(5, 13).trim());
      const values = new Map<number, number[]>();
      let last: number[] | undefined;
      for (; i < lines.length && (lines[i].startsWith(" -1") || lines[i].startsWith(" -2")); i++) {
        const l = lines[i];
        if (l.startsWith(" -1")) {
          last = fixedValues(l, 13);
          values.set(Number(l.slice(3, 13)), last);
        } else last?.push(...fixedValues(l, 13));
      }
      // Only a block closed by " -3" is complete; a running job's last block may not be.
      if (i < lines.length && lines[i].startsWith(" -3")) blocks.push({ name, time, components, values });
    }
  }
  return { nodes, elements, blocks };
}

/** The last (latest) complete block of a result, e.g. "DISP" at the end of the last step. */
export const lastBlock = (frd: Frd, name: string) => frd.blocks.filter((b) => b.name === name).at(-1);

/** Von Mises equivalent stress from Sxx, Syy, Szz, Sxy, Syz, Szx. */
export function vonMises(s: number[]): number {
  const [xx, yy, zz, xy, yz, zx] = s;
  return Math.sqrt(0.5 * ((xx - yy) ** 2 + (yy - zz) ** 2 + (zz - xx) ** 2) + 3 * (xy ** 2 + yz ** 2 + zx ** 2));
}
