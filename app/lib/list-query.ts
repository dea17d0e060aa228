import { isId, keywordFrom, listHref, pageFrom } from "./notices.ts";

/**
 * A list page's address read leniently (docs/pages.md): `page`, `keyword`, `sort` (a whitelisted key, `-` in
 * front for descending) and the page's own filters, each one of its allowed values; anything else falls back
 * to the default, never an error. Pure, so pages and tests share it.
 */
export interface ListSpec<F extends Record<string, readonly string[]>> {
  sorts: readonly string[];
  defaultSort: string;
  /** Each filter's allowed values; the first is the default. */
  filters: F;
}

export type ListQuery<F extends Record<string, readonly string[]>> = { page: number; keyword: string; sort: string } & { [K in keyof F]: F[K][number] };

export function listQuery<F extends Record<string, readonly string[]>>(search: URLSearchParams, spec: ListSpec<F>): ListQuery<F> {
  const sort = search.get("sort") ?? "";
  const out: Record<string, string | number> = {
    page: pageFrom(search.get("page")),
    keyword: keywordFrom(search.get("keyword")),
    sort: spec.sorts.includes(sort.replace(/^-/, "")) ? sort : spec.defaultSort,
  };
  for (const [k, allowed] of Object.entries(spec.filters)) {
    const v = search.get(k);
    out[k] = v !== null && allowed.includes(v) ? v : allowed[0];
  }
  return out as ListQuery<F>;
}

/** The defaults a list's links leave out, so equal lists have equal addresses. */
export function listDefaults<F extends Record<string, readonly string[]>>(spec: ListSpec<F>): Record<string, string | number> {
  return { page: 1, keyword: "", sort: spec.defaultSort, ...Object.fromEntries(Object.entries(spec.filters).map(([k, v]) => [k, v[0]])) };
}

/** The list's address with some params changed (a filter change goes back to page 1 by passing page: 1). */
export function listLink<F extends Record<string, readonly string[]>>(path: string, spec: ListSpec<F>, q: ListQuery<F>, change: Record<string, string | number | null> = {}): string {
  return listHref(path, { ...q, ...change } as Record<string, string | number | null>, listDefaults(spec));
}

/** The sort a column header links to: ascending first, descending when it is already ascending. */
export const toggledSort = (current: string, key: string) => (current === key ? `-${key}` : key);

/** aria-sort of a column header. */
export const ariaSort = (current: string, key: string): "ascending" | "descending" | undefined =>
  current === key ? "ascending" : current === `-${key}` ? "descending" : undefined;

/** An id in the address (`?edit=`, `?confirm=`…), lower-cased, or null when it is not one. */
export const idParam = (v: string | null) => (isId(v) ? v.toLowerCase() : null);
