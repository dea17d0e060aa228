import { normalisePath } from "./access.ts";
import { isImplemented } from "./pages.ts";
import type { MenuItem } from "./user.ts";

/**
 * The menu rules of sections 5 and 6, pure so the sidebar, breadcrumb and tags view share them and they
 * can be tested without a browser. Labels are resolved by the caller through i18n (`labelKey` with
 * `name` as the fallback), so this module stays free of translations.
 */

/** Section 5: display width counts every non-ASCII character as 2. */
export function displayWidth(s: string): number {
  let w = 0;
  for (const ch of s) w += ch.codePointAt(0)! > 0x7f ? 2 : 1;
  return w;
}

/** Section 5: a title wider than `max` display characters is cut to fit `max` and ends with an ellipsis. */
export function cutTitle(s: string, max = 16): string {
  if (displayWidth(s) <= max) return s;
  let out = "";
  let w = 0;
  for (const ch of s) {
    const cw = ch.codePointAt(0)! > 0x7f ? 2 : 1;
    if (w + cw > max) break;
    out += ch;
    w += cw;
  }
  return `${out}…`;
}

/** MenuShowTypeArray: 1 everywhere, 3 right content area, 5 left menu bar. The sidebar shows 1 and 5. */
export const SIDEBAR_SHOW_TYPES = [1, 5];
/** ChildMenuList nests up to three levels (section 3). */
export const MAX_MENU_DEPTH = 3;
/** The materials app entry is never disabled (section 6). */
export const MATERIALS_APP = "steelapp";

export interface SidebarItem {
  code: string;
  /** i18n key of the label (`menu.<Code>`, or the department-management label of section 6). */
  labelKey: string;
  /** The API's Name, used when the key has no translation. */
  name: string;
  url: string;
  icon: string;
  disabled: boolean;
  /** An http(s) link to another site: opened in a new tab. */
  external: boolean;
  children: SidebarItem[];
}

/** A link that leaves the platform: another site, or the single-sign-on partners' entry, which redirects there. */
export const isExternal = (url: string) => /^https?:\/\//i.test(url) || /^\/dataResource\/open\b/i.test(url);

const isMaterialsApp = (m: MenuItem) => m.Code.toLowerCase() === MATERIALS_APP || normalisePath(m.Url || "") === "/steelapp";

/**
 * Section 6: systemManage reads 系统管理, unless the user lacks SystemAdmin but has InsideAdmin or
 * OutsideAdmin, then 部门管理. Every other item is translated by its Code.
 */
export function labelKeyFor(code: string, roles: readonly string[]): string {
  if (code === "systemManage" && !roles.includes("SystemAdmin") && (roles.includes("InsideAdmin") || roles.includes("OutsideAdmin"))) {
    return "menu.systemManageDept";
  }
  return `menu.${code}`;
}

const bySort = (a: MenuItem, b: MenuItem) => (a.Sort ?? 0) - (b.Sort ?? 0);

/**
 * The left menu from the resource list: ShowType 1 or 5, sorted by Sort, at most three levels. An item is
 * disabled unless PType is ReadAndWrite (the materials app entry never is). Only pages this web serves are
 * listed; external links always are; a group is listed when at least one child is, or else as an entry
 * of its own when its Url is a page this web serves.
 */
export function buildSidebar(resList: readonly MenuItem[], roles: readonly string[], depth = 1): SidebarItem[] {
  if (depth > MAX_MENU_DEPTH) return [];
  const out: SidebarItem[] = [];
  for (const m of [...resList].sort(bySort)) {
    if (!SIDEBAR_SHOW_TYPES.includes(Number(m.ShowType))) continue;
    const url = m.Url ?? "";
    const external = isExternal(url);
    const children = buildSidebar(m.ChildMenuList ?? [], roles, depth + 1);
    // A third-level item is a leaf: a fourth level is never shown, whatever the data holds.
    // A group with no child in the menu (the test-detection tiles are ShowType 3) is a plain entry for its
    // own page, when that page exists.
    const isGroup = depth < MAX_MENU_DEPTH && children.length > 0;
    if (!isGroup && !external && !isImplemented(url)) continue;
    out.push({
      code: m.Code,
      labelKey: labelKeyFor(m.Code, roles),
      name: m.Name,
      url,
      icon: m.Icon ?? "",
      disabled: isMaterialsApp(m) ? false : m.PType !== "ReadAndWrite",
      external,
      children: isGroup ? children : [],
    });
  }
  return out;
}

export interface Crumb {
  code: string;
  labelKey: string;
  name: string;
  url: string;
}

/**
 * The chain of resources leading to `path` (the item itself last), searching shown and hidden children, so
 * a detail page reached from a list still has its section in the breadcrumb. Empty when the path is not in
 * the tree.
 */
export function breadcrumbFor(path: string, resList: readonly MenuItem[], roles: readonly string[] = []): Crumb[] {
  const target = normalisePath(path);
  const walk = (items: readonly MenuItem[], trail: Crumb[]): Crumb[] | null => {
    for (const m of [...items].sort(bySort)) {
      const here = [...trail, { code: m.Code, labelKey: labelKeyFor(m.Code, roles), name: m.Name, url: m.Url ?? "" }];
      if (m.Url && !isExternal(m.Url) && normalisePath(m.Url) === target) return here;
      const found = walk([...(m.ChildMenuList ?? []), ...(m.HideChildMenuList ?? [])], here);
      if (found) return found;
    }
    return null;
  };
  return walk(resList, []) ?? [];
}

/** The codes along the breadcrumb of `path`: the sidebar opens these groups and marks the deepest shown one. */
export function activeCodes(path: string, resList: readonly MenuItem[]): Set<string> {
  return new Set(breadcrumbFor(path, resList).map((c) => c.code));
}
