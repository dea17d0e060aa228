import fs from "node:fs";
import path from "node:path";
import type { App } from "../../app.ts";
import { STORED_NAME } from "./names.ts";

export interface AttachmentRow {
  stored_name: string;
  original_name: string;
  mime: string;
  size: number;
  owner_id: string | null;
  created_at: Date;
}

/** How the calls answer a file: the spec's AttachmentPath and our Name, Size, Type. */
export interface AttachmentOut {
  AttachmentPath: string;
  Name: string;
  Size: number;
  Type: string;
  CreatedAt: string;
}

export const attachmentsDir = (app: App) => path.join(app.config.dataDir, "attachments");

/** The file behind a stored name; only ever called with a name that matched STORED_NAME. */
export function filePath(app: App, storedName: string): string {
  if (!STORED_NAME.test(storedName)) throw new Error(`not a stored name: ${storedName}`);
  return path.join(attachmentsDir(app), storedName);
}

export function toOut(r: AttachmentRow): AttachmentOut {
  return {
    AttachmentPath: r.stored_name,
    Name: r.original_name,
    Size: Number(r.size),
    Type: r.mime,
    CreatedAt: new Date(r.created_at).toISOString(),
  };
}

const COLUMNS = "stored_name, original_name, mime, size, owner_id, created_at";

export async function findAttachment(app: App, storedName: string): Promise<AttachmentRow | null> {
  if (!STORED_NAME.test(storedName)) return null;
  const rows = await app.db.query<AttachmentRow>(`select ${COLUMNS} from attachments where stored_name = $1`, [storedName]);
  return rows[0] ?? null;
}

/** Writes the file first, then the row; a failed insert takes the file away again. */
export async function saveAttachment(
  app: App,
  file: { storedName: string; name: string; mime: string; data: Buffer; ownerId: string },
): Promise<AttachmentRow> {
  const target = filePath(app, file.storedName);
  await fs.promises.mkdir(attachmentsDir(app), { recursive: true });
  await fs.promises.writeFile(target, file.data, { flag: "wx", mode: 0o640 });
  try {
    const rows = await app.db.query<AttachmentRow>(
      `insert into attachments(stored_name, original_name, mime, size, owner_id) values ($1, $2, $3, $4, $5) returning ${COLUMNS}`,
      [file.storedName, file.name, file.mime, file.data.length, file.ownerId],
    );
    return rows[0]!;
  } catch (e) {
    await fs.promises.rm(target, { force: true });
    throw e;
  }
}

/**
 * Where a saved record uses an upload (`a` is the attachments row): as an attachment of a notice or a
 * feedback, or as an image in their rich text (`/attachment/<stored name>`, the only images the sanitiser
 * lets through). A table that comes to hold attachments adds itself here, so neither a delete nor the sweep
 * takes a file from under it.
 */
export const IN_USE = `(
  exists (select 1 from notice_attachments na where na.attachment_id = a.id)
  or exists (select 1 from feedback_attachments fa where fa.attachment_id = a.id)
  or exists (select 1 from data_resource_files rf where rf.attachment_id = a.id)
  or exists (select 1 from project_files pf where pf.attachment_id = a.id)
  or exists (select 1 from detection_sample_photos sp where sp.attachment_id = a.id)
  or exists (select 1 from test_uploads tu where tu.attachment_id = a.id)
  or exists (select 1 from equipment_photos ep where ep.attachment_id = a.id)
  or exists (select 1 from equipment_manuals em where em.attachment_id = a.id)
  or exists (select 1 from notices n where strpos(n.content, '/attachment/' || a.stored_name) > 0)
  or exists (select 1 from feedback f where strpos(f.content, '/attachment/' || a.stored_name) > 0
                                         or strpos(coalesce(f.reply, ''), '/attachment/' || a.stored_name) > 0)
)`;

/**
 * Removes the row unless a saved record uses it (checked in the same statement), then the file (a file
 * without its row is unreachable anyway). False when it is in use, and nothing changed.
 */
export async function deleteAttachment(app: App, storedName: string): Promise<boolean> {
  const gone = await app.db.query(`delete from attachments a where stored_name = $1 and not ${IN_USE} returning stored_name`, [storedName]);
  if (gone.length === 0) return false;
  await fs.promises.rm(filePath(app, storedName), { force: true });
  return true;
}

export async function listOwnFiles(app: App, ownerId: string): Promise<AttachmentRow[]> {
  return app.db.query<AttachmentRow>(`select ${COLUMNS} from attachments where owner_id = $1 order by created_at desc, stored_name limit 500`, [
    ownerId,
  ]);
}

export async function findMany(app: App, storedNames: string[]): Promise<AttachmentRow[]> {
  const names = storedNames.filter((n) => STORED_NAME.test(n));
  if (names.length === 0) return [];
  return app.db.query<AttachmentRow>(`select ${COLUMNS} from attachments where stored_name = any($1::text[])`, [names]);
}
