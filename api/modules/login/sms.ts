import crypto from "node:crypto";
import { z } from "zod";
import { desDecrypt } from "../../../common/des.ts";
import { isMobile, isStrongPassword } from "../../../common/validators.ts";
import { revokeUserTokens, sha256 } from "../../http/auth.ts";
import { ApiError, Status } from "../../http/envelope.ts";
import { parse, type Ctx } from "../../http/router.ts";
import { hashPassword } from "../../security/password.ts";
import { findByMobile } from "./accounts.ts";
import { auditFailure, auditSuccess, type AuditEntry } from "./audit.ts";
import { completeLogin, type LoginResult } from "./login-result.ts";
import { loginTexts, smsTooSoon } from "./messages.ts";
import { enforceLoginRate } from "./rate-limit.ts";
import { smsProviderFor } from "./sms-provider.ts";

export const SMS_CODE_TTL_MS = 5 * 60 * 1000;
/** Matches the web's 60-second countdown (section 9). */
export const SMS_RESEND_SECONDS = 60;
export const SMS_MAX_ATTEMPTS = 5;
/** Codes one network address may request per 24 hours, whatever the numbers: stops SMS-bombing many phones. */
export const SMS_DAILY_CAP_PER_ADDRESS = 50;

type Purpose = "login" | "reset";

const codeHash = (verificationString: string, code: string) => sha256(`${verificationString}:${code}`);

function checkMobileInput(raw: string | undefined): string {
  const mobile = (raw ?? "").trim();
  if (!mobile) throw new ApiError(Status.badRequest, loginTexts.mobileRequired);
  if (!isMobile(mobile)) throw new ApiError(Status.badRequest, loginTexts.mobileInvalid);
  return mobile;
}

const requestQuery = z.object({
  mobile: z.string().max(32).optional(),
  purpose: z.enum(["login", "reset"]).default("login"),
});

/**
 * Issues a code and answers its verification string. An unregistered number gets the same answer, the
 * same limits and a stored (never sent) code, so the call cannot be used to find out who has an account.
 */
export async function requestSmsCode(ctx: Ctx): Promise<string> {
  const input = parse(requestQuery, Object.fromEntries(ctx.query));
  const mobile = checkMobileInput(input.mobile);
  const { db, config } = ctx.app;
  const code = String(crypto.randomInt(0, 1_000_000)).padStart(6, "0");
  const verificationString = crypto.randomBytes(24).toString("base64url");

  const id = await db.transaction(async (tx) => {
    // Serialises requests for one number so two at once cannot both slip under the resend limit.
    await tx.query(`select pg_advisory_xact_lock(hashtext($1))`, [`sms:${mobile}`]);
    const [last] = await tx.query<{ wait: number }>(
      `select ceil(extract(epoch from created_at + $2::interval - now()))::int as wait
         from sms_codes where mobile = $1 order by created_at desc limit 1`,
      [mobile, `${SMS_RESEND_SECONDS} seconds`],
    );
    if (last && last.wait > 0) throw new ApiError(Status.tooMany, smsTooSoon(last.wait));
    const [{ n }] = await tx.query<{ n: number }>(
      `select count(*)::int as n from sms_codes where mobile = $1 and created_at > now() - interval '1 day'`,
      [mobile],
    );
    if (n >= config.SMS_DAILY_CAP) throw new ApiError(Status.tooMany, loginTexts.smsDailyCap);
    const [{ n: fromIp }] = await tx.query<{ n: number }>(
      `select count(*)::int as n from sms_codes where ip = $1 and created_at > now() - interval '1 day'`,
      [ctx.ip],
    );
    if (fromIp >= SMS_DAILY_CAP_PER_ADDRESS) throw new ApiError(Status.tooMany, loginTexts.smsAddressCap);
    const [row] = await tx.query<{ id: string }>(
      `insert into sms_codes(mobile, purpose, code_hash, verification_string, ip, expires_at)
       values ($1, $2, $3, $4, $5, now() + ($6 || ' milliseconds')::interval) returning id`,
      [mobile, input.purpose, codeHash(verificationString, code), verificationString, ctx.ip, String(SMS_CODE_TTL_MS)],
    );
    return row.id;
  });

  if (await findByMobile(db, mobile)) {
    try {
      await smsProviderFor(config).send(mobile, code);
    } catch (err) {
      console.error(`sms to ${mobile.slice(0, 3)}****${mobile.slice(-4)} failed:`, err);
      // The user never saw this code: make it unusable. The row stays so the resend and daily limits
      // still hold against someone hammering a failing gateway.
      await db.query(`update sms_codes set used_at = now(), expires_at = now() where id = $1`, [id]);
      throw new ApiError(Status.serverError, loginTexts.smsSendFailed);
    }
  }
  return verificationString;
}

