/** A mesh read from gmsh's MSH 2.2 ASCII format: what the statistics and the preview need. */
export interface MshMesh {
  nodes: Map<number, [number, number, number]>;
  elements: Array<{ id: number; type: number; nodes: number[] }>;
}

/** Gmsh element type numbers → name and dimension (MSH 2 reference, the types gmsh writes for orders 1 and 2). */
export const MSH_TYPES: Record<number, { name: string; dim: number }> = {
  1: { name: "line2", dim: 1 },
  2: { name: "triangle3", dim: 2 },
  3: { name: "quad4", dim: 2 },
  4: { name: "tetra4", dim: 3 },
  5: { name: "hexa8", dim: 3 },
  6: { name: "prism6", dim: 3 },
  7: { name: "pyramid5", dim: 3 },
  8: { name: "line3", dim: 1 },
  9: { name: "triangle6", dim: 2 },
  10: { name: "quad9", dim: 2 },
  11: { name: "tetra10", dim: 3 },
  12: { name: "hexa27", dim: 3 },
  13: { name: "prism18", dim: 3 },
  14: { name: "pyramid14", dim: 3 },
  15: { name: "point", dim: 0 },
  16: { name: "quad8", dim: 2 },
  17: { name: "hexa20", dim: 3 },
  18: { name: "prism15", dim: 3 },
  19: { name: "pyramid13", dim: 3 },
};

/**
 * Parses an MSH 2.2 ASCII file. Throws when the header or a section is malformed; a file cut short (a run still
 * writing) throws too, so callers that must not throw catch it.
 */
export function parseMsh2(text: string): MshMesh {
  const lines = text.split(/\r?\n/);
  let i = 0;
  const next = () => {
    if (i >= lines.length) throw new Error("mesh file ends early");
    return lines[i++].trim();
  };
  const nodes = new Map<number, [number, number, number]>();
  const elements: MshMesh["elements"] = [];
  let sawFormat = false;
  while (i < lines.length) {
    const line = lines[i++].trim();
    if (line === "$MeshFormat") {
      const [version, binary] = next().split(/\s+/);
      if (!version.startsWith("2.") || binary !== "0") throw new Error(`not an ASCII MSH 2 file (format ${version} ${binary})`);
      sawFormat = true;
    } else if (line === "$Nodes") {
      const n = Number(next());
      for (let k = 0; k < n; k++) {
        const f = next().split(/\s+/).map(Number);
        if (f.length < 4 || f.some((x) => !Number.isFinite(x))) throw new Error(`bad node line ${i}`);
        nodes.set(f[0], [f[1], f[2], f[3]]);
      }
      if (next() !== "$EndNodes") throw new Error("$Nodes section not closed");
    } else if (line === "$Elements") {
      const n = Number(next());
      for (let k = 0; k < n; k++) {
        const f = next().split(/\s+/).map(Number);
        const ntags = f[2];
        if (f.length < 3 || !Number.isInteger(ntags)) throw new Error(`bad element line ${i}`);
        elements.push({ id: f[0], type: f[1], nodes: f.slice(3 + ntags) });
      }
      if (next() !== "$EndElements") throw new Error("$Elements section not closed");
    }
  }
  if (!sawFormat) throw new Error("no $MeshFormat header");
  return { nodes, elements };
}

/** Element counts by type name, in type-number order (what the statistics table shows). */
export function countByType(mesh: MshMesh): Array<{ type: string; dim: number; count: number }> {
  const counts = new Map<number, number>();
  for (const e of mesh.elements) counts.set(e.type, (counts.get(e.type) ?? 0) + 1);
  return [...counts.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([t, count]) => ({ type: MSH_TYPES[t]?.name ?? `type${t}`, dim: MSH_TYPES[t]?.dim ?? -1, count }));
}
