import { z } from "zod";
import { desDecrypt } from "../../../common/des.ts";
import { ApiError, Status } from "../../http/envelope.ts";
import { parse, type Ctx } from "../../http/router.ts";
import { hashPassword, verifyPassword } from "../../security/password.ts";
import { findByName } from "./accounts.ts";
import { auditFailure, type AuditEntry } from "./audit.ts";
import { consumeCaptcha } from "./captcha.ts";
import { completeLogin, type LoginResult } from "./login-result.ts";
import { loginTexts } from "./messages.ts";
import { enforceLoginRate } from "./rate-limit.ts";

const form = z.object({
  name: z.string().trim().min(1).max(64),
  pwd: z.string().min(1).max(512),
  // The remember-password choice lives in the web's cookies; accepted here so the form posts as-is.
  rempwd: z.union([z.string().max(8), z.boolean()]).optional(),
  clientSignCode: z.string().max(64),
  clientCode: z.string().max(16),
});

// Verified against when the name is unknown, so an unknown name costs as long as a wrong password and
// response times do not tell which names exist.
let decoyHash: Promise<string> | undefined;
const decoy = () => (decoyHash ??= hashPassword("decoy-password-never-matches"));

export async function passwordLogin(ctx: Ctx): Promise<LoginResult> {
  const input = parse(form, ctx.body);
  const { db, config } = ctx.app;
  const entry: AuditEntry = { method: "password", ip: ctx.ip, userAgent: ctx.userAgent, userName: input.name };

  const captcha = await consumeCaptcha(db, input.clientSignCode, input.clientCode);
  await enforceLoginRate(ctx.app, { kind: "name", value: input.name }, entry);
  if (captcha !== "ok") {
    await auditFailure(db, entry, "bad_captcha");
    throw new ApiError(Status.badRequest, captcha === "wrong" ? loginTexts.captchaWrong : loginTexts.captchaInvalid);
  }

  const password = desDecrypt(input.pwd, config.DES_KEY, config.DES_IV);
  const user = await findByName(db, input.name);
  const good = await verifyPassword(password ?? "", user?.password_hash ?? (await decoy()));
  if (!user || password === null || !good) {
    await auditFailure(db, { ...entry, userId: user?.id }, user ? "bad_password" : "unknown_user");
    throw new ApiError(Status.badRequest, loginTexts.badCredentials);
  }
  return completeLogin(ctx, user, "password");
}
