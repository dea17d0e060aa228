import type { App } from "../../app.ts";
import type { Db } from "../../db/index.ts";
import { Status } from "../../http/envelope.ts";
import { checkBody, iso, keyedFieldError } from "../../http/fields.ts";
import { CONSTANT_DEFAULTS, CONSTANT_LANGS, constantDefault, type ConstantGroupRow, type ConstantItem, type ConstantItemRow, type Labels } from "../../../common/constants.ts";
import { constantRefSchema, constantSchema } from "../../../common/forms/constant.ts";
import { logOperation, type Actor } from "../system/oplog.ts";
import { constantTexts } from "./texts.ts";

interface ChangeRow {
  group_code: string;
  item_key: string;
  labels: Labels;
  version: number;
  changed_by_name: string;
  changed_at: Date;
}

// Every page's root loader reads the constants (through the web's own short cache), so the API keeps them
// too; a save clears this on every instance (app.caches).
interface Memo {
  value: Promise<ConstantGroupRow[]> | null;
  hits: number;
  misses: number;
  bytes: number;
}
const memos = new WeakMap<Db, Memo>();
const memoOf = (db: Db): Memo => {
  let m = memos.get(db);
  if (!m) memos.set(db, (m = { value: null, hits: 0, misses: 0, bytes: 0 }));
  return m;
};

export const constantsCache = (db: Db) => ({
  stats: () => {
    const m = memoOf(db);
    return { entries: m.value ? 1 : 0, bytes: m.value ? m.bytes : 0, hits: m.hits, misses: m.misses };
  },
  clear: () => {
    memoOf(db).value = null;
  },
});

async function load(db: Db): Promise<ConstantGroupRow[]> {
  const changes = await db.query<ChangeRow>(`select group_code, item_key, labels, version, changed_by_name, changed_at from constant_changes`);
  const byItem = new Map(changes.map((c) => [`${c.group_code}/${c.item_key}`, c]));
  const row = (group: string, item: ConstantItem): ConstantItemRow => {
    const c = byItem.get(`${group}/${item.key}`);
    // A stored edit counts only in the languages it has; anything else keeps the release's text.
    const labels = Object.fromEntries(CONSTANT_LANGS.map((l) => [l, c?.labels?.[l] || item.labels[l]])) as Labels;
    return {
      Key: item.key,
      Format: item.format,
      Labels: labels,
      Default: item.labels,
      Changed: CONSTANT_LANGS.some((l) => labels[l] !== item.labels[l]),
      Version: c ? Number(c.version) : 0,
      ChangedAt: c ? iso(c.changed_at) : null,
      ChangedBy: c ? c.changed_by_name : null,
    };
  };
  return CONSTANT_DEFAULTS.map((g) => ({ Code: g.code, Kind: g.kind, Items: g.items.map((i) => row(g.code, i)) }));
}

/** The public answer: what pages show, without who changed what (an administrator's login name is no one else's business). */
export interface PublicConstantGroup {
  Code: string;
  Kind: "enum" | "texts";
  Items: Array<Pick<ConstantItemRow, "Key" | "Format" | "Labels">>;
}

/** System/GetConstantBase (public): every group with its items' labels in the four languages. */
export async function publicConstants(db: Db): Promise<PublicConstantGroup[]> {
  return (await constantBase(db)).map((g) => ({ Code: g.Code, Kind: g.Kind, Items: g.Items.map((i) => ({ Key: i.Key, Format: i.Format, Labels: i.Labels })) }));
}

/** System/GetConstantList (SystemAdmin): the same with each item's default, whether it changed, by whom and its version. */
export function constantBase(db: Db): Promise<ConstantGroupRow[]> {
  const m = memoOf(db);
  if (m.value) {
    m.hits++;
    return m.value;
  }
  m.misses++;
  const value = load(db);
  m.value = value;
  value.then(
    (v) => (m.bytes = Buffer.byteLength(JSON.stringify(v))),
    () => m.value === value && (m.value = null),
  );
  return value;
}

