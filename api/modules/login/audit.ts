import type { Db } from "../../db/index.ts";

export type LoginMethod = "password" | "sms" | "sso" | "sg" | "matdao" | "qr" | "wechat";

/** Why an attempt failed; rate limits read these back, so they are a closed set. */
export type FailureReason =
  | "bad_captcha"
  | "bad_password"
  | "unknown_user"
  | "disabled"
  | "rate_limited"
  | "bad_sms_code"
  | "bad_token"
  | "bad_signature"
  | "bad_secret"
  | "not_sg_user"
  | "replayed"
  | "wx_not_bound"
  | "wx_failed";

export interface AuditEntry {
  method: LoginMethod;
  ip: string;
  /** The browser or client that tried (User-Agent), for the login log. */
  userAgent?: string | null;
  userName?: string | null;
  userId?: string | null;
  mobile?: string | null;
  /** Set for a success that is not a login (a password reset by SMS). */
  note?: string;
}

/**
 * Every attempt, good or bad, lands in login_audit: it is both the security trail and the only store
 * the rate limits count from, so there is one source of truth for "how many failures lately".
 */
export async function auditSuccess(db: Db, e: AuditEntry): Promise<void> {
  await insert(db, e, true, e.note ?? null);
}

export async function auditFailure(db: Db, e: AuditEntry, reason: FailureReason): Promise<void> {
  await insert(db, e, false, reason);
}

async function insert(db: Db, e: AuditEntry, success: boolean, reason: string | null): Promise<void> {
  await db.query(
    `insert into login_audit(method, user_name, user_id, mobile, ip, user_agent, success, reason) values ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [e.method, e.userName ?? null, e.userId ?? null, e.mobile ?? null, e.ip, e.userAgent?.slice(0, 300) ?? null, success, reason],
  );
}
