import { renderToString } from "react-dom/server";
import { SidebarNav, type SidebarLabels } from "~/components/layout/Sidebar";
import type { NavItem } from "~/components/layout/types";

/**
 * The sidebar menu's markup, kept per menu: its items (a user's roles, the language and the page's place in it)
 * and its texts. renderToString writes what the page's own render would (text separators included), so the
 * browser's React takes the markup over as if it had been drawn in place. Bounded: the oldest goes first.
 */
const MAX_KEPT = 256;
const kept = new Map<string, string>();

export function sidebarMarkup(items: NavItem[], labels: SidebarLabels): string {
  const key = JSON.stringify([labels, items]);
  let html = kept.get(key);
  if (html === undefined) {
    html = renderToString(<SidebarNav items={items} labels={labels} />);
    if (kept.size >= MAX_KEPT) kept.delete(kept.keys().next().value!);
    kept.set(key, html);
  }
  return html;
}
