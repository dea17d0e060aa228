import { CartesianGrid, Line, LineChart, XAxis, YAxis } from "recharts";
import { formatNumber } from "~/lib/compute-task";
import { axisLabel, CHART_HEIGHT, CHART_WIDTH, COLOURS, decadeTicks, REFERENCE_DASH, wantsLogScale, type ChartGroup } from "./series.ts";

/**
 * The drawing of one plot with recharts, at a fixed size with Mantine's colours. @mantine/charts' LineChart always
 * wraps recharts in a ResponsiveContainer, which measures in the browser and renders nothing on the server; the
 * task page must show its plots without JavaScript. Each curve keeps its own x values (recharts' per-line data).
 * The server draws it into the page (series-svg.server.ts); the browser loads this module only to draw a plot
 * the server did not (SeriesChart.tsx).
 */
export default function SeriesPlot({ group }: { group: ChartGroup }) {
  const first = group.lines[0];
  const lines = group.lines.map((s) => {
    const n = Math.min(s.x.values.length, s.y.values.length);
    return { s, data: Array.from({ length: n }, (_, i) => ({ x: s.x.values[i], y: s.y.values[i] })) };
  });
  const log = wantsLogScale(lines.flatMap((l) => l.data.map((d) => d.y)));
  const xs = lines.flatMap((l) => l.data.map((d) => d.x));
  const logX = wantsLogScale(xs);
  const yTick = (v: number) => (log ? v.toExponential(0) : formatNumber(v));
  // Wide enough for the longest tick ("1.500e+22"), so the rotated axis title never sits on the numbers.
  const ys = lines.flatMap((l) => l.data.map((d) => d.y)).filter(Number.isFinite);
  const yWidth = ys.length ? Math.min(96, Math.max(48, 12 + 7 * Math.max(...[Math.min(...ys), Math.max(...ys)].map((v) => yTick(v).length)))) : 56;
  return (
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
  );
}
