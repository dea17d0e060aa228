import type { FunctionView, ParameterView } from "./content.types.ts";

/** Searching and paging inside one database and across the catalogue: pure, so the tests pin it down. */

export interface Page<T> {
  total: number;
  page: number;
  size: number;
  rows: T[];
}

/** One page of `rows`; a page past the end is the last page, so a stale link still shows something. */
export function pageOf<T>(rows: T[], page: number, size: number): Page<T> {
  const last = Math.max(1, Math.ceil(rows.length / size));
  const p = Math.min(Math.max(1, page), last);
  return { total: rows.length, page: p, size, rows: rows.slice((p - 1) * size, p * size) };
}

const folded = (s: string) => s.toUpperCase();

/** Functions whose name or expression contains the keyword (TDB names are case-insensitive). */
export function searchFunctions(list: FunctionView[], keyword: string): FunctionView[] {
  const k = folded(keyword.trim());
  if (!k) return list;
  return list.filter((f) => folded(f.name).includes(k) || f.ranges.some((r) => folded(r.expression).includes(k)));
}

/**
 * Parameters by keyword: a word that names a phase, a type or a constituent matches exactly
 * ("AL" finds the parameters with Al, not those of ALFE_B2 only by its name); anything else matches the
 * parameter's label as a substring ("FCC_A1,AL" or "L(LIQ").
 */
export function searchParameters(list: ParameterView[], keyword: string): ParameterView[] {
  const k = folded(keyword.trim());
  if (!k) return list;
  const exact = list.filter((p) => folded(p.phase) === k || folded(p.type) === k || p.constituents.some((s) => s.some((c) => folded(c) === k)));
  return exact.length ? exact : list.filter((p) => folded(p.label).includes(k));
}

/** What the catalogue filters on: elements the database must contain (all of them) and a free keyword. */
export interface CatalogueFilter {
  elements: string[];
  keyword: string;
}

/** "al, Zn fe" → ["AL", "ZN", "FE"]: element symbols in a query, however they are separated. */
export function elementsFrom(v: string | null | undefined): string[] {
  return [...new Set((v ?? "").split(/[\s,;，、；]+/).map((s) => s.trim().toUpperCase()).filter((s) => /^[A-Z][A-Z]?$/.test(s)))].slice(0, 10);
}

export function matchesFilter(entry: { name: string; elements: string[]; phases: string[]; citation: string; source: string }, f: CatalogueFilter): boolean {
  const own = new Set(entry.elements.map(folded));
  if (!f.elements.every((e) => own.has(folded(e)))) return false;
  const k = folded(f.keyword.trim());
  if (!k) return true;
  return [entry.name, entry.citation, entry.source, ...entry.phases].some((s) => folded(s).includes(k));
}

/**
 * The file's opening comment block ($ lines before the first command): where assessments name their authors,
 * publication and changes, shown with the database so the citation travels with it. At most 40 lines.
 */
export function headerOf(text: string): string {
  const out: string[] = [];
  for (const raw of text.split(/\r\n|\r|\n/)) {
    const line = raw.trim();
    if (line === "") {
      if (out.length) out.push("");
      continue;
    }
    if (!line.startsWith("$")) break;
    out.push(line.replace(/^\$+\s?/, "").trimEnd());
    if (out.length >= 40) break;
  }
  while (out.length && out[out.length - 1].replace(/[-=*#\s]/g, "") === "") out.pop();
  while (out.length && out[0].replace(/[-=*#\s]/g, "") === "") out.shift();
  return out.join("\n");
}
