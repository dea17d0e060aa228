import { idParam, listLink, listQuery, type ListQuery, type ListSpec } from "./list-query.ts";

/** One enterprise as the list and the form show it (System/GetEnterpriseList). */
export interface EnterpriseRow {
  Id: string;
  Name: string;
  CreditCode: string | null;
  Contact: string;
  Phone: string;
  Address: string;
  Disabled: boolean;
  Version: number;
  People: number;
  CreatedAt: string;
}

/** The enterprise list's address (docs/pages.md): filters, sort and page; the panel's `edit`, `add`, `confirm`. */
export const ENT_PATH = "/systemManage/enterpriseManager";
export const ENT_INFO_PATH = "/systemManage/enterpriseInfo";
export const entInfoHref = (id: string) => `${ENT_INFO_PATH}?id=${encodeURIComponent(id)}`;
export const ENT_PAGE_SIZE = 20;

export const ENT_LIST = {
  sorts: ["name", "createdAt", "people"],
  defaultSort: "name",
  filters: { status: ["all", "enabled", "disabled"] },
} as const satisfies ListSpec<{ status: readonly string[] }>;
export type EntQuery = ListQuery<typeof ENT_LIST.filters>;


export interface EntPanel {
  edit: string | null;
  add: boolean;
  confirm: string | null;
}

export function entQuery(search: URLSearchParams): { q: EntQuery; panel: EntPanel } {
  return {
    q: listQuery(search, ENT_LIST),
    panel: { edit: idParam(search.get("edit")), add: search.get("add") === "1", confirm: idParam(search.get("confirm")) },
  };
}

/** The list's address, with params changed and a panel opened (or none). */
export function entHref(q: EntQuery, change: Record<string, string | number | null> = {}, panel: Partial<Record<"edit" | "confirm" | "add", string>> = {}): string {
  return listLink(ENT_PATH, ENT_LIST, q, { ...change, ...panel });
}