function itemOf(body: Record<string, unknown>) {
  const ref = checkBody(constantRefSchema, body, constantTexts);
  const item = constantDefault(ref.Group, ref.Key);
  if (!item) throw keyedFieldError("Key", "itemUnknown", constantTexts, Status.notFound);
  return { ref, item };
}

/** Locks the item's row (if any) and checks the version the editor opened. */
async function lockCurrent(tx: Db, group: string, key: string, version: number | undefined) {
  const [row] = await tx.query<ChangeRow>(
    `select group_code, item_key, labels, version, changed_by_name, changed_at from constant_changes where group_code = $1 and item_key = $2 for update`,
    [group, key],
  );
  const current = row ? Number(row.version) : 0;
  if (version !== undefined && version !== current) throw keyedFieldError("Version", "stale", constantTexts, Status.conflict);
  return row ?? null;
}

/**
 * System/SaveConstant: {Group, Key, Version, zh, en, es, ja} (a label or text) or {…, Value} (a phone or
 * e-mail, the same in every language). The format is the release's for that item, never the caller's.
 * The write and its operation-log row are one transaction; then the cache is cleared on every instance.
 */
export async function saveConstant(app: App, actor: Actor, body: Record<string, unknown>): Promise<{ Version: number }> {
  const { item } = itemOf(body);
  const input = checkBody(constantSchema(item.format), body, constantTexts) as Record<string, unknown> & { Group: string; Key: string; Version?: number };
  const labels = Object.fromEntries(CONSTANT_LANGS.map((l) => [l, String("Value" in input ? input.Value : input[l])])) as Labels;
  const saved = await app.db.transaction(async (tx) => {
    const before = await lockCurrent(tx, input.Group, input.Key, input.Version);
    // An item still at its default has no row to lock: two first edits at once both pass the check above, and
    // the conflict clause lets only the first in (the second finds a row and is told it is stale).
    const firstEdit = input.Version === 0;
    const [row] = await tx.query<{ version: number }>(
      `insert into constant_changes(group_code, item_key, labels, changed_by, changed_by_name)
       values ($1, $2, $3::jsonb, $4, $5)
       on conflict (group_code, item_key) do ${
         firstEdit
           ? "nothing"
           : `update
          set labels = excluded.labels, version = constant_changes.version + 1, changed_by = excluded.changed_by,
              changed_by_name = excluded.changed_by_name, changed_at = now()`
       }
       returning version`,
      [input.Group, input.Key, JSON.stringify(labels), actor.id, actor.name],
    );
    if (!row) throw keyedFieldError("Version", "stale", constantTexts, Status.conflict);
    await logOperation(tx, actor, {
      action: "constant.save",
      targetType: "constant",
      targetId: `${input.Group}.${input.Key}`,
      targetName: `${input.Group}.${input.Key}`,
      before: before?.labels ?? item.labels,
      after: labels,
    });
    return { Version: Number(row.version) };
  });
  await app.caches.clear("constants");
  return saved;
}

/** System/ResetConstant: {Group, Key, Version}: the item back to the release's default. */
export async function resetConstant(app: App, actor: Actor, body: Record<string, unknown>): Promise<{ Version: number }> {
  const { ref, item } = itemOf(body);
  await app.db.transaction(async (tx) => {
    const before = await lockCurrent(tx, ref.Group, ref.Key, ref.Version);
    if (!before) return;
    await tx.query(`delete from constant_changes where group_code = $1 and item_key = $2`, [ref.Group, ref.Key]);
    await logOperation(tx, actor, {
      action: "constant.reset",
      targetType: "constant",
      targetId: `${ref.Group}.${ref.Key}`,
      targetName: `${ref.Group}.${ref.Key}`,
      before: before.labels,
      after: item.labels,
    });
  });
  await app.caches.clear("constants");
  return { Version: 0 };
}
