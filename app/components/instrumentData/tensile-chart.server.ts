import type { TensileParse } from "../../../common/instrument-data.ts";
import { renderSeriesSvg } from "../computeTask/series-svg.server.ts";

/**
 * A tensile test's stress–strain curve drawn on the server (the task pages' plot, readable without JavaScript),
 * with the 0.2 % offset line dashed beside it from zero stress to just past Rp0.2, where the two cross.
 */
export function tensileChartSvg(p: TensileParse, labels: { curve: string; offset: string; strain: string; stress: string }): string {
  const strain = { label: labels.strain, unit: "%" };
  const stress = { label: labels.stress, unit: "MPa" };
  const lines = [{ key: "curve", label: labels.curve, x: { ...strain, values: p.Curve.Strain }, y: { ...stress, values: p.Curve.Stress } }];
  const rp = p.Values["Rp0.2"];
  if (p.Offset && rp) {
    const end = (rp * 1.15) / p.Offset.Slope + p.Offset.Strain;
    lines.push({
      key: "offset",
      label: labels.offset,
      x: { ...strain, values: [p.Offset.Strain, end] },
      y: { ...stress, values: [0, p.Offset.Slope * (end - p.Offset.Strain)] },
      reference: true,
    } as (typeof lines)[number]);
  }
  return renderSeriesSvg({ key: "tensile", title: labels.curve, lines });
}
