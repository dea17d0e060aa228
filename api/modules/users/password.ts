import { z } from "zod";
import { desDecrypt } from "../../../common/des.ts";
import { isStrongPassword } from "../../../common/validators.ts";
import type { App } from "../../app.ts";
import { revokeUserTokens } from "../../http/auth.ts";
import { ApiError, Status } from "../../http/envelope.ts";
import { parse, type AuthUser } from "../../http/router.ts";
import { hashPassword, verifyPassword } from "../../security/password.ts";
import { userTexts, validationTexts } from "./texts.ts";

const form = z.object({ oldPwd: z.string().max(512).optional(), newPwd: z.string().max(512).optional() });

/** Wrong current passwords allowed per user in this window before the call refuses (a stolen session must not guess). */
const FAILURE_WINDOW = "15 minutes";

const bad = (field: string, text: { zh: string; en: string; es: string; ja: string }, status: number = Status.badRequest) =>
  new ApiError(status, text, { fields: [{ field, message: text.zh }] });

/**
 * User/UpdatePassword: both passwords arrive DES-encrypted (as the login form's). The current one must
 * verify, the new one must follow the section 5 rule and differ. On success every other session of the user
 * is revoked (208 there); the caller's own session stays.
 */
export async function updatePassword(app: App, user: AuthUser, body: unknown, ip: string): Promise<true> {
  const { db, config } = app;
  const input = parse(form, body);
  if (!input.oldPwd) throw bad("oldPwd", validationTexts.passwordRequired);
  if (!input.newPwd) throw bad("newPwd", validationTexts.passwordRequired);

  const [{ failures }] = await db.query<{ failures: number }>(
    `select count(*)::int as failures from login_audit
      where method = 'UpdatePassword' and user_id = $1 and not success and at > now() - $2::interval`,
    [user.id, FAILURE_WINDOW],
  );
  if (failures >= config.LOGIN_MAX_FAILURES_PER_ACCOUNT) throw new ApiError(Status.tooMany, userTexts.tooManyAttempts);

  const oldPwd = desDecrypt(input.oldPwd, config.DES_KEY, config.DES_IV);
  if (oldPwd === null || oldPwd === "") throw bad("oldPwd", userTexts.badCipher);
  const newPwd = desDecrypt(input.newPwd, config.DES_KEY, config.DES_IV);
  if (newPwd === null || newPwd === "") throw bad("newPwd", userTexts.badCipher);
  if (!isStrongPassword(newPwd)) throw bad("newPwd", validationTexts.passwordRule);

  const [row] = await db.query<{ password_hash: string }>(`select password_hash from users where id = $1`, [user.id]);
  if (!row || !(await verifyPassword(oldPwd, row.password_hash))) {
    // user_name and ip stay empty: the login module counts its own failures by name and address.
    await db.query(`insert into login_audit(method, user_id, success, reason) values ('UpdatePassword', $1, false, 'wrong old password')`, [
      user.id,
    ]);
    throw bad("oldPwd", userTexts.wrongOldPassword);
  }
  // Compared only after the current password is proven, so this answer cannot be used to guess it.
  if (newPwd === oldPwd) throw bad("newPwd", userTexts.samePassword);

  const hash = await hashPassword(newPwd);
  await db.transaction(async (tx) => {
    await tx.query(`update users set password_hash = $2, update_pwd = true, password_changed_at = now(), updated_at = now() where id = $1`, [
      user.id,
      hash,
    ]);
    await revokeUserTokens(tx, user.id, "password-change", user.tokenHash);
    await tx.query(`insert into login_audit(method, user_id, ip, success, reason) values ('UpdatePassword', $1, $2, true, 'password changed')`, [
      user.id,
      ip,
    ]);
  });
  return true;
}
