import { magnitude, type Vec } from "./field.ts";

/**
 * The velocity field as an SVG the task page shows as <img>: cells coloured by |U| (viridis-like scale), arrows
 * on a coarser grid, axes in metres and a colour bar. Drawn from cell centres in the x–y plane; a structured
 * grid (every x with every y, as blockMesh makes it) is drawn as cells, anything else as dots.
 */

const W = 800;
const H = 500;
const PLOT = { left: 70, top: 40, width: 560, height: 400 };

// Viridis at five stops: readable in grey and for colour-blind readers.
const STOPS: Array<[number, number, number]> = [
  [68, 1, 84],
  [59, 82, 139],
  [33, 145, 140],
  [94, 201, 98],
  [253, 231, 37],
];

export function colourAt(f: number): string {
  const t = Math.min(1, Math.max(0, Number.isFinite(f) ? f : 0)) * (STOPS.length - 1);
  const i = Math.min(STOPS.length - 2, Math.floor(t));
  const a = STOPS[i];
  const b = STOPS[i + 1];
  const c = a.map((x, k) => Math.round(x + (b[k] - x) * (t - i)));
  return `rgb(${c[0]},${c[1]},${c[2]})`;
}

const r3 = (v: number) => Math.round(v * 1000) / 1000;
const tickText = (v: number) => String(Number(v.toPrecision(3)));

/** Sorted distinct values, merging ones closer than a rounding error of the coordinates. */
function distinct(values: number[], tol: number): number[] {
  const s = [...values].sort((a, b) => a - b);
  const out: number[] = [];
  for (const v of s) if (!out.length || v - out[out.length - 1] > tol) out.push(v);
  return out;
}

/** Cell edges around sorted centres: midway between neighbours, half a spacing beyond the ends. */
function edgesOf(c: number[]): number[] {
  if (c.length === 1) return [c[0] - 0.5, c[0] + 0.5];
  const e = [c[0] - (c[1] - c[0]) / 2];
  for (let i = 0; i + 1 < c.length; i++) e.push((c[i] + c[i + 1]) / 2);
  e.push(c[c.length - 1] + (c[c.length - 1] - c[c.length - 2]) / 2);
  return e;
}

function indexOf(sorted: number[], v: number): number {
  let lo = 0;
  let hi = sorted.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid] < v) lo = mid + 1;
    else hi = mid;
  }
  if (lo > 0 && Math.abs(sorted[lo - 1] - v) < Math.abs(sorted[lo] - v)) return lo - 1;
  return lo;
}

function ticks(lo: number, hi: number, count = 5): number[] {
  const span = hi - lo || 1;
  const raw = span / count;
  const mag = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * mag).find((s) => s >= raw) ?? raw;
  const out: number[] = [];
  for (let v = Math.ceil(lo / step - 1e-9) * step; v <= hi + step * 1e-9; v += step) out.push(Math.abs(v) < step * 1e-9 ? 0 : v);
  return out;
}

export interface VelocityPicture {
  centres: Vec[];
  velocity: Vec[];
  /** Shown in the title, e.g. the time of the field. */
  title: string;
}

