/**
 * A binary T–x phase diagram drawn as a static SVG (no scripts, readable at 800×560): the phase boundaries,
 * light tie-lines across the two-phase fields, the invariant lines labelled with their temperature, the
 * phase names in their fields, and axes of T (K or °C) against the mole fraction of the second component.
 */
import type { BinaryDiagram } from "./mapping/types.ts";

export interface DiagramSvgOptions {
  unit?: "K" | "°C";
  width?: number;
  height?: number;
  title?: string;
  /** Draw tie-lines across the two-phase fields (default true). */
  tieLines?: boolean;
}

type Drawable = Pick<BinaryDiagram, "components" | "Tmin" | "Tmax" | "boundaries" | "invariants" | "singlePhaseRegions"> & Partial<Pick<BinaryDiagram, "twoPhaseRegions">>;

const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
const f1 = (v: number) => (Math.round(v * 10) / 10).toString();

/** Round tick spacing (1, 2 or 5 × 10ⁿ) giving about `count` ticks over `span`. */
function tickStep(span: number, count: number): number {
  const raw = span / count;
  const p = 10 ** Math.floor(Math.log10(raw));
  for (const m of [1, 2, 5, 10]) if (m * p >= raw) return m * p;
  return 10 * p;
}

/** A label's extent on the page: text centred at x with its baseline at y. */
interface Box {
  left: number;
  right: number;
  top: number;
  bottom: number;
}
const box = (x: number, baseline: number, half: number, size: number): Box => ({ left: x - half, right: x + half, top: baseline - size, bottom: baseline + 2 });
const overlaps = (a: Box, b: Box) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/** A rough text width for placement (the SVG viewer lays out the real one). */
const textWidth = (s: string, size: number) => s.length * size * 0.58;

/**
 * The picture's size and its plot area (from the top left, in the SVG's own units): the page reads values
 * off the diagram under the pointer with it, so it is the one place these numbers are set.
 */
export function diagramFrame(options: Pick<DiagramSvgOptions, "width" | "height"> = {}) {
  const width = options.width ?? 800;
  const height = options.height ?? 560;
  const margin = { left: 72, right: 24, top: 40, bottom: 56 };
  return { width, height, plot: { left: margin.left, top: margin.top, width: width - margin.left - margin.right, height: height - margin.top - margin.bottom } };
}

