/** The static diagram drawing on a small hand-made diagram: what is drawn, where, and in which unit. */
import { describe, expect, it } from "vitest";
import { renderDiagramSvg } from "./diagram-svg.ts";
import type { BinaryDiagram } from "./mapping/types.ts";

const diagram: BinaryDiagram = {
  components: ["A", "B"],
  Tmin: 400,
  Tmax: 800,
  P: 101325,
  boundaries: [
    { phases: ["ALPHA", "LIQUID"], points: [{ T: 700, x1: 0, x2: 0 }, { T: 600, x1: 0.1, x2: 0.4 }, { T: 500, x1: 0.2, x2: 0.6 }] },
    { phases: ["ALPHA", "BETA"], points: [{ T: 500, x1: 0.2, x2: 0.9 }, { T: 400, x1: 0.1, x2: 0.95 }] },
  ],
  invariants: [
    { T: 500, reaction: "L = ALPHA + BETA", kind: "eutectic", phases: { ALPHA: 0.2, LIQUID: 0.6, BETA: 0.9 } },
    { T: 502, reaction: "made-up, 2 K above", kind: "peritectic", phases: { ALPHA: 0.25, LIQUID: 0.5, BETA: 0.85 } },
    { T: 700, reaction: "L = ALPHA", kind: "melting", phases: { LIQUID: 0, ALPHA: 0 } },
  ],
  singlePhaseRegions: [{ phase: "LIQUID", T: 750, x: 0.5 }, { phase: "ALPHA", T: 450, x: 0.05 }],
  twoPhaseRegions: [{ phase: "ALPHA + BETA", T: 400, x: 0.5 }],
  stats: { steps: 3, tieLines: 5, seconds: 0 },
};

/** x and y of every <text> whose content matches. */
const texts = (svg: string, content: RegExp) =>
  [...svg.matchAll(/<text x="([\d.-]+)" y="([\d.-]+)"[^>]*>([^<]*)<\/text>/g)].filter((m) => content.test(m[3])).map((m) => ({ x: +m[1], y: +m[2], text: m[3] }));

describe("renderDiagramSvg", () => {
  it("draws boundaries, invariant lines with their temperature and the phase names, without scripts", () => {
    const svg = renderDiagramSvg(diagram);
    expect(svg.startsWith("<svg")).toBe(true);
    expect(svg).not.toMatch(/<script|on\w+=/);
    expect(svg.match(/<polyline /g)).toHaveLength(4); // two edges per field
    expect(svg).toContain(">500.00 K</text>");
    expect(svg).toContain(">700.00 K</text>");
    for (const name of ["LIQUID", "ALPHA", "ALPHA + BETA", "x(B), mole fraction", "T (K)"]) expect(svg).toContain(`>${name}</text>`);
  });

  it("keeps the labels of invariants 2 K apart from printing over each other", () => {
    const [a, b] = texts(renderDiagramSvg(diagram), /^50[02]\.00 K$/);
    expect(Math.abs(a.y - b.y) >= 11 || Math.abs(a.x - b.x) > 60).toBe(true);
  });

  it("labels the axis and the invariants in °C when asked, keeping the geometry", () => {
    const svg = renderDiagramSvg(diagram, { unit: "°C" });
    expect(svg).toContain(">226.85 °C</text>");
    expect(svg).toContain(">T (°C)</text>");
    expect(svg.match(/<polyline points="[^"]*"/g)).toEqual(renderDiagramSvg(diagram).match(/<polyline points="[^"]*"/g));
  });
});
