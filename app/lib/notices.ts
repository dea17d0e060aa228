import { safePath } from "./redirects.ts";

/**
 * The list pages' query (page, keyword, read or state filter, tab) read leniently: whatever a visitor
 * types in the address gives a valid list, never an error. Pure, so pages and tests share it.
 */
export const PAGE_SIZE = 10;
export const KEYWORD_MAX = 100;

export const READ_FILTERS = ["all", "unread", "read"] as const;
export type ReadFilter = (typeof READ_FILTERS)[number];

export const STATE_FILTERS = ["all", "draft", "published", "withdrawn"] as const;
export type StateFilter = (typeof STATE_FILTERS)[number];
export type NoticeState = Exclude<StateFilter, "all">;

export type CenterTab = "notices" | "messages";

const oneOf = <T extends string>(list: readonly T[], v: string | null, fallback: T): T => (list.includes(v as T) ? (v as T) : fallback);

export function pageFrom(v: string | null): number {
  const n = Number(v);
  return Number.isInteger(n) && n >= 1 && n <= 1_000_000 ? n : 1;
}

export function keywordFrom(v: string | null): string {
  return [...(v ?? "").trim()].slice(0, KEYWORD_MAX).join("");
}

export interface CenterQuery {
  tab: CenterTab;
  page: number;
  keyword: string;
  read: ReadFilter;
}

export function centerQuery(search: URLSearchParams): CenterQuery {
  return {
    tab: search.get("tab") === "messages" ? "messages" : "notices",
    page: pageFrom(search.get("page")),
    keyword: keywordFrom(search.get("keyword")),
    read: oneOf(READ_FILTERS, search.get("read"), "all"),
  };
}

export interface ManageQuery {
  page: number;
  keyword: string;
  state: StateFilter;
}

export function manageQuery(search: URLSearchParams): ManageQuery {
  return { page: pageFrom(search.get("page")), keyword: keywordFrom(search.get("keyword")), state: oneOf(STATE_FILTERS, search.get("state"), "all") };
}

/** A list address: defaults are left out so links stay short and equal lists have equal addresses. */
export function listHref(path: string, params: Record<string, string | number | null | undefined>, defaults: Record<string, string | number> = {}): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) {
    if (v === null || v === undefined || v === "" || String(v) === String(defaults[k] ?? "")) continue;
    q.set(k, String(v));
  }
  const s = q.toString();
  return s ? `${path}?${s}` : path;
}

export const pageCount = (total: number, size: number) => Math.max(1, Math.ceil(Math.max(0, total) / Math.max(1, size)));

/**
 * The page numbers a pager shows: first, last, and two either side of the current one; null marks a gap.
 * e.g. (6, 12) → 1 … 4 5 6 7 8 … 12.
 */
export function pageWindow(current: number, count: number): Array<number | null> {
  const keep = new Set([1, count]);
  for (let p = current - 2; p <= current + 2; p++) if (p >= 1 && p <= count) keep.add(p);
  const sorted = [...keep].sort((a, b) => a - b);
  const out: Array<number | null> = [];
  sorted.forEach((p, i) => {
    if (i > 0 && p - sorted[i - 1] > 1) out.push(null);
    out.push(p);
  });
  return out;
}

/** A directed message's link is offered as a button only when it stays on this site. */
export const messageLinkTarget = (link: string | null | undefined): string | null => safePath(link);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Ids in addresses are UUIDs; anything else is a page that does not exist, not a call to make. */
export const isId = (v: string | null | undefined): v is string => typeof v === "string" && UUID.test(v);
