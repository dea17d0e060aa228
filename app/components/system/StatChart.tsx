import { ServerChart } from "~/components/charts/ServerChart";

export interface StatSeries {
  key: string;
  name: string;
  color: string;
}

/** A chart of the statistics page: its title, the SVG the loader drew (statChartSvg) and, for several series, a legend. */
export function StatChart({ title, svg, series, testId }: { title: string; svg: string; series: StatSeries[]; testId: string }) {
  return (
    <figure className="st-chart" data-testid={testId}>
      <figcaption className="st-chart-title">{title}</figcaption>
      <ServerChart svg={svg} />
      {series.length > 1 ? (
        <ul className="st-legend">
          {series.map((s) => (
            <li key={s.key} style={{ ["--swatch" as string]: s.color }}>
              {s.name}
            </li>
          ))}
        </ul>
      ) : null}
    </figure>
  );
}
