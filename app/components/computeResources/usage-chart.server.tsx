import { renderToStaticMarkup } from "react-dom/server";
import { Bar, BarChart, CartesianGrid, XAxis, YAxis } from "recharts";
import { formatCoreHours } from "~/lib/compute-resources";

/** Drawn at a fixed size; CSS scales the SVG down on phones. */
const WIDTH = 640;
const HEIGHT = 300;
/** Labels longer than this are cut on the axis (the table has them whole). */
const LABEL_MAX = 14;

/**
 * Core-hours per group as a bar chart's SVG markup, drawn with recharts on the server only and shown by
 * components/charts/ServerChart (@mantine/charts' BarChart wraps recharts in a ResponsiveContainer, which
 * renders nothing on the server; the page must show its chart without JavaScript).
 */
export function usageChartSvg(rows: Array<{ label: string; coreHours: number }>): string {
  const data = rows.map((r) => ({ name: r.label.length > LABEL_MAX ? `${r.label.slice(0, LABEL_MAX - 1)}…` : r.label, coreHours: r.coreHours }));
  return renderToStaticMarkup(
    <BarChart width={WIDTH} height={HEIGHT} data={data} margin={{ top: 10, right: 20, bottom: 20, left: 10 }}>
      <CartesianGrid stroke="var(--mantine-color-gray-3)" strokeDasharray="4 4" vertical={false} />
      <XAxis dataKey="name" type="category" interval={0} tick={{ fontSize: 12 }} />
      <YAxis type="number" tickFormatter={(v: number) => formatCoreHours(v)} tick={{ fontSize: 12 }} width={56} />
      <Bar dataKey="coreHours" fill="var(--mantine-color-blue-6)" isAnimationActive={false} maxBarSize={56} />
    </BarChart>,
  );
}