export function renderDiagramSvg(d: Drawable, options: DiagramSvgOptions = {}): string {
  const { width: W, height: H, plot } = diagramFrame(options);
  const unit = options.unit ?? "K";
  const shift = unit === "K" ? 0 : -273.15;
  const m = { left: plot.left, top: plot.top };
  const pw = plot.width;
  const ph = plot.height;
  const lo = d.Tmin + shift;
  const hi = d.Tmax + shift;
  const X = (x: number) => m.left + x * pw;
  const Y = (T: number) => m.top + ((hi - (T + shift)) / (hi - lo)) * ph;
  const [A, B] = d.components;
  const out: string[] = [];
  out.push(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" font-family="DejaVu Sans, Arial, sans-serif" font-size="12">`,
    `<title>${esc(options.title ?? `${A}–${B} phase diagram`)}</title>`,
    `<rect width="${W}" height="${H}" fill="#ffffff"/>`,
    `<defs><clipPath id="plot"><rect x="${m.left}" y="${m.top}" width="${pw}" height="${ph}"/></clipPath></defs>`,
    `<text x="${W / 2}" y="${m.top - 16}" text-anchor="middle" font-size="15" font-weight="bold">${esc(options.title ?? `${A}–${B}`)}</text>`,
  );

  // Axes with ticks and grid.
  const xs = [0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1];
  const ts = tickStep(hi - lo, 8);
  out.push(`<g stroke="#e6e6e6" stroke-width="1">`);
  for (const x of xs) out.push(`<line x1="${f1(X(x))}" y1="${m.top}" x2="${f1(X(x))}" y2="${m.top + ph}"/>`);
  for (let t = Math.ceil(lo / ts) * ts; t <= hi + 1e-9; t += ts) out.push(`<line x1="${m.left}" y1="${f1(Y(t - shift))}" x2="${m.left + pw}" y2="${f1(Y(t - shift))}"/>`);
  out.push(`</g>`);
  out.push(`<g fill="#333" text-anchor="middle">`);
  for (const x of xs) out.push(`<text x="${f1(X(x))}" y="${m.top + ph + 17}">${x.toFixed(1)}</text>`);
  out.push(`</g><g fill="#333" text-anchor="end">`);
  for (let t = Math.ceil(lo / ts) * ts; t <= hi + 1e-9; t += ts) out.push(`<text x="${m.left - 6}" y="${f1(Y(t - shift) + 4)}">${+t.toFixed(6)}</text>`);
  out.push(`</g>`);
  out.push(
    `<text x="${m.left + pw / 2}" y="${H - 14}" text-anchor="middle" font-size="13">x(${esc(B)}), mole fraction</text>`,
    `<text transform="translate(18 ${m.top + ph / 2}) rotate(-90)" text-anchor="middle" font-size="13">T (${unit})</text>`,
  );

  out.push(`<g clip-path="url(#plot)">`);
  const sorted = d.boundaries.map((b) => ({ ...b, points: [...b.points].sort((p, q) => q.T - p.T) }));
  // Tie-lines: one every ~10 px of temperature, light, under everything else.
  if (options.tieLines ?? true) {
    out.push(`<g stroke="#c9d3e6" stroke-width="0.7">`);
    for (const b of sorted) {
      let lastY = -Infinity;
      for (const p of b.points) {
        const y = Y(p.T);
        if (Math.abs(y - lastY) < 10 || p.x2 - p.x1 < 0.004) continue;
        lastY = y;
        out.push(`<line x1="${f1(X(p.x1))}" y1="${f1(y)}" x2="${f1(X(p.x2))}" y2="${f1(y)}"/>`);
      }
    }
    out.push(`</g>`);
  }
  // Boundaries: each two-phase field's two edges.
  out.push(`<g fill="none" stroke="#1f3a93" stroke-width="1.6" stroke-linejoin="round">`);
  for (const b of sorted) {
    if (b.points.length < 2) continue;
    for (const key of ["x1", "x2"] as const) out.push(`<polyline points="${b.points.map((p) => `${f1(X(p[key]))},${f1(Y(p.T))}`).join(" ")}"/>`);
  }
  out.push(`</g>`);
  // Invariant lines, from the poorest to the richest phase, with their temperature. Labels that would
  // overprint one another (invariants a few kelvin apart) are stacked upwards, joined to their line by a tick.
  const taken: Box[] = [];
  out.push(`<g>`);
  for (const inv of [...d.invariants].sort((p, q) => q.T - p.T)) {
    const xsInv = Object.values(inv.phases);
    const x0 = Math.min(...xsInv);
    const x1 = Math.max(...xsInv);
    const y = Y(inv.T);
    const label = `${(inv.T + shift).toFixed(2)} ${unit}`;
    if (x1 - x0 > 1e-6) out.push(`<line x1="${f1(X(x0))}" y1="${f1(y)}" x2="${f1(X(x1))}" y2="${f1(y)}" stroke="#b22222" stroke-width="1.8"/>`);
    else out.push(`<circle cx="${f1(X(x0))}" cy="${f1(y)}" r="3" fill="#b22222"/>`);
    const half = textWidth(label, 11) / 2;
    const tx = Math.min(Math.max(X((x0 + x1) / 2), m.left + half + 2), m.left + pw - half - 2);
    // Above the line first, stacking upwards; below it when the top of the plot is reached.
    const candidates = [...Array.from({ length: 8 }, (_, k) => y - 4 - 12 * k), ...Array.from({ length: 8 }, (_, k) => y + 14 + 12 * k)];
    const ty = candidates.find((c) => c - 11 >= m.top && c + 2 <= m.top + ph && !taken.some((b) => overlaps(b, box(tx, c, half, 11)))) ?? y - 4;
    if (ty !== y - 4) out.push(`<line x1="${f1(tx)}" y1="${f1(ty < y ? ty + 2 : ty - 11)}" x2="${f1(tx)}" y2="${f1(y)}" stroke="#b22222" stroke-width="0.6"/>`);
    taken.push(box(tx, ty, half, 11));
    out.push(`<text x="${f1(tx)}" y="${f1(ty)}" text-anchor="middle" font-size="11" fill="#b22222" stroke="#fff" stroke-width="2.5" paint-order="stroke">${esc(label)}</text>`);
  }
  out.push(`</g>`);
  // Field labels: phases in their single-phase regions, pairs in the two-phase fields wide enough to hold them.
  out.push(`<g text-anchor="middle" fill="#111">`);
  // A region is often widest right at an invariant or under a boundary's top: a name that would sit on a
  // line or on another label is moved off it, up or down.
  const points = sorted.flatMap((b) => b.points.flatMap((p) => [{ x: X(p.x1), y: Y(p.T) }, { x: X(p.x2), y: Y(p.T) }]));
  const lines = d.invariants.map((inv) => ({ y: Y(inv.T), x0: X(Math.min(...Object.values(inv.phases))), x1: X(Math.max(...Object.values(inv.phases))) }));
  const blocked = (b: Box) =>
    taken.some((t) => overlaps(t, b)) ||
    lines.some((l) => l.y > b.top && l.y < b.bottom && l.x1 > b.left && l.x0 < b.right) ||
    points.some((p) => p.x > b.left && p.x < b.right && p.y > b.top && p.y < b.bottom);
  for (const r of d.singlePhaseRegions) {
    const half = textWidth(r.phase, 13) / 2;
    const x = Math.min(Math.max(X(r.x), m.left + half + 3), m.left + pw - half - 3);
    const y0 = Math.min(Math.max(Y(r.T) + 4, m.top + 16), m.top + ph - 6);
    let y = y0;
    for (const dy of [0, 14, -14, 28, -28, 42, -42]) {
      const moved = y0 + dy;
      if (moved > m.top + 16 && moved < m.top + ph - 6 && !blocked(box(x, moved, half, 13))) {
        y = moved;
        break;
      }
    }
    taken.push(box(x, y, half, 13));
    out.push(`<text x="${f1(x)}" y="${f1(y)}" font-size="13" font-weight="bold" stroke="#fff" stroke-width="3" paint-order="stroke">${esc(r.phase)}</text>`);
  }
  for (const r of d.twoPhaseRegions ?? []) {
    const b = sorted.find((s) => `${s.phases[0]} + ${s.phases[1]}` === r.phase && s.points.some((p) => p.T === r.T));
    const p = b?.points.find((q) => q.T === r.T);
    if (!p || (p.x2 - p.x1) * pw < textWidth(r.phase, 11) + 8) continue;
    out.push(`<text x="${f1(X(r.x))}" y="${f1(Y(r.T) + 4)}" font-size="11" fill="#444" stroke="#fff" stroke-width="3" paint-order="stroke">${esc(r.phase)}</text>`);
  }
  out.push(`</g></g>`);
  out.push(`<rect x="${m.left}" y="${m.top}" width="${pw}" height="${ph}" fill="none" stroke="#222" stroke-width="1.2"/>`);
  out.push(`</svg>`);
  return out.join("\n");
}
