import { z } from "zod";
import { ApiError, Status } from "../http/envelope.ts";
import { parse } from "../http/router.ts";

/** An empty query parameter counts as absent, so a plain form's empty fields take the defaults. */
export const optional = <S extends z.ZodType>(s: S) => z.preprocess((v) => (v === "" ? undefined : v), s.optional());

export const pagingSchema = z.object({
  page: optional(z.coerce.number().int().min(1).max(1_000_000)),
  size: optional(z.coerce.number().int().min(1).max(100)),
  keyword: optional(z.string().trim().max(100)),
});

export interface Paging {
  page: number;
  size: number;
  keyword: string;
}

export interface Page<T> {
  total: number;
  page: number;
  size: number;
  rows: T[];
}

/**
 * page (1…), size (1–`maxSize`, default 10; `pageSize` is the same parameter under the name the System calls
 * use) and keyword from the query; anything else out of range is a 400. Lists meant for reading keep the
 * default 50; administrative lists allow 100.
 */
export function parsePaging(query: URLSearchParams, maxSize = 50): Paging {
  const all = Object.fromEntries(query);
  const p = parse(pagingSchema, { page: all.page, size: all.pageSize ?? all.size, keyword: all.keyword });
  if (p.size !== undefined && p.size > maxSize) throw new ApiError(Status.badRequest, "badInput", { fields: [{ field: "pageSize", message: `at most ${maxSize}` }] });
  return { page: p.page ?? 1, size: p.size ?? 10, keyword: p.keyword ?? "" };
}

/**
 * The list's order from `sort` (a column key, `-` in front for descending), looked up in the list's own
 * whitelist of key → SQL expression, so a client never writes SQL; `tieBreak` keeps pages stable when the
 * sorted values repeat. An unknown key is a 400 naming `sort`.
 */
export function parseSort(query: URLSearchParams, columns: Record<string, string>, fallback: string, tieBreak: string): { key: string; sql: string } {
  const raw = query.get("sort") || fallback;
  const desc = raw.startsWith("-");
  const key = desc ? raw.slice(1) : raw;
  if (!Object.hasOwn(columns, key)) throw new ApiError(Status.badRequest, "badInput", { fields: [{ field: "sort", message: `unknown sort column: ${key.slice(0, 40)}` }] });
  return { key: raw, sql: `${columns[key]} ${desc ? "desc" : "asc"} nulls last, ${tieBreak}` };
}

/**
 * A list call's parameters from the query string and, for the POST calls (as the spec has them), the body's
 * plain values, which win.
 */
export function listInput(query: URLSearchParams, body: Record<string, unknown>): URLSearchParams {
  const input = new URLSearchParams(query);
  for (const [k, v] of Object.entries(body)) if (typeof v === "string" || typeof v === "number") input.set(k, String(v));
  return input;
}

/** A case-insensitive substring pattern for `ilike … escape '\'`: the keyword's own % and _ match literally. */
export const containsPattern = (keyword: string) => `%${likeEscape(keyword)}%`;
/** A case-insensitive prefix pattern (`ilike … escape '\'`), which a text_pattern_ops index on lower(column) can serve. */
export const prefixPattern = (keyword: string) => `${likeEscape(keyword)}%`;
const likeEscape = (s: string) => s.replace(/[\\%_]/g, "\\$&");

/**
 * Collects where-conditions with numbered parameters, so list queries add filters without string-pasting
 * values: every value goes through `param`.
 */
export class Where {
  readonly params: unknown[] = [];
  private conds: string[] = [];
  param(v: unknown): string {
    this.params.push(v);
    return `$${this.params.length}`;
  }
  and(cond: string): this {
    this.conds.push(cond);
    return this;
  }
  titleContains(column: string, keyword: string): this {
    if (keyword) this.and(`${column} ilike ${this.param(containsPattern(keyword))} escape '\\'`);
    return this;
  }
  get sql(): string {
    return this.conds.length ? `where ${this.conds.join(" and ")}` : "";
  }
  /** limit/offset for the page, as parameters. */
  pageSql(p: Paging): string {
    return `limit ${this.param(p.size)} offset ${this.param((p.page - 1) * p.size)}`;
  }
}

/** Runs the count and the page of a list query that share `from` and the conditions in `where`. */
export async function pagedQuery<R>(
  db: { query<T>(sql: string, params?: unknown[]): Promise<T[]> },
  q: { select: string; from: string; where: Where; orderBy: string },
  paging: Paging,
): Promise<{ total: number; rows: R[] }> {
  const countParams = [...q.where.params];
  // Counted over the same select, so parameters the select list uses (the caller's read state) bind here too.
  // Both at once: on a PostgreSQL server they run on two pooled connections (PGlite takes them in turn).
  const [[{ n }], rows] = await Promise.all([
    db.query<{ n: number }>(`select count(*)::int as n from (select ${q.select} from ${q.from} ${q.where.sql}) counted`, countParams),
    db.query<R>(`select ${q.select} from ${q.from} ${q.where.sql} order by ${q.orderBy} ${q.where.pageSql(paging)}`, q.where.params),
  ]);
  return { total: Number(n), rows };
}

/**
 * pagedQuery in one statement (`count(*) over ()` beside the page's rows), for a list whose matches its filters
 * find by their own indexes: the matches are gathered once instead of once for the count and once for the page
 * (PGlite runs statements in turn, so that is half the time). A page past the end has no row to carry the
 * total, which is then counted on its own.
 */
export async function windowedPagedQuery<R>(
  db: { query<T>(sql: string, params?: unknown[]): Promise<T[]> },
  q: { select: string; from: string; where: Where; orderBy: string },
  paging: Paging,
): Promise<{ total: number; rows: R[] }> {
  const countParams = [...q.where.params];
  const rows = await db.query<R & { __total: number }>(
    `select ${q.select}, count(*) over ()::int as __total from ${q.from} ${q.where.sql} order by ${q.orderBy} ${q.where.pageSql(paging)}`,
    q.where.params,
  );
  if (rows.length) return { total: Number(rows[0].__total), rows: rows.map(({ __total: _t, ...r }) => r as R) };
  const [{ n }] = await db.query<{ n: number }>(`select count(*)::int as n from (select ${q.select} from ${q.from} ${q.where.sql}) counted`, countParams);
  return { total: Number(n), rows: [] };
}

