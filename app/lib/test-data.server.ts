import type { LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { streamFromApi } from "./attachments.server.ts";
import { requireAccess } from "./auth.server.ts";
import { getMethods } from "./detection.server.ts";
import { pageFailure } from "./notices.server.ts";
import {
  RECORD_SOURCES,
  SIMILAR_MODES,
  recordApiQuery,
  recordQuery,
  similarBody,
  type RecordQuery,
  type SimilarQuery,
  type SimilarResult,
  type SourcesQuery,
  type TestDataSource,
  type TestDocument,
  type TestDataCatalogue,
  type TestRecord,
} from "./test-data.ts";
import { api, UpstreamError, type CallArgs } from "./upstream.server.ts";

/** The test records' calls (docs/test-data.md): the table, across people for administrators, and the search. */

const record = z.object({
  Id: z.string(),
  Code: z.string(),
  Source: z.enum(RECORD_SOURCES),
  SampleId: z.string().nullable(),
  OrderId: z.string().nullable(),
  OrderCode: z.string().nullable(),
  Grade: z.string(),
  HeatNo: z.string(),
  Form: z.string(),
  Condition: z.string(),
  Methods: z.array(z.string()),
  TestedAt: z.string(),
  OwnerName: z.string(),
  DepartmentName: z.string().nullable(),
  EnterpriseName: z.string().nullable(),
  ProjectName: z.string().nullable(),
  Values: z.record(z.string(), z.number()),
  Structure: z.string(),
}) satisfies z.ZodType<TestRecord>;

const page = z.object({ total: z.number(), page: z.number(), size: z.number(), rows: z.array(record) });

/** The records the caller sees at the address's level and filters (or, `admin`, across people in their scope). */
export const listRecords = (args: CallArgs, token: string, q: RecordQuery, pageSize: number, admin = false) =>
  api(args, admin ? "System/GetTestRecordsSearch" : "TrialDetection/GetTestRecords", { token, method: "POST", query: { ...recordApiQuery(q), page: q.page, pageSize }, schema: page });

const dataSource = z.object({
  Source: z.enum(RECORD_SOURCES),
  OrderId: z.string().nullable(),
  OrderCode: z.string().nullable(),
  ClientName: z.string().nullable(),
  ReportId: z.string().nullable(),
  ReportCode: z.string().nullable(),
  UploadId: z.string().nullable(),
  FileName: z.string().nullable(),
  FileUrl: z.string().nullable(),
  UploadedBy: z.string().nullable(),
  UploadedAt: z.string().nullable(),
  Records: z.number(),
  LastTested: z.string(),
}) satisfies z.ZodType<TestDataSource>;

/** Where the records the caller sees at a level came from: counts per source and the data sets, newest first. */
export const listDataSources = (args: CallArgs, token: string, q: SourcesQuery, pageSize: number) =>
  api(args, "TrialDetection/GetTestDataSources", {
    token,
    query: { level: q.level, source: q.source || null, page: q.page, pageSize },
    schema: z.object({
      total: z.number(),
      page: z.number(),
      size: z.number(),
      rows: z.array(dataSource),
      Sources: z.array(z.object({ Source: z.enum(RECORD_SOURCES), Records: z.number() })),
    }),
  });

/** The export's API call and query: the same filters, all pages. */
export const recordExport = (q: RecordQuery, format: "csv" | "xlsx", admin = false) => ({
  path: admin ? "System/ExportTestRecordsSearch" : "TrialDetection/ExportTestRecords",
  query: { ...recordApiQuery(q), cols: q.cols.join(","), format },
});

const criterion = z.object({ Key: z.string(), Min: z.number().nullable(), Max: z.number().nullable(), Target: z.number().nullable(), Weight: z.number().nullable() });
const similar = z.object({
  Mode: z.enum(SIMILAR_MODES),
  Criteria: z.array(criterion),
  Grade: z.object({ Name: z.string(), Standard: z.string() }).nullable(),
  total: z.number(),
  page: z.number(),
  size: z.number(),
  rows: z.array(record.extend({ Distance: z.number().nullable() })),
  Points: z.array(z.tuple([z.number(), z.number()])).nullable(),
}) satisfies z.ZodType<SimilarResult>;

/** One similar-data search, as the address asks it. */
export const searchSimilar = (args: CallArgs, token: string, q: SimilarQuery, pageSize: number) =>
  api(args, "TrialDetection/SearchSimilarData", { token, method: "POST", query: { page: q.page, pageSize }, json: similarBody(q), schema: similar });

/**
 * A records export as the web's download (the `.csv` and `.xlsx` resource routes of both records pages): the
 * API streams the file, the web passes it through.
 */
export async function recordExportResponse(args: LoaderFunctionArgs, path: string, format: "csv" | "xlsx", admin: boolean): Promise<Response> {
  const { token } = await requireAccess(args, path);
  const methods = await getMethods(args, token).catch(() => []);
  const q = recordQuery(new URL(args.request.url).searchParams, methods.map((m) => m.Code));
  const call = recordExport(q, format, admin);
  const r = await streamFromApi(args, call.path, call.query, token);
  return r.response ?? pageFailure(args, new UpstreamError(r.status, r.msg));
}

const uploadView = z.object({
  Id: z.string(),
  FileName: z.string(),
  Format: z.enum(["xlsx", "xls", "csv"]),
  State: z.enum(["checked", "imported", "undone"]),
  Columns: z.array(z.string()),
  Total: z.number(),
  Bad: z.number(),
  Imported: z.number(),
  Mode: z.enum(["all", "good"]).nullable(),
  Errors: z.array(z.object({ Row: z.number(), Column: z.string(), Key: z.string(), Value: z.string(), Message: z.string() })),
  MoreErrors: z.number(),
  Preview: z.array(z.object({ Row: z.number(), Cells: z.array(z.string()), Bad: z.boolean() })),
  UploadedBy: z.string(),
  UploadedAt: z.string(),
  ImportedAt: z.string().nullable(),
  UndoneAt: z.string().nullable(),
  FileUrl: z.string(),
  Version: z.number(),
});
export type UploadView = z.infer<typeof uploadView>;

/** The offline upload's calls (TrialDetection/*TestDataUpload*). */
export function checkUpload(args: CallArgs, token: string, file: File) {
  const body = new FormData();
  body.append("file", file, file.name);
  return api(args, "TrialDetection/CheckTestDataUpload", { method: "POST", multipart: body, token, schema: uploadView });
}
export const getUpload = (args: CallArgs, token: string, id: string) => api(args, "TrialDetection/GetTestDataUpload", { token, query: { id }, schema: uploadView });
export const importUpload = (args: CallArgs, token: string, input: { Id: string; Mode: "all" | "good"; Version: number }) =>
  api(args, "TrialDetection/ImportTestDataUpload", { token, json: input, schema: uploadView });
export const undoUpload = (args: CallArgs, token: string, input: { Id: string; Version: number }) => api(args, "TrialDetection/UndoTestDataUpload", { token, json: input, schema: uploadView });
export const listUploads = (args: CallArgs, token: string, page: number, pageSize: number) =>
  api(args, "TrialDetection/GetMyTestDataUploads", { token, method: "POST", query: { page, pageSize }, schema: z.object({ total: z.number(), page: z.number(), size: z.number(), rows: z.array(uploadView) }) });

/** A record the caller may correct (an upload's or the phone's, their own), with its version. */
export const getEditableRecord = (args: CallArgs, token: string, id: string) => api(args, "TrialDetection/GetEditableTestRecord", { token, query: { id }, schema: record.extend({ Version: z.number() }) });

/** The correction: heat number, condition, structure and every value (empty: not measured). */
export const updateRecord = (args: CallArgs, token: string, body: { Id: string; Version: number; HeatNo: string; Condition: string; Structure: string; Values: Record<string, string> }) =>
  api(args, "TrialDetection/UpdateTestRecord", { token, method: "POST", json: body, schema: record.extend({ Version: z.number() }) });

const testDocument = z.object({
  Kind: z.enum(["report", "instrument", "photo"]),
  Id: z.string(),
  Title: z.string(),
  Detail: z.string(),
  OrderId: z.string(),
  OrderCode: z.string(),
  SampleCode: z.string().nullable(),
  At: z.string(),
}) satisfies z.ZodType<TestDocument>;

/** The documents behind the test data (documentData), by kind and keyword. */
export const listTestDocuments = (args: CallArgs, token: string, q: { kind: string; keyword: string; page: number }, pageSize: number) =>
  api(args, "TrialDetection/GetTestDocuments", {
    token,
    query: { kind: q.kind || null, keyword: q.keyword || null, page: q.page, pageSize },
    schema: z.object({ total: z.number(), page: z.number(), size: z.number(), rows: z.array(testDocument) }),
  });

/** The test data as a catalogue by grade and method (steelNky's catalogue view). */
export const getTestDataCatalogue = (args: CallArgs, token: string, keyword: string) =>
  api(args, "TrialDetection/GetTestDataCatalogue", {
    token,
    query: { keyword: keyword || null },
    schema: z.object({
      Methods: z.array(z.string()),
      Grades: z.array(z.object({ Grade: z.string(), Records: z.number(), LastTested: z.string(), ByMethod: z.record(z.string(), z.number()) })),
      TotalGrades: z.number(),
    }) satisfies z.ZodType<TestDataCatalogue>,
  });
