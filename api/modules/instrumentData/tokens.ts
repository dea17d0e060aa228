import { createHash, randomBytes } from "node:crypto";
import { z } from "zod";
import { calibrationState, utcToday, type CalibrationState, type EquipmentStatus } from "../../../common/equipment.ts";
import { TOKEN_PREFIX, type EquipmentToken } from "../../../common/instrument-data.ts";
import type { Db } from "../../db/index.ts";
import { Where } from "../../db/paged.ts";
import { ApiError, Status } from "../../http/envelope.ts";
import { iso, keyedFieldError, requireId } from "../../http/fields.ts";
import type { AuthUser } from "../../http/router.ts";
import { scopeOf, scopeSql, type Scope } from "../equipment/equipment.ts";
import { instrumentLabel } from "../equipment/use.ts";
import { logOperation, type Actor } from "../system/oplog.ts";
import { instrumentTexts } from "./texts.ts";

/**
 * Cloud equipment (newCloudEquip, docs/instrument-data.md): an instrument that sends its files to the platform
 * by itself, with an upload token. A token is 32 random bytes shown once when issued; only its SHA-256 is
 * kept, so a leaked database does not leak tokens. Revoking one stops it at once; its past files stay.
 * Who issues and revokes: the equipment editors within their reach (equipment.ts) and FileTransferAdmin, who
 * runs the transfers, for every instrument.
 */
export const TOKEN_WRITERS = ["SystemAdmin", "InsideAdmin", "DataUpload", "EquimentAdmin", "FileTransferAdmin"];
const MAX_LIVE_TOKENS = 5;

const hashOf = (token: string) => createHash("sha256").update(token).digest("hex");

/** A new token: the value (shown once), its SHA-256 (stored) and its first characters (listed). */
export function newToken(): { token: string; hash: string; hint: string } {
  const token = TOKEN_PREFIX + randomBytes(32).toString("base64url");
  return { token, hash: hashOf(token), hint: token.slice(0, TOKEN_PREFIX.length + 4) };
}

async function writerScope(db: Db, user: AuthUser): Promise<Scope> {
  return user.roles.includes("FileTransferAdmin") ? { kind: "all" } : scopeOf(db, user);
}

export interface CloudInstrument {
  Id: string;
  Label: string;
  Status: EquipmentStatus;
  Calibration: CalibrationState;
  Tokens: EquipmentToken[];
  Files: number;
  LastFileAt: string | null;
  /** The caller may issue and revoke its tokens. */
  CanManage: boolean;
}

interface TokenRow {
  id: string;
  equipment_id: string;
  label: string;
  token_hint: string;
  created_by_name: string;
  created_at: Date;
  last_used_at: Date | null;
  revoked_at: Date | null;
  revoked_by_name: string | null;
  files: number;
}

/**
 * TrialDetection/GetCloudEquipment: the instruments that have had a token, with their tokens (never the token
 * itself) and the files each sent; and the instruments the caller may give a first token to (`Choices`).
 */
