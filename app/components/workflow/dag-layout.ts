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
  tb: { nodeW: 128, nodeH: 70, gapAlong: 40, gapAcross: 10, pad: 8 },
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

/** An edge that skips layers passes each of them through a thin slot of its own, so it never runs under a box. */
const LANE = 12;

interface Item {
  /** A step's id, or `from>to#layer` for the point where a long edge crosses a layer. */
  key: string;
  step: string | null;
  /** Items of the previous layer this one hangs from (for ordering). */
  up: string[];
  size: number;
  pos: number;
}

export function layoutDag(steps: DagInput[], direction: Direction): DagLayout {
  const g = GEOMETRY[direction];
  const depth = layersOf(steps);
  const layerCount = steps.length ? Math.max(...depth.values()) + 1 : 0;
  const across = direction === "lr" ? g.nodeH : g.nodeW;
  const along = direction === "lr" ? g.nodeW : g.nodeH;
  const layers: Item[][] = Array.from({ length: layerCount }, () => []);
  const items = new Map<string, Item>();
  const put = (layer: number, item: Item) => {
    layers[layer].push(item);
    items.set(item.key, item);
  };
  steps.forEach((s) => put(depth.get(s.id)!, { key: s.id, step: s.id, up: [], size: across, pos: 0 }));

  // Edges from each step's dependencies; one that skips layers gets a crossing point in each layer between.
  const edgeRoutes: Array<{ from: string; to: string; via: string[] }> = [];
  for (const s of steps) {
    for (const dep of new Set(s.after)) {
      if (!depth.has(dep) || dep === s.id || depth.get(dep)! >= depth.get(s.id)!) continue;
      const via: string[] = [];
      let prev = dep;
      for (let l = depth.get(dep)! + 1; l < depth.get(s.id)!; l++) {
        const key = `${dep}>${s.id}#${l}`;
        put(l, { key, step: null, up: [prev], size: LANE, pos: 0 });
        via.push(key);
        prev = key;
      }
      items.get(s.id)!.up.push(prev);
      edgeRoutes.push({ from: dep, to: s.id, via });
    }
  }

  // Within a layer, an item goes near what it hangs from (mean position of its items above), which keeps a
  // few side-by-side chains from crossing; ties keep the workflow's own order (crossing points after steps).
  const order = new Map(steps.map((s, i) => [s.id, i]));
  const rank = new Map<string, number>();
  layers.forEach((layer, li) => {
    if (li > 0) {
      const key = (it: Item) => (it.up.length ? it.up.reduce((sum, u) => sum + rank.get(u)!, 0) / it.up.length : Number.POSITIVE_INFINITY);
      const tie = (it: Item) => (it.step ? order.get(it.step)! : steps.length);
      layer.sort((a, b) => key(a) - key(b) || tie(a) - tie(b));
    }
    layer.forEach((it, i) => rank.set(it.key, i));
  });

  const span = (layer: Item[]) => (layer.length ? layer.reduce((sum, it) => sum + it.size, 0) + (layer.length - 1) * g.gapAcross : 0);
  const widest = Math.max(0, ...layers.map(span));
  const nodes: PlacedNode[] = [];
  const byId = new Map<string, PlacedNode>();
  layers.forEach((layer, li) => {
    // A layer narrower than the widest is centred across.
    let c = g.pad + (widest - span(layer)) / 2;
    let slot = 0;
    for (const it of layer) {
      it.pos = c;
      c += it.size + g.gapAcross;
      if (!it.step) continue;
      const a = g.pad + li * (along + g.gapAlong);
      const n: PlacedNode = { id: it.step, layer: li, slot: slot++, x: direction === "lr" ? a : it.pos, y: direction === "lr" ? it.pos : a, width: g.nodeW, height: g.nodeH };
      nodes.push(n);
      byId.set(it.step, n);
    }
  });

  const edges: PlacedEdge[] = edgeRoutes.map((e) => ({
    from: e.from,
    to: e.to,
    d: edgePath(
      byId.get(e.from)!,
      byId.get(e.to)!,
      e.via.map((k) => ({ layer: depth.get(e.from)! + 1 + e.via.indexOf(k), centre: items.get(k)!.pos + LANE / 2 })),
      direction,
    ),
  }));

  const layersLen = layerCount ? layerCount * along + (layerCount - 1) * g.gapAlong : 0;
  const alongTotal = layersLen + 2 * g.pad;
  const acrossTotal = widest + 2 * g.pad;
  return {
    direction,
    width: direction === "lr" ? alongTotal : acrossTotal,
    height: direction === "lr" ? acrossTotal : alongTotal,
    nodes,
    edges,
  };
}

/**
 * A smooth curve leaving `from` on the side towards the next layer and entering `to` on the facing side;
 * through each crossing point of a layer it skips it runs straight across that layer's band.
 */
function edgePath(from: PlacedNode, to: PlacedNode, via: Array<{ layer: number; centre: number }>, direction: Direction): string {
  const g = GEOMETRY[direction];
  const along = direction === "lr" ? g.nodeW : g.nodeH;
  const r = (v: number) => Math.round(v * 10) / 10;
  // Work in (a = along the layers, c = across) and turn into (x, y) at the end.
  const pt = (a: number, c: number) => (direction === "lr" ? `${r(a)},${r(c)}` : `${r(c)},${r(a)}`);
  const start = direction === "lr" ? { a: from.x + from.width, c: from.y + from.height / 2 } : { a: from.y + from.height, c: from.x + from.width / 2 };
  // The arrow head (a marker) ends at the path's end: stop short of the box so its tip touches the border.
  const end = direction === "lr" ? { a: to.x - 2, c: to.y + to.height / 2 } : { a: to.y - 2, c: to.x + to.width / 2 };
  let d = `M${pt(start.a, start.c)}`;
  let at = start;
  const curveTo = (next: { a: number; c: number }) => {
    const bend = Math.max(direction === "lr" ? 24 : 18, (next.a - at.a) / 2);
    d += ` C${pt(at.a + bend, at.c)} ${pt(next.a - bend, next.c)} ${pt(next.a, next.c)}`;
    at = next;
  };
  for (const v of via) {
    const bandStart = g.pad + v.layer * (along + g.gapAlong);
    curveTo({ a: bandStart, c: v.centre });
    d += ` L${pt(bandStart + along, v.centre)}`;
    at = { a: bandStart + along, c: v.centre };
  }
  curveTo(end);
  return d;
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
