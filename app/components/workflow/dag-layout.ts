/**
 * Where each step of a workflow goes in its picture: layers by dependency depth (a step sits one layer after
 * the deepest step it waits for), drawn left → right on wide screens and top → bottom on phones, where a
 * left-to-right chain of five would be five screens wide. Pure geometry, so the server draws the SVG and
 * the tests check it without a browser.
 */

export interface DagInput {
  id: string;
  /** Every step it waits for (the API's `after`: its extra dependencies plus the steps its inputs read). */
  after: string[];
}

export type Direction = "lr" | "tb";

export interface PlacedNode {
  id: string;
  layer: number;
  /** Position within its layer, from the top (lr) or the left (tb). */
  slot: number;
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface PlacedEdge {
  from: string;
  to: string;
  /** An SVG path from the side of `from` facing `to` to the side of `to` facing back; the arrow head is a marker. */
  d: string;
}

export interface DagLayout {
  direction: Direction;
  width: number;
  height: number;
  nodes: PlacedNode[];
  edges: PlacedEdge[];
}

/** Sizes in SVG units (= CSS px at scale 1): a node holds its id, its app and its state in three lines. */
export const GEOMETRY = {
  lr: { nodeW: 176, nodeH: 70, gapAlong: 56, gapAcross: 18, pad: 10 },
  tb: { nodeW: 136, nodeH: 70, gapAlong: 40, gapAcross: 12, pad: 8 },
} as const;

/**
 * Each step's layer: 0 for a step that waits for nothing, else one more than the deepest step it waits for.
 * Unknown ids in `after` are ignored; should a cycle slip through (the API refuses them), its steps stop
 * growing after n rounds instead of looping forever.
 */
export function layersOf(steps: DagInput[]): Map<string, number> {
  const ids = new Set(steps.map((s) => s.id));
  const depth = new Map(steps.map((s) => [s.id, 0]));
  for (let round = 0; round < steps.length; round++) {
    let changed = false;
    for (const s of steps) {
      for (const dep of s.after) {
        if (!ids.has(dep) || dep === s.id) continue;
        const want = depth.get(dep)! + 1;
        if (want > depth.get(s.id)!) {
          depth.set(s.id, want);
          changed = true;
        }
      }
    }
    if (!changed) break;
  }
  return depth;
}

export function layoutDag(steps: DagInput[], direction: Direction): DagLayout {
  const g = GEOMETRY[direction];
  const depth = layersOf(steps);
  const layerCount = steps.length ? Math.max(...depth.values()) + 1 : 0;
  const layers: string[][] = Array.from({ length: layerCount }, () => []);
  steps.forEach((s) => layers[depth.get(s.id)!].push(s.id));

  // Within a layer, a step goes near the steps it waits for (mean slot of its parents), which keeps the
  // arrows of a few chains side by side from crossing; ties keep the workflow's own order.
  const slotOf = new Map<string, number>();
  const order = new Map(steps.map((s, i) => [s.id, i]));
  const parents = new Map(steps.map((s) => [s.id, s.after.filter((d) => depth.has(d) && depth.get(d)! < depth.get(s.id)!)]));
  layers.forEach((layer, li) => {
    if (li > 0) {
      const key = (id: string) => {
        const ps = parents.get(id)!;
        return ps.length ? ps.reduce((sum, p) => sum + slotOf.get(p)!, 0) / ps.length : Number.POSITIVE_INFINITY;
      };
      layer.sort((a, b) => key(a) - key(b) || order.get(a)! - order.get(b)!);
    }
    layer.forEach((id, slot) => slotOf.set(id, slot));
  });

  const widest = Math.max(0, ...layers.map((l) => l.length));
  const along = direction === "lr" ? g.nodeW : g.nodeH;
  const across = direction === "lr" ? g.nodeH : g.nodeW;
  const span = (n: number) => (n ? n * across + (n - 1) * g.gapAcross : 0);
  const nodes: PlacedNode[] = [];
  const byId = new Map<string, PlacedNode>();
  layers.forEach((layer, li) => {
    // A layer with fewer steps than the widest is centred across.
    const offset = (span(widest) - span(layer.length)) / 2;
    layer.forEach((id, slot) => {
      const a = g.pad + li * (along + g.gapAlong);
      const c = g.pad + offset + slot * (across + g.gapAcross);
      const n: PlacedNode = { id, layer: li, slot, x: direction === "lr" ? a : c, y: direction === "lr" ? c : a, width: g.nodeW, height: g.nodeH };
      nodes.push(n);
      byId.set(id, n);
    });
  });

  const edges: PlacedEdge[] = [];
  for (const s of steps) {
    const to = byId.get(s.id)!;
    for (const dep of new Set(s.after)) {
      const from = byId.get(dep);
      if (!from || dep === s.id) continue;
      edges.push({ from: dep, to: s.id, d: edgePath(from, to, direction) });
    }
  }

  const layersLen = layerCount ? layerCount * along + (layerCount - 1) * g.gapAlong : 0;
  const alongTotal = layersLen + 2 * g.pad;
  const acrossTotal = span(widest) + 2 * g.pad;
  return {
    direction,
    width: direction === "lr" ? alongTotal : acrossTotal,
    height: direction === "lr" ? acrossTotal : alongTotal,
    nodes,
    edges,
  };
}

/** A smooth curve leaving `from` on the side towards the next layer and entering `to` on the facing side. */
function edgePath(from: PlacedNode, to: PlacedNode, direction: Direction): string {
  const r = (v: number) => Math.round(v * 10) / 10;
  if (direction === "lr") {
    const x1 = from.x + from.width;
    const y1 = from.y + from.height / 2;
    // The arrow head (a marker) ends at the path's end: stop short of the box so its tip touches the border.
    const x2 = to.x - 2;
    const y2 = to.y + to.height / 2;
    const bend = Math.max(24, (x2 - x1) / 2);
    return `M${r(x1)},${r(y1)} C${r(x1 + bend)},${r(y1)} ${r(x2 - bend)},${r(y2)} ${r(x2)},${r(y2)}`;
  }
  const x1 = from.x + from.width / 2;
  const y1 = from.y + from.height;
  const x2 = to.x + to.width / 2;
  const y2 = to.y - 2;
  const bend = Math.max(18, (y2 - y1) / 2);
  return `M${r(x1)},${r(y1)} C${r(x1)},${r(y1 + bend)} ${r(x2)},${r(y2 - bend)} ${r(x2)},${r(y2)}`;
}

/** Text cut to fit a node (SVG text does not wrap): about 0.6 em per Latin character, 1 em per CJK one. */
export function fitText(text: string, widthPx: number, fontPx: number): string {
  const widthOf = (ch: string) => (/[\u2e80-\uffff]/.test(ch) ? 1 : 0.6) * fontPx;
  let used = 0;
  const chars = [...text];
  for (let i = 0; i < chars.length; i++) {
    used += widthOf(chars[i]);
    if (used > widthPx) {
      let cut = chars.slice(0, i);
      let w = cut.reduce((s, c) => s + widthOf(c), 0);
      while (cut.length && w + fontPx > widthPx) w -= widthOf(cut.pop()!);
      return `${cut.join("")}…`;
    }
  }
  return text;
}
