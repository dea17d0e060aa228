import { CartesianGrid, Line, LineChart, XAxis, YAxis } from "recharts";
import { formatNumber } from "~/lib/compute-task";

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

const axisLabel = (a: { label: string; unit: string }) => (a.unit ? `${a.label} (${a.unit})` : a.label);

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
const REFERENCE_DASH = "6 4";

/** Distinct line colours from Mantine's palette, in order. */
const COLOURS = ["blue-7", "red-7", "green-7", "orange-7", "grape-7", "teal-7", "yellow-8", "cyan-7", "pink-7", "indigo-7"].map((c) => `var(--mantine-color-${c})`);

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

/**
 * One plot: a result series as a line chart, or several with a legend. @mantine/charts' LineChart always wraps
 * recharts in a ResponsiveContainer, which measures in the browser and renders nothing on the server; the task
 * page must show its plot without JavaScript, so this draws recharts' LineChart at a fixed size with Mantine's
 * colours. Each curve keeps its own x values (recharts' per-line data).
 */
export function SeriesChart({ group }: { group: ChartGroup }) {
  const first = group.lines[0];
  const lines = group.lines.map((s) => {
    const n = Math.min(s.x.values.length, s.y.values.length);
    return { s, data: Array.from({ length: n }, (_, i) => ({ x: s.x.values[i], y: s.y.values[i] })) };
  });
  const log = wantsLogScale(lines.flatMap((l) => l.data.map((d) => d.y)));
  const xs = lines.flatMap((l) => l.data.map((d) => d.x));
  const logX = wantsLogScale(xs);
  const many = lines.length > 1;
  const yTick = (v: number) => (log ? v.toExponential(0) : formatNumber(v));
  // Wide enough for the longest tick ("1.500e+22"), so the rotated axis title never sits on the numbers.
  const ys = lines.flatMap((l) => l.data.map((d) => d.y)).filter(Number.isFinite);
  const yWidth = ys.length ? Math.min(96, Math.max(48, 12 + 7 * Math.max(...[Math.min(...ys), Math.max(...ys)].map((v) => yTick(v).length)))) : 56;
  return (
    <figure className="ct-chart" data-testid={`chart-${group.key}`}>
      <figcaption className="ct-chart-title">{group.title}</figcaption>
      {many ? (
        // Our own legend, not recharts': it wraps on a phone, where the plot scales down and recharts' would not.
        <ul className="ct-legend">
          {lines.map(({ s }, i) => (
            <li key={s.key}>
              <span
                className={s.reference ? "ct-swatch ct-swatch-reference" : "ct-swatch"}
                style={s.reference ? { color: COLOURS[i % COLOURS.length] } : { background: COLOURS[i % COLOURS.length] }}
                aria-hidden="true"
              />
              {s.label}
            </li>
          ))}
        </ul>
      ) : null}
      <LineChart width={CHART_WIDTH} height={CHART_HEIGHT} margin={{ top: 10, right: 20, bottom: 30, left: 20 }}>
        <CartesianGrid stroke="var(--mantine-color-gray-3)" strokeDasharray="4 4" />
        <XAxis
          dataKey="x"
          type="number"
          scale={logX ? "log" : "auto"}
          ticks={logX ? decadeTicks(xs) : undefined}
          domain={["dataMin", "dataMax"]}
          allowDuplicatedCategory={false}
          tickFormatter={(v: number) => (logX ? v.toExponential(0) : formatNumber(v))}
          tick={{ fontSize: 12 }}
          label={{ value: axisLabel(first.x), position: "insideBottom", offset: -18, fontSize: 12 }}
        />
        <YAxis
          type="number"
          scale={log ? "log" : "auto"}
          ticks={log ? decadeTicks(ys) : undefined}
          domain={["auto", "auto"]}
          tickFormatter={yTick}
          tick={{ fontSize: 12 }}
          width={yWidth}
          label={{ value: axisLabel(first.y), angle: -90, position: "insideLeft", offset: -8, fontSize: 12, style: { textAnchor: "middle" } }}
        />
        {lines.map(({ s, data }, i) => (
          <Line
            key={s.key}
            data={data}
            name={s.label}
            type={log || logX ? "linear" : "monotone"}
            dataKey="y"
            stroke={COLOURS[i % COLOURS.length]}
            strokeDasharray={s.reference ? REFERENCE_DASH : undefined}
            strokeWidth={2}
            dot={false}
            isAnimationActive={false}
          />
        ))}
      </LineChart>
    </figure>
  );
}
