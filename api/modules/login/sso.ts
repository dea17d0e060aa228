import crypto from "node:crypto";
import { jwtVerify, type JWTVerifyGetKey } from "jose";
import { z } from "zod";
import type { Config } from "../../config.ts";
import { ApiError, Status } from "../../http/envelope.ts";
import { parse, type Ctx } from "../../http/router.ts";
import { findByName } from "./accounts.ts";
import { auditFailure, type AuditEntry } from "./audit.ts";
import { completeLogin } from "./login-result.ts";
import { loginTexts } from "./messages.ts";
import { takeOnce } from "./one-time.ts";
import { enforceLoginRate } from "./rate-limit.ts";

interface SsoVerifier {
  issuer: string;
  algorithms: string[];
  key: JWTVerifyGetKey;
}

/**
 * Builds the verifier from the settings: HS256 with SSO_JWT_SECRET and/or RS256 or ES256 with
 * SSO_JWT_PUBLIC_KEY, the algorithm following the key's type. Only those algorithms are accepted, so a
 * token cannot pick its own (no "none", no HS256 signed with the public key as a secret).
 */
function verifierFor(config: Config): SsoVerifier | null {
  if (!config.SSO_JWT_ISSUER || (!config.SSO_JWT_SECRET && !config.SSO_JWT_PUBLIC_KEY)) return null;
  const secret = config.SSO_JWT_SECRET ? new TextEncoder().encode(config.SSO_JWT_SECRET) : null;
  let publicKey: crypto.KeyObject | null = null;
  let publicAlg: string | null = null;
  if (config.SSO_JWT_PUBLIC_KEY) {
    publicKey = crypto.createPublicKey(config.SSO_JWT_PUBLIC_KEY.replace(/\\n/g, "\n"));
    publicAlg = publicKey.asymmetricKeyType === "rsa" ? "RS256" : publicKey.asymmetricKeyType === "ec" ? "ES256" : null;
    if (!publicAlg) throw new Error(`SSO_JWT_PUBLIC_KEY must be an RSA or EC P-256 key, not ${publicKey.asymmetricKeyType}`);
  }
  const algorithms = [...(secret ? ["HS256"] : []), ...(publicAlg ? [publicAlg] : [])];
  return {
    issuer: config.SSO_JWT_ISSUER,
    algorithms,
    key: async (header) => (header.alg === "HS256" ? secret! : publicKey!),
  };
}

// Parsed once per configuration: a bad PEM fails the first call loudly instead of every call quietly.
const verifiers = new WeakMap<Config, SsoVerifier | null>();

const query = z.object({ jwtStr: z.string().min(1).max(8192) });

export async function verifySsoToken(ctx: Ctx): Promise<{ token: string; userId: string }> {
  const { jwtStr } = parse(query, Object.fromEntries(ctx.query));
  const { db, config } = ctx.app;
  if (!verifiers.has(config)) verifiers.set(config, verifierFor(config));
  const verifier = verifiers.get(config);
  if (!verifier) throw new ApiError(Status.badRequest, loginTexts.ssoNotConfigured);

  const entry: AuditEntry = { method: "sso", ip: ctx.ip, userAgent: ctx.userAgent };
  await enforceLoginRate(ctx.app, null, entry);
  let name: string;
  let expiresAt: Date;
  try {
    const { payload } = await jwtVerify(jwtStr, verifier.key, {
      issuer: verifier.issuer,
      algorithms: verifier.algorithms,
      requiredClaims: ["exp"],
    });
    const claim = payload.preferred_username ?? payload.sub;
    if (typeof claim !== "string" || !claim) throw new Error("no user claim");
    name = claim;
    expiresAt = new Date(payload.exp! * 1000);
  } catch {
    await auditFailure(db, entry, "bad_token");
    throw new ApiError(Status.badRequest, loginTexts.ssoInvalid);
  }
  await takeOnce(db, jwtStr, expiresAt, { ...entry, userName: name });
  const user = await findByName(db, name);
  if (!user) {
    await auditFailure(db, { ...entry, userName: name }, "unknown_user");
    throw new ApiError(Status.badRequest, loginTexts.userNotFound);
  }
  const { token, userId } = await completeLogin(ctx, user, "sso");
  return { token, userId };
}
