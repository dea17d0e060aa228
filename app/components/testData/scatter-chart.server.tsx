import { renderToStaticMarkup } from "react-dom/server";
import { CartesianGrid, Scatter, ScatterChart, XAxis, YAxis } from "recharts";

const WIDTH = 640;
const HEIGHT = 300;

/**
 * A property against an element (or any two quantities) of the search's matches, as SVG markup drawn with
 * recharts on the server (components/charts/ServerChart): readable without JavaScript, no chart library in
 * the browser. The points are the API's (at most 2,000 of the matches).
 */
export function scatterSvg(points: [number, number][], x: string, y: string): string {
  const data = points.map(([a, b]) => ({ x: a, y: b }));
  return renderToStaticMarkup(
    <ScatterChart width={WIDTH} height={HEIGHT} margin={{ top: 10, right: 16, bottom: 24, left: 8 }}>
      <CartesianGrid stroke="var(--mantine-color-gray-3)" strokeDasharray="4 4" />
      <XAxis dataKey="x" type="number" name={x} domain={["auto", "auto"]} tick={{ fontSize: 11 }} label={{ value: x, position: "insideBottom", offset: -12, fontSize: 12 }} />
      <YAxis dataKey="y" type="number" name={y} domain={["auto", "auto"]} tick={{ fontSize: 11 }} width={56} label={{ value: y, angle: -90, position: "insideLeft", fontSize: 12 }} />
      <Scatter data={data} fill="#1c7ed6" fillOpacity={0.55} isAnimationActive={false} shape="circle" />
    </ScatterChart>,
  );
}
