/** One panel's curve: its axis title (symbols and units, readable in any language) and values. */
export interface PanelCurve {
  title: string;
  y: number[];
  colour: string;
}

const W = 800;
const H = 500;
const LEFT = 90;
const RIGHT = 20;
const TOP = 30;
const BOTTOM = 55;
const GAP = 40;

/** Round tick values covering [lo, hi]: steps of 1, 2 or 5 × 10^k, about `count` of them. */
export function niceTicks(lo: number, hi: number, count = 5): number[] {
  if (!(hi > lo)) return [lo];
  const raw = (hi - lo) / count;
  const mag = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * mag).find((s) => s >= raw)!;
  const ticks: number[] = [];
  for (let v = Math.ceil(lo / step) * step; v <= hi + step * 1e-9; v += step) ticks.push(Number(v.toPrecision(12)));
  return ticks;
}

const fmt = (v: number) => (Math.abs(v) >= 1e5 || (Math.abs(v) < 1e-3 && v !== 0) ? v.toExponential(2) : String(Number(v.toPrecision(6))));
const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** A padded [lo, hi] of values, widened when flat so a constant curve still draws mid-panel. */
function range(v: number[]): [number, number] {
  let lo = Math.min(...v);
  let hi = Math.max(...v);
  if (hi - lo < 1e-12 * Math.max(1, Math.abs(hi))) {
    lo -= Math.max(1e-6, Math.abs(lo) * 1e-3);
    hi += Math.max(1e-6, Math.abs(hi) * 1e-3);
  }
  const pad = (hi - lo) * 0.05;
  return [lo - pad, hi + pad];
}

/**
 * Curves against the MD step in panels stacked over one step axis (temperature above energy, say): a plain
 * SVG with a viewBox, axes, ticks and titles, no script and no external reference.
 */
export function stackedThermoSvg(steps: number[], panels: PanelCurve[]): string {
  const n = panels.length;
  const panelH = (H - TOP - BOTTOM - GAP * (n - 1)) / n;
  const [x0, x1] = steps.length > 1 ? [Math.min(...steps), Math.max(...steps)] : [steps[0] ?? 0, (steps[0] ?? 0) + 1];
  const sx = (x: number) => LEFT + ((x - x0) / (x1 - x0 || 1)) * (W - LEFT - RIGHT);
  const out: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" font-family="sans-serif" font-size="13">`,
    `<rect width="${W}" height="${H}" fill="white"/>`,
  ];
  panels.forEach((p, i) => {
    const top = TOP + i * (panelH + GAP);
    const [lo, hi] = range(p.y);
    const sy = (y: number) => top + panelH - ((y - lo) / (hi - lo)) * panelH;
    out.push(`<rect x="${LEFT}" y="${top}" width="${W - LEFT - RIGHT}" height="${panelH.toFixed(1)}" fill="none" stroke="#333"/>`);
    for (const t of niceTicks(lo, hi, 4)) {
      const y = sy(t).toFixed(1);
      out.push(`<line x1="${LEFT - 5}" y1="${y}" x2="${W - RIGHT}" y2="${y}" stroke="#ddd"/>`, `<text x="${LEFT - 8}" y="${y}" text-anchor="end" dominant-baseline="middle">${fmt(t)}</text>`);
    }
    const cy = top + panelH / 2;
    out.push(`<text x="18" y="${cy.toFixed(1)}" text-anchor="middle" transform="rotate(-90 18 ${cy.toFixed(1)})" fill="${p.colour}">${esc(p.title)}</text>`);
    const pts = steps.map((s, k) => `${sx(s).toFixed(1)},${sy(p.y[k]).toFixed(1)}`).join(" ");
    out.push(`<polyline points="${pts}" fill="none" stroke="${p.colour}" stroke-width="1.8"/>`);
  });
  const bottom = H - BOTTOM;
  for (const t of niceTicks(x0, x1, 8)) {
    const x = sx(t).toFixed(1);
    out.push(`<line x1="${x}" y1="${bottom}" x2="${x}" y2="${bottom + 5}" stroke="#333"/>`, `<text x="${x}" y="${bottom + 20}" text-anchor="middle">${fmt(t)}</text>`);
  }
  out.push(`<text x="${(LEFT + W - RIGHT) / 2}" y="${H - 10}" text-anchor="middle">Step</text>`, "</svg>", "");
  return out.join("\n");
}
