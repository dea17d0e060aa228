/** A small x–y plot as a self-contained SVG (no scripts, no external references) for the task page's <img>. */
export interface PlotLayer {
  name: string;
  kind: "points" | "line";
  x: number[];
  y: number[];
  color: string;
}

export interface PlotSpec {
  title: string;
  xLabel: string;
  yLabel: string;
  /** y on a log₁₀ axis (values ≤ 0 are left out). */
  logY?: boolean;
  layers: PlotLayer[];
}

const W = 800;
const H = 500;
const M = { left: 100, right: 30, top: 50, bottom: 70 };

const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** About six round tick values covering [lo, hi]. */
export function niceTicks(lo: number, hi: number, target = 6): number[] {
  if (!(hi > lo)) return [lo];
  const raw = (hi - lo) / target;
  const mag = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((f) => f * mag).find((s) => s >= raw) ?? 10 * mag;
  const out: number[] = [];
  for (let v = Math.ceil(lo / step) * step; v <= hi + step * 1e-9; v += step) out.push(Math.abs(v) < step * 1e-9 ? 0 : v);
  return out;
}

/** A tick label with as many decimals as the tick step needs (step 0.002 → 3). */
const fmt = (v: number, ticks: number[]) => {
  if (v === 0) return "0";
  const step = ticks.length > 1 ? Math.abs(ticks[1] - ticks[0]) : Math.abs(v);
  if (Math.abs(v) >= 1e5 || Math.abs(v) < 1e-4) return v.toExponential(2);
  return v.toFixed(Math.max(0, Math.min(8, Math.ceil(-Math.log10(step) - 1e-9))));
};

export function renderPlotSvg(spec: PlotSpec): string {
  const tf = (y: number) => (spec.logY ? Math.log10(y) : y);
  const pts = spec.layers.flatMap((l) => l.x.map((x, i) => [x, l.y[i]] as const)).filter(([x, y]) => Number.isFinite(x) && Number.isFinite(y) && (!spec.logY || y > 0));
  const xs = pts.map((p) => p[0]);
  const ys = pts.map((p) => tf(p[1]));
  let [x0, x1] = xs.length ? [Math.min(...xs), Math.max(...xs)] : [0, 1];
  let [y0, y1] = ys.length ? [Math.min(...ys), Math.max(...ys)] : [0, 1];
  if (x1 === x0) [x0, x1] = [x0 - 1, x1 + 1];
  if (y1 === y0) [y0, y1] = [y0 - 1, y1 + 1];
  const padY = (y1 - y0) * 0.06;
  const padX = (x1 - x0) * 0.03;
  [x0, x1, y0, y1] = [x0 - padX, x1 + padX, y0 - padY, y1 + padY];
  if (spec.logY) [y0, y1] = [Math.floor(y0), Math.ceil(y1)];
  const pw = W - M.left - M.right;
  const ph = H - M.top - M.bottom;
  const px = (x: number) => M.left + ((x - x0) / (x1 - x0)) * pw;
  const py = (y: number) => M.top + ph - ((tf(y) - y0) / (y1 - y0)) * ph;
  const out: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" font-family="sans-serif" font-size="14">`,
    `<rect width="${W}" height="${H}" fill="#ffffff"/>`,
    `<text x="${W / 2}" y="28" text-anchor="middle" font-size="18">${esc(spec.title)}</text>`,
    `<rect x="${M.left}" y="${M.top}" width="${pw}" height="${ph}" fill="none" stroke="#333"/>`,
  ];
  const xTicks = niceTicks(x0, x1);
  for (const t of xTicks) {
    const x = px(t).toFixed(1);
    out.push(`<line x1="${x}" y1="${M.top}" x2="${x}" y2="${M.top + ph}" stroke="#e5e5e5"/>`);
    out.push(`<text x="${x}" y="${M.top + ph + 20}" text-anchor="middle">${fmt(t, xTicks)}</text>`);
  }
  const yTicks = spec.logY ? Array.from({ length: y1 - y0 + 1 }, (_, i) => y0 + i) : niceTicks(y0, y1);
  for (const t of yTicks) {
    const y = (M.top + ph - ((t - y0) / (y1 - y0)) * ph).toFixed(1);
    out.push(`<line x1="${M.left}" y1="${y}" x2="${M.left + pw}" y2="${y}" stroke="#e5e5e5"/>`);
    out.push(`<text x="${M.left - 8}" y="${y}" dy="5" text-anchor="end">${spec.logY ? `1e${t}` : fmt(t, yTicks)}</text>`);
  }
  out.push(`<text x="${M.left + pw / 2}" y="${H - 20}" text-anchor="middle">${esc(spec.xLabel)}</text>`);
  out.push(`<text transform="translate(24 ${M.top + ph / 2}) rotate(-90)" text-anchor="middle">${esc(spec.yLabel)}</text>`);
  spec.layers.forEach((l, li) => {
    const ok = l.x.map((x, i) => [x, l.y[i]] as const).filter(([x, y]) => Number.isFinite(x) && Number.isFinite(y) && (!spec.logY || y > 0));
    if (l.kind === "line") {
      if (ok.length > 1) out.push(`<polyline fill="none" stroke="${l.color}" stroke-width="2" points="${ok.map(([x, y]) => `${px(x).toFixed(1)},${py(y).toFixed(1)}`).join(" ")}"/>`);
    } else {
      for (const [x, y] of ok) out.push(`<circle cx="${px(x).toFixed(1)}" cy="${py(y).toFixed(1)}" r="5" fill="${l.color}"/>`);
    }
    // Legend, top right inside the frame.
    const ly = M.top + 20 + li * 22;
    const lx = M.left + pw - 200;
    out.push(l.kind === "line" ? `<line x1="${lx}" y1="${ly}" x2="${lx + 24}" y2="${ly}" stroke="${l.color}" stroke-width="2"/>` : `<circle cx="${lx + 12}" cy="${ly}" r="5" fill="${l.color}"/>`);
    out.push(`<text x="${lx + 32}" y="${ly}" dy="5">${esc(l.name)}</text>`);
  });
  out.push("</svg>", "");
  return out.join("\n");
}
