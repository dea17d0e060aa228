import { createReadStream } from "node:fs";
import { mkdir, rename, rm, stat, writeFile } from "node:fs/promises";
import crypto from "node:crypto";
import path from "node:path";
import { z } from "zod";
import type { App } from "../../app.ts";
import type { Db } from "../../db/index.ts";
import { ApiError, Status } from "../../http/envelope.ts";
import { checkBody, isUniqueViolation, iso, keyedFieldError, requireId } from "../../http/fields.ts";
import { Raw } from "../../http/router.ts";
import type { UploadForm } from "../../http/upload-form.ts";
import { contentDisposition, sanitiseName } from "../attachments/names.ts";
import { logOperation, type Actor } from "../system/oplog.ts";
import { clientReleaseTexts } from "./texts.ts";
import { clientReleaseSchema } from "../../../common/forms/client-release.ts";
import { CLIENT_FILE_TYPES, CLIENT_PLATFORMS, CLIENT_RELEASE_MAX_MIB, NEW_CLIENT_KIND, type ClientKind, type ClientPlatform, type ClientRelease } from "../../../common/app-store.ts";

/**
 * Desktop client releases (docs/app-store.md, "Desktop client"): app administrators upload a file with its
 * version, platform, notes and update kinds; everyone logged in sees them on /steelApp/deskAppInfo and downloads
 * them; JHAppServer/DownLoad serves the current client (the newest release carrying 88) for the asker's platform.
 */
export const CLIENT_RELEASE_MAX_BYTES = CLIENT_RELEASE_MAX_MIB * 1024 * 1024;
const DIR = "client-releases";

/**
 * What each allowed file type starts with: a file is refused when its bytes are not what its name says, so a
 * page, script or anything else cannot be published under an installer's name. (A .dmg has no leading magic:
 * its "koly" trailer is checked at the end instead.)
 */
const MAGIC: Record<(typeof CLIENT_FILE_TYPES)[number], (b: Buffer) => boolean> = {
  ".exe": (b) => starts(b, "4d5a"),
  ".msi": (b) => starts(b, "d0cf11e0a1b11ae1"),
  ".msix": (b) => starts(b, "504b0304"),
  ".zip": (b) => starts(b, "504b0304"),
  ".7z": (b) => starts(b, "377abcaf271c"),
  ".dmg": (b) => b.length >= 512 && b.subarray(b.length - 512, b.length - 508).toString("latin1") === "koly",
  ".pkg": (b) => starts(b, "78617221"), // xar!
  ".appimage": (b) => starts(b, "7f454c46"), // ELF
  ".deb": (b) => starts(b, "213c617263683e0a"), // !<arch>\n
  ".rpm": (b) => starts(b, "edabeedb"),
  ".tar.gz": (b) => starts(b, "1f8b"),
  ".tgz": (b) => starts(b, "1f8b"),
  ".pdf": (b) => starts(b, "25504446"), // %PDF
  ".png": (b) => starts(b, "89504e470d0a1a0a"),
  ".jpg": (b) => starts(b, "ffd8ff"),
  ".jpeg": (b) => starts(b, "ffd8ff"),
};
const starts = (b: Buffer, hex: string) => b.subarray(0, hex.length / 2).equals(Buffer.from(hex, "hex"));
/** The allowed type a name ends with (longest first, so .tar.gz wins over a bare .gz). */
export const fileTypeOf = (name: string) => [...CLIENT_FILE_TYPES].sort((a, b) => b.length - a.length).find((ext) => name.toLowerCase().endsWith(ext)) ?? null;

interface ReleaseRow {
  id: string;
  version: string;
  platform: ClientPlatform;
  kinds: number[];
  notes: string;
  file_name: string;
  stored_file: string;
  bytes: string | number;
  sha256: string;
  uploaded_by_name: string;
  uploaded_at: Date;
}

