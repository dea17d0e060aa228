import { z } from "zod";
import { columnOf, isQuantity, physicalRange, type TestRecord } from "../../../common/test-records.ts";
import type { Db } from "../../db/index.ts";
import { ApiError, Status } from "../../http/envelope.ts";
import { keyedFieldError, requireId } from "../../http/fields.ts";
import type { AuthUser } from "../../http/router.ts";
import { logOperation, type Actor } from "../system/oplog.ts";
import { recordsByIds } from "./records.ts";
import { testDataTexts } from "./texts.ts";

/**
 * Correcting a test record (mobileMyTestDataModify, docs/test-data.md): a record from an offline upload or the
 * phone, by its owner or a SystemAdmin, at the version it was opened with; each correction logged with the
 * values before and after. A lab record is what a second person verified: it is corrected through its order.
 */
export type EditableRecord = TestRecord & { Version: number };

async function editable(db: Db, user: AuthUser, id: string, lock = false): Promise<{ version: number }> {
  const [r] = await db.query<{ source: string; owner_id: string | null; version: number }>(`select source, owner_id, version from test_records where id = $1 ${lock ? "for update" : ""}`, [id]);
  if (!r || (r.owner_id !== user.id && !user.roles.includes("SystemAdmin"))) throw new ApiError(Status.notFound, testDataTexts.recordNotYours);
  if (r.source === "lab") throw new ApiError(Status.conflict, testDataTexts.labRecord);
  return { version: r.version };
}

/** TrialDetection/GetEditableTestRecord (`id`): the record with its version, when the caller may correct it. */
export async function editableRecord(db: Db, user: AuthUser, query: URLSearchParams): Promise<EditableRecord> {
  const id = requireId(query.get("id"), "id");
  const { version } = await editable(db, user, id);
  const [record] = await recordsByIds(db, [id]);
  return { ...record, Version: version };
}

const input = z.object({
  Id: z.string(),
  Version: z.coerce.number().int(),
  HeatNo: z.string().trim().max(40),
  Condition: z.string().trim().max(200),
  Structure: z.string().trim().max(500),
  /** Every quantity the record keeps; an empty value or one left out is not measured. */
  Values: z.record(z.string(), z.union([z.number(), z.string()])),
});

/** TrialDetection/UpdateTestRecord: heat number, condition, structure and values, each value in its physical range. */
export async function updateRecord(db: Db, user: AuthUser, actor: Actor, body: unknown): Promise<EditableRecord> {
  const r = input.safeParse(body);
  if (!r.success) throw keyedFieldError(String(r.error.issues[0]?.path[0] ?? "Values"), "invalid", testDataTexts);
  const id = requireId(r.data.Id, "Id");
  const values = new Map<string, number>();
  for (const [key, raw] of Object.entries(r.data.Values)) {
    if (!isQuantity(key)) throw keyedFieldError(`Values.${key}`, "quantityUnknown", testDataTexts);
    const text = String(raw).trim();
    if (text === "") continue;
    const v = Number(text.replace(",", "."));
    if (!Number.isFinite(v)) throw keyedFieldError(`Values.${key}`, "notNumber", testDataTexts);
    const [lo, hi] = physicalRange(key);
    if (v < lo || v > hi) throw keyedFieldError(`Values.${key}`, "outOfRange", testDataTexts);
    values.set(key, v);
  }
  await db.transaction(async (tx) => {
    const { version } = await editable(tx, user, id, true);
    if (version !== r.data.Version) throw keyedFieldError("Version", "stale", testDataTexts, Status.conflict);
    const [before] = await recordsByIds(tx, [id]);
    const keys = Object.keys(r.data.Values).filter(isQuantity);
    const sets = keys.map((k, i) => `${columnOf(k)} = $${i + 5}`);
    await tx.query(`update test_records set heat_no = $2, condition = $3, structure = $4, ${[...sets, "version = version + 1"].join(", ")} where id = $1`, [
      id,
      r.data.HeatNo,
      r.data.Condition,
      r.data.Structure,
      ...keys.map((k) => values.get(k) ?? null),
    ]);
    const [after] = await recordsByIds(tx, [id]);
    await logOperation(tx, actor, { action: "testRecord.update", targetType: "testRecord", targetId: id, targetName: before.Code, before, after });
  });
  return editableRecord(db, user, new URLSearchParams({ id }));
}