export async function cloudEquipment(db: Db, user: AuthUser): Promise<{ Instruments: CloudInstrument[]; Choices: { Id: string; Label: string }[] }> {
  const canWrite = user.roles.some((r) => TOKEN_WRITERS.includes(r));
  const scope = canWrite ? await writerScope(db, user) : null;
  const equipment = await db.query<{ id: string; name: string; model: string; serial: string; status: EquipmentStatus; calibration_due: string | null; files: number; last_file_at: Date | null }>(
    `select e.id, e.name, e.model, e.serial, e.status, to_char(e.calibration_due, 'YYYY-MM-DD') as calibration_due,
       (select count(*)::int from instrument_files f where f.equipment_id = e.id and f.token_id is not null) as files,
       (select max(f.created_at) from instrument_files f where f.equipment_id = e.id and f.token_id is not null) as last_file_at
     from equipment e where exists (select 1 from equipment_tokens t where t.equipment_id = e.id) order by lower(e.name), e.serial`,
  );
  const tokens = await db.query<TokenRow>(
    `select t.id, t.equipment_id, t.label, t.token_hint, t.created_by_name, t.created_at, t.last_used_at, t.revoked_at, t.revoked_by_name,
       (select count(*)::int from instrument_files f where f.token_id = t.id) as files
     from equipment_tokens t order by t.revoked_at is not null, t.created_at desc`,
  );
  const reach = scope ? await inScope(db, scope) : [];
  const manageable = new Set(reach.map((e) => e.id));
  const day = utcToday();
  const Instruments = equipment.map((e) => {
    const label = instrumentLabel(e);
    return {
      Id: e.id,
      Label: label,
      Status: e.status,
      Calibration: calibrationState(e.calibration_due, day, e.status),
      Tokens: tokens.filter((t) => t.equipment_id === e.id).map((t) => tokenOf(t, label)),
      Files: Number(e.files),
      LastFileAt: iso(e.last_file_at),
      CanManage: manageable.has(e.id),
    };
  });
  const listed = new Set(equipment.map((e) => e.id));
  const Choices = reach.filter((e) => e.status !== "retired" && !listed.has(e.id)).map((e) => ({ Id: e.id, Label: instrumentLabel(e) }));
  return { Instruments, Choices };
}

async function inScope(db: Db, scope: Scope) {
  const w = new Where();
  scopeSql(scope, w);
  return db.query<{ id: string; name: string; model: string; serial: string; status: EquipmentStatus }>(
    `select e.id, e.name, e.model, e.serial, e.status from equipment e ${w.sql} order by lower(e.name), e.serial limit 1000`,
    w.params,
  );
}

const tokenOf = (t: TokenRow, equipmentLabel: string): EquipmentToken => ({
  Id: t.id,
  EquipmentId: t.equipment_id,
  EquipmentLabel: equipmentLabel,
  Label: t.label,
  Hint: t.token_hint,
  CreatedBy: t.created_by_name,
  CreatedAt: iso(t.created_at)!,
  LastUsedAt: iso(t.last_used_at),
  RevokedAt: iso(t.revoked_at),
  RevokedBy: t.revoked_by_name,
  Files: Number(t.files),
});

const refuse = (field: string, key: keyof typeof instrumentTexts) => keyedFieldError(field, key, instrumentTexts);

async function equipmentInReach(db: Db, user: AuthUser, id: string): Promise<{ id: string; name: string; model: string; serial: string; status: EquipmentStatus }> {
  const w = new Where();
  w.and(`e.id = ${w.param(id)}`);
  scopeSql(await writerScope(db, user), w);
  const [e] = await db.query<{ id: string; name: string; model: string; serial: string; status: EquipmentStatus }>(
    `select e.id, e.name, e.model, e.serial, e.status from equipment e ${w.sql}`,
    w.params,
  );
  if (!e) throw refuse("EquipmentId", "equipmentUnknown");
  return e;
}

const createSchema = z.object({ Label: z.string().trim().max(60).default("") });

