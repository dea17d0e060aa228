import { idParam } from "./list-query.ts";
import { keywordFrom } from "./notices.ts";

/** The department tree as the page works with it (pure, so the page and its tests share it). */
export interface DeptNode {
  Id: string;
  ParentId: string | null;
  Name: string;
  Code: string | null;
  Leader: string;
  Phone: string;
  Sort: number;
  Disabled: boolean;
  Version: number;
  People: number;
  Children: DeptNode[];
  /** Set by `budgetTree`: sub-departments left out of the page (shown when the department is opened). */
  Hidden?: number;
}

export const DEPT_PATH = "/systemManage/deptMangae";

/**
 * The page's address: `q` filters the tree; at most one of `edit=<id>`, `add=<parent id | root>` and
 * `confirm=<id>` opens the panel beside it; `at=<id>` opens the tree down to a department and marks it (where
 * a save lands). Read leniently: a bad value is simply absent.
 */
export interface DeptQuery {
  q: string;
  at: string | null;
  edit: string | null;
  /** "root" for a top-level department, else the parent's id. */
  add: string | null;
  confirm: string | null;
}

export function deptQuery(search: URLSearchParams): DeptQuery {
  const add = search.get("add");
  return {
    q: keywordFrom(search.get("q")),
    at: idParam(search.get("at")),
    edit: idParam(search.get("edit")),
    add: add === "root" ? "root" : idParam(add),
    confirm: idParam(search.get("confirm")),
  };
}

export function findNode(tree: DeptNode[], id: string): DeptNode | null {
  for (const n of tree) {
    if (n.Id === id) return n;
    const c = findNode(n.Children, id);
    if (c) return c;
  }
  return null;
}

/** Ids of the nodes on the way from a root down to `id` (inclusive), so the page can open them. */
export function pathTo(tree: DeptNode[], id: string): string[] {
  for (const n of tree) {
    if (n.Id === id) return [n.Id];
    const sub = pathTo(n.Children, id);
    if (sub.length) return [n.Id, ...sub];
  }
  return [];
}

/** How many departments a tree page renders beyond the ones it must (the roots and the opened ones). */
export const TREE_BUDGET = 100;

/**
 * The tree as the page renders it: the roots always; the sub-departments of every department in `open` (the
 * way to the one the user is at) always; others breadth-first while `budget` lasts, so a small tree is all
 * there (opened and closed without a round trip) and a tree of thousands stays a page of a few hundred rows.
 * A department whose sub-departments were left out keeps their count in `Hidden`; the page links it to
 * `?at=<id>`, which opens it.
 */
export function budgetTree(tree: DeptNode[], open: Set<string> | "all", budget = TREE_BUDGET): DeptNode[] {
  const copy = (n: DeptNode): DeptNode => ({ ...n, Children: [], Hidden: n.Children.length });
  const roots = tree.map(copy);
  let left = budget;
  let level: Array<[DeptNode, DeptNode]> = tree.map((n, i) => [n, roots[i]]);
  while (level.length) {
    const next: Array<[DeptNode, DeptNode]> = [];
    for (const [src, out] of level) {
      if (!src.Children.length) continue;
      const forced = open === "all" || open.has(src.Id);
      if (!forced && left < src.Children.length) continue;
      if (!forced) left -= src.Children.length;
      out.Children = src.Children.map(copy);
      out.Hidden = 0;
      src.Children.forEach((c, i) => next.push([c, out.Children[i]]));
    }
    level = next;
  }
  return roots;
}

export const countNodes = (tree: DeptNode[]): number => tree.reduce((s, n) => s + 1 + countNodes(n.Children), 0);

const matches = (n: DeptNode, q: string) => [n.Name, n.Code ?? "", n.Leader, n.Phone].some((s) => s.toLowerCase().includes(q));

/** The tree pruned to the departments that match `q` (name, code, leader, phone) and their ancestors. */
export function filterTree(tree: DeptNode[], q: string): { tree: DeptNode[]; matched: number } {
  const needle = q.trim().toLowerCase();
  if (!needle) return { tree, matched: countNodes(tree) };
  let matched = 0;
  const prune = (list: DeptNode[]): DeptNode[] =>
    list.flatMap((n) => {
      const children = prune(n.Children);
      const hit = matches(n, needle);
      if (hit) matched++;
      return hit || children.length ? [{ ...n, Children: children }] : [];
    });
  return { tree: prune(tree), matched };
}

/**
 * The parents a department can be given: every department except itself and its descendants (a move may
 * not make a cycle), as options indented by depth, in tree order; "" is the top level.
 */
export function parentOptions(tree: DeptNode[], editing: string | null): Array<{ value: string; label: string; depth: number }> {
  const out: Array<{ value: string; label: string; depth: number }> = [];
  const walk = (list: DeptNode[], depth: number) => {
    for (const n of list) {
      if (n.Id === editing) continue;
      out.push({ value: n.Id, label: n.Name, depth });
      walk(n.Children, depth + 1);
    }
  };
  walk(tree, 0);
  return out;
}

/** Every department with its full path, in tree order: the CSV export's rows. */
export function flattenWithPath(tree: DeptNode[]): Array<{ node: DeptNode; path: string[]; depth: number }> {
  const out: Array<{ node: DeptNode; path: string[]; depth: number }> = [];
  const walk = (list: DeptNode[], path: string[]) => {
    for (const n of list) {
      const p = [...path, n.Name];
      out.push({ node: n, path: p, depth: path.length });
      walk(n.Children, p);
    }
  };
  walk(tree, []);
  return out;
}

/** The page's address with the panel (or the marked department) changed; the filter stays. */
export function deptHref(q: Pick<DeptQuery, "q">, panel: Partial<Pick<DeptQuery, "at" | "edit" | "add" | "confirm">> = {}): string {
  const s = new URLSearchParams();
  if (q.q) s.set("q", q.q);
  for (const k of ["at", "edit", "add", "confirm"] as const) if (panel[k]) s.set(k, panel[k]!);
  const str = s.toString();
  return str ? `${DEPT_PATH}?${str}` : DEPT_PATH;
}