const COLUMNS = `id, version, platform, kinds, notes, file_name, stored_file, bytes, sha256, uploaded_by_name, uploaded_at`;

/** The newest live release carrying 88 of each platform: the current client there. */
async function currentIds(db: Db): Promise<Set<string>> {
  const rows = await db.query<{ id: string }>(`select distinct on (platform) id from client_releases where withdrawn_at is null and $1 = any(kinds) order by platform, uploaded_at desc, id`, [
    NEW_CLIENT_KIND,
  ]);
  return new Set(rows.map((r) => r.id));
}

const viewOf = (r: ReleaseRow, current: Set<string>): ClientRelease => ({
  Id: r.id,
  Version: r.version,
  Platform: r.platform,
  Kinds: r.kinds.map(Number).sort((a, b) => a - b) as ClientKind[],
  Notes: r.notes,
  FileName: r.file_name,
  Bytes: Number(r.bytes),
  Sha256: r.sha256,
  UploadedBy: r.uploaded_by_name,
  UploadedAt: iso(r.uploaded_at)!,
  Current: current.has(r.id),
});

/** MaterialAPP/GetClientReleases: every live release, newest first (a few dozen at most: no paging). */
export async function listClientReleases(db: Db): Promise<ClientRelease[]> {
  const [rows, current] = await Promise.all([db.query<ReleaseRow>(`select ${COLUMNS} from client_releases where withdrawn_at is null order by uploaded_at desc, id limit 500`), currentIds(db)]);
  return rows.map((r) => viewOf(r, current));
}

/**
 * MaterialAPP/UploadClientRelease (multipart: `file`, Version, Platform, Kinds as "88,3", Notes): checks every
 * field and the file's bytes against its type, keeps the file under its own name and logs the upload. A live
 * release of the same version and platform must be withdrawn first (what was downloaded stays what is listed).
 */
export async function uploadClientRelease(app: App, actor: Actor, form: UploadForm): Promise<ClientRelease> {
  const input = checkBody(clientReleaseSchema, form.fields, clientReleaseTexts);
  const f = form.file;
  if (!f || !f.data.length) throw keyedFieldError("file", "fileRequired", clientReleaseTexts);
  if (f.truncated) throw keyedFieldError("file", "fileTooLarge", clientReleaseTexts);
  const type = fileTypeOf(f.filename);
  if (!type) throw keyedFieldError("file", "fileType", clientReleaseTexts);
  if (!MAGIC[type](f.data)) throw keyedFieldError("file", "fileMismatch", clientReleaseTexts);

  const dir = path.join(app.config.dataDir, DIR);
  await mkdir(dir, { recursive: true, mode: 0o755 });
  const id = crypto.randomUUID();
  const stored = `${id}${type}`;
  const incoming = path.join(dir, `.${stored}.part`);
  await writeFile(incoming, f.data, { mode: 0o644 });
  try {
    const sha256 = crypto.createHash("sha256").update(f.data).digest("hex");
    const name = sanitiseName(f.filename) || `ferrum-client-${input.Version}${type}`;
    const row = await app.db
      .transaction(async (tx) => {
        const [taken] = await tx.query(`select 1 from client_releases where version = $1 and platform = $2 and withdrawn_at is null`, [input.Version, input.Platform]);
        if (taken) throw keyedFieldError("Version", "taken", clientReleaseTexts, Status.conflict);
        const [r] = await tx.query<ReleaseRow>(
          `insert into client_releases (id, version, platform, kinds, notes, file_name, stored_file, bytes, sha256, uploaded_by, uploaded_by_name)
         values ($1, $2, $3, $4::smallint[], $5, $6, $7, $8, $9, $10, $11) returning ${COLUMNS}`,
          [id, input.Version, input.Platform, input.Kinds, input.Notes, name, stored, f.data.length, sha256, actor.id, actor.name],
        );
        await logOperation(tx, actor, {
          action: "clientRelease.upload",
          targetType: "clientRelease",
          targetId: id,
          targetName: `${input.Version} ${input.Platform}`,
          before: null,
          after: { version: input.Version, platform: input.Platform, kinds: input.Kinds, file: name, bytes: f.data.length, sha256 },
        });
        // In place inside the transaction: a failed move undoes the row; after the commit the file is there.
        await rename(incoming, path.join(dir, stored));
        return r;
      })
      .catch((e: unknown) => {
        // Two administrators at once: the unique index refuses the second with the same message.
        throw isUniqueViolation(e, "client_releases_live") ? keyedFieldError("Version", "taken", clientReleaseTexts, Status.conflict) : e;
      });
    return viewOf(row, await currentIds(app.db));
  } finally {
    await rm(incoming, { force: true });
  }
}

