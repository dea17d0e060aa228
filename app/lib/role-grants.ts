import { ROLE_CODES, type GrantNode, type RoleCode } from "../../common/roles.ts";

export type { GrantNode, PType, RoleRow } from "../../common/roles.ts";

export const ROLE_PATH = "/systemManage/roleManage";

/** The page's address: the role shown (SystemAdmin unless another is named) and the reset's confirm step. */
export function roleQuery(search: URLSearchParams): { role: RoleCode; confirmReset: boolean } {
  const asked = search.get("role");
  const role = (ROLE_CODES as readonly string[]).includes(asked ?? "") ? (asked as RoleCode) : ROLE_CODES[0];
  return { role, confirmReset: search.get("confirm") === "reset" };
}

export const roleHref = (role: RoleCode, confirmReset = false) =>
  `${ROLE_PATH}?role=${encodeURIComponent(role)}${confirmReset ? "&confirm=reset" : ""}`;

/** The select of a page is named after its Code, so the API's refusal (`Grants.<code>`) lands under it. */
export const grantField = (code: string) => `Grants.${code}`;

/** The posted grants: every `Grants.<code>` select with a value; an empty one is "not shown". */
export function postedGrants(values: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(values)) if (k.startsWith("Grants.") && v !== "") out[k.slice("Grants.".length)] = v;
  return out;
}

export type GrantRow = GrantNode & { depth: number; group: boolean; parent: string | null };

/** The tree as rows in order, each with its depth (1 = a top-level group) and parent, for one flat, indented list. */
export function grantRows(tree: readonly GrantNode[]): GrantRow[] {
  const out: GrantRow[] = [];
  const walk = (nodes: readonly GrantNode[], depth: number, parent: string | null) => {
    for (const n of nodes) {
      out.push({ ...n, depth, group: n.Children.length > 0, parent });
      walk(n.Children, depth + 1, n.Code);
    }
  };
  walk(tree, 1, null);
  return out;
}

/**
 * With JavaScript, the form keeps the tree's rule as one chooses (the API refuses a page without its group):
 * hiding a group hides what it holds, showing a page shows its groups. Answers the selects to change.
 */
export function cascade(rows: readonly GrantRow[], code: string, value: string, current: (code: string) => string): Record<string, string> {
  const changes: Record<string, string> = {};
  const byCode = new Map(rows.map((r) => [r.Code, r]));
  if (value === "") {
    const hidden = new Set([code]);
    // Rows come in tree order, so a page's group is met before the page.
    for (const r of rows) {
      if (!r.parent || !hidden.has(r.parent)) continue;
      hidden.add(r.Code);
      if (current(r.Code) !== "") changes[r.Code] = "";
    }
  } else {
    for (let p = byCode.get(code)?.parent; p; p = byCode.get(p)?.parent ?? null) if (current(p) === "") changes[p] = "ReadAndWrite";
  }
  return changes;
}