/** TrialDetection/CreateEquipmentToken (`EquipmentId`, `Label`): a new token, answered once in `Token`. */
export async function createToken(db: Db, user: AuthUser, actor: Actor, body: unknown): Promise<{ Token: string; Item: EquipmentToken }> {
  const input = (body ?? {}) as Record<string, unknown>;
  const equipmentId = requireId(input.EquipmentId, "EquipmentId");
  const r = createSchema.safeParse({ Label: input.Label ?? "" });
  if (!r.success) throw refuse("Label", "labelTooLong");
  const e = await equipmentInReach(db, user, equipmentId);
  if (e.status === "retired") throw refuse("EquipmentId", "equipmentRetired");
  const { token, hash, hint } = newToken();
  const row = await db.transaction(async (tx) => {
    // One at a time per instrument, so two issued at once cannot pass the limit together.
    await tx.query(`select id from equipment where id = $1 for update`, [equipmentId]);
    const [{ n }] = await tx.query<{ n: number }>(`select count(*)::int as n from equipment_tokens where equipment_id = $1 and revoked_at is null`, [equipmentId]);
    if (Number(n) >= MAX_LIVE_TOKENS) throw refuse("EquipmentId", "tokensTooMany");
    const [t] = await tx.query<TokenRow>(
      `insert into equipment_tokens (equipment_id, label, token_hash, token_hint, created_by, created_by_name)
       values ($1, $2, $3, $4, $5, coalesce((select coalesce(nullif(real_name, ''), name) from users where id = $5), $6))
       returning id, equipment_id, label, token_hint, created_by_name, created_at, last_used_at, revoked_at, revoked_by_name, 0 as files`,
      [equipmentId, r.data.Label, hash, hint, actor.id, actor.name],
    );
    await logOperation(tx, actor, {
      action: "equipmentToken.create",
      targetType: "equipment",
      targetId: equipmentId,
      targetName: instrumentLabel(e),
      before: null,
      after: { TokenId: t.id, Label: t.label, Hint: t.token_hint },
    });
    return t;
  });
  return { Token: token, Item: tokenOf(row, instrumentLabel(e)) };
}

/** TrialDetection/RevokeEquipmentToken (`Id`): the token stops at once; revoking twice changes nothing. */
export async function revokeToken(db: Db, user: AuthUser, actor: Actor, body: unknown): Promise<null> {
  const id = requireId(((body ?? {}) as Record<string, unknown>).Id, "Id");
  const [t] = await db.query<{ equipment_id: string }>(`select equipment_id from equipment_tokens where id = $1`, [id]);
  if (!t) throw new ApiError(Status.notFound, instrumentTexts.tokenUnknown);
  const e = await equipmentInReach(db, user, t.equipment_id).catch(() => {
    throw new ApiError(Status.notFound, instrumentTexts.tokenUnknown);
  });
  await db.transaction(async (tx) => {
    const [done] = await tx.query<{ label: string; token_hint: string }>(
      `update equipment_tokens set revoked_at = now(), revoked_by_name = coalesce((select coalesce(nullif(real_name, ''), name) from users where id = $3), $2)
       where id = $1 and revoked_at is null returning label, token_hint`,
      [id, actor.name, actor.id],
    );
    if (done)
      await logOperation(tx, actor, {
        action: "equipmentToken.revoke",
        targetType: "equipment",
        targetId: e.id,
        targetName: instrumentLabel(e),
        before: { TokenId: id, Label: done.label, Hint: done.token_hint },
        after: null,
      });
  });
  return null;
}

/** The instrument a token sends for, from `Authorization: Bearer <token>`; refused when unknown, revoked or retired. */
export async function tokenSender(db: Db, authorization: string | undefined): Promise<{ kind: "token"; tokenId: string; equipmentId: string; label: string }> {
  const m = /^Bearer\s+(\S+)$/i.exec(authorization ?? "");
  const token = m?.[1] ?? "";
  if (!token.startsWith(TOKEN_PREFIX) || token.length > 100) throw new ApiError(Status.tokenUnknown, instrumentTexts.tokenInvalid);
  const [t] = await db.query<{ id: string; equipment_id: string; name: string; model: string; serial: string; status: EquipmentStatus }>(
    `select t.id, t.equipment_id, e.name, e.model, e.serial, e.status from equipment_tokens t join equipment e on e.id = t.equipment_id
     where t.token_hash = $1 and t.revoked_at is null`,
    [hashOf(token)],
  );
  if (!t) throw new ApiError(Status.tokenUnknown, instrumentTexts.tokenInvalid);
  if (t.status === "retired") throw new ApiError(Status.forbidden, instrumentTexts.equipmentRetired);
  return { kind: "token", tokenId: t.id, equipmentId: t.equipment_id, label: instrumentLabel(t) };
}
