import { PROJECT_LEVELS, PROJECT_STATUSES, type ProjectRow } from "../../common/projects.ts";

export type { AddableTask, ProjectInfo, ProjectMember, ProjectOption, ProjectRow, SourceRow } from "../../common/projects.ts";
import { idParam, listLink, listQuery, type ListQuery, type ListSpec } from "./list-query.ts";

export const PROJ_LIST_PATH = "/myProject/myProjectList";
export const PROJ_ADD_PATH = "/myProject/addMyProject";
export const PROJ_EDIT_PATH = "/myProject/editMyProject";
export const PROJ_INFO_PATH = "/myProject/myProjectInfo";
export const PROJ_PAGE_SIZE = 20;

export const PROJ_SOURCE_PATH = "/myProject/taskDataSource";

/** A project's task and data list (Project/GetTaskDataSource), its filters in the address. */
export interface SourceQuery {
  id: string;
  kind: "all" | "task" | "workflow";
  app: string;
  user: string;
  from: string;
  to: string;
  page: number;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const NAME = /^[\w.@-]{1,60}$/;

/** Read leniently (docs/pages.md): a value that makes no sense is absent. Null without a project id. */
export function sourceQuery(search: URLSearchParams): SourceQuery | null {
  const id = idParam(search.get("id"));
  if (!id) return null;
  const kind = search.get("kind");
  const text = (k: string, re: RegExp) => (re.test(search.get(k) ?? "") ? search.get(k)! : "");
  const page = Number(search.get("page"));
  return {
    id,
    kind: kind === "task" || kind === "workflow" ? kind : "all",
    app: text("app", NAME),
    user: text("user", NAME),
    from: text("from", DAY),
    to: text("to", DAY),
    page: Number.isInteger(page) && page > 1 && page <= 100_000 ? page : 1,
  };
}

/** The list's address with some filters changed; defaults left out. */
export function sourceHref(q: SourceQuery, change: Partial<SourceQuery> = {}): string {
  const v = { ...q, ...change };
  const s = new URLSearchParams({ id: v.id });
  if (v.kind !== "all") s.set("kind", v.kind);
  for (const k of ["app", "user", "from", "to"] as const) if (v[k]) s.set(k, v[k]);
  if (v.page > 1) s.set("page", String(v.page));
  return `${PROJ_SOURCE_PATH}?${s}`;
}

export const projInfoHref = (id: string) => `${PROJ_INFO_PATH}?id=${encodeURIComponent(id)}`;
export const projEditHref = (id: string) => `${PROJ_EDIT_PATH}?id=${encodeURIComponent(id)}`;

/** The list's address (docs/pages.md): ProjectDataLevel, status, keyword, sort and page; `confirm` opens a delete's confirm step. */
export const PROJ_LIST = {
  sorts: ["createdAt", "name", "code", "startDate", "endDate"],
  defaultSort: "-createdAt",
  filters: { level: PROJECT_LEVELS, status: ["all", ...PROJECT_STATUSES] },
} as const satisfies ListSpec<{ level: readonly string[]; status: readonly string[] }>;
export type ProjQuery = ListQuery<typeof PROJ_LIST.filters>;

export function projQuery(search: URLSearchParams): { q: ProjQuery; confirm: string | null } {
  return { q: listQuery(search, PROJ_LIST), confirm: idParam(search.get("confirm")) };
}

export function projHref(q: ProjQuery, change: Record<string, string | number | null> = {}): string {
  return listLink(PROJ_LIST_PATH, PROJ_LIST, q, change);
}

/** The administrators' search (/systemManage/myProjectSearch): the list's filters without the level. */
export const PROJ_SEARCH_PATH = "/systemManage/myProjectSearch";
export const PROJ_SEARCH = {
  sorts: PROJ_LIST.sorts,
  defaultSort: PROJ_LIST.defaultSort,
  filters: { status: PROJ_LIST.filters.status },
} as const satisfies ListSpec<{ status: readonly string[] }>;
export type ProjSearchQuery = ListQuery<typeof PROJ_SEARCH.filters>;
export const projSearchQuery = (search: URLSearchParams): ProjSearchQuery => listQuery(search, PROJ_SEARCH);
export const projSearchHref = (q: ProjSearchQuery, change: Record<string, string | number | null> = {}) => listLink(PROJ_SEARCH_PATH, PROJ_SEARCH, q, change);

/**
 * A budget as the pages show it: the share used (0–1, capped), and whether it is spent. A project without a
 * budget has no share.
 */
export function budgetUse(p: Pick<ProjectRow, "BudgetCoreHours" | "UsedCoreHours">): { share: number | null; left: number | null; over: boolean } {
  if (p.BudgetCoreHours === null) return { share: null, left: null, over: false };
  const left = p.BudgetCoreHours - p.UsedCoreHours;
  const share = p.BudgetCoreHours > 0 ? Math.min(1, p.UsedCoreHours / p.BudgetCoreHours) : 1;
  return { share, left, over: left <= 0 };
}

/** Core-hours for people: whole numbers from 100, one decimal below, two below 1, and none used is "0". */
export function coreHours(n: number): string {
  const a = Math.abs(n);
  if (a < 0.005) return "0";
  return a >= 100 ? Math.round(n).toLocaleString("en") : a >= 1 ? n.toFixed(1) : n.toFixed(2);
}
