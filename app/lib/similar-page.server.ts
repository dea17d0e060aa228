import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { scatterSvg } from "~/components/testData/scatter-chart.server";
import { isPathAllowed, normalisePath } from "./access.ts";
import { requireAccess } from "./auth.server.ts";
import { MY_DATA_PATH } from "./detection.ts";
import { getT } from "./i18n.server.ts";
import { pageFailure } from "./notices.server.ts";
import { isImplemented } from "./pages.ts";
import { SIMILAR_PAGE_SIZE, SIMILAR_PATHS, isElement, similarQuery, unitOf, type SimilarMode, type SimilarQuery, type SimilarResult } from "./test-data.ts";
import { searchSimilar } from "./test-data.server.ts";
import { UpstreamError } from "./upstream.server.ts";

/** A refusal of the search, under the field the API named (`Rows.2`, `Grade`, `SampleCode`). */
export interface SimilarFailure {
  field: string;
  message: string;
}

/** The quantities plotted: the address's, else the first element searched against the first property (Rm). */
function plotAxes(q: SimilarQuery): { x: string; y: string } | null {
  const keys = q.rows.map((r) => r.key);
  const x = q.plotX || keys.find(isElement) || "C";
  const y = q.plotY || keys.find((k) => k && !isElement(k)) || "Rm";
  return x === y ? null : { x, y };
}

/**
 * The loader of the four similar-data pages (mySimilardataTable, 2, 3, 4): one mode each. A bare page shows the
 * form; a sent one runs the search, and a refused criterion comes back under its field, the form kept.
 */
export function similarLoader(mode: SimilarMode) {
  return async (args: LoaderFunctionArgs) => {
    const path = SIMILAR_PATHS[mode];
    const { token, user } = await requireAccess(args, path);
    const t = await getT(args.request, "testData");
    const q = similarQuery(mode, new URL(args.request.url).searchParams);
    const modes = (Object.keys(SIMILAR_PATHS) as SimilarMode[]).filter((m) => isImplemented(SIMILAR_PATHS[m]) && isPathAllowed(normalisePath(SIMILAR_PATHS[m]), user.resList));
    const canOpenOrder = isImplemented(MY_DATA_PATH) && isPathAllowed(normalisePath(MY_DATA_PATH), user.resList);
    const base = { title: t(`similar.mode.${mode}`), q, modes, canOpenOrder };
    if (!q.asked) return data({ ...base, result: null, failure: null, chart: null });
    const axes = plotAxes(q);
    let result: SimilarResult;
    try {
      // The plot's axes ride on the same call: its points are the matches', not only the page's.
      result = await searchSimilar(args, token, { ...q, plotX: axes?.x ?? "", plotY: axes?.y ?? "" }, SIMILAR_PAGE_SIZE);
    } catch (e) {
      const fields = (e as UpstreamError).returnData as { fields?: Array<{ field: string }> } | null;
      if (e instanceof UpstreamError && e.status === 400 && fields?.fields?.[0]) return data({ ...base, result: null, failure: { field: fields.fields[0].field, message: e.msg } satisfies SimilarFailure, chart: null }, { status: 400 });
      return pageFailure(args, e);
    }
    const points = mode === "nearest" && axes ? result.rows.filter((r) => r.Values[axes.x] !== undefined && r.Values[axes.y] !== undefined).map((r) => [r.Values[axes.x], r.Values[axes.y]] as [number, number]) : result.Points;
    const label = (k: string) => (unitOf(k) ? `${k} (${unitOf(k)})` : k);
    const chart = axes && points && points.length > 1 ? { x: axes.x, y: axes.y, count: points.length, svg: scatterSvg(points, label(axes.x), label(axes.y)) } : null;
    return data({ ...base, result, failure: null, chart });
  };
}
