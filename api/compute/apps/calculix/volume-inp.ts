import { readKeyword } from "./inp-deck.ts";

/**
 * gmsh's .inp export for CalculiX: keeps the volume elements only. gmsh also writes the lines and surfaces
 * (T3D, CPS elements) that ccx would take as plane-stress parts of the model, and calls 20-node bricks C3D20,
 * where the reduced-integration C3D20R bends without locking. Element sets lose the dropped elements (gmsh lists
 * them by id under each physical group) and go when nothing is left.
 */
export function volumeOnlyInp(text: string): string {
  const lines = text.split(/\r?\n/);
  const blocks: Array<{ head: string | null; body: string[] }> = [{ head: null, body: [] }];
  for (const l of lines) {
    if (l.startsWith("*") && !l.startsWith("**")) blocks.push({ head: l, body: [] });
    else blocks[blocks.length - 1].body.push(l);
  }
  const dropped = new Set<string>();
  const droppedIds = new Set<string>();
  const out: string[] = [];
  for (const b of blocks) {
    if (b.head === null) {
      out.push(...b.body);
      continue;
    }
    const kw = readKeyword(b.head, 0);
    if (kw.name === "ELEMENT") {
      const type = (kw.params.TYPE ?? "").toUpperCase();
      if (!type.startsWith("C3D")) {
        if (kw.params.ELSET) dropped.add(kw.params.ELSET.toUpperCase());
        // An element's id starts its data line; a line after one ending in "," continues the node list.
        let continued = false;
        for (const l of b.body) {
          if (!l.trim()) continue;
          if (!continued) droppedIds.add(l.split(",")[0].trim());
          continued = l.trim().endsWith(",");
        }
        continue;
      }
      out.push(type === "C3D20" ? b.head.replace(/type\s*=\s*C3D20\b/i, "type=C3D20R") : b.head, ...b.body);
    } else if (kw.name === "ELSET") {
      const body = b.body
        .map((l) => l.split(",").map((s) => s.trim()).filter((s) => s && !dropped.has(s.toUpperCase()) && !droppedIds.has(s)))
        .filter((entries) => entries.length)
        .map((entries) => entries.join(", ") + ",");
      if (body.length) out.push(b.head, ...body);
    } else out.push(b.head, ...b.body);
  }
  return out.join("\n");
}
