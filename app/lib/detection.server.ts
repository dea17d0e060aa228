import { z } from "zod";
import { ORDER_STATES } from "../../common/detection.ts";
import { calphadInputs, moleFractions, type CalphadInputs, type Nominal } from "../../common/grade-compute.ts";
import { measuredComposition, type DetectionProjectRow, type MethodInfo, type ProjectQuery, type OrderQuery, type ReportListRow, type ReportQuery, type ReportRow, type ReportVerification, type Result, type Sample, type SampleDetail, type SamplePhoto, type SampleQuery, type TaskOrder, type TaskOrderRow } from "./detection.ts";
import { shippedIronSystems } from "./tdb.server.ts";
import { api, UpstreamError, type CallArgs } from "./upstream.server.ts";

/** The TrialDetection/* calls of the test-detection pages (docs/detection.md). */

const result = z.object({
  Id: z.string(),
  SampleId: z.string(),
  SampleCode: z.string(),
  Method: z.string(),
  Quantity: z.string(),
  Unit: z.string(),
  Value: z.number().nullable(),
  Text: z.string(),
  Min: z.number().nullable(),
  Max: z.number().nullable(),
  LimitSource: z.enum(["", "grade", "order"]),
  Verdict: z.enum(["in", "out", "none"]),
  Equipment: z.string(),
  EquipmentId: z.string().nullable(),
  Source: z.enum(["form", "csv"]),
  EnteredBy: z.string(),
  EnteredAt: z.string(),
  VerifiedBy: z.string().nullable(),
  VerifiedAt: z.string().nullable(),
  SupersededAt: z.string().nullable(),
  RetestReason: z.string(),
}) satisfies z.ZodType<Result>;

const sample = z.object({
  Id: z.string(),
  Code: z.string(),
  OrderId: z.string(),
  OrderCode: z.string(),
  OrderState: z.enum(ORDER_STATES),
  ProjectCode: z.string(),
  ProjectName: z.string(),
  ClientName: z.string(),
  LineNo: z.number(),
  PieceNo: z.number(),
  Description: z.string(),
  Grade: z.string(),
  HeatNo: z.string(),
  Form: z.string(),
  Condition: z.string(),
  Storage: z.string(),
  Methods: z.array(z.string()),
  RegisteredBy: z.string(),
  RegisteredAt: z.string(),
}) satisfies z.ZodType<Sample>;

const photo = z.object({
  Id: z.string(),
  SampleId: z.string(),
  SampleCode: z.string(),
  OrderCode: z.string(),
  Url: z.string(),
  Name: z.string(),
  Caption: z.string(),
  AddedBy: z.string(),
  AddedAt: z.string(),
}) satisfies z.ZodType<SamplePhoto>;

const sampleDetail = sample.extend({ Results: z.array(result), Photos: z.array(photo) }) satisfies z.ZodType<SampleDetail>;

const method = z.object({
  Code: z.string(),
  Group: z.string(),
  Name: z.string(),
  Standards: z.array(z.string()),
  Quantities: z.array(z.object({ Key: z.string(), Name: z.string(), Unit: z.string(), Text: z.boolean(), Range: z.tuple([z.number(), z.number()]).nullable() })),
  Equipment: z.string(),
}) satisfies z.ZodType<MethodInfo>;

/** The method catalogue in the caller's language. */
export const getMethods = (args: CallArgs, token: string) => api(args, "TrialDetection/GetMethods", { token, schema: z.array(method) });

/** A sample by its ID (any case), with its results. */
export const getSample = (args: CallArgs, token: string, code: string) => api(args, "TrialDetection/GetSample", { token, query: { code }, schema: sampleDetail });

