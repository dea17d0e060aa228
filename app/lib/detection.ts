import { ORDER_STATES, type MethodInfo, type Result } from "../../common/detection.ts";
import type { MenuItem } from "../../common/user-context.ts";
import { normalisePath } from "./access.ts";
import { isImplemented } from "./pages.ts";
import { idParam, listLink, listQuery, type ListQuery, type ListSpec } from "./list-query.ts";

/**
 * The test-detection pages' addresses and shapes (docs/detection.md): the sample lookup and list
 * (/testDetection/sampleId), the lab's orders (/testDetection/steelNky) and the reports
 * (/testDetection/myTestData/testReport). Pure, so pages and tests share it.
 */
export type { ResultInstrument } from "../../common/equipment.ts";
export type { DetectionProjectRow, MethodInfo, OrderState, ReportListRow, ReportRow, ReportVerification, Result, Sample, SampleDetail, SamplePhoto, TaskOrder, TaskOrderRow } from "../../common/detection.ts";

export const SAMPLE_PATH = "/testDetection/sampleId";
export const ORDERS_PATH = "/testDetection/steelNky";
export const LABELS_PATH = "/testDetection/sampleLabels";
export const SAMPLE_PAGE_SIZE = 20;

/** The lab's order list: by state, overdue ones, a keyword (order code, project code or name). */
export const ORDER_LIST = {
  sorts: ["createdAt", "code", "dueDate", "stateChangedAt"],
  defaultSort: "-createdAt",
  filters: { state: ["all", ...ORDER_STATES], due: ["all", "overdue"] },
} as const satisfies ListSpec<{ state: readonly string[]; due: readonly string[] }>;
export type OrderQuery = ListQuery<typeof ORDER_LIST.filters>;
export const ORDER_PAGE_SIZE = 20;

/** The orders page's address: the list's filters, or `id`, the order open. */
export function orderQuery(search: URLSearchParams): { q: OrderQuery; id: string | null } {
  return { q: listQuery(search, ORDER_LIST), id: idParam(search.get("id")) };
}
export const ordersHref = (q: OrderQuery, change: Record<string, string | number | null> = {}) => listLink(ORDERS_PATH, ORDER_LIST, q, change);

/** The lab's detection projects, a view of the orders page (`?view=projects`): by status and keyword. */
export const PROJECT_LIST = {
  sorts: ["createdAt", "code", "name", "dueDate"],
  defaultSort: "-createdAt",
  filters: { status: ["all", "active", "closed"] },
} as const satisfies ListSpec<{ status: readonly string[] }>;
export type ProjectQuery = ListQuery<typeof PROJECT_LIST.filters>;
export const projectQuery = (search: URLSearchParams): ProjectQuery => listQuery(search, PROJECT_LIST);
export const projectsHref = (q: ProjectQuery, change: Record<string, string | number | null> = {}) => listLink(ORDERS_PATH, PROJECT_LIST, q, { view: "projects", ...change });
export const projectsHomeHref = () => `${ORDERS_PATH}?view=projects`;

/** "My test data": the orders the reader may see (outside users: their organisation's), read-only, by the same filters. */
export const MY_DATA_PATH = "/testDetection/myTestData/myTestDataTable";
/** "My test data"'s orders view (`?view=orders`; the page's default view is the test records). */
export const myDataHref = (q: OrderQuery, change: Record<string, string | number | null> = {}) => listLink(MY_DATA_PATH, ORDER_LIST, q, { view: "orders", ...change });

/** A limit as the pages write it: "≥ 1080", "≤ 0.035", "0.42–0.50", or "" without one. */
export function limitText(min: number | null, max: number | null): string {
  if (min !== null && max !== null) return `${min}–${max}`;
  if (min !== null) return `≥ ${min}`;
  if (max !== null) return `≤ ${max}`;
  return "";
}

/** The samples list: by the order's state, a keyword (ID or heat number), newest first. */
export const SAMPLE_LIST = {
  sorts: ["registeredAt", "code"],
  defaultSort: "-registeredAt",
  filters: { state: ["all", ...ORDER_STATES.filter((s) => s !== "draft" && s !== "submitted")] },
} as const satisfies ListSpec<{ state: readonly string[] }>;
export type SampleQuery = ListQuery<typeof SAMPLE_LIST.filters>;

