import { z } from "zod";
import type { Db } from "../../db/index.ts";
import { containsPattern, optional, pagedQuery, prefixPattern, parsePaging, parseSort, Where, type Page } from "../../db/paged.ts";
import { iso } from "../../http/fields.ts";
import { parse, type Ctx } from "../../http/router.ts";

/** Who did an administrative write, from where. */
export interface Actor {
  id: string;
  name: string;
  ip: string;
}
export const actorOf = (ctx: Ctx): Actor => ({ id: ctx.user!.id, name: ctx.user!.name, ip: ctx.ip });

export interface Operation {
  /** `<target type>.<verb>`, e.g. department.save, department.delete. */
  action: string;
  targetType: string;
  targetId: string | null;
  targetName: string;
  before: unknown;
  after: unknown;
}

/**
 * Adds the operation-log row of an administrative write. Call it with the write's own transaction, so the
 * change and its record land together or not at all (docs/pages.md).
 */
export async function logOperation(tx: Db, actor: Actor, op: Operation): Promise<void> {
  await tx.query(
    `insert into operation_log(user_id, user_name, ip, action, target_type, target_id, target_name, before, after)
     values ($1, $2, $3, $4, $5, $6, $7, $8::jsonb, $9::jsonb)`,
    [actor.id, actor.name, actor.ip, op.action, op.targetType, op.targetId, op.targetName, json(op.before), json(op.after)],
  );
}
const json = (v: unknown) => (v === undefined || v === null ? null : JSON.stringify(v));

const filters = z.object({
  user: optional(z.string().trim().max(50)),
  targetType: optional(z.string().trim().max(30).regex(/^[a-z]+$/)),
  action: optional(z.string().trim().max(60).regex(/^[a-zA-Z.]+$/)),
  from: optional(z.iso.date()),
  to: optional(z.iso.date()),
});

export interface OperationRow {
  Id: number;
  At: string;
  UserName: string;
  Ip: string | null;
  Action: string;
  TargetType: string;
  TargetId: string | null;
  TargetName: string;
  Before: unknown;
  After: unknown;
}

const SORT = { at: "l.at", user: "l.user_name", action: "l.action" };

/**
 * System/GetOperationLog: newest first, filtered by the actor's user name (prefix), target type, action,
 * target name or id (keyword) and a date range (whole days, the server's time zone).
 */
export async function listOperations(db: Db, query: URLSearchParams): Promise<Page<OperationRow>> {
  const paging = parsePaging(query, 100);
  const f = parse(filters, Object.fromEntries(query));
  const sort = parseSort(query, SORT, "-at", "l.id desc");
  const w = new Where();
  if (f.user) w.and(`l.user_name ilike ${w.param(prefixPattern(f.user))} escape '\\'`);
  if (f.targetType) w.and(`l.target_type = ${w.param(f.targetType)}`);
  if (f.action) w.and(`l.action = ${w.param(f.action)}`);
  if (f.from) w.and(`l.at >= ${w.param(f.from)}::date`);
  if (f.to) w.and(`l.at < ${w.param(f.to)}::date + 1`);
  if (paging.keyword) w.and(`(l.target_name ilike ${w.param(containsPattern(paging.keyword))} escape '\\' or l.target_id = ${w.param(paging.keyword)})`);
  const { total, rows } = await pagedQuery<{
    id: number;
    at: Date;
    user_name: string;
    ip: string | null;
    action: string;
    target_type: string;
    target_id: string | null;
    target_name: string;
    before: unknown;
    after: unknown;
  }>(db, { select: "l.*", from: "operation_log l", where: w, orderBy: sort.sql }, paging);
  return {
    total,
    page: paging.page,
    size: paging.size,
    rows: rows.map((r) => ({
      Id: Number(r.id),
      At: iso(r.at)!,
      UserName: r.user_name,
      Ip: r.ip,
      Action: r.action,
      TargetType: r.target_type,
      TargetId: r.target_id,
      TargetName: r.target_name,
      Before: r.before,
      After: r.after,
    })),
  };
}
