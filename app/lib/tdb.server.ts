import { z } from "zod";
import type { ThermoSystem } from "../../common/grade-compute.ts";
import type { CatalogueQuery, DatabaseQuery } from "./tdb.ts";
import { TDB_PAGE_SIZE } from "./tdb.ts";
import { api, apiRaw, type CallArgs } from "./upstream.server.ts";

/** The ThermoDatabase calls as the catalogue pages need them, answers checked. */

const entry = z.object({
  id: z.string(),
  kind: z.enum(["shipped", "uploaded"]),
  name: z.string(),
  fileName: z.string(),
  size: z.number(),
  elements: z.array(z.string()),
  phases: z.array(z.string()),
  functionCount: z.number(),
  parameterCount: z.number(),
  source: z.string(),
  citation: z.string(),
  owner: z.string().nullable(),
  mine: z.boolean(),
  published: z.boolean(),
  createdAt: z.string().nullable(),
  canDelete: z.boolean(),
  canPublish: z.boolean(),
});
export type CatalogueEntry = z.infer<typeof entry>;

const listing = z.object({ total: z.number(), rows: z.array(entry), elements: z.array(z.string()) });
export type Listing = z.infer<typeof listing>;

// null: an end the file leaves open.
const ranges = z.array(z.object({ low: z.number().nullable(), high: z.number().nullable(), expression: z.string() }));
const page = <T extends z.ZodType>(row: T) => z.object({ total: z.number(), page: z.number(), size: z.number(), rows: z.array(row) });
const detailSchema = z.object({
  database: entry,
  header: z.string(),
  elements: z.array(z.string()),
  species: z.array(z.string()),
  phases: z.array(
    z.object({
      name: z.string(),
      sublattices: z.array(z.object({ ratio: z.number(), constituents: z.array(z.string()) })),
      suffix: z.string(),
      magnetic: z.object({ afm: z.number(), p: z.number() }).nullable(),
      disorderedPart: z.string().nullable(),
      orderedPhase: z.string().nullable(),
    }),
  ),
  warnings: z.array(z.object({ line: z.number(), code: z.string(), text: z.string() })),
  warningCount: z.number(),
  functions: page(z.object({ name: z.string(), ranges })),
  parameters: page(z.object({ type: z.string(), phase: z.string(), constituents: z.array(z.array(z.string())), order: z.number(), ranges, label: z.string() })),
});
export type DatabaseDetail = z.infer<typeof detailSchema>;

export const listDatabases = (args: CallArgs, token: string, q: CatalogueQuery) =>
  api(args, "ThermoDatabase/GetDatabases", { token, query: { elements: q.elements, keyword: q.keyword }, schema: listing });

/** One database with the page of the tab being looked at (the other list's first page comes along, for its count). */
export const getDatabase = (args: CallArgs, token: string, q: DatabaseQuery) =>
  api(args, "ThermoDatabase/GetDatabase", {
    token,
    query: {
      id: q.id,
      keyword: q.tab === "phases" ? "" : q.keyword,
      size: TDB_PAGE_SIZE,
      functionsPage: q.tab === "functions" ? q.page : 1,
      parametersPage: q.tab === "parameters" ? q.page : 1,
    },
    schema: detailSchema,
  });

export function uploadDatabase(args: CallArgs, token: string, file: File, fields: { name: string; citation: string }) {
  const body = new FormData();
  body.append("name", fields.name);
  body.append("citation", fields.citation);
  body.append("file", file, file.name);
  return api(args, "ThermoDatabase/UploadDatabase", { method: "POST", multipart: body, token, schema: entry.extend({ warningCount: z.number() }) });
}

export const publishDatabase = (args: CallArgs, token: string, id: string, published: boolean) =>
  api(args, "ThermoDatabase/PublishDatabase", { method: "POST", form: { id, published }, token });

export const deleteDatabase = (args: CallArgs, token: string, id: string) => api(args, "ThermoDatabase/DeleteDatabase", { method: "POST", form: { id }, token });

export const downloadDatabase = (args: CallArgs, token: string, id: string) => apiRaw(args, "ThermoDatabase/DownloadDatabase", { query: { id }, token });

/**
 * The shipped databases that hold iron, as a composition's calculations need them (common/grade-compute.ts):
 * only those the graphical form offers (an uploaded one runs in instruction mode).
 */
export async function shippedIronSystems(args: CallArgs, token: string): Promise<ThermoSystem[]> {
  const databases = await listDatabases(args, token, { elements: "Fe", keyword: "" });
  return databases.rows.filter((d) => d.kind === "shipped").map((d) => ({ id: d.id, name: d.name, elements: d.elements }));
}
