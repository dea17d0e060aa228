import { listLink, listQuery, type ListQuery, type ListSpec } from "./list-query.ts";

/** The log pages of system administration (docs/system.md): their addresses and rows. Pure. */

export const LOGIN_LOG_PATH = "/systemManage/loginLog";
export const OPERATION_LOG_PATH = "/systemManage/operationLog";
export const SESSIONS_PATH = "/systemManage/onlineSessions";
export const LOG_PAGE_SIZE = 30;

export const LOGIN_METHODS = ["password", "sms", "sso", "sg", "matdao", "qr", "wechat"] as const;
export const TARGET_TYPES = ["department", "enterprise", "person", "role", "constant", "cache", "session", "notice", "feedback"] as const;

export const LOGIN_LOG_LIST = {
  sorts: ["at"],
  defaultSort: "-at",
  filters: { result: ["all", "success", "failure"], method: ["", ...LOGIN_METHODS] },
} as const satisfies ListSpec<{ result: readonly string[]; method: readonly string[] }>;
export const OPERATION_LOG_LIST = {
  sorts: ["at"],
  defaultSort: "-at",
  filters: { targetType: ["", ...TARGET_TYPES] },
} as const satisfies ListSpec<{ targetType: readonly string[] }>;
export const SESSIONS_LIST = { sorts: [], defaultSort: "", filters: {} } as const satisfies ListSpec<Record<string, never>>;

/** A date filter (yyyy-mm-dd) from the address, or "" when it is not one. */
const day = (v: string | null) => (v && /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(v)) ? v : "");
const text = (v: string | null, max = 50) => (v ?? "").trim().slice(0, max);

export type LoginLogQuery = ListQuery<typeof LOGIN_LOG_LIST.filters> & { user: string; ip: string; from: string; to: string };
export type OperationLogQuery = ListQuery<typeof OPERATION_LOG_LIST.filters> & { user: string; from: string; to: string };
export type SessionsQuery = ListQuery<typeof SESSIONS_LIST.filters>;

export function loginLogQuery(s: URLSearchParams): LoginLogQuery {
  return { ...listQuery(s, LOGIN_LOG_LIST), user: text(s.get("user")), ip: text(s.get("ip"), 64), from: day(s.get("from")), to: day(s.get("to")) };
}
export function operationLogQuery(s: URLSearchParams): OperationLogQuery {
  return { ...listQuery(s, OPERATION_LOG_LIST), user: text(s.get("user")), from: day(s.get("from")), to: day(s.get("to")) };
}
export const sessionsQuery = (s: URLSearchParams): SessionsQuery => listQuery(s, SESSIONS_LIST);

export const loginLogHref = (q: LoginLogQuery, change: Record<string, string | number | null> = {}) => listLink(LOGIN_LOG_PATH, LOGIN_LOG_LIST, q, change);
export const operationLogHref = (q: OperationLogQuery, change: Record<string, string | number | null> = {}) => listLink(OPERATION_LOG_PATH, OPERATION_LOG_LIST, q, change);
export const sessionsHref = (q: SessionsQuery, change: Record<string, string | number | null> = {}) => listLink(SESSIONS_PATH, SESSIONS_LIST, q, change);

export interface LoginLogRow {
  Id: number;
  At: string;
  Method: string;
  UserName: string | null;
  Mobile: string | null;
  Ip: string | null;
  UserAgent: string | null;
  Success: boolean;
  Reason: string | null;
}
export interface OperationRow {
  Id: number;
  At: string;
  UserName: string;
  Ip: string | null;
  Action: string;
  TargetType: string;
  TargetId: string | null;
  TargetName: string;
  Before: unknown;
  After: unknown;
}
export interface SessionRow {
  Id: string;
  UserId: string;
  UserName: string;
  RealName: string;
  Method: string;
  Ip: string | null;
  UserAgent: string | null;
  CreatedAt: string;
  ExpiresAt: string;
  Mine: boolean;
}

const shown = (v: unknown) => (v === null || v === undefined || v === "" ? "—" : Array.isArray(v) ? v.join(", ") : typeof v === "object" ? JSON.stringify(v) : String(v));

/**
 * What an operation changed, field by field: the fields whose value differs between the row before and
 * after (all of `after` for a creation, all of `before` for a deletion), as text.
 */
export function changes(before: unknown, after: unknown): Array<{ field: string; from: string; to: string }> {
  const b = before && typeof before === "object" ? (before as Record<string, unknown>) : {};
  const a = after && typeof after === "object" ? (after as Record<string, unknown>) : {};
  const fields = [...new Set([...Object.keys(b), ...Object.keys(a)])].filter((k) => k !== "Version");
  return fields
    .filter((k) => JSON.stringify(b[k] ?? null) !== JSON.stringify(a[k] ?? null))
    .map((field) => ({ field, from: before ? shown(b[field]) : "", to: after ? shown(a[field]) : "" }));
}

/** A browser's User-Agent in a few words (the whole string is in the title). */
export function agentSummary(ua: string | null): string {
  if (!ua) return "—";
  const browser = /Edg\/(\d+)/.exec(ua) ? `Edge ${/Edg\/(\d+)/.exec(ua)![1]}` : /Chrome\/(\d+)/.exec(ua) ? `Chrome ${/Chrome\/(\d+)/.exec(ua)![1]}` : /Firefox\/(\d+)/.exec(ua) ? `Firefox ${/Firefox\/(\d+)/.exec(ua)![1]}` : /Safari\//.test(ua) ? "Safari" : ua.split(/[\s/]/)[0];
  const os = /Windows/.test(ua) ? "Windows" : /Android/.test(ua) ? "Android" : /iPhone|iPad/.test(ua) ? "iOS" : /Mac OS X/.test(ua) ? "macOS" : /Linux/.test(ua) ? "Linux" : "";
  return os ? `${browser} · ${os}` : browser;
}