const withdrawInput = z.object({ Id: z.string() });

/** MaterialAPP/WithdrawClientRelease (`Id`): no longer listed or served; the row and file are kept, the write logged. */
export async function withdrawClientRelease(db: Db, actor: Actor, body: unknown): Promise<{ Id: string }> {
  const id = requireId(withdrawInput.safeParse(body).data?.Id, "Id");
  return db.transaction(async (tx) => {
    const [r] = await tx.query<ReleaseRow>(`select ${COLUMNS} from client_releases where id = $1 and withdrawn_at is null for update`, [id]);
    if (!r) throw new ApiError(Status.notFound, clientReleaseTexts.notFound);
    await tx.query(`update client_releases set withdrawn_at = now(), withdrawn_by_name = $2 where id = $1`, [id, actor.name]);
    await logOperation(tx, actor, {
      action: "clientRelease.withdraw",
      targetType: "clientRelease",
      targetId: id,
      targetName: `${r.version} ${r.platform}`,
      before: { version: r.version, platform: r.platform, sha256: r.sha256 },
      after: null,
    });
    return { Id: id };
  });
}

/** A live release's file as a download (never inline: an installer or a QR code is saved, not rendered here). */
async function fileOf(app: App, r: ReleaseRow): Promise<Raw> {
  const full = path.join(app.config.dataDir, DIR, path.basename(r.stored_file));
  const size = (await stat(full)).size;
  return new Raw(createReadStream(full), {
    "content-type": "application/octet-stream",
    "content-length": String(size),
    "content-disposition": contentDisposition(r.file_name, false),
    "x-content-type-options": "nosniff",
    "content-security-policy": "sandbox",
    "x-checksum-sha256": r.sha256,
  });
}

/** MaterialAPP/DownloadClientRelease?id=: one live release's file. */
export async function clientReleaseFile(app: App, query: URLSearchParams): Promise<Raw> {
  const id = requireId(query.get("id"), "id");
  const [r] = await app.db.query<ReleaseRow>(`select ${COLUMNS} from client_releases where id = $1 and withdrawn_at is null`, [id]);
  if (!r) throw new ApiError(Status.notFound, clientReleaseTexts.notFound);
  return fileOf(app, r);
}

/**
 * The current client for JHAppServer/DownLoad: the newest live release carrying 88 for the asker's platform,
 * else one for any platform; with no platform named, the newest of all. Null when none was published (the
 * caller then serves the deployment's or the built-in client).
 */
export async function currentClientFile(app: App, platform: string | null): Promise<Raw | null> {
  const named = platform && platform !== "any" && (CLIENT_PLATFORMS as readonly string[]).includes(platform) ? platform : null;
  const [r] = await app.db.query<ReleaseRow>(
    `select ${COLUMNS} from client_releases where withdrawn_at is null and $1 = any(kinds) and ($2::text is null or platform in ($2, 'any'))
     order by (platform = $2) desc nulls last, uploaded_at desc, id limit 1`,
    [NEW_CLIENT_KIND, named],
  );
  return r ? fileOf(app, r) : null;
}
