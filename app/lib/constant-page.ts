import { CONSTANT_DEFAULTS, type ConstantGroupRow, type ConstantItemRow } from "../../common/constants.ts";

export type { ConstantGroupRow, ConstantItemRow } from "../../common/constants.ts";

export const CONST_PATH = "/systemManage/constantManage";
const GROUPS = CONSTANT_DEFAULTS.map((g) => g.code);

/** The page's address: the group shown (all by default), changed items only, a keyword; the panel's item (`Group.Key`). */
export interface ConstQuery {
  group: string;
  changed: boolean;
  keyword: string;
}
export interface ConstPanel {
  edit: string | null;
  confirm: string | null;
}

const itemParam = (v: string | null) => (v && /^[A-Za-z]{1,40}\.[A-Za-z0-9]{1,40}$/.test(v) ? v : null);

/** Read leniently: a value that makes no sense is simply absent. */
export function constQuery(search: URLSearchParams): { q: ConstQuery; panel: ConstPanel } {
  const group = search.get("group") ?? "";
  return {
    q: {
      group: GROUPS.includes(group) ? group : "all",
      changed: search.get("changed") === "1",
      keyword: (search.get("keyword") ?? "").trim().slice(0, 50),
    },
    panel: { edit: itemParam(search.get("edit")), confirm: itemParam(search.get("confirm")) },
  };
}

/** The address of the list with its filters and, optionally, a panel open; defaults are left out. */
export function constHref(q: ConstQuery, panel: Partial<ConstPanel> = {}, path = CONST_PATH): string {
  const p = new URLSearchParams();
  if (q.group !== "all") p.set("group", q.group);
  if (q.changed) p.set("changed", "1");
  if (q.keyword) p.set("keyword", q.keyword);
  if (panel.edit) p.set("edit", panel.edit);
  if (panel.confirm) p.set("confirm", panel.confirm);
  const s = p.toString();
  return s ? `${path}?${s}` : path;
}

export const itemId = (group: string, key: string) => `${group}.${key}`;

/** The groups and items the filters keep (the keyword matches a key or a text in any language); empty groups go. */
export function filterConstants(groups: readonly ConstantGroupRow[], q: ConstQuery): ConstantGroupRow[] {
  const kw = q.keyword.toLowerCase();
  const keep = (i: ConstantItemRow) =>
    (!q.changed || i.Changed) && (!kw || i.Key.toLowerCase().includes(kw) || Object.values(i.Labels).some((l) => l.toLowerCase().includes(kw)));
  return groups
    .filter((g) => q.group === "all" || g.Code === q.group)
    .map((g) => ({ ...g, Items: g.Items.filter(keep) }))
    .filter((g) => g.Items.length > 0);
}

/** The item a panel is about, by its `Group.Key`. */
export function findItem(groups: readonly ConstantGroupRow[], id: string | null): { group: ConstantGroupRow; item: ConstantItemRow } | null {
  if (!id) return null;
  const [g, k] = id.split(".");
  const group = groups.find((x) => x.Code === g);
  const item = group?.Items.find((i) => i.Key === k);
  return group && item ? { group, item } : null;
}