/**
 * What a scanner or a hand gives the lookup: a sample ID, possibly with spaces around, or a link whose `code`
 * parameter holds it (a phone camera app reading some other label). Null when it cannot be an ID.
 */
export function sampleCodeFrom(raw: string | null): string | null {
  let s = (raw ?? "").trim();
  if (!s) return null;
  if (/^https?:\/\//i.test(s)) {
    try {
      s = new URL(s).searchParams.get("code")?.trim() ?? "";
    } catch {
      return null;
    }
  }
  return /^[A-Za-z0-9\-_./]{1,60}$/.test(s) ? s : null;
}

/** The sampleId page's address: the list's filters, and `code`, the sample looked up (shown above the list). */
export function sampleQuery(search: URLSearchParams): { q: SampleQuery; code: string | null; typed: string } {
  const typed = (search.get("code") ?? "").trim().slice(0, 200);
  return { q: listQuery(search, SAMPLE_LIST), code: sampleCodeFrom(typed), typed };
}

/** The sampleId page with a sample looked up. */
export const sampleQueryHref = (code: string) => `${SAMPLE_PATH}?code=${encodeURIComponent(code)}`;
export const sampleHref = (q: SampleQuery, change: Record<string, string | number | null> = {}) => listLink(SAMPLE_PATH, SAMPLE_LIST, q, change);
export const orderHref = (id: string) => `${ORDERS_PATH}?id=${encodeURIComponent(id)}`;

export const reportPdfHref = (id: string) => `/testDetection/reportPdf?id=${encodeURIComponent(id)}`;

export const REPORTS_PATH = "/testDetection/myTestData/testReport";
export const REPORT_PAGE_SIZE = 20;

/** The reports list: each order's current report (or every version), newest first, by a keyword. */
export const REPORT_LIST = {
  sorts: ["issuedAt", "code"],
  defaultSort: "-issuedAt",
  filters: { versions: ["current", "all"] },
} as const satisfies ListSpec<{ versions: readonly string[] }>;
export type ReportQuery = ListQuery<typeof REPORT_LIST.filters>;
export const reportQuery = (search: URLSearchParams): ReportQuery => listQuery(search, REPORT_LIST);
export const reportsHref = (q: ReportQuery, change: Record<string, string | number | null> = {}) => listLink(REPORTS_PATH, REPORT_LIST, q, change);

/** The phone pages (/testDetectionMobile/*): the same lists and lookups, as cards that load more at the bottom. */
export const MOBILE_SAMPLE_PATH = "/testDetectionMobile/sampleId";
export const MOBILE_REPORTS_PATH = "/testDetectionMobile/testReport";
export const MOBILE_UPLOADS_PATH = "/testDetectionMobile/myUploadDataMobile";
/** The phone's upload page, with the sample to photograph filled in. */
export const photoUploadHref = (code: string) => `${MOBILE_UPLOADS_PATH}?code=${encodeURIComponent(code)}`;
export const mobileReportsHref = (q: ReportQuery, change: Record<string, string | number | null> = {}) => listLink(MOBILE_REPORTS_PATH, REPORT_LIST, q, change);
export const mobileSampleHref = (q: SampleQuery, change: Record<string, string | number | null> = {}) => listLink(MOBILE_SAMPLE_PATH, SAMPLE_LIST, q, change);

/** The label sizes of TrialDetection/GetSampleLabels, in the order the pages offer them. */
export const LABEL_SIZES = ["a4-3x8", "a4-2x7", "50x30"] as const;
export type LabelSize = (typeof LABEL_SIZES)[number];

/** The labels PDF of an order's samples (all, or those in `ids`), through the web's resource route. */
export function labelsHref(orderId: string, size: LabelSize, ids: string[] = []): string {
  const s = new URLSearchParams({ orderId, size });
  if (ids.length) s.set("ids", ids.join(","));
  return `${LABELS_PATH}?${s}`;
}

