import type { Db } from "../../db/index.ts";
import type { AuthUser } from "../../http/router.ts";
import { fieldError } from "../../http/fields.ts";
import { ATTACHMENTS_MAX, noticeTexts } from "./texts.ts";

/** An attachment as the detail calls answer it. */
export interface AttachmentInfo {
  path: string;
  name: string;
  size: number;
  type: string;
}

/** The join tables that hang attachments on an entity; fixed names, never from input. */
const LINKS = {
  notice: { table: "notice_attachments", key: "notice_id" },
  feedback: { table: "feedback_attachments", key: "feedback_id" },
  dataResource: { table: "data_resource_files", key: "resource_id" },
  project: { table: "project_files", key: "project_id" },
  equipmentPhoto: { table: "equipment_photos", key: "equipment_id" },
  equipmentManual: { table: "equipment_manuals", key: "equipment_id" },
} as const;
export type AttachmentOwner = keyof typeof LINKS;

/** `Attachments` from a JSON array, or a single path (a form field). */
export function attachmentPaths(value: unknown): string[] | "bad" {
  if (value === undefined || value === null || value === "") return [];
  const list = Array.isArray(value) ? value : [value];
  if (!list.every((v) => typeof v === "string")) return "bad";
  return [...new Set(list.map((v) => v.trim()).filter(Boolean))];
}

/**
 * AttachmentPaths (stored names) to attachment ids, in the given order. Every path must exist and belong to
 * the caller, except for a SystemAdmin, who may attach any file, and for the paths in `kept`: files the record
 * already holds (a co-lead saving a project keeps the leader's documents); otherwise the whole call is refused.
 */
export async function resolveAttachments(db: Db, paths: string[], user: AuthUser, kept: ReadonlySet<string> = new Set()): Promise<string[]> {
  if (paths.length > ATTACHMENTS_MAX) throw fieldError("Attachments", noticeTexts.tooManyAttachments);
  if (!paths.length) return [];
  const rows = await db.query<{ id: string; stored_name: string; owner_id: string | null }>(
    `select id, stored_name, owner_id from attachments where stored_name = any($1::text[])`,
    [paths],
  );
  const byPath = new Map(rows.map((r) => [r.stored_name, r]));
  const admin = user.roles.includes("SystemAdmin");
  return paths.map((p) => {
    const row = byPath.get(p);
    if (!row || (!admin && row.owner_id !== user.id && !kept.has(p))) throw fieldError("Attachments", noticeTexts.attachmentRefused);
    return row.id;
  });
}

/** Replaces the attachments of one notice, feedback, data resource, project or instrument with these ids, keeping their order. */
export async function setAttachments(db: Db, owner: AttachmentOwner, ownerId: string, attachmentIds: string[]): Promise<void> {
  const { table, key } = LINKS[owner];
  await db.query(`delete from ${table} where ${key} = $1`, [ownerId]);
  for (const [i, id] of attachmentIds.entries()) {
    await db.query(`insert into ${table}(${key}, attachment_id, sort) values ($1, $2, $3)`, [ownerId, id, i]);
  }
}

export async function loadAttachments(db: Db, owner: AttachmentOwner, ownerId: string): Promise<AttachmentInfo[]> {
  const { table, key } = LINKS[owner];
  const rows = await db.query<{ path: string; name: string; size: number | string; type: string }>(
    `select a.stored_name as path, a.original_name as name, a.size, a.mime as type
       from ${table} l join attachments a on a.id = l.attachment_id
      where l.${key} = $1 order by l.sort, a.created_at`,
    [ownerId],
  );
  // bigint arrives as a string from PGlite.
  return rows.map((r) => ({ ...r, size: Number(r.size) }));
}
