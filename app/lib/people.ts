import { ROLE_CODES } from "../../common/roles.ts";
import { idParam, listLink, listQuery, type ListQuery, type ListSpec } from "./list-query.ts";

/** One person as the list shows them (System/GetPersonList). */
export interface PersonRow {
  Id: string;
  UserName: string;
  RealName: string;
  Mobile: string | null;
  Email: string | null;
  Gender: number;
  DepartmentId: string | null;
  DepartmentName: string | null;
  EnterpriseId: string | null;
  EnterpriseName: string | null;
  Roles: string[];
  Disabled: boolean;
  Locked: boolean;
  MustChangePassword: boolean;
  /** A WeChat account is bound (its QR login logs the person in). */
  WxBound: boolean;
  LastLoginAt: string | null;
  CreatedAt: string;
  Version: number;
}
/** One person with what only the edit form shows (System/GetPersonInfo). */
export interface PersonInfo extends PersonRow {
  IdCard: string | null;
}

/** What the form and the filters may offer this admin (System/GetPersonOptions). */
export interface PersonOptions {
  Departments: Array<{ Id: string; Name: string; Depth: number; Disabled: boolean }>;
  Enterprises: Array<{ Id: string; Name: string; Disabled: boolean }>;
  Roles: Array<{ Code: string; Grantable: boolean }>;
}

export const PEOPLE_PATH = "/systemManage/personManage";
export const PEOPLE_PAGE_SIZE = 20;

export const PEOPLE_LIST = {
  sorts: ["realName", "userName", "createdAt", "lastLoginAt"],
  defaultSort: "realName",
  filters: { status: ["all", "enabled", "disabled"], role: ["", ...ROLE_CODES] },
} as const satisfies ListSpec<{ status: readonly string[]; role: readonly string[] }>;

/** The list's address: the enumerated filters of PEOPLE_LIST, plus a department and an enterprise id. */
export type PeopleQuery = ListQuery<typeof PEOPLE_LIST.filters> & { departmentId: string | null; enterpriseId: string | null };

/** The panel beside the list: add, edit, reset a password, or confirm a disable. */
export interface PeoplePanel {
  add: boolean;
  /** The Excel import: upload, then the checked preview. */
  import: boolean;
  edit: string | null;
  reset: string | null;
  disable: string | null;
}
const PANELS = ["edit", "reset", "disable"] as const;

export function peopleQuery(search: URLSearchParams): { q: PeopleQuery; panel: PeoplePanel } {
  return {
    q: { ...listQuery(search, PEOPLE_LIST), departmentId: idParam(search.get("departmentId")), enterpriseId: idParam(search.get("enterpriseId")) },
    panel: { add: search.get("add") === "1", import: search.get("import") === "1", edit: idParam(search.get("edit")), reset: idParam(search.get("reset")), disable: idParam(search.get("disable")) },
  };
}

/** The list's address with params changed and a panel opened (or none). */
export function peopleHref(q: PeopleQuery, change: Record<string, string | number | null> = {}, panel: Partial<Record<"add" | "import" | (typeof PANELS)[number], string>> = {}): string {
  return listLink(PEOPLE_PATH, PEOPLE_LIST, q, { ...change, ...panel });
}

/** The id the open panel is about. */
export const panelTarget = (p: PeoplePanel) => p.edit ?? p.reset ?? p.disable;

/** A department option's label: indented by its depth, so the flat select reads as the tree. */
export const indented = (name: string, depth: number) => `${"\u3000".repeat(depth)}${name}`;

/** The Excel export of the list as it is filtered and sorted (every page), and the import template. */
export const peopleExportHref = (q: PeopleQuery) => peopleHref(q, { page: null }).replace(PEOPLE_PATH, `${PEOPLE_PATH}.xlsx`);
export const PEOPLE_TEMPLATE_PATH = `${PEOPLE_PATH}-template.xlsx`;
