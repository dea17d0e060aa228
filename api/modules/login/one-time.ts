import crypto from "node:crypto";
import type { Db } from "../../db/index.ts";
import { ApiError, Status } from "../../http/envelope.ts";
import { auditFailure, type AuditEntry } from "./audit.ts";
import { loginTexts } from "./messages.ts";

/**
 * Takes a credential another platform vouched for (an SSO token, an SG or Matdao login string) for this one
 * login, or refuses it as a replay: a string seen in a proxy log, a browser history or a Referer would
 * otherwise log its user in again and again until it expires. The record is the string's SHA-256, taken
 * by an insert that only one of two concurrent uses can win, and kept until the string would have expired
 * anyway; expired records are dropped as new ones come.
 */
export async function takeOnce(db: Db, credential: string, expiresAt: Date, entry: AuditEntry): Promise<void> {
  const hash = crypto.createHash("sha256").update(credential).digest("hex");
  await db.query(`delete from used_login_credentials where expires_at < now()`);
  const taken = await db.query(
    `insert into used_login_credentials(hash, method, expires_at) values ($1, $2, $3) on conflict (hash) do nothing returning hash`,
    [hash, entry.method, expiresAt],
  );
  if (taken.length === 0) {
    await auditFailure(db, entry, "replayed");
    throw new ApiError(Status.badRequest, loginTexts.credentialUsed);
  }
}
