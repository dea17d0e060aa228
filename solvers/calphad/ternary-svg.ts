/**
 * A ternary isothermal section drawn as an SVG Gibbs triangle (800×700, no scripts, readable as a plain
 * <img>): grid lines and ticks every 0.1, the components at the corners, two-phase fields as their boundary
 * curves with tie-lines, three-phase triangles shaded and labelled, single-phase regions labelled.
 */
import type { Composition, TernarySection } from "./ternary/types.ts";

const WIDTH = 800;
const HEIGHT = 700;
const SIDE = 620;
const LEFT = (WIDTH - SIDE) / 2;
const BASE = 640;
const H = (Math.sqrt(3) / 2) * SIDE;

/** Page coordinates of a composition (B, C fractions): A bottom left, B bottom right, C at the top. */
function at(xB: number, xC: number): [number, number] {
  return [LEFT + SIDE * (xB + 0.5 * xC), BASE - H * xC];
}

/**
 * A label's position kept 0.05 inside every edge: a region along an edge (a solubility strip) is labelled
 * next to it instead of on the edge's ticks.
 */
function inward(xB: number, xC: number): [number, number] {
  const m = 0.05;
  const x = [1 - xB - xC, xB, xC].map((v) => Math.max(v, m));
  const sum = x[0] + x[1] + x[2];
  return at(x[1] / sum, x[2] / sum);
}

const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
const f = (v: number) => v.toFixed(1);
const pt = (p: [number, number]) => `${f(p[0])},${f(p[1])}`;

/** Fills of the three-phase triangles, distinct and light enough for labels on top. */
const TRIANGLE_FILLS = ["#f6d8a8", "#cfe3f7", "#d9efcf", "#f3cde0", "#e4dcf5", "#fbe7b5"];
const FIELD_COLOURS = ["#1f4e9c", "#b0411f", "#2f7d32", "#7b3f9e", "#8a6d00", "#00758a"];

