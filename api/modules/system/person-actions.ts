import crypto from "node:crypto";
import type { App } from "../../app.ts";
import { revokeUserTokens } from "../../http/auth.ts";
import { Status } from "../../http/envelope.ts";
import { requireId } from "../../http/fields.ts";
import type { AuthUser } from "../../http/router.ts";
import { hashPassword } from "../../security/password.ts";
import { smsProviderFor } from "../login/sms-provider.ts";
import { logOperation, type Actor } from "./oplog.ts";
import { guardPeer, otherSystemAdmins, personInScope, refused } from "./persons.ts";
import { adminScope } from "./scope.ts";

/** The account actions of the people page: disable and enable, reset the password, unlock the login. */

const version = (v: unknown) => (v === undefined || v === null || v === "" ? null : Number(v));

/**
 * A one-time password that meets the section 5 rule (upper, lower, digit; 12 characters), without the
 * look-alikes 0/O, 1/l/I, so it can be read out or typed from a phone.
 */
export function oneTimePassword(): string {
  const sets = ["ABCDEFGHJKLMNPQRSTUVWXYZ", "abcdefghijkmnpqrstuvwxyz", "23456789"];
  const all = sets.join("");
  const pick = (s: string) => s[crypto.randomInt(s.length)];
  const chars = [...sets.map(pick), ...Array.from({ length: 9 }, () => pick(all))];
  for (let i = chars.length - 1; i > 0; i--) {
    const j = crypto.randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j], chars[i]];
  }
  return chars.join("");
}

/**
 * System/SetPersonStatus {Id, Disabled, Version?}: disabling ends every session of the person at once (their
 * next call is refused with 208) and closes their hub connections on every API instance. Nobody disables
 * themselves; the last enabled SystemAdmin stays enabled.
 */
export async function setPersonStatus(app: App, user: AuthUser, actor: Actor, body: Record<string, unknown>): Promise<{ Id: string; Disabled: boolean; Version: number }> {
  const id = requireId(body.Id ?? body.id, "Id");
  const disabled = body.Disabled === true || body.Disabled === "true" || body.Disabled === "1";
  const expected = version(body.Version);
  const scope = await adminScope(app.db, user);
  const result = await app.db.transaction(async (tx) => {
    const before = await personInScope(tx, scope, id, true);
    guardPeer(scope, before);
    if (expected !== null && expected !== before.version) throw refused("Version", "stale", Status.conflict);
    if (disabled && id === user.id) throw refused("Id", "notSelf", Status.conflict);
    if (disabled && before.roles?.includes("SystemAdmin") && (await otherSystemAdmins(tx, id)) === 0) throw refused("Id", "lastSystemAdmin", Status.conflict);
    const [{ version: v }] = await tx.query<{ version: number }>(
      `update users set disabled = $2, version = version + 1, updated_at = now() where id = $1 returning version`,
      [id, disabled],
    );
    if (disabled) await revokeUserTokens(tx, id, "disabled");
    await logOperation(tx, actor, {
      action: disabled ? "person.disable" : "person.enable",
      targetType: "person",
      targetId: id,
      targetName: `${before.real_name} (${before.name})`,
      before: { Disabled: before.disabled },
      after: { Disabled: disabled },
    });
    return { Id: id, Disabled: disabled, Version: v };
  });
  if (disabled) await app.hub.disconnectUser(id);
  return result;
}

/**
 * System/ResetPersonPassword {Id, Mode: "show" | "sms"}: a new one-time password, which the person must
 * replace at the next login; their sessions end. "show" answers it once (it is never stored or logged in
 * clear); "sms" sends it to the person's mobile and answers only where it went.
 */
export async function resetPersonPassword(app: App, user: AuthUser, actor: Actor, body: Record<string, unknown>): Promise<{ Id: string; Password: string | null; SentTo: string | null }> {
  const id = requireId(body.Id ?? body.id, "Id");
  const mode = body.Mode === "sms" ? "sms" : "show";
  const scope = await adminScope(app.db, user);
  const target = await personInScope(app.db, scope, id);
  guardPeer(scope, target);
  if (mode === "sms" && !target.mobile) throw refused("Mode", "mobileRequiredForSms");
  const password = oneTimePassword();
  const hash = await hashPassword(password);
  await app.db.transaction(async (tx) => {
    await personInScope(tx, scope, id, true);
    await tx.query(`update users set password_hash = $2, update_pwd = false, password_changed_at = now(), version = version + 1, updated_at = now() where id = $1`, [id, hash]);
    await revokeUserTokens(tx, id, "password_reset");
    await logOperation(tx, actor, {
      action: "person.resetPassword",
      targetType: "person",
      targetId: id,
      targetName: `${target.real_name} (${target.name})`,
      before: null,
      after: { Mode: mode, SentTo: mode === "sms" ? maskMobile(target.mobile!) : null },
    });
  });
  await app.hub.disconnectUser(id);
  if (mode === "sms") {
    await smsProviderFor(app.config).send(target.mobile!, password, "password");
    return { Id: id, Password: null, SentTo: maskMobile(target.mobile!) };
  }
  return { Id: id, Password: password, SentTo: null };
}

export const maskMobile = (m: string) => `${m.slice(0, 3)}****${m.slice(-4)}`;

/**
 * System/UnlockPerson {Id}: failed logins before now stop counting against the person's account, so a login
 * the rate limit holds works again at once (the limit per address stays).
 */
export async function unlockPerson(app: App, user: AuthUser, actor: Actor, body: Record<string, unknown>): Promise<true> {
  const id = requireId(body.Id ?? body.id, "Id");
  const scope = await adminScope(app.db, user);
  await app.db.transaction(async (tx) => {
    const before = await personInScope(tx, scope, id, true);
    guardPeer(scope, before);
    await tx.query(`update users set login_unlocked_at = now() where id = $1`, [id]);
    await logOperation(tx, actor, {
      action: "person.unlock",
      targetType: "person",
      targetId: id,
      targetName: `${before.real_name} (${before.name})`,
      before: null,
      after: { Unlocked: true },
    });
  });
  return true;
}

/** System/UnbindPersonWx {Id}: takes a person's WeChat binding away (a lost phone, a shared account) and ends the sessions it opened, in scope. */
export async function unbindPersonWx(app: App, user: AuthUser, actor: Actor, body: Record<string, unknown>): Promise<true> {
  const id = requireId(body.Id ?? body.id, "Id");
  const scope = await adminScope(app.db, user);
  await app.db.transaction(async (tx) => {
    const before = await personInScope(tx, scope, id, true);
    guardPeer(scope, before);
    const rows = await tx.query(`update users set wx_openid = null, wx_unionid = null, wx_nickname = '', wx_bound_at = null where id = $1 and wx_openid is not null returning id`, [id]);
    if (!rows.length) return;
    // A lost phone is why an administrator unbinds: the sessions that WeChat opened end with the binding.
    await tx.query(`update sessions set revoked_at = now(), revoked_reason = 'wx_unbound' where user_id = $1 and method = 'wechat' and revoked_at is null`, [id]);
    await logOperation(tx, actor, {
      action: "person.unbindWx",
      targetType: "person",
      targetId: id,
      targetName: `${before.real_name} (${before.name})`,
      before: { WxBound: true },
      after: { WxBound: false },
    });
  });
  return true;
}
