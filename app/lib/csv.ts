import { csvText } from "../../common/csv.ts";

export { csvCell, csvText } from "../../common/csv.ts";

/**
 * A CSV download: UTF-8 with a BOM (spreadsheet programs then read Chinese labels right), never cached,
 * never sniffed as anything else. `name` has no extension and only safe characters.
 */
export function csvResponse(name: string, rows: Array<Array<string | number | boolean | null | undefined>>): Response {
  const safeName = name.replace(/[^A-Za-z0-9._-]/g, "_").slice(0, 100) || "export";
  return new Response(`\uFEFF${csvText(rows)}`, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${safeName}.csv"`,
      "cache-control": "private, no-store",
      "x-content-type-options": "nosniff",
    },
  });
}
