import { describe, expect, it } from "vitest";
import { fitText, GEOMETRY, layersOf, layoutDag, type DagInput, type PlacedNode } from "./dag-layout.ts";

// fe-eos-qe-lammps's shape: two independent calculations joined by a report step, plus a diamond below.
const DIAMOND: DagInput[] = [
  { id: "eq", after: [] },
  { id: "qe", after: ["eq"] },
  { id: "md", after: ["eq"] },
  { id: "join", after: ["qe", "md"] },
];

/** Points along an SVG path of M, C and L commands (what layoutDag draws), for checking where an edge runs. */
function samplePath(d: string): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  const tokens = d.match(/[MCL]|-?[\d.]+,-?[\d.]+/g)!;
  let cur: [number, number] = [0, 0];
  const pt = (s: string) => s.split(",").map(Number) as [number, number];
  for (let i = 0; i < tokens.length; ) {
    const cmd = tokens[i++];
    if (cmd === "M") {
      cur = pt(tokens[i++]);
      out.push(cur);
    } else if (cmd === "L") {
      const p = pt(tokens[i++]);
      for (let k = 1; k <= 20; k++) out.push([cur[0] + ((p[0] - cur[0]) * k) / 20, cur[1] + ((p[1] - cur[1]) * k) / 20]);
      cur = p;
    } else {
      const [c1, c2, p] = [pt(tokens[i++]), pt(tokens[i++]), pt(tokens[i++])];
      for (let k = 1; k <= 40; k++) {
        const t = k / 40;
        const u = 1 - t;
        out.push([0, 1].map((j) => u * u * u * cur[j] + 3 * u * u * t * c1[j] + 3 * u * t * t * c2[j] + t * t * t * p[j]) as [number, number]);
      }
      cur = p;
    }
  }
  return out;
}

const overlaps = (a: PlacedNode, b: PlacedNode) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