/** A label request read from the address: null unless the order id is one. */
export function labelsQuery(search: URLSearchParams): { orderId: string; size: LabelSize; start: number; ids: string[] } | null {
  const orderId = idParam(search.get("orderId"));
  if (!orderId) return null;
  const size = (LABEL_SIZES as readonly string[]).includes(search.get("size") ?? "") ? (search.get("size") as LabelSize) : "a4-3x8";
  const start = Number(search.get("start"));
  const ids = (search.get("ids") ?? "")
    .split(",")
    .map((s) => idParam(s.trim()))
    .filter((s): s is string => s !== null)
    .slice(0, 1000);
  return { orderId, size, start: Number.isInteger(start) && start >= 1 && start <= 24 ? start : 1, ids };
}

export const DASHBOARD_PATH = "/testDetectionDashboard/index";

/** A tile of the test-data tab page: a child of the testDetection resource the user has. */
export interface DetectionTile {
  code: string;
  name: string;
  url: string;
  /** Only ReadAndWrite opens it (spec section 2); a ReadOnly page is still reachable from other pages. */
  enabled: boolean;
}

/**
 * The test-data tab page's tiles (spec section 2): the children of the testDetection resource (or, for phones,
 * testDetectionMobile) with ShowType 1 or 3, in their order, each enabled only with ReadAndWrite. Pages this web
 * does not serve yet are left out, as the menu leaves them out (docs/decisions.md 6).
 */
export function detectionTiles(resList: readonly MenuItem[], groupPath: "/testDetection" | "/testDetectionMobile" = "/testDetection"): DetectionTile[] {
  const group = resList.find((m) => normalisePath(m.Url || "") === normalisePath(groupPath));
  return [...(group?.ChildMenuList ?? [])]
    .filter((m) => [1, 3].includes(Number(m.ShowType)) && isImplemented(m.Url || ""))
    .sort((a, b) => (a.Sort ?? 0) - (b.Sort ?? 0))
    .map((m) => ({ code: m.Code, name: m.Name, url: m.Url, enabled: m.PType === "ReadAndWrite" }));
}

/**
 * A sample's measured composition (wt%, Fe the balance) from its current numeric results of the chemical
 * methods: the input of the calculations its card opens, its elements in the order the methods list them
 * (C, Si, Mn, P, S, Cr…, as a mill certificate writes them). An element measured by two methods (carbon by
 * spark OES and by combustion) takes the verified value, else the latest. `verified` says whether every value
 * used was verified by a second person, so the card can say when it is still preliminary. Null when nothing
 * chemical above zero was measured.
 */
export function measuredComposition(
  results: readonly Pick<Result, "Method" | "Quantity" | "Value" | "SupersededAt" | "VerifiedAt" | "EnteredAt">[],
  methods: readonly Pick<MethodInfo, "Code" | "Group" | "Quantities">[],
): { composition: Record<string, number>; verified: boolean } | null {
  const chemical = methods.filter((m) => m.Group === "chemical");
  const codes = new Set(chemical.map((m) => m.Code));
  const chosen = new Map<string, (typeof results)[number]>();
  for (const r of results) {
    if (r.SupersededAt !== null || r.Value === null || !codes.has(r.Method)) continue;
    const held = chosen.get(r.Quantity);
    const better = !held || (!!r.VerifiedAt && !held.VerifiedAt) || (!!r.VerifiedAt === !!held.VerifiedAt && r.EnteredAt > held.EnteredAt);
    if (better) chosen.set(r.Quantity, r);
  }
  // A 0 (below detection) is no alloying element: left out, and so not counted for `verified`.
  const order = [...new Set(chemical.flatMap((m) => m.Quantities.map((q) => q.Key)))];
  const used = order.map((el) => chosen.get(el)).filter((r): r is NonNullable<typeof r> => !!r && r.Value! > 0);
  if (!used.length) return null;
  return { composition: Object.fromEntries(used.map((r) => [r.Quantity, r.Value!])), verified: used.every((r) => !!r.VerifiedAt) };
}