/** The samples the caller may read, filtered and paged as the address says. */
export const listSamples = (args: CallArgs, token: string, q: SampleQuery, pageSize: number) =>
  api(args, "TrialDetection/GetSamples", {
    token,
    method: "POST",
    query: { keyword: q.keyword, sort: q.sort, page: q.page, pageSize, ...(q.state === "all" ? {} : { orderState: q.state }) },
    schema: z.object({ total: z.number(), page: z.number(), size: z.number(), rows: z.array(sample) }),
  });

const orderRow = z.object({
  Id: z.string(),
  Code: z.string(),
  ProjectId: z.string(),
  ProjectCode: z.string(),
  ProjectName: z.string(),
  ClientName: z.string(),
  State: z.enum(ORDER_STATES),
  Grade: z.string(),
  DueDate: z.string().nullable(),
  Overdue: z.boolean(),
  Samples: z.number(),
  Note: z.string(),
  CreatedBy: z.string(),
  CreatedAt: z.string(),
  StateChangedAt: z.string(),
  Version: z.number(),
}) satisfies z.ZodType<TaskOrderRow>;

const order = orderRow.extend({
  Lines: z.array(z.object({ LineNo: z.number(), Description: z.string(), Grade: z.string(), HeatNo: z.string(), Form: z.string(), Condition: z.string(), Quantity: z.number(), Methods: z.array(z.string()) })),
  Events: z.array(z.object({ Action: z.string(), From: z.string().nullable(), To: z.string(), Reason: z.string(), By: z.string(), At: z.string() })),
  Registered: z.array(sample),
  Limits: z.array(z.object({ Method: z.string(), Quantity: z.string(), Min: z.number().nullable(), Max: z.number().nullable() })),
}) satisfies z.ZodType<TaskOrder>;


/** The lab's orders, filtered and paged as the address says. */
export const listOrders = (args: CallArgs, token: string, q: OrderQuery, pageSize: number) =>
  api(args, "TrialDetection/GetDetectionTaskOrderBase", {
    token,
    method: "POST",
    query: { keyword: q.keyword, sort: q.sort, page: q.page, pageSize, ...(q.state === "all" ? {} : { state: q.state }), ...(q.due === "overdue" ? { overdue: "1" } : {}) },
    schema: z.object({ total: z.number(), page: z.number(), size: z.number(), rows: z.array(orderRow) }),
  });

export const getOrder = (args: CallArgs, token: string, id: string) => api(args, "TrialDetection/GetTaskOrder", { token, query: { id }, schema: order });

export const getOrderResults = (args: CallArgs, token: string, orderId: string) =>
  api(args, "TrialDetection/GetOrderResults", { token, query: { orderId }, schema: z.object({ Results: z.array(result) }) });

export const setOrderState = (args: CallArgs, token: string, input: { Id: string; Action: string; Version: number; Reason: string }) =>
  api(args, "TrialDetection/SetTaskOrderState", { token, json: input });

export const registerSamples = (args: CallArgs, token: string, input: { OrderId: string; Pattern: string; Storage: string; Lines?: { LineNo: number; Count?: number; HeatNo?: string }[] }) =>
  api(args, "TrialDetection/RegisterSamples", { token, json: input });

export const saveResults = (args: CallArgs, token: string, input: { SampleId: string; Method: string; Equipment: string; EquipmentId: string; Values: { Quantity: string; Value: string }[] }) =>
  api(args, "TrialDetection/SaveResults", { token, json: input });

/** The registered instruments the lab may pick for results (TrialDetection/GetResultEquipment). */
export const resultInstruments = (args: CallArgs, token: string) =>
  api(args, "TrialDetection/GetResultEquipment", {
    token,
    schema: z.object({
      Instruments: z.array(
        z.object({
          Id: z.string(),
          Label: z.string(),
          Methods: z.array(z.string()),
          Status: z.enum(["active", "maintenance", "retired"]),
          CalibrationDue: z.string().nullable(),
          Calibration: z.enum(["none", "ok", "dueSoon", "overdue"]),
        }),
      ),
    }),
  }).then((r) => r.Instruments);

