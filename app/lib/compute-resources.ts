import { csvCell } from "./csv.ts";
/** Shared by the resource and usage pages (issue 4) and their CSV route: no server code. */

export const RESOURCES_PATH = "/supercomputeResource/index";
export const USAGE_PATH = "/ResourceManagement/SoftwareUsageStatistics";
export const USAGE_CSV_PATH = "/ResourceManagement/softwareUsageCsv";
/** The same statistics for the app store's apps only (docs/app-store.md). */
export const APP_USAGE_PATH = "/ResourceManagement/APPUsageStatistics";
/** The resource page polls this often with JavaScript, and refreshes itself this often without. */
export const RESOURCES_POLL_MS = 5000;
export const RESOURCES_NOJS_REFRESH_S = 10;

export const GROUPS = ["app", "user", "department", "month"] as const;
export type GroupBy = (typeof GROUPS)[number];

export interface UsageQuery {
  from: string;
  to: string;
  groupBy: GroupBy;
  /** "store": the app store's apps only; "": every task. */
  kind: "" | "store";
}

const DAY = /^\d{4}-\d\d-\d\d$/;

/** The statistics form's fields from the URL; anything malformed is left out rather than refused. */
export function usageQuery(search: URLSearchParams): UsageQuery {
  const day = (k: string) => {
    const v = (search.get(k) ?? "").trim();
    return DAY.test(v) && !Number.isNaN(Date.parse(v)) ? v : "";
  };
  const g = search.get("groupBy") ?? "";
  return { from: day("from"), to: day("to"), groupBy: (GROUPS as readonly string[]).includes(g) ? (g as GroupBy) : "app", kind: search.get("kind") === "store" ? "store" : "" };
}

export function usageSearch(q: UsageQuery): string {
  const p = new URLSearchParams();
  if (q.from) p.set("from", q.from);
  if (q.to) p.set("to", q.to);
  p.set("groupBy", q.groupBy);
  if (q.kind) p.set("kind", q.kind);
  return p.toString();
}

/** Core-hours with two decimals (a short task is a fraction of a core-hour). */
export const formatCoreHours = (v: number) => (v >= 100 ? v.toFixed(1) : v >= 0.01 || v === 0 ? v.toFixed(2) : v.toPrecision(2));

export interface UsageRow {
  key: string;
  label: string;
  coreHours: number;
  tasks: number;
  users: number;
  succeeded: number;
  failed: number;
  cancelled: number;
  running: number;
  queued: number;
}

export function usageCsv(header: string[], rows: UsageRow[]): string {
  const lines = [header, ...rows.map((r) => [r.label, r.coreHours.toFixed(4), r.tasks, r.users, successRate(r) ?? "", r.succeeded, r.failed, r.cancelled, r.running, r.queued])];
  return `${lines.map((l) => l.map(csvCell).join(",")).join("\r\n")}\r\n`;
}

/** Succeeded of the tasks that ended (failed and cancelled count against it), in percent with one decimal; null when none ended. */
export function successRate(r: Pick<UsageRow, "succeeded" | "failed" | "cancelled">): string | null {
  const ended = r.succeeded + r.failed + r.cancelled;
  return ended ? ((100 * r.succeeded) / ended).toFixed(1) : null;
}
