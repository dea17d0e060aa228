import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import SeriesPlot from "./SeriesPlot.tsx";
import type { ChartGroup } from "./series.ts";

/** A plot drawn on the server as SVG markup, so the page shows it without the charting library in the browser. */
export const renderSeriesSvg = (group: ChartGroup): string => renderToStaticMarkup(createElement(SeriesPlot, { group }));
