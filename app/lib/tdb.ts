/**
 * The thermodynamic database catalogue's addresses and query reading (category DatabaseResources). Pure, so
 * the pages and the tests share it; whatever a visitor types in the address gives a valid page.
 */
export const CATALOGUE_PATH = "/steelResearchCompute/DatabaseResources";
/**
 * One database is the catalogue's own address with ?id= (the layout lets a user open only the paths of the
 * menu, and the category's path is the one this page has).
 */
export const DATABASE_PATH = CATALOGUE_PATH;
export const DOWNLOAD_PATH = `${CATALOGUE_PATH}/download`;
/** The upload form's limit, the same as the API's (which decides). */
export const TDB_MAX_BYTES = 2 * 1024 * 1024;
export const TDB_PAGE_SIZE = 20;

export const TABS = ["phases", "functions", "parameters"] as const;
export type Tab = (typeof TABS)[number];

/** A shipped database's id (a file stem) or an upload's UUID; anything else is no database. */
export const isDatabaseId = (v: string | null | undefined): v is string => !!v && /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/.test(v);

const positive = (v: string | null) => {
  const n = Number(v);
  return Number.isInteger(n) && n >= 1 && n <= 1_000_000 ? n : 1;
};
const keyword = (v: string | null) => [...(v ?? "").trim()].slice(0, 100).join("");

export interface CatalogueQuery {
  /** Element symbols, as typed ("Al Zn"); the API reads the symbols out of it. */
  elements: string;
  keyword: string;
}

export const catalogueQuery = (s: URLSearchParams): CatalogueQuery => ({ elements: keyword(s.get("elements")), keyword: keyword(s.get("keyword")) });

export interface DatabaseQuery {
  id: string;
  tab: Tab;
  keyword: string;
  page: number;
}

export function databaseQuery(s: URLSearchParams): DatabaseQuery | null {
  const id = s.get("id");
  if (!isDatabaseId(id)) return null;
  const tab = TABS.includes(s.get("tab") as Tab) ? (s.get("tab") as Tab) : "phases";
  return { id, tab, keyword: keyword(s.get("q")), page: positive(s.get("page")) };
}

/** An address with the defaults left out, so equal pages have equal addresses. */
function href(path: string, params: Record<string, string | number | undefined>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== "" && v !== 1 && !(k === "tab" && v === "phases")) q.set(k, String(v));
  const s = q.toString();
  return s ? `${path}?${s}` : path;
}

export const catalogueHref = (q: Partial<CatalogueQuery> = {}) => href(CATALOGUE_PATH, { elements: q.elements, keyword: q.keyword });
export const databaseHref = (id: string, q: Partial<Omit<DatabaseQuery, "id">> = {}) => href(DATABASE_PATH, { id, tab: q.tab, q: q.keyword, page: q.page });
export const downloadHref = (id: string) => `${DOWNLOAD_PATH}?id=${encodeURIComponent(id)}`;

/** A TDB temperature bound as the file writes it: 298.15, 6000; an open end (null) is ∞. */
export const formatT = (t: number | null) => (t !== null && Number.isFinite(t) ? String(Math.round(t * 1000) / 1000) : "∞");

/** "G(FCC_A1,AL,ZN:VA;1)" from its parts, as PARAMETER writes it. */
export const parameterLabel = (p: { type: string; phase: string; constituents: string[][]; order: number }) =>
  `${p.type}(${p.phase},${p.constituents.map((s) => s.join(",")).join(":")};${p.order})`;

/** The page numbers a pager shows: the first, the last and two either side of the current one, gaps as null. */
export function pagerPages(page: number, pages: number): Array<number | null> {
  const out: Array<number | null> = [];
  for (let i = 1; i <= pages; i++) {
    if (i === 1 || i === pages || Math.abs(i - page) <= 2) out.push(i);
    else if (out[out.length - 1] !== null) out.push(null);
  }
  return out;
}