/** An instrument's CSV, passed on as the page received it (the API checks its size, type and every cell). */
export const importResults = (args: CallArgs, token: string, fields: { OrderId: string; Method: string; Equipment: string; EquipmentId: string }, file: File) => {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  form.set("file", file, file.name || "results.csv");
  return api(args, "TrialDetection/ImportResults", { token, multipart: form, schema: z.object({ Imported: z.number(), Samples: z.number() }) });
};

/** The lab's queue: how many orders are in each state, and how many are overdue. */
export const orderQueue = (args: CallArgs, token: string) =>
  api(args, "TrialDetection/GetOrderQueue", { token, schema: z.object({ States: z.record(z.string(), z.number()), Overdue: z.number() }) });

const verification = z.object({
  Code: z.string(),
  Version: z.number(),
  OrderCode: z.string(),
  ClientName: z.string(),
  IssuedAt: z.string(),
  IssuedBy: z.string(),
  Sha256: z.string(),
  Current: z.boolean(),
  LatestCode: z.string(),
}) satisfies z.ZodType<ReportVerification>;

/** What a report's printed token says (no login). */
export const verifyReport = (args: CallArgs, token: string) => api(args, "TrialDetection/VerifyReport", { query: { token }, schema: verification });

const reportRow = z.object({ Id: z.string(), Code: z.string(), Version: z.number(), Reason: z.string(), IssuedBy: z.string(), IssuedAt: z.string(), Sha256: z.string(), Current: z.boolean() }) satisfies z.ZodType<ReportRow>;

/** An order's report versions, newest first. */
export const getReports = (args: CallArgs, token: string, orderId: string) => api(args, "TrialDetection/GetReports", { token, query: { orderId }, schema: z.object({ Reports: z.array(reportRow) }) });

const reportListRow = reportRow.extend({ OrderId: z.string(), OrderCode: z.string(), ProjectCode: z.string(), ProjectName: z.string(), ClientName: z.string() }) satisfies z.ZodType<ReportListRow>;

/** The reports the caller may read, filtered and paged as the address says. */
export const listReportRows = (args: CallArgs, token: string, q: ReportQuery, pageSize: number) =>
  api(args, "TrialDetection/GetReportList", {
    token,
    method: "POST",
    query: { keyword: q.keyword, sort: q.sort, page: q.page, pageSize, versions: q.versions },
    schema: z.object({ total: z.number(), page: z.number(), size: z.number(), rows: z.array(reportListRow) }),
  });

export const reissueReport = (args: CallArgs, token: string, input: { OrderId: string; Reason: string }) => api(args, "TrialDetection/ReissueReport", { token, json: input });

/** The active detection projects, for the order form's choice (the newest hundred). */
export const projectOptions = (args: CallArgs, token: string) =>
  api(args, "TrialDetection/GetDetectionProjectBase", {
    token,
    method: "POST",
    query: { status: "active", pageSize: 100, sort: "-createdAt" },
    schema: z.object({ rows: z.array(z.object({ Id: z.string(), Code: z.string(), Name: z.string() })) }),
  });

const projectRow = z.object({
  Id: z.string(),
  Code: z.string(),
  Name: z.string(),
  ClientKind: z.enum(["department", "enterprise"]),
  ClientId: z.string(),
  ClientName: z.string(),
  ResearchProjectId: z.string().nullable(),
  ResearchProjectName: z.string().nullable(),
  Standards: z.string(),
  DueDate: z.string().nullable(),
  Status: z.enum(["active", "closed"]),
  LeaderId: z.string(),
  LeaderName: z.string(),
  Orders: z.number(),
  Version: z.number(),
  CreatedAt: z.string(),
}) satisfies z.ZodType<DetectionProjectRow>;

