import type { App } from "../../app.ts";
import { ApiError, Status } from "../../http/envelope.ts";
import { auditFailure, type AuditEntry } from "./audit.ts";
import { loginTexts } from "./messages.ts";

export const FAILURE_WINDOW_MINUTES = 15;

/** What a guesser targets: an account name (password login) or a mobile number (SMS login and reset). */
export type Account = { kind: "name"; value: string } | { kind: "mobile"; value: string };

/**
 * Refuses the attempt (429, audited) when the account or the address has failed too often in the last
 * 15 minutes. Called before any secret is checked, so a locked account answers the same whether the
 * password is right or not. Counts come from login_audit:
 * - refused attempts (rate_limited) are not counted, so the lock lifts 15 minutes after the last real try;
 * - a wrong captcha does not count against the account (it never tested the password, and counting it
 *   would let anyone lock a user out without solving a captcha) but does count against the address.
 * Count-then-record is not atomic, so a burst of parallel attempts can overshoot the limit slightly; each
 * of them still needs its own one-time captcha or spends one of the SMS code's five attempts.
 */
export async function enforceLoginRate(app: App, account: Account | null, entry: AuditEntry): Promise<void> {
  const { db, config } = app;
  const window = `${FAILURE_WINDOW_MINUTES} minutes`;
  let limited = false;
  if (account) {
    const column = account.kind === "name" ? "user_name" : "mobile";
    const method = account.kind === "name" ? "password" : "sms";
    const [{ n }] = await db.query<{ n: number }>(
      `select count(*)::int as n from login_audit
        where ${column} = $1 and method = $2 and not success and reason not in ('rate_limited', 'bad_captcha')
          and at > now() - $3::interval
          -- An administrator's unlock (System/UnlockPerson) forgives the failures before it.
          and at > coalesce((select max(login_unlocked_at) from users where ${account.kind === "name" ? "name" : "mobile"} = $1), '-infinity')`,
      [account.value, method, window],
    );
    limited = n >= config.LOGIN_MAX_FAILURES_PER_ACCOUNT;
  }
  if (!limited) {
    const [{ n }] = await db.query<{ n: number }>(
      `select count(*)::int as n from login_audit
        where ip = $1 and not success and reason <> 'rate_limited' and at > now() - $2::interval`,
      [entry.ip, window],
    );
    limited = n >= config.LOGIN_MAX_FAILURES_PER_ADDRESS;
  }
  if (limited) {
    await auditFailure(db, entry, "rate_limited");
    throw new ApiError(Status.tooMany, loginTexts.tooManyFailures);
  }
}