export function velocitySvg({ centres, velocity, title }: VelocityPicture): string {
  const n = Math.min(centres.length, velocity.length);
  const xs = centres.slice(0, n).map((c) => c[0]);
  const ys = centres.slice(0, n).map((c) => c[1]);
  const mags = velocity.slice(0, n).map(magnitude);
  const maxMag = Math.max(...mags, 0) || 1;
  const [x0, x1] = [Math.min(...xs), Math.max(...xs)];
  const [y0, y1] = [Math.min(...ys), Math.max(...ys)];
  const size = Math.max(x1 - x0, y1 - y0) || 1;
  const tol = size * 1e-6;
  const ux = distinct(xs, tol);
  const uy = distinct(ys, tol);
  const structured = ux.length * uy.length === n;

  // The domain's extent: cell edges when structured, else the centres with a little margin.
  const ex = structured ? edgesOf(ux) : [x0 - size * 0.02, x1 + size * 0.02];
  const ey = structured ? edgesOf(uy) : [y0 - size * 0.02, y1 + size * 0.02];
  const [dx0, dx1, dy0, dy1] = [ex[0], ex[ex.length - 1], ey[0], ey[ey.length - 1]];
  // One scale for both axes so the cavity stays square.
  const scale = Math.min(PLOT.width / (dx1 - dx0 || 1), PLOT.height / (dy1 - dy0 || 1));
  const ox = PLOT.left + (PLOT.width - (dx1 - dx0) * scale) / 2;
  const oy = PLOT.top + (PLOT.height + (dy1 - dy0) * scale) / 2;
  const X = (x: number) => r3(ox + (x - dx0) * scale);
  const Y = (y: number) => r3(oy - (y - dy0) * scale);

  const parts: string[] = [];
  parts.push(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" font-family="sans-serif" font-size="13">`,
    `<rect width="${W}" height="${H}" fill="white"/>`,
    `<text x="${PLOT.left}" y="24" font-size="15">${escapeXml(title)}</text>`,
  );

  if (structured) {
    for (let k = 0; k < n; k++) {
      const i = indexOf(ux, xs[k]);
      const j = indexOf(uy, ys[k]);
      const [a, b, c, d] = [X(ex[i]), X(ex[i + 1]), Y(ey[j + 1]), Y(ey[j])];
      // A hair wider than the cell so anti-aliasing leaves no white seams.
      parts.push(`<rect x="${a}" y="${c}" width="${r3(b - a + 0.4)}" height="${r3(d - c + 0.4)}" fill="${colourAt(mags[k] / maxMag)}"/>`);
    }
  } else {
    const rad = Math.max(1.5, Math.min(6, (0.5 * scale * size) / Math.sqrt(n)));
    for (let k = 0; k < n; k++) parts.push(`<circle cx="${X(xs[k])}" cy="${Y(ys[k])}" r="${r3(rad)}" fill="${colourAt(mags[k] / maxMag)}"/>`);
  }

  // Arrows: about 12 per side, each the mean direction of its cells, the longest as long as the arrow spacing.
  const bins = 12;
  const sums = new Map<string, { x: number; y: number; ux: number; uy: number; n: number }>();
  for (let k = 0; k < n; k++) {
    const bi = Math.min(bins - 1, Math.floor(((xs[k] - dx0) / (dx1 - dx0 || 1)) * bins));
    const bj = Math.min(bins - 1, Math.floor(((ys[k] - dy0) / (dy1 - dy0 || 1)) * bins));
    const key = `${bi},${bj}`;
    const s = sums.get(key) ?? { x: 0, y: 0, ux: 0, uy: 0, n: 0 };
    s.x += xs[k];
    s.y += ys[k];
    s.ux += velocity[k][0];
    s.uy += velocity[k][1];
    s.n++;
    sums.set(key, s);
  }
  const spacing = (Math.min(dx1 - dx0, dy1 - dy0) * scale) / bins;
  const arrowMax = Math.max(...[...sums.values()].map((s) => Math.hypot(s.ux, s.uy) / s.n), 0) || 1;
  const arrows: string[] = [];
  for (const s of sums.values()) {
    const [cx, cy, vx, vy] = [X(s.x / s.n), Y(s.y / s.n), s.ux / s.n, s.uy / s.n];
    const len = (Math.hypot(vx, vy) / arrowMax) * spacing * 0.9;
    if (len < 1.5) continue;
    const ang = Math.atan2(-vy, vx);
    const [tx, ty] = [cx + (Math.cos(ang) * len) / 2, cy + (Math.sin(ang) * len) / 2];
    const [bx, by] = [cx - (Math.cos(ang) * len) / 2, cy - (Math.sin(ang) * len) / 2];
    const head = Math.min(5, len * 0.4);
    const h1 = [tx - head * Math.cos(ang - 0.45), ty - head * Math.sin(ang - 0.45)];
    const h2 = [tx - head * Math.cos(ang + 0.45), ty - head * Math.sin(ang + 0.45)];
    arrows.push(
      `<line x1="${r3(bx)}" y1="${r3(by)}" x2="${r3(tx)}" y2="${r3(ty)}"/>`,
      `<polygon points="${r3(tx)},${r3(ty)} ${r3(h1[0])},${r3(h1[1])} ${r3(h2[0])},${r3(h2[1])}"/>`,
    );
  }
  // White arrows over a dark halo: readable on both ends of the colour scale.
  parts.push(`<g stroke="black" stroke-opacity="0.6" stroke-width="3" fill="black" fill-opacity="0.6" stroke-linejoin="round">`, ...arrows, "</g>");
  parts.push(`<g stroke="white" stroke-width="1.2" fill="white">`, ...arrows, "</g>");

  // Axes with ticks in metres.
  const [ax0, ax1, ay0, ay1] = [X(dx0), X(dx1), Y(dy0), Y(dy1)];
  parts.push(`<rect x="${ax0}" y="${ay1}" width="${r3(ax1 - ax0)}" height="${r3(ay0 - ay1)}" fill="none" stroke="black"/>`);
  for (const v of ticks(dx0, dx1)) {
    parts.push(`<line x1="${X(v)}" y1="${ay0}" x2="${X(v)}" y2="${r3(ay0 + 5)}" stroke="black"/>`, `<text x="${X(v)}" y="${r3(ay0 + 19)}" text-anchor="middle">${tickText(v)}</text>`);
  }
  for (const v of ticks(dy0, dy1)) {
    parts.push(`<line x1="${r3(ax0 - 5)}" y1="${Y(v)}" x2="${ax0}" y2="${Y(v)}" stroke="black"/>`, `<text x="${r3(ax0 - 8)}" y="${r3(Y(v) + 4)}" text-anchor="end">${tickText(v)}</text>`);
  }
  parts.push(`<text x="${r3((ax0 + ax1) / 2)}" y="${r3(ay0 + 38)}" text-anchor="middle">x (m)</text>`);
  parts.push(`<text x="${r3(ax0 - 52)}" y="${r3((ay0 + ay1) / 2)}" text-anchor="middle" transform="rotate(-90 ${r3(ax0 - 52)} ${r3((ay0 + ay1) / 2)})">y (m)</text>`);

  // Colour bar: 0 … max |U|.
  const cb = { x: 690, y: PLOT.top, w: 22, h: PLOT.height };
  const bands = 50;
  for (let b = 0; b < bands; b++) {
    const y = cb.y + (cb.h * (bands - 1 - b)) / bands;
    parts.push(`<rect x="${cb.x}" y="${r3(y)}" width="${cb.w}" height="${r3(cb.h / bands + 0.4)}" fill="${colourAt((b + 0.5) / bands)}"/>`);
  }
  parts.push(`<rect x="${cb.x}" y="${cb.y}" width="${cb.w}" height="${cb.h}" fill="none" stroke="black"/>`);
  for (const v of ticks(0, maxMag)) {
    const y = r3(cb.y + cb.h * (1 - v / maxMag));
    parts.push(`<line x1="${cb.x + cb.w}" y1="${y}" x2="${cb.x + cb.w + 5}" y2="${y}" stroke="black"/>`, `<text x="${cb.x + cb.w + 8}" y="${r3(y + 4)}">${tickText(v)}</text>`);
  }
  parts.push(`<text x="${cb.x + cb.w / 2}" y="${cb.y - 10}" text-anchor="middle">|U| (m/s)</text>`);
  parts.push("</svg>");
  return parts.join("\n") + "\n";
}

function escapeXml(s: string): string {
  return s.replace(/[<>&"']/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&apos;" })[c]!);
}