/** The lab's detection projects, filtered and paged as the address says. */
export const listProjects = (args: CallArgs, token: string, q: ProjectQuery, pageSize: number) =>
  api(args, "TrialDetection/GetDetectionProjectBase", {
    token,
    method: "POST",
    query: { keyword: q.keyword, sort: q.sort, page: q.page, pageSize, status: q.status },
    schema: z.object({ total: z.number(), page: z.number(), size: z.number(), rows: z.array(projectRow) }),
  });

/** One detection project, for its form; null when the caller may not read it. */
export async function getProject(args: CallArgs, token: string, id: string): Promise<DetectionProjectRow | null> {
  const r = await api(args, "TrialDetection/GetDetectionProjectBase", { token, method: "POST", query: { id, pageSize: 1 }, schema: z.object({ rows: z.array(projectRow) }) });
  return r.rows[0] ?? null;
}

export const clientOptions = (args: CallArgs, token: string) =>
  api(args, "TrialDetection/GetClientOptions", {
    token,
    schema: z.object({ Departments: z.array(z.object({ Id: z.string(), Name: z.string() })), Enterprises: z.array(z.object({ Id: z.string(), Name: z.string() })) }),
  });

export const saveTaskOrder = (args: CallArgs, token: string, json: unknown) => api(args, "TrialDetection/SaveTaskOrder", { token, json, schema: z.object({ Id: z.string(), Code: z.string(), Version: z.number() }) });

export const saveDetectionProject = (args: CallArgs, token: string, json: unknown) => api(args, "TrialDetection/SaveDetectionProject", { token, json, schema: z.object({ Id: z.string(), Version: z.number() }) });

/** What a sample's card offers to calculate: its measured composition and the calculations it opens. */
export interface SampleCalculations {
  composition: Nominal;
  verified: boolean;
  calphad: CalphadInputs[];
  moles: Record<string, number> | null;
}

/**
 * The calculations a sample's measured composition opens (CALPHAD, carburizing, precipitation, filled in),
 * or null when nothing chemical was measured on it (then no database list is asked for).
 */
export async function sampleCalculations(args: CallArgs, token: string, sample: SampleDetail, methods: readonly MethodInfo[]): Promise<SampleCalculations | null> {
  const measured = measuredComposition(sample.Results, methods);
  if (!measured) return null;
  // Without the database list the card still shows the sample: its calculations are left out, not the page.
  const shipped = await shippedIronSystems(args, token).catch((e) => {
    if (e instanceof UpstreamError && !e.sessionInvalid) return null;
    throw e;
  });
  if (!shipped) return null;
  return { ...measured, calphad: calphadInputs(measured.composition, shipped), moles: moleFractions(measured.composition) };
}

/** The photos the caller added, newest first, a page at a time (the phone's "my uploads"). */
export const listMyPhotos = (args: CallArgs, token: string, page: number, pageSize: number) =>
  api(args, "TrialDetection/GetMyUploads", {
    token,
    method: "POST",
    query: { page, pageSize },
    schema: z.object({ total: z.number(), page: z.number(), size: z.number(), rows: z.array(photo) }),
  });

/** A photo of a sample, passed on as the page received it (the API checks the sample, the type, size and content). */
export const addSamplePhoto = (args: CallArgs, token: string, fields: { SampleCode: string; Caption: string }, file: File) => {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  form.set("file", file, file.name || "photo.jpg");
  return api(args, "TrialDetection/AddSamplePhoto", { token, multipart: form, schema: photo });
};

export const removeSamplePhoto = (args: CallArgs, token: string, id: string) => api(args, "TrialDetection/RemoveSamplePhoto", { token, json: { Id: id } });

/** What an opened order's page shows (the lab's orders page, my test data): the order, its results, the method catalogue and its reports. */
export async function orderView(args: CallArgs, token: string, id: string) {
  const [order, results, methods, reports] = await Promise.all([getOrder(args, token, id), getOrderResults(args, token, id), getMethods(args, token), getReports(args, token, id)]);
  return { order, results: results.Results, methods, reports: reports.Reports };
}
