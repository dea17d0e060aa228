import { lazy, Suspense, useMemo, useState } from "react";
import { useHydrated } from "~/lib/use-hydrated";
import { renderSeriesSvg } from "./series-svg.server.ts";
import { CHART_HEIGHT, CHART_WIDTH, COLOURS, type ChartGroup } from "./series.ts";

export { chartGroups, decadeTicks, wantsLogScale, CHART_HEIGHT, CHART_WIDTH, type ChartGroup, type ChartSeries } from "./series.ts";

/** The charting library (about 120 KiB gzip), loaded only when the browser has a plot to draw itself. */
const SeriesPlot = lazy(() => import("./SeriesPlot.tsx"));

/**
 * One plot: a result series as a line chart, or several with a legend. The server draws the plot into the page
 * as SVG (series-svg.server.ts), and hydration keeps that drawing as it is, so a task page needs no charting code
 * before it is usable and shows its plots without JavaScript. The browser draws a plot itself only when the server
 * did not: after a client-side navigation, or when live progress brings new points; it loads the library then.
 */
export function SeriesChart({ group }: { group: ChartGroup }) {
  const many = group.lines.length > 1;
  const hydrated = useHydrated();
  const drawn = useMemo(() => JSON.stringify(group), [group]);
  // What the server drew, if this chart came with the page: kept until the data change.
  const [fromServer] = useState(() => (hydrated ? null : drawn));
  const server = typeof document === "undefined";
  const keepServerSvg = !server && fromServer === drawn;
  return (
    <figure className="ct-chart" data-testid={`chart-${group.key}`}>
      <figcaption className="ct-chart-title">{group.title}</figcaption>
      {many ? (
        // Our own legend, not recharts': it wraps on a phone, where the plot scales down and recharts' would not.
        <ul className="ct-legend">
          {group.lines.map((s, i) => (
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
      {server ? (
        <div className="ct-plot" dangerouslySetInnerHTML={{ __html: renderSeriesSvg(group) }} />
      ) : keepServerSvg ? (
        // Hydration leaves markup set this way alone, and an unchanged empty string never rewrites it.
        <div className="ct-plot" dangerouslySetInnerHTML={{ __html: "" }} suppressHydrationWarning />
      ) : (
        <div className="ct-plot">
          <Suspense fallback={<div className="ct-plot-loading" style={{ aspectRatio: `${CHART_WIDTH} / ${CHART_HEIGHT}` }} />}>
            <SeriesPlot group={group} />
          </Suspense>
        </div>
      )}
    </figure>
  );
}
