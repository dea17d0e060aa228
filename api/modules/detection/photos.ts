import { z } from "zod";
import type { SamplePhoto } from "../../../common/detection.ts";
import { DETECTION_LIMITS as L } from "../../../common/forms/limits.ts";
import type { App } from "../../app.ts";
import type { Db } from "../../db/index.ts";
import { pagedQuery, parsePaging, Where, type Page } from "../../db/paged.ts";
import { ApiError, Status } from "../../http/envelope.ts";
import { iso, keyedFieldError } from "../../http/fields.ts";
import type { AuthUser } from "../../http/router.ts";
import type { UploadForm } from "../../http/upload-form.ts";
import { FILE_KINDS } from "../attachments/kinds.ts";
import { newStoredName, sanitiseName } from "../attachments/names.ts";
import { contentMatches } from "../attachments/sniff.ts";
import { saveAttachment } from "../attachments/store.ts";
import { logOperation, type Actor } from "../system/oplog.ts";
import { readerOf, readerSql, requireLab } from "./access.ts";
import { detectionTexts } from "./texts.ts";

/**
 * Photos of samples (docs/detection.md, "Phones"): the lab takes them at the bench (a fracture, a specimen
 * before testing, a label); each is an upload (attachments, so the sweep and the viewer treat it as any other)
 * held by a row here, which decides who sees it: the readers of the sample's order.
 */

/** What a photo may be: images the phone's camera gives, checked by content as every upload is. */
const PHOTO_TYPES = ["jpg", "jpeg", "png", "webp"] as const;

const refused = (field: string, key: keyof typeof detectionTexts, status: number = Status.badRequest) => keyedFieldError(field, key, detectionTexts, status);

interface Row {
  id: string;
  sample_id: string;
  sample_code: string;
  order_code: string;
  stored_name: string;
  original_name: string;
  caption: string;
  added_by_name: string;
  added_at: Date;
}
const COLUMNS = `p.id, p.sample_id, s.code as sample_code, o.code as order_code, a.stored_name, a.original_name, p.caption, p.added_by_name, p.added_at`;
const FROM = `detection_sample_photos p join attachments a on a.id = p.attachment_id join detection_samples s on s.id = p.sample_id join detection_orders o on o.id = s.order_id`;
const photoOf = (r: Row): SamplePhoto => ({
  Id: r.id,
  SampleId: r.sample_id,
  SampleCode: r.sample_code,
  OrderCode: r.order_code,
  Url: `/attachment/${r.stored_name}`,
  Name: r.original_name,
  Caption: r.caption,
  AddedBy: r.added_by_name,
  AddedAt: iso(r.added_at)!,
});

/** A sample's photos, oldest first (GetSample; the caller has already been found to read the sample). */
export async function photosOf(db: Db, sampleId: string): Promise<SamplePhoto[]> {
  return (await db.query<Row>(`select ${COLUMNS} from ${FROM} where p.sample_id = $1 order by p.added_at, p.id`, [sampleId])).map(photoOf);
}

/**
 * TrialDetection/AddSamplePhoto (the lab; multipart: `SampleCode` or `SampleId`, `Caption`, `file`): a photo of a
 * sample the caller may read. Checked before anything is written: the sample, the caption, the image's type,
 * size and content; a half-done add leaves at most an unused upload, which the sweep removes.
 */
export async function addSamplePhoto(app: App, user: AuthUser, actor: Actor, form: UploadForm): Promise<SamplePhoto> {
  requireLab(user);
  const { db } = app;
  const code = (form.fields.SampleCode ?? "").trim();
  const id = (form.fields.SampleId ?? "").trim();
  const [sample] =
    code && code.length <= 60
      ? await db.query<{ id: string; code: string }>(`select id, code from detection_samples where upper(code) = upper($1)`, [code])
      : z.uuid().safeParse(id).success
        ? await db.query<{ id: string; code: string }>(`select id, code from detection_samples where id = $1`, [id])
        : [];
  if (!sample) throw refused(code || !id ? "SampleCode" : "SampleId", "sampleNotFound", Status.notFound);
  const caption = (form.fields.Caption ?? "").trim();
  if ([...caption].length > L.caption) throw refused("Caption", "captionTooLong");
  const file = form.file;
  if (!file || !file.filename || file.data.length === 0) throw refused("file", "photoRequired");
  if (file.truncated) throw refused("file", "photoTooLarge", Status.tooLarge);
  const name = sanitiseName(file.filename);
  const ext = (name.split(".").pop() ?? "").toLowerCase();
  if (!(PHOTO_TYPES as readonly string[]).includes(ext)) throw refused("file", "photoType");
  const kind = FILE_KINDS[ext]!;
  if (!(await contentMatches(file.data, kind))) throw refused("file", "photoMismatch");
  const attachment = await saveAttachment(app, { storedName: newStoredName(ext), name, mime: kind.mime, data: file.data, ownerId: user.id });
  // The photo and its log entry together: a photo is never held without the record of who added it.
  const row = await db.transaction(async (tx) => {
    const [r] = await tx.query<{ id: string }>(
      `insert into detection_sample_photos (sample_id, attachment_id, caption, added_by, added_by_name)
       select $1, a.id, $3, $4, $5 from attachments a where a.stored_name = $2 returning id`,
      [sample.id, attachment.stored_name, caption, user.id, actor.name],
    );
    await logOperation(tx, actor, { action: "sample.photo.add", targetType: "sample", targetId: sample.id, targetName: sample.code, before: null, after: { Photo: name, Caption: caption } });
    return r;
  });
  const [added] = await db.query<Row>(`select ${COLUMNS} from ${FROM} where p.id = $1`, [row.id]);
  return photoOf(added);
}

/**
 * TrialDetection/RemoveSamplePhoto (`Id`): the one who added it, or a SystemAdmin, takes a photo off its sample;
 * the image itself goes with the next sweep (nothing else holds it).
 */
export async function removeSamplePhoto(db: Db, user: AuthUser, actor: Actor, body: Record<string, unknown>): Promise<true> {
  requireLab(user);
  const id = String(body.Id ?? "");
  const [p] = z.uuid().safeParse(id).success ? await db.query<Row & { added_by: string | null }>(`select ${COLUMNS}, p.added_by from ${FROM} where p.id = $1`, [id]) : [];
  if (!p) throw new ApiError(Status.notFound, detectionTexts.photoNotFound);
  if (p.added_by !== user.id && !user.roles.includes("SystemAdmin")) throw new ApiError(Status.forbidden, detectionTexts.photoNotYours);
  await db.transaction(async (tx) => {
    await tx.query(`delete from detection_sample_photos where id = $1`, [id]);
    await logOperation(tx, actor, { action: "sample.photo.remove", targetType: "sample", targetId: p.sample_id, targetName: p.sample_code, before: { Photo: p.original_name, Caption: p.caption }, after: null });
  });
  return true;
}

/** TrialDetection/GetMyUploads (POST; `page`, `pageSize`): the photos the caller added, newest first, that they may still read. */
export async function listMyPhotos(db: Db, user: AuthUser, input: URLSearchParams): Promise<Page<SamplePhoto>> {
  const reader = await readerOf(db, user);
  const paging = parsePaging(input, 100);
  const w = new Where();
  w.and(`p.added_by = ${w.param(user.id)}`);
  w.and(readerSql(reader, "o", (v) => w.param(v)));
  const { total, rows } = await pagedQuery<Row>(db, { select: COLUMNS, from: FROM, where: w, orderBy: "p.added_at desc, p.id desc" }, { ...paging, keyword: "" });
  return { total, page: paging.page, size: paging.size, rows: rows.map(photoOf) };
}