export function ternarySectionSvg(s: TernarySection, title?: string): string {
  const [A, B, C] = s.components;
  const pos = (c: Composition) => at(c[B], c[C]);
  const out: string[] = [];
  out.push(`<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}" font-family="sans-serif" font-size="13">`);
  out.push(`<rect width="${WIDTH}" height="${HEIGHT}" fill="#fff"/>`);
  out.push(`<text x="${WIDTH / 2}" y="28" text-anchor="middle" font-size="17" font-weight="bold">${esc(title ?? `${A}–${B}–${C} at ${+s.T.toFixed(2)} K (${+(s.T - 273.15).toFixed(2)} °C)`)}</text>`);

  // Grid every 0.1 of each component, with its ticks on the edge where that fraction is read.
  const grid: string[] = [];
  const ticks: string[] = [];
  for (let k = 1; k < 10; k++) {
    const v = k / 10;
    grid.push(`M${pt(at(v, 0))}L${pt(at(v, 1 - v))}`, `M${pt(at(0, v))}L${pt(at(1 - v, v))}`, `M${pt(at(1 - v, 0))}L${pt(at(0, 1 - v))}`);
    const label = v.toFixed(1);
    const [bx, by] = at(v, 0); // x_B along the bottom edge
    ticks.push(`<line x1="${f(bx)}" y1="${f(by)}" x2="${f(bx - 5)}" y2="${f(by + 9)}"/>`, `<text x="${f(bx - 8)}" y="${f(by + 23)}" text-anchor="middle">${label}</text>`);
    const [cx, cy] = at(1 - v, v); // x_C along the right edge
    ticks.push(`<line x1="${f(cx)}" y1="${f(cy)}" x2="${f(cx + 10)}" y2="${f(cy)}"/>`, `<text x="${f(cx + 13)}" y="${f(cy + 4)}">${label}</text>`);
    const [ax, ay] = at(0, 1 - v); // x_A along the left edge
    ticks.push(`<line x1="${f(ax)}" y1="${f(ay)}" x2="${f(ax - 5)}" y2="${f(ay - 9)}"/>`, `<text x="${f(ax - 9)}" y="${f(ay - 8)}" text-anchor="end">${label}</text>`);
  }
  out.push(`<path d="${grid.join("")}" stroke="#d4d4d4" stroke-width="0.8" fill="none"/>`);

  s.threePhase.forEach((t, i) => {
    out.push(`<polygon points="${t.vertices.map((v) => pt(pos(v))).join(" ")}" fill="${TRIANGLE_FILLS[i % TRIANGLE_FILLS.length]}" stroke="#333" stroke-width="1.2"/>`);
  });
  s.twoPhase.forEach((field, i) => {
    const colour = FIELD_COLOURS[i % FIELD_COLOURS.length];
    const ties = field.tieLines.map(([a, b]) => `M${pt(pos(a))}L${pt(pos(b))}`).join("");
    out.push(`<path d="${ties}" stroke="${colour}" stroke-width="0.7" stroke-opacity="0.8" fill="none"/>`);
    if (field.tieLines.length > 1) {
      for (const end of [0, 1]) out.push(`<polyline points="${field.tieLines.map((t) => pt(pos(t[end]))).join(" ")}" stroke="#111" stroke-width="1.6" fill="none"/>`);
    }
  });

  out.push(`<polygon points="${pt(at(0, 0))} ${pt(at(1, 0))} ${pt(at(0, 1))}" fill="none" stroke="#000" stroke-width="1.5"/>`);
  out.push(`<g stroke="#000" stroke-width="1" fill="#333" font-size="11">${ticks.join("")}</g>`);
  const [ax, ay] = at(0, 0);
  const [bx, by] = at(1, 0);
  const [cx, cy] = at(0, 1);
  out.push(`<g font-size="18" font-weight="bold">`);
  out.push(`<text x="${f(ax - 12)}" y="${f(ay + 22)}" text-anchor="end">${esc(A)}</text>`);
  out.push(`<text x="${f(bx + 12)}" y="${f(by + 22)}">${esc(B)}</text>`);
  out.push(`<text x="${f(cx)}" y="${f(cy - 12)}" text-anchor="middle">${esc(C)}</text>`);
  out.push(`</g>`);
  out.push(`<g font-size="12" fill="#444">`);
  out.push(`<text x="${f((ax + bx) / 2)}" y="${f(ay + 44)}" text-anchor="middle">x(${esc(B)}) →</text>`);
  out.push(`<text x="${f((bx + cx) / 2 + 48)}" y="${f((by + cy) / 2)}" text-anchor="middle" transform="rotate(-60 ${f((bx + cx) / 2 + 48)} ${f((by + cy) / 2)})">x(${esc(C)}) →</text>`);
  out.push(`<text x="${f((ax + cx) / 2 - 48)}" y="${f((ay + cy) / 2)}" text-anchor="middle" transform="rotate(60 ${f((ax + cx) / 2 - 48)} ${f((ay + cy) / 2)})">← x(${esc(A)})</text>`);
  out.push(`</g>`);

  // Labels last, on a white halo so lines under them stay readable.
  const labels: string[] = [];
  const label = (p: [number, number], text: string, size: number, weight = "normal") =>
    labels.push(`<text x="${f(p[0])}" y="${f(p[1])}" text-anchor="middle" font-size="${size}" font-weight="${weight}" stroke="#fff" stroke-width="3" paint-order="stroke">${esc(text)}</text>`);
  for (const t of s.threePhase) {
    const p = t.vertices.map(pos);
    label([(p[0][0] + p[1][0] + p[2][0]) / 3, (p[0][1] + p[1][1] + p[2][1]) / 3 + 4], t.phases.join(" + "), 11);
  }
  for (const field of s.twoPhase) {
    if (field.tieLines.length < 2) continue;
    const [a, b] = field.tieLines[Math.floor(field.tieLines.length / 2)];
    const [pa, pb] = [pos(a), pos(b)];
    label([(pa[0] + pb[0]) / 2, (pa[1] + pb[1]) / 2 - 4], field.phases.join(" + "), 11);
  }
  for (const r of s.singlePhase) label(inward(r.label[B], r.label[C]), r.phase, 14, "bold");
  out.push(`<g fill="#000">${labels.join("")}</g>`);
  out.push(`</svg>`);
  return out.join("\n") + "\n";
}
