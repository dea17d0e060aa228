import { CartesianGrid, Line, LineChart, XAxis, YAxis } from "recharts";
import { formatNumber } from "~/lib/compute-task";

/** Chart size on the server and in the browser alike; CSS scales the SVG (it has a viewBox) down on phones. */
export const CHART_WIDTH = 640;
export const CHART_HEIGHT = 320;

export interface ChartSeries {
  key: string;
  label: string;
  x: { label: string; unit: string; values: number[] };
  y: { label: string; unit: string; values: number[] };
}

const axisLabel = (a: { label: string; unit: string }) => (a.unit ? `${a.label} (${a.unit})` : a.label);

/**
 * Convergence curves (SCF accuracy, solver residuals) fall over many decades and only read on a log axis;
 * any all-positive series spanning more than three decades gets one.
 */
export function wantsLogScale(values: number[]): boolean {
  if (values.length < 2 || values.some((v) => !(v > 0))) return false;
  return Math.max(...values) / Math.min(...values) > 1e3;
}

/**
 * One result series as a line chart. @mantine/charts' LineChart always wraps recharts in a
 * ResponsiveContainer, which measures in the browser and renders nothing on the server; the task page must
 * show its plot without JavaScript, so this draws recharts' LineChart at a fixed size with Mantine's colours.
 */
export function SeriesChart({ series }: { series: ChartSeries }) {
  const n = Math.min(series.x.values.length, series.y.values.length);
  const data = Array.from({ length: n }, (_, i) => ({ x: series.x.values[i], y: series.y.values[i] }));
  const log = wantsLogScale(series.y.values.slice(0, n));
  return (
    <figure className="ct-chart" data-testid={`chart-${series.key}`}>
      <figcaption className="ct-chart-title">{series.label}</figcaption>
      <LineChart width={CHART_WIDTH} height={CHART_HEIGHT} data={data} margin={{ top: 10, right: 20, bottom: 30, left: 20 }}>
        <CartesianGrid stroke="var(--mantine-color-gray-3)" strokeDasharray="4 4" />
        <XAxis
          dataKey="x"
          type="number"
          domain={["dataMin", "dataMax"]}
          tickFormatter={(v: number) => formatNumber(v)}
          tick={{ fontSize: 12 }}
          label={{ value: axisLabel(series.x), position: "insideBottom", offset: -18, fontSize: 12 }}
        />
        <YAxis
          type="number"
          scale={log ? "log" : "auto"}
          domain={["auto", "auto"]}
          tickFormatter={(v: number) => (log ? v.toExponential(0) : formatNumber(v))}
          tick={{ fontSize: 12 }}
          width={56}
          label={{ value: axisLabel(series.y), angle: -90, position: "insideLeft", offset: -8, fontSize: 12, style: { textAnchor: "middle" } }}
        />
        <Line type={log ? "linear" : "monotone"} dataKey="y" stroke="var(--mantine-color-blue-7)" strokeWidth={2} dot={false} isAnimationActive={false} />
      </LineChart>
    </figure>
  );
}