describe("workflow DAG layout", () => {
  it("puts each step one layer after the deepest step it waits for", () => {
    const chain: DagInput[] = [
      { id: "a", after: [] },
      { id: "b", after: ["a"] },
      { id: "c", after: ["b", "a"] },
      { id: "free", after: [] },
    ];
    expect(Object.fromEntries(layersOf(chain))).toEqual({ a: 0, b: 1, c: 2, free: 0 });
    expect(Object.fromEntries(layersOf(DIAMOND))).toEqual({ eq: 0, qe: 1, md: 1, join: 2 });
  });

  it("ignores unknown ids and survives a cycle the API should have refused", () => {
    expect(Object.fromEntries(layersOf([{ id: "a", after: ["ghost", "a"] }]))).toEqual({ a: 0 });
    const cyclic = layersOf([
      { id: "a", after: ["b"] },
      { id: "b", after: ["a"] },
    ]);
    expect(cyclic.size).toBe(2);
    for (const v of cyclic.values()) expect(Number.isFinite(v)).toBe(true);
  });

  for (const dir of ["lr", "tb"] as const) {
    it(`${dir}: no two nodes overlap, all lie inside the picture, every edge runs towards the later layer`, () => {
      const l = layoutDag(DIAMOND, dir);
      expect(l.nodes).toHaveLength(4);
      for (const a of l.nodes) {
        expect(a.x).toBeGreaterThanOrEqual(0);
        expect(a.y).toBeGreaterThanOrEqual(0);
        expect(a.x + a.width).toBeLessThanOrEqual(l.width);
        expect(a.y + a.height).toBeLessThanOrEqual(l.height);
        for (const b of l.nodes) if (a !== b) expect(overlaps(a, b), `${a.id}/${b.id}`).toBe(false);
      }
      expect(l.edges.map((e) => `${e.from}>${e.to}`).sort()).toEqual(["eq>md", "eq>qe", "md>join", "qe>join"]);
      const node = (id: string) => l.nodes.find((n) => n.id === id)!;
      for (const e of l.edges) {
        const [, x1, y1] = /^M([\d.]+),([\d.]+)/.exec(e.d)!.map(Number);
        const [, x2, y2] = /([\d.]+),([\d.]+)$/.exec(e.d)!.map(Number);
        const from = node(e.from);
        const to = node(e.to);
        if (dir === "lr") {
          expect(x1).toBe(from.x + from.width);
          expect(x2).toBeLessThan(to.x);
          expect(x2).toBeGreaterThan(to.x - 4);
          expect(y2).toBe(to.y + to.height / 2);
        } else {
          expect(y1).toBe(from.y + from.height);
          expect(y2).toBeLessThan(to.y);
          expect(x2).toBe(to.x + to.width / 2);
        }
      }
    });
  }

  it("lr: layers are columns, tb: layers are rows, sized from the geometry", () => {
    const lr = layoutDag(DIAMOND, "lr");
    const g = GEOMETRY.lr;
    expect(lr.width).toBe(2 * g.pad + 3 * g.nodeW + 2 * g.gapAlong);
    expect(lr.height).toBe(2 * g.pad + 2 * g.nodeH + g.gapAcross);
    // The single-step layers are centred on the two-step one.
    const eq = lr.nodes.find((n) => n.id === "eq")!;
    expect(eq.y + eq.height / 2).toBe(lr.height / 2);
    const tb = layoutDag(DIAMOND, "tb");
    const t = GEOMETRY.tb;
    expect(tb.height).toBe(2 * t.pad + 3 * t.nodeH + 2 * t.gapAlong);
    expect(tb.width).toBe(2 * t.pad + 2 * t.nodeW + t.gapAcross);
    // A phone's 320 px holds two steps side by side in the stacked picture.
    expect(tb.width).toBeLessThanOrEqual(300);
  });

  it("orders a layer by where its parents are, so two parallel chains do not cross", () => {
    const two: DagInput[] = [
      { id: "a1", after: [] },
      { id: "b1", after: [] },
      { id: "b2", after: ["b1"] },
      { id: "a2", after: ["a1"] },
    ];
    const l = layoutDag(two, "lr");
    const slot = (id: string) => l.nodes.find((n) => n.id === id)!.slot;
    expect(slot("a2")).toBe(slot("a1"));
    expect(slot("b2")).toBe(slot("b1"));
  });

  for (const dir of ["lr", "tb"] as const) {
    it(`${dir}: an edge that skips a layer runs beside the boxes there, not under them`, () => {
      // a → c skips b's layer (c waits for both); a second step in that layer makes it crowded.
      const l = layoutDag(
        [
          { id: "a", after: [] },
          { id: "b", after: ["a"] },
          { id: "b2", after: ["a"] },
          { id: "c", after: ["a", "b"] },
        ],
        dir,
      );
      const long = l.edges.find((e) => e.from === "a" && e.to === "c")!;
      const middle = l.nodes.filter((n) => n.layer === 1);
      expect(middle.map((n) => n.id).sort()).toEqual(["b", "b2"]);
      const inside = (p: [number, number], n: PlacedNode) => p[0] > n.x && p[0] < n.x + n.width && p[1] > n.y && p[1] < n.y + n.height;
      const points = samplePath(long.d);
      expect(points.length).toBeGreaterThan(80);
      for (const n of middle) expect(points.filter((p) => inside(p, n)), n.id).toEqual([]);
      for (const n of l.nodes) {
        expect(n.x + n.width).toBeLessThanOrEqual(l.width);
        expect(n.y + n.height).toBeLessThanOrEqual(l.height);
      }
    });
  }

  it("draws nothing for no steps", () => {
    const l = layoutDag([], "lr");
    expect(l.nodes).toEqual([]);
    expect(l.edges).toEqual([]);
  });

  it("cuts text that would not fit a node, CJK counted wider", () => {
    expect(fitText("short", 100, 12)).toBe("short");
    const cut = fitText("calphad-ternary-section-long-name", 100, 12);
    expect(cut.endsWith("…")).toBe(true);
    expect([...cut].length).toBeLessThan(15);
    expect(fitText("相图计算相图计算相图计算", 60, 12)).toBe("相图计算…");
  });
});
