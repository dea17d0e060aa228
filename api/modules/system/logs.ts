import { z } from "zod";
import type { Db } from "../../db/index.ts";
import { optional, pagedQuery, parsePaging, parseSort, prefixPattern, Where, type Page } from "../../db/paged.ts";
import { revokeToken } from "../../http/auth.ts";
import { ApiError, Status } from "../../http/envelope.ts";
import { iso } from "../../http/fields.ts";
import { parse, type AuthUser } from "../../http/router.ts";
import type { Hub } from "../../hub/index.ts";
import { logOperation, type Actor } from "./oplog.ts";
import { sessionTexts } from "./texts.ts";

/** The login log and the online sessions (SystemAdmin; docs/system.md). The operation log is oplog.ts. */

export interface LoginLogRow {
  Id: number;
  At: string;
  Method: string;
  UserName: string | null;
  Mobile: string | null;
  Ip: string | null;
  UserAgent: string | null;
  Success: boolean;
  /** The failure's code (bad_password, rate_limited…), or a success's note; the web names it. */
  Reason: string | null;
}

const loginFilters = z.object({
  user: optional(z.string().trim().max(50)),
  result: optional(z.enum(["all", "success", "failure"])),
  method: optional(z.enum(["password", "sms", "sso", "sg", "matdao", "qr", "wechat"])),
  ip: optional(z.string().trim().max(64)),
  from: optional(z.iso.date()),
  to: optional(z.iso.date()),
});

/**
 * System/GetLoginLog: every login attempt, newest first: `user` (prefix of the name typed or the mobile),
 * `result`, `method`, `ip` (exact), `from`/`to` (whole days), `page`, `pageSize`.
 */
export async function listLoginLog(db: Db, query: URLSearchParams): Promise<Page<LoginLogRow>> {
  const paging = parsePaging(query, 100);
  const f = parse(loginFilters, Object.fromEntries(query));
  const sort = parseSort(query, { at: "a.at" }, "-at", "a.id desc");
  const w = new Where();
  if (f.user) {
    const p = w.param(prefixPattern(f.user));
    w.and(`(a.user_name ilike ${p} escape '\\' or a.mobile like ${p} escape '\\')`);
  }
  if (f.result === "success") w.and("a.success");
  if (f.result === "failure") w.and("not a.success");
  if (f.method) w.and(`a.method = ${w.param(f.method)}`);
  if (f.ip) w.and(`a.ip = ${w.param(f.ip)}`);
  if (f.from) w.and(`a.at >= ${w.param(f.from)}::date`);
  if (f.to) w.and(`a.at < ${w.param(f.to)}::date + 1`);
  const { total, rows } = await pagedQuery<{
    id: number;
    at: Date;
    method: string;
    user_name: string | null;
    mobile: string | null;
    ip: string | null;
    user_agent: string | null;
    success: boolean;
    reason: string | null;
  }>(db, { select: "a.id, a.at, a.method, a.user_name, a.mobile, a.ip, a.user_agent, a.success, a.reason", from: "login_audit a", where: w, orderBy: sort.sql }, paging);
  return {
    total,
    page: paging.page,
    size: paging.size,
    rows: rows.map((r) => ({
      Id: Number(r.id),
      At: iso(r.at)!,
      Method: r.method,
      UserName: r.user_name,
      Mobile: r.mobile,
      Ip: r.ip,
      UserAgent: r.user_agent,
      Success: r.success,
      Reason: r.reason,
    })),
  };
}

export interface SessionRow {
  /** The session's id: the SHA-256 of its token (the token itself is never stored, and the hash cannot log in). */
  Id: string;
  UserId: string;
  UserName: string;
  RealName: string;
  Method: string;
  Ip: string | null;
  UserAgent: string | null;
  CreatedAt: string;
  ExpiresAt: string;
  /** The caller's own session (ended by logging out, not from this page). */
  Mine: boolean;
}

/** System/GetOnlineSessions: live sessions (not revoked, not expired), newest first; `keyword` is a user-name or name prefix. */
export async function listSessions(db: Db, user: AuthUser, query: URLSearchParams): Promise<Page<SessionRow>> {
  const paging = parsePaging(query, 100);
  const w = new Where();
  w.and("s.revoked_at is null and s.expires_at > now()");
  if (paging.keyword) {
    const p = w.param(prefixPattern(paging.keyword));
    w.and(`(u.name ilike ${p} escape '\\' or u.real_name ilike ${p} escape '\\')`);
  }
  const { total, rows } = await pagedQuery<{
    token_hash: string;
    user_id: string;
    name: string;
    real_name: string;
    method: string;
    ip: string | null;
    user_agent: string | null;
    created_at: Date;
    expires_at: Date;
  }>(
    db,
    {
      select: "s.token_hash, s.user_id, u.name, u.real_name, s.method, s.ip, s.user_agent, s.created_at, s.expires_at",
      from: "sessions s join users u on u.id = s.user_id",
      where: w,
      orderBy: "s.created_at desc, s.token_hash",
    },
    paging,
  );
  return {
    total,
    page: paging.page,
    size: paging.size,
    rows: rows.map((r) => ({
      Id: r.token_hash,
      UserId: r.user_id,
      UserName: r.name,
      RealName: r.real_name,
      Method: r.method,
      Ip: r.ip,
      UserAgent: r.user_agent,
      CreatedAt: iso(r.created_at)!,
      ExpiresAt: iso(r.expires_at)!,
      Mine: r.token_hash === user.tokenHash,
    })),
  };
}


/**
 * System/EndSession {Id}: a force logout. The session is revoked (its next call answers 208) and, when it was
 * the person's last live session, their hub connections close on every instance too.
 */
export async function endSession(db: Db, hub: Hub, user: AuthUser, actor: Actor, body: Record<string, unknown>): Promise<true> {
  const id = typeof body.Id === "string" && /^[0-9a-f]{64}$/.test(body.Id) ? body.Id : null;
  if (!id) throw new ApiError(Status.badRequest, "badInput", { fields: [{ field: "Id", message: "a session id" }] });
  if (id === user.tokenHash) throw new ApiError(Status.conflict, sessionTexts.own);
  const userId = await db.transaction(async (tx) => {
    const [s] = await tx.query<{ user_id: string; name: string; real_name: string; method: string; ip: string | null }>(
      `select s.user_id, u.name, u.real_name, s.method, s.ip from sessions s join users u on u.id = s.user_id
        where s.token_hash = $1 and s.revoked_at is null and s.expires_at > now() for update of s`,
      [id],
    );
    if (!s) throw new ApiError(Status.notFound, sessionTexts.notFound);
    await revokeToken(tx, id, "ended_by_admin");
    await logOperation(tx, actor, {
      action: "session.end",
      targetType: "session",
      targetId: id.slice(0, 16),
      targetName: `${s.real_name} (${s.name})`,
      before: { Method: s.method, Ip: s.ip },
      after: null,
    });
    const [{ left }] = await tx.query<{ left: number }>(`select count(*)::int as left from sessions where user_id = $1 and revoked_at is null and expires_at > now()`, [s.user_id]);
    return left === 0 ? s.user_id : null;
  });
  if (userId) await hub.disconnectUser(userId);
  return true;
}
