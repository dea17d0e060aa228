import { normalisePath } from "./access.ts";

/**
 * The tags view (section 2 "Layout"): the pages a user opened, as tabs above the content. Kept on the
 * server in a cookie so it works without JavaScript; these are the pure list operations.
 */
export interface Tag {
  /** The page's path with its query (what the tab links to). */
  path: string;
  title: string;
}

/** The landing page is the affixed tag: always first, never closed. */
export const HOME_PATH = "/computeDynamicRoute/index";
/** Twelve tabs at most (a cookie has to hold them); the earliest opened goes first. */
export const MAX_TAGS = 12;

/**
 * Query parameters that are never part of a tab's address: the layout's own dialogs, and what Remix adds
 * to its data requests (`_routes` on single-fetch revalidations, `index` for index-route actions).
 */
export const UI_PARAMS = ["logout", "dialog", "_routes", "index"];

/** Tabs are one per page: the query (a detail's id) updates the tab instead of adding one. */
export const tagKey = (path: string) => normalisePath(path);
export const isAffixed = (path: string) => tagKey(path) === tagKey(HOME_PATH);
export const sameTag = (a: string, b: string) => tagKey(a) === tagKey(b);

/** The address of a page for its tab and for "back here" redirects: path and query, without the dialogs. */
export function tagPath(url: URL): string {
  const q = new URLSearchParams(url.search);
  for (const p of UI_PARAMS) q.delete(p);
  const s = q.toString();
  return url.pathname + (s ? `?${s}` : "");
}

/** The list with the affixed home tag first (added when missing). */
export function withHome(tags: readonly Tag[], homeTitle: string): Tag[] {
  const home = tags.find((t) => isAffixed(t.path));
  return [{ path: HOME_PATH, title: home?.title || homeTitle }, ...tags.filter((t) => !isAffixed(t.path))];
}

/**
 * Opens a page: its tab is updated in place when already open (so tabs do not jump around), otherwise
 * appended last; past MAX_TAGS the earliest opened closable tab goes.
 */
export function addTag(tags: readonly Tag[], tag: Tag, homeTitle: string): Tag[] {
  const list = withHome(tags, homeTitle);
  const i = list.findIndex((t) => sameTag(t.path, tag.path));
  if (i >= 0) {
    list[i] = { path: tag.path, title: tag.title || list[i].title };
    return list;
  }
  list.push(tag);
  while (list.length > MAX_TAGS) {
    const drop = list.findIndex((t) => !isAffixed(t.path) && !sameTag(t.path, tag.path));
    list.splice(drop, 1);
  }
  return list;
}

/**
 * Closes a tab (never the affixed one). `next` is where the user goes when the closed tab was the page
 * they are on: the tab that takes its place on the right, else the one on its left.
 */
export function closeTag(tags: readonly Tag[], path: string, homeTitle: string): { tags: Tag[]; next: string } {
  const list = withHome(tags, homeTitle);
  const i = list.findIndex((t) => sameTag(t.path, path));
  if (i < 0 || isAffixed(path)) return { tags: list, next: i >= 0 ? list[i].path : HOME_PATH };
  list.splice(i, 1);
  const next = list[i] ?? list[i - 1] ?? list[0];
  return { tags: list, next: next.path };
}

/** Keeps the affixed tabs and the given one. */
export function closeOthers(tags: readonly Tag[], path: string, homeTitle: string): Tag[] {
  return withHome(tags, homeTitle).filter((t) => isAffixed(t.path) || sameTag(t.path, path));
}

/** Keeps the affixed tabs only. */
export function closeAll(tags: readonly Tag[], homeTitle: string): Tag[] {
  return withHome(tags, homeTitle).filter((t) => isAffixed(t.path));
}

