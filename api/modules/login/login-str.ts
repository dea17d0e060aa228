import crypto from "node:crypto";
import { z } from "zod";
import { ApiError, Status } from "../../http/envelope.ts";
import { parse, type Ctx } from "../../http/router.ts";
import { findByName, type LoginAccount } from "./accounts.ts";
import { auditFailure, type AuditEntry, type LoginMethod } from "./audit.ts";
import { completeLogin } from "./login-result.ts";
import { loginTexts } from "./messages.ts";
import { takeOnce } from "./one-time.ts";
import { enforceLoginRate } from "./rate-limit.ts";

/** How far a loginStr's ts may be from our clock, either way (partner clocks drift too). */
export const LOGIN_STR_MAX_AGE_MS = 5 * 60 * 1000;

const hmac = (data: string, secret: string) => crypto.createHmac("sha256", secret).update(data).digest();

/**
 * The signed login string partner platforms (SG supercomputing, Matdao) send in `loginStr`:
 * base64url(JSON {name, ts}) + "." + base64url(HMAC-SHA256(first part, shared secret)), ts in ms.
 * A string we make for a partner (MatdaoSSO/GetRequestMatdaoUrl) names it as its audience (`aud`), and our own
 * logins refuse any string with an audience: the string a partner receives in its address bar, logs and
 * history can never log anyone in here, though both sides share the secret.
 * Exported for tests and the web's test tooling.
 */
export function signLoginStr(name: string, secret: string, ts: number = Date.now(), audience?: string): string {
  const body = Buffer.from(JSON.stringify(audience ? { name, ts, aud: audience } : { name, ts })).toString("base64url");
  return `${body}.${hmac(body, secret).toString("base64url")}`;
}

const claims = z.object({ name: z.string().trim().min(1).max(64), ts: z.number().finite(), aud: z.string().optional() });

/**
 * The user name a loginStr vouches for and until when, or null when it is malformed, forged, stale or meant for
 * another audience (`audience`: the partner a string we made was for; none, as our logins ask, takes only a
 * string without one).
 */
export function verifyLoginStr(loginStr: string, secret: string, now = Date.now(), audience?: string): { name: string; expiresAt: Date } | null {
  const parts = loginStr.split(".");
  if (parts.length !== 2) return null;
  const [body, sig] = parts;
  const expected = hmac(body, secret);
  const given = Buffer.from(sig, "base64url");
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return null;
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(body, "base64url").toString("utf8"));
  } catch {
    return null;
  }
  const c = claims.safeParse(decoded);
  if (!c.success || Math.abs(now - c.data.ts) > LOGIN_STR_MAX_AGE_MS || c.data.aud !== audience) return null;
  // Control characters have no business in a login name that we may be about to create.
  if (/[\u0000-\u001f\u007f]/.test(c.data.name)) return null;
  return { name: c.data.name, expiresAt: new Date(c.data.ts + LOGIN_STR_MAX_AGE_MS) };
}

const query = z.object({ loginStr: z.string().min(1).max(2048) });

/** Checks the partner's signature and takes the string once; answers the claimed name, or throws an audited 400. */
async function nameFromLoginStr(ctx: Ctx, method: LoginMethod, secret: string | undefined): Promise<string> {
  const { loginStr } = parse(query, Object.fromEntries(ctx.query));
  if (!secret) throw new ApiError(Status.badRequest, loginTexts.loginStrNotConfigured);
  const entry: AuditEntry = { method, ip: ctx.ip, userAgent: ctx.userAgent };
  await enforceLoginRate(ctx.app, null, entry);
  const verified = verifyLoginStr(loginStr, secret);
  if (!verified) {
    await auditFailure(ctx.app.db, entry, "bad_signature");
    throw new ApiError(Status.badRequest, loginTexts.loginStrInvalid);
  }
  await takeOnce(ctx.app.db, loginStr, verified.expiresAt, { ...entry, userName: verified.name });
  return verified.name;
}

/**
 * SG supercomputing users arrive already authenticated by their platform; one seen for the first time
 * gets an account (SGUser, no unit: the web then asks for one) with a password hash nothing can match,
 * since they never log in with a password here. The platform may only vouch for SGUser accounts, so a
 * leaked SG secret cannot log anyone in as an administrator who happens to share a name.
 */
async function findOrCreateSgUser(ctx: Ctx, name: string): Promise<LoginAccount> {
  const db = ctx.app.db;
  const existing = await findByName(db, name);
  if (existing) {
    const sg = await db.query(`select 1 from user_roles where user_id = $1 and role_code = 'SGUser'`, [existing.id]);
    if (sg.length > 0) return existing;
    await auditFailure(db, { method: "sg", ip: ctx.ip, userAgent: ctx.userAgent, userName: name, userId: existing.id }, "not_sg_user");
    throw new ApiError(Status.badRequest, loginTexts.notSgUser);
  }
  const unusable = `unusable$${crypto.randomBytes(24).toString("base64url")}`;
  await db.transaction(async (tx) => {
    // Two first visits at once: the second insert does nothing and both then read the same row.
    const [row] = await tx.query<{ id: string }>(
      `insert into users(name, real_name, password_hash) values ($1, $1, $2) on conflict (name) do nothing returning id`,
      [name, unusable],
    );
    if (row) await tx.query(`insert into user_roles(user_id, role_code) values ($1, 'SGUser')`, [row.id]);
  });
  return (await findByName(db, name))!;
}

export async function sgLogin(ctx: Ctx): Promise<{ token: string; userId: string; first: boolean }> {
  const name = await nameFromLoginStr(ctx, "sg", ctx.app.config.SG_LOGIN_SECRET);
  const user = await findOrCreateSgUser(ctx, name);
  const { token, userId, first } = await completeLogin(ctx, user, "sg");
  return { token, userId, first };
}

export async function matdaoLogin(ctx: Ctx): Promise<{ token: string; userId: string }> {
  const name = await nameFromLoginStr(ctx, "matdao", ctx.app.config.MATDAO_LOGIN_SECRET);
  const user = await findByName(ctx.app.db, name);
  if (!user) {
    await auditFailure(ctx.app.db, { method: "matdao", ip: ctx.ip, userAgent: ctx.userAgent, userName: name }, "unknown_user");
    throw new ApiError(Status.badRequest, loginTexts.userNotFound);
  }
  const { token, userId } = await completeLogin(ctx, user, "matdao");
  return { token, userId };
}
