/** The plots of a result: which curves share a plot, their axes and colours (no drawing code, so pages can import it freely). */

/** Chart size on the server and in the browser alike; CSS scales the SVG (it has a viewBox) down on phones. */
export const CHART_WIDTH = 640;
export const CHART_HEIGHT = 320;

export interface ChartSeries {
  key: string;
  label: string;
  chart?: { key: string; label: string } | null;
  /** A prediction to compare with (ResultSeries.reference): dashed. */
  reference?: boolean;
  x: { label: string; unit: string; values: number[] };
  y: { label: string; unit: string; values: number[] };
}

export const axisLabel = (a: { label: string; unit: string }) => (a.unit ? `${a.label} (${a.unit})` : a.label);

/**
 * Convergence curves (SCF accuracy, solver residuals) fall over many decades and only read on a log axis, as
 * precipitation kinetics run over many decades of time; any all-positive axis spanning more than three decades
 * gets one (x and y alike).
 */
export function wantsLogScale(values: number[]): boolean {
  if (values.length < 2 || values.some((v) => !(v > 0))) return false;
  return Math.max(...values) / Math.min(...values) > 1e3;
}

/** Ticks of a log axis at whole powers of ten within the data (every other one past ten decades). */
export function decadeTicks(values: number[]): number[] {
  const lo = Math.ceil(Math.log10(Math.min(...values)) - 1e-9);
  const hi = Math.floor(Math.log10(Math.max(...values)) + 1e-9);
  const step = hi - lo > 10 ? 2 : 1;
  const ticks: number[] = [];
  for (let k = lo; k <= hi; k += step) ticks.push(Number(`1e${k}`));
  return ticks;
}

/** How a reference line (an analytic law) is dashed, in the plot and in its legend swatch. */
export const REFERENCE_DASH = "6 4";

/** Distinct line colours from Mantine's palette, in order. */
export const COLOURS = ["blue-7", "red-7", "green-7", "orange-7", "grape-7", "teal-7", "yellow-8", "cyan-7", "pink-7", "indigo-7"].map((c) => `var(--mantine-color-${c})`);

/** One plot of the page: a curve alone, or the curves that share a chart key (first appearance keeps the order). */
export interface ChartGroup {
  key: string;
  title: string;
  lines: ChartSeries[];
}

export function chartGroups(series: ChartSeries[]): ChartGroup[] {
  const groups: ChartGroup[] = [];
  const byKey = new Map<string, ChartGroup>();
  for (const s of series) {
    const key = s.chart?.key ?? s.key;
    let g = byKey.get(key);
    if (!g) {
      g = { key, title: s.chart?.label ?? s.label, lines: [] };
      byKey.set(key, g);
      groups.push(g);
    }
    g.lines.push(s);
  }
  return groups;
}

