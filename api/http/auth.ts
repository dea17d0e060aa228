import crypto from "node:crypto";
import type { Db } from "../db/index.ts";
import { ApiError, Status } from "./envelope.ts";
import type { AuthUser } from "./router.ts";

/** Tokens live 2 hours from login (section 9). */
export const TOKEN_TTL_MS = 2 * 60 * 60 * 1000;

export const sha256 = (s: string) => crypto.createHash("sha256").update(s).digest("hex");

export function newToken(): string {
  return crypto.randomBytes(32).toString("base64url");
}

/** Creates a session for a user who has just proved who they are; returns the plain token (never stored). */
export async function issueToken(
  db: Db,
  userId: string,
  method: string,
  meta: { ip?: string; userAgent?: string } = {},
): Promise<string> {
  const token = newToken();
  await db.query(
    `insert into sessions(token_hash, user_id, method, expires_at, ip, user_agent)
     values ($1, $2, $3, now() + ($4 || ' milliseconds')::interval, $5, $6)`,
    [sha256(token), userId, method, String(TOKEN_TTL_MS), meta.ip ?? null, meta.userAgent ?? null],
  );
  return token;
}

/** Resolves the AuthorizationToken header to a user, or throws the matching session-invalid status. */
export async function authenticate(db: Db, token: string | undefined): Promise<AuthUser> {
  if (!token) throw new ApiError(Status.tokenMissing, "tokenMissing");
  const tokenHash = sha256(token);
  const rows = await db.query<{
    user_id: string;
    name: string;
    expired: boolean;
    revoked: boolean;
    disabled: boolean;
    roles: string[] | null;
  }>(
    `select s.user_id, u.name, s.expires_at <= now() as expired, s.revoked_at is not null as revoked, u.disabled,
            (select array_agg(role_code order by role_code) from user_roles r where r.user_id = u.id) as roles
       from sessions s join users u on u.id = s.user_id
      where s.token_hash = $1`,
    [tokenHash],
  );
  const row = rows[0];
  if (!row) throw new ApiError(Status.tokenUnknown, "tokenUnknown");
  if (row.revoked || row.disabled) throw new ApiError(Status.tokenRevoked, "tokenRevoked");
  if (row.expired) throw new ApiError(Status.tokenExpired, "tokenExpired");
  return { id: row.user_id, name: row.name, roles: row.roles ?? [], tokenHash };
}

export async function revokeToken(db: Db, tokenHash: string, reason: string): Promise<void> {
  await db.query(`update sessions set revoked_at = now(), revoked_reason = $2 where token_hash = $1 and revoked_at is null`, [
    tokenHash,
    reason,
  ]);
}

/** Revokes every live session of a user (password change, disabling), optionally keeping one. */
export async function revokeUserTokens(db: Db, userId: string, reason: string, keepHash?: string): Promise<void> {
  await db.query(
    `update sessions set revoked_at = now(), revoked_reason = $2
      where user_id = $1 and revoked_at is null and token_hash <> coalesce($3, '')`,
    [userId, reason, keepHash ?? null],
  );
}
