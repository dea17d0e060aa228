import { issueToken } from "../../http/auth.ts";
import { ApiError, Status } from "../../http/envelope.ts";
import type { Ctx } from "../../http/router.ts";
import { auditFailure, auditSuccess, type AuditEntry, type LoginMethod } from "./audit.ts";
import type { LoginAccount } from "./accounts.ts";
import { loginTexts } from "./messages.ts";

/** The login result of section 3: token, userId, first, needUnit. */
export interface LoginResult {
  token: string;
  userId: string;
  first: boolean;
  needUnit: boolean;
}

/**
 * The common end of every login method, once the caller has proved who they are: refuses a disabled
 * account, stamps first/last login, opens a session and writes the success to the audit.
 */
export async function completeLogin(ctx: Ctx, user: LoginAccount, method: LoginMethod, extra: Partial<AuditEntry> = {}): Promise<LoginResult> {
  const db = ctx.app.db;
  const entry: AuditEntry = { method, ip: ctx.ip, userAgent: ctx.userAgent, userName: user.name, userId: user.id, ...extra };
  if (user.disabled) {
    await auditFailure(db, entry, "disabled");
    throw new ApiError(Status.badRequest, loginTexts.accountDisabled);
  }
  // The conditional update decides "first" atomically: of two simultaneous first logins only one sees it.
  const firstRows = await db.query(`update users set first_login_at = now() where id = $1 and first_login_at is null returning id`, [user.id]);
  await db.query(`update users set last_login_at = now() where id = $1`, [user.id]);
  const [{ need_unit }] = await db.query<{ need_unit: boolean }>(
    `select (u.department_id is null and exists (select 1 from user_roles r where r.user_id = u.id and r.role_code = 'SGUser')) as need_unit
       from users u where u.id = $1`,
    [user.id],
  );
  const token = await issueToken(db, user.id, method, { ip: ctx.ip, userAgent: ctx.userAgent });
  await auditSuccess(db, entry);
  return { token, userId: user.id, first: firstRows.length > 0, needUnit: need_unit };
}