/**
 * Spends one of the code's attempts, then compares. Taking the attempt first, in one statement, keeps
 * parallel guesses from getting past the attempt limit; marking used with `used_at is null` makes the
 * code one-time even when two right answers race.
 */
async function useSmsCode(ctx: Ctx, mobile: string, purpose: Purpose, verificationString: string, code: string): Promise<boolean> {
  const db = ctx.app.db;
  const rows = await db.query<{ id: string; code_hash: string }>(
    `update sms_codes set attempts = attempts + 1
      where verification_string = $1 and mobile = $2 and purpose = $3 and used_at is null and expires_at > now() and attempts < $4
      returning id, code_hash`,
    [verificationString, mobile, purpose, SMS_MAX_ATTEMPTS],
  );
  if (!rows[0]) return false;
  const a = Buffer.from(codeHash(verificationString, code.trim()));
  const b = Buffer.from(rows[0].code_hash);
  if (a.length !== b.length || !crypto.timingSafeEqual(a, b)) return false;
  const used = await db.query(`update sms_codes set used_at = now() where id = $1 and used_at is null returning id`, [rows[0].id]);
  return used.length > 0;
}

const codeFields = {
  mobile: z.string().max(32),
  verificationCode: z.string().max(16),
  verificationString: z.string().max(128),
};

/** Rate limit, then the code, then the account; every way of failing the code reads the same. */
async function proveMobile(ctx: Ctx, mobile: string, purpose: Purpose, verificationString: string, code: string) {
  const db = ctx.app.db;
  const entry: AuditEntry = { method: "sms", ip: ctx.ip, userAgent: ctx.userAgent, mobile };
  await enforceLoginRate(ctx.app, { kind: "mobile", value: mobile }, entry);
  if (!(await useSmsCode(ctx, mobile, purpose, verificationString, code))) {
    await auditFailure(db, entry, "bad_sms_code");
    throw new ApiError(Status.badRequest, loginTexts.smsCodeWrong);
  }
  const user = await findByMobile(db, mobile);
  if (!user) {
    await auditFailure(db, entry, "unknown_user");
    throw new ApiError(Status.badRequest, loginTexts.smsCodeWrong);
  }
  return { user, entry };
}

export async function mobileLogin(ctx: Ctx): Promise<LoginResult> {
  const input = parse(z.object(codeFields), ctx.body);
  const mobile = checkMobileInput(input.mobile);
  const { user } = await proveMobile(ctx, mobile, "login", input.verificationString, input.verificationCode);
  return completeLogin(ctx, user, "sms", { mobile });
}

/** A forgotten password: the phone proves the person; every session is ended, as with any password change. */
export async function resetPasswordBySms(ctx: Ctx): Promise<true> {
  const input = parse(z.object({ ...codeFields, newPwd: z.string().min(1).max(512) }), ctx.body);
  const mobile = checkMobileInput(input.mobile);
  const { db, config } = ctx.app;
  const newPassword = desDecrypt(input.newPwd, config.DES_KEY, config.DES_IV);
  if (newPassword === null) throw new ApiError(Status.badRequest, loginTexts.pwdUnreadable);
  // Checked before the code is spent, so a weak password can be fixed without waiting for a new SMS.
  if (!isStrongPassword(newPassword)) throw new ApiError(Status.badRequest, loginTexts.passwordRule);

  const { user, entry } = await proveMobile(ctx, mobile, "reset", input.verificationString, input.verificationCode);
  const done = { ...entry, userName: user.name, userId: user.id };
  if (user.disabled) {
    await auditFailure(db, done, "disabled");
    throw new ApiError(Status.badRequest, loginTexts.accountDisabled);
  }
  const hash = await hashPassword(newPassword);
  await db.query(`update users set password_hash = $2, update_pwd = true, password_changed_at = now(), updated_at = now() where id = $1`, [
    user.id,
    hash,
  ]);
  await revokeUserTokens(db, user.id, "password_reset");
  await auditSuccess(db, { ...done, note: "password_reset" });
  return true;
}
