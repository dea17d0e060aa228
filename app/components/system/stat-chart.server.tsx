import { renderToStaticMarkup } from "react-dom/server";
import { Bar, BarChart, CartesianGrid, XAxis, YAxis } from "recharts";
import type { StatSeries } from "./StatChart";

/** Drawn at a fixed size; CSS scales the SVG to its box. */
const WIDTH = 640;
const HEIGHT = 260;
const LABEL_MAX = 12;
/** About this many axis labels fit the width; more would overlap (the server cannot measure text). */
const MAX_TICKS = 10;

/**
 * A bar chart of the statistics page as SVG markup (stacked when it has several series), drawn with recharts
 * on the server only (components/charts/ServerChart). The numbers are also in the table or CSV beside it.
 */
export function statChartSvg({
  rows,
  series,
  format = (v) => String(v),
}: {
  rows: Array<Record<string, string | number>>;
  series: StatSeries[];
  format?: (v: number) => string;
}): string {
  const data = rows.map((r) => ({ ...r, label: String(r.label).length > LABEL_MAX ? `${String(r.label).slice(0, LABEL_MAX - 1)}…` : r.label }));
  return renderToStaticMarkup(
    <BarChart width={WIDTH} height={HEIGHT} data={data} margin={{ top: 8, right: 12, bottom: 8, left: 4 }}>
      <CartesianGrid stroke="var(--mantine-color-gray-3)" strokeDasharray="4 4" vertical={false} />
      <XAxis dataKey="label" type="category" tick={{ fontSize: 11 }} interval={Math.max(0, Math.ceil(data.length / MAX_TICKS) - 1)} />
      <YAxis type="number" allowDecimals={false} tickFormatter={format} tick={{ fontSize: 11 }} width={48} />
      {series.map((s) => (
        <Bar key={s.key} dataKey={s.key} name={s.name} stackId="a" fill={s.color} isAnimationActive={false} maxBarSize={40} />
      ))}
    </BarChart>,
  );
}
