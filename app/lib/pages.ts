/**
 * The pages this web serves behind login. The sidebar shows a resource only when its page is here, so the
 * menu grows with the pages and never leads to a page that does not exist yet. Add a page's path when
 * its route lands. Lowercase.
 */
export const IMPLEMENTED_PAGES = new Set<string>(["/computedynamicroute/index", "/myinfo/index"]);

export const isImplemented = (url: string) => IMPLEMENTED_PAGES.has(url.split(/[?#]/)[0].replace(/\/+$/, "").toLowerCase());
