import crypto from "node:crypto";
import { createReadStream } from "node:fs";
import { mkdir, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { z } from "zod";
import type { App } from "../../app.ts";
import { APP_ADMIN_ROLES, putStoreApp, storeAppId, type StoreAppEntry } from "../../compute/apps/store-apps.ts";
import type { Db } from "../../db/index.ts";
import { optional, pagedQuery, parsePaging, Where, type Page } from "../../db/paged.ts";
import { ApiError, Status } from "../../http/envelope.ts";
import { iso, requireId } from "../../http/fields.ts";
import type { Lang } from "../../http/messages.ts";
import { parse, type AuthUser } from "../../http/router.ts";
import type { UploadForm } from "../../http/upload-form.ts";
import { logOperation, type Actor } from "../system/oplog.ts";
import { storeAppDefinition, versionDir } from "./app-definition.ts";
import { labelIn, type AppManifest } from "./manifest.ts";
import { PACKAGE_LIMITS, readPackage } from "./package.ts";
import { evaluationsOf, isInvitedExpert } from "./evaluations.ts";
import { storeTexts } from "./texts.ts";
import { VERSION_STATES, type Evaluation, type VersionState, type VersionView } from "../../../common/app-store.ts";

/**
 * An app's versions from upload to the store (docs/app-store.md, "Review"): UploadPackage reads and checks the
 * package and starts its example as a test run (a compute task of the author's, in the sandbox); the author
 * submits a version whose run succeeded; an app administrator publishes, returns (with comments) or rejects it,
 * and may withdraw a published one. Authors see their own versions; app administrators see all of them.
 */
/** States an author may replace by uploading the same version again: nothing was decided on them yet. */
const REPLACEABLE: readonly VersionState[] = ["testing", "tested", "test-failed", "returned"];

export const isAppAdmin = (user: AuthUser) => user.roles.some((r) => APP_ADMIN_ROLES.includes(r));

interface VersionRow {
  id: string;
  app_id: string;
  version: string;
  state: VersionState;
  manifest: AppManifest;
  file_name: string;
  package_file: string;
  package_root: string;
  package_bytes: string | number;
  package_sha256: string;
  files: Array<{ path: string; bytes: number }>;
  test_task_id: string | null;
  test_status: string | null;
  test_error: string | null;
  owner_id: string | null;
  uploaded_by_name: string;
  uploaded_at: Date;
  submitted_at: Date | null;
  reviewed_by_name: string | null;
  reviewed_at: Date | null;
  review_comment: string;
  published_at: Date | null;
  row_version: number;
}

const SELECT = `v.id, v.app_id, v.version, v.state, v.manifest, v.file_name, v.package_file, v.package_root, v.package_bytes, v.package_sha256, v.files,
  v.test_task_id, t.status as test_status, t.error as test_error, a.owner_id, v.uploaded_by_name, v.uploaded_at, v.submitted_at, v.reviewed_by_name, v.reviewed_at,
  v.review_comment, v.published_at, v.row_version`;
const FROM = `store_app_versions v join store_apps a on a.id = v.app_id left join compute_tasks t on t.id = v.test_task_id`;

function viewOf(r: VersionRow, user: AuthUser, lang: Lang): VersionView {
  return {
    Id: r.id,
    AppId: r.app_id,
    Version: r.version,
    State: r.state,
    Name: labelIn(r.manifest.names, lang),
    Description: labelIn(r.manifest.descriptions, lang),
    Category: r.manifest.category,
    Runtime: r.manifest.runtime,
    Tags: r.manifest.tags ?? [],
    FileName: r.file_name,
    PackageBytes: Number(r.package_bytes),
    Sha256: r.package_sha256,
    TestTaskId: r.test_task_id,
    TestStatus: r.test_status,
    TestError: r.test_error,
    UploadedBy: r.uploaded_by_name,
    UploadedAt: iso(r.uploaded_at)!,
    SubmittedAt: iso(r.submitted_at),
    ReviewedBy: r.reviewed_by_name,
    ReviewedAt: iso(r.reviewed_at),
    ReviewComment: r.review_comment,
    PublishedAt: iso(r.published_at),
    RowVersion: r.row_version,
    Mine: r.owner_id === user.id,
  };
}

/**
 * A test run that ended moves its version on (testing → tested or test-failed). Read from the task itself
 * whenever versions are read, so no finished run is missed across restarts or API instances.
 */
async function settleTestRuns(db: Db): Promise<void> {
  await db.query(
    `update store_app_versions v set state = case when t.status = 'succeeded' then 'tested' else 'test-failed' end, row_version = v.row_version + 1
       from compute_tasks t where v.state = 'testing' and t.id = v.test_task_id and t.status in ('succeeded', 'failed', 'cancelled')`,
  );
  // An upload whose test run never started (the API stopped between storing it and starting the run) fails its
  // test rather than "running" forever; uploading it again starts one.
  await db.query(
    `update store_app_versions set state = 'test-failed', row_version = row_version + 1 where state = 'testing' and test_task_id is null and uploaded_at < now() - interval '2 minutes'`,
  );
}

async function versionRow(db: Db, id: string, forUpdate = false): Promise<VersionRow | null> {
  const [r] = await db.query<VersionRow>(`select ${SELECT} from ${FROM} where v.id = $1 ${forUpdate ? "for update of v" : ""}`, [id]);
  return r ?? null;
}

/**
 * A version the caller may see: its author's, any for app administrators, and (`experts`: for reading) one they
 * are invited to evaluate; anything else is "not found".
 */
async function visibleVersion(db: Db, user: AuthUser, id: string, forUpdate = false, experts = false): Promise<VersionRow> {
  const r = await versionRow(db, id, forUpdate);
  if (r && (r.owner_id === user.id || isAppAdmin(user) || (experts && (await isInvitedExpert(db, r.id, user.id))))) return r;
  throw new ApiError(Status.notFound, storeTexts.notFound);
}

/** The compute app of a stored version: the registry's entry, with who may start it. */
export function entryOf(dataDir: string, r: Pick<VersionRow, "app_id" | "version" | "manifest" | "package_root" | "state" | "owner_id">): StoreAppEntry {
  return { app: storeAppDefinition(r.manifest, path.join(versionDir(dataDir, r.app_id, r.version), r.package_root)), published: r.state === "published", ownerId: r.owner_id };
}

/** Reads a version by its compute app id (store:<app>@<version>) for the registry; null when there is none. */
export async function loadStoreEntry(app: App, id: string): Promise<StoreAppEntry | null> {
  const m = /^store:([a-z][a-z0-9-]+)@(.+)$/.exec(id);
  if (!m) return null;
  const [r] = await app.db.query<VersionRow>(`select ${SELECT} from ${FROM} where v.app_id = $1 and v.version = $2`, [m[1], m[2]]);
  return r ? entryOf(app.config.dataDir, r) : null;
}

/** At start: every stored version into the registry, so task pages and statistics name them. */
export async function loadStoreApps(app: App): Promise<void> {
  const rows = await app.db.query<VersionRow>(`select ${SELECT} from ${FROM}`);
  for (const r of rows) putStoreApp(entryOf(app.config.dataDir, r));
}

/** Who acted, as pages show people: their real name (the login name when they have none). */
async function personOf(db: Db, user: AuthUser): Promise<{ id: string; name: string }> {
  const [u] = await db.query<{ name: string }>(`select coalesce(nullif(real_name, ''), name) as name from users where id = $1`, [user.id]);
  return { id: user.id, name: u?.name ?? user.name };
}

async function addEvent(tx: Db, versionId: string, action: string, actor: { id: string; name: string }, comment = ""): Promise<void> {
  await tx.query(`insert into store_app_events (version_id, action, comment, actor_id, actor_name) values ($1, $2, $3, $4, $5)`, [versionId, action, comment, actor.id, actor.name]);
}

/** The package's problems in the caller's language: the envelope's msg says it was refused, returnData lists each. */
function refused(errors: Array<{ path: string; code: string; message: Record<Lang, string> }>, lang: Lang): ApiError {
  return new ApiError(Status.badRequest, storeTexts.packageRefused, { Problems: errors.map((e) => ({ Path: e.path, Code: e.code, Message: e.message[lang] })) });
}

/**
 * MaterialAPP/UploadPackage (multipart `file`): reads the package without trusting it and checks its manifest
 * (every mistake answered at once, nothing kept); the first upload of an id makes the caller its author, a new
 * version or the same undecided version again is theirs only. Then the example starts as a test run.
 */
export async function uploadPackage(app: App, user: AuthUser, form: UploadForm, lang: Lang): Promise<VersionView> {
  const f = form.file;
  if (!f || !f.data.length) throw new ApiError(Status.badRequest, storeTexts.noFile, { fields: [{ field: "file", message: storeTexts.noFile.zh }] });
  const tooLarge = { path: "", code: "package-too-large", message: packageTooLarge() };
  if (f.truncated) throw refused([tooLarge], lang);
  const incoming = path.join(app.config.dataDir, "app-store", ".incoming");
  await mkdir(incoming, { recursive: true, mode: 0o755 });
  const token = crypto.randomUUID();
  // Named by what it is (readPackage judges it by its first bytes too), not by what the upload calls itself.
  const ext = f.data[0] === 0x1f && f.data[1] === 0x8b ? "tar.gz" : "zip";
  const upload = path.join(incoming, `${token}.${ext}`);
  const unpacked = path.join(incoming, token);
  await writeFile(upload, f.data, { mode: 0o644 });
  let movedTo: string | null = null;
  try {
    const read = await readPackage(upload, unpacked);
    if (!read.ok) throw refused(read.errors, lang);
    const manifest = read.manifest;
    const files = await Promise.all(read.files.map(async (p) => ({ path: p, bytes: (await stat(path.join(read.root, p))).size })));
    const sha256 = crypto.createHash("sha256").update(f.data).digest("hex");
    const dir = versionDir(app.config.dataDir, manifest.id, manifest.version);
    const root = path.join(token, path.relative(unpacked, read.root));
    const name = (f.filename || `${manifest.id}-${manifest.version}.${ext}`).slice(0, 200);

    const person = await personOf(app.db, user);
    const { id, replaced } = await app.db.transaction(async (tx) => {
      await tx.query(`insert into store_apps (id, owner_id, owner_name) values ($1, $2, $3) on conflict (id) do nothing`, [manifest.id, user.id, person.name]);
      const [owner] = await tx.query<{ owner_id: string | null }>(`select owner_id from store_apps where id = $1 for update`, [manifest.id]);
      if (owner.owner_id !== user.id) throw new ApiError(Status.conflict, storeTexts.idTaken, { fields: [{ field: "id", message: storeTexts.idTaken.zh }] });
      const [old] = await tx.query<{ id: string; state: VersionState; package_root: string; package_file: string }>(
        `select id, state, package_root, package_file from store_app_versions where app_id = $1 and version = $2 for update`,
        [manifest.id, manifest.version],
      );
      if (old && !REPLACEABLE.includes(old.state)) throw new ApiError(Status.conflict, storeTexts.versionFrozen, { fields: [{ field: "version", message: storeTexts.versionFrozen.zh }] });
      const values = [JSON.stringify(manifest), name, `${token}.${ext}`, root, f.data.length, sha256, JSON.stringify(files), user.id, person.name];
      const [row] = old
        ? await tx.query<{ id: string }>(
            `update store_app_versions set state = 'testing', manifest = $1, file_name = $2, package_file = $3, package_root = $4, package_bytes = $5, package_sha256 = $6,
               files = $7, uploaded_by = $8, uploaded_by_name = $9, uploaded_at = now(), test_task_id = null, submitted_at = null, reviewed_by_name = null, reviewed_at = null,
               review_comment = '', row_version = row_version + 1 where id = $10 returning id`,
            [...values, old.id],
          )
        : await tx.query<{ id: string }>(
            `insert into store_app_versions (app_id, version, manifest, file_name, package_file, package_root, package_bytes, package_sha256, files, uploaded_by, uploaded_by_name)
             values ($10, $11, $1, $2, $3, $4, $5, $6, $7, $8, $9) returning id`,
            [...values, manifest.id, manifest.version],
          );
      await addEvent(tx, row.id, "upload", person);
      // The files go in place inside the transaction: a failure to move them undoes the row, and a crash after
      // the commit leaves a row whose files are there. What an upload replaced is removed after the commit.
      await mkdir(dir, { recursive: true, mode: 0o755 });
      await rename(unpacked, path.join(dir, token));
      await rename(upload, path.join(dir, `${token}.${ext}`));
      movedTo = dir;
      return { id: row.id, replaced: old ?? null };
    });
    if (replaced) {
      await rm(path.join(dir, replaced.package_root.split("/")[0]), { recursive: true, force: true });
      await rm(path.join(dir, replaced.package_file), { force: true });
    }
    await startTestRun(app, user, lang, id);
    await settleTestRuns(app.db);
    return viewOf((await versionRow(app.db, id))!, user, lang);
  } catch (e) {
    if (movedTo === null) await Promise.all([rm(upload, { force: true }), rm(unpacked, { recursive: true, force: true })]);
    throw e;
  } finally {
    if (movedTo !== null) await rm(upload, { force: true });
  }
}

const packageTooLarge = () => {
  const mb = `${PACKAGE_LIMITS.maxCompressedBytes / (1024 * 1024)} MiB`;
  return {
    zh: `应用包不能超过 ${mb}（压缩后）`,
    en: `The package cannot be larger than ${mb} (compressed)`,
    es: `El paquete no puede superar ${mb} (comprimido)`,
    ja: `パッケージは圧縮後 ${mb} 以下にしてください`,
  };
};

/**
 * The example runs as a real compute task of the author's (their task list shows it, its page shows the log and
 * the plots), on whichever executor the platform uses. A run that cannot start (the queue full) fails the test
 * with the reason, and the author uploads again.
 */
async function startTestRun(app: App, user: AuthUser, lang: Lang, versionId: string): Promise<void> {
  const r = (await versionRow(app.db, versionId))!;
  const entry = entryOf(app.config.dataDir, r);
  putStoreApp(entry);
  try {
    const { taskId } = await app.tasks.create(user, lang, { appId: storeAppId(r.app_id, r.version), mode: "graphical", params: entry.app.example });
    await app.db.query(`update store_app_versions set test_task_id = $2 where id = $1`, [versionId, taskId]);
  } catch (e) {
    const why = e instanceof ApiError ? e.message_in(lang) : (e as Error).message;
    const person = await personOf(app.db, user);
    await app.db.transaction(async (tx) => {
      await tx.query(`update store_app_versions set state = 'test-failed', row_version = row_version + 1 where id = $1`, [versionId]);
      await addEvent(tx, versionId, "test-not-started", person, storeTexts.testNotStarted[lang] + why);
    });
  }
}

const listFilters = z.object({
  state: optional(z.enum(VERSION_STATES)),
  keyword: optional(z.string().trim().max(50)),
  /** all: every author's (app administrators); otherwise the caller's own. */
  scope: optional(z.enum(["mine", "all"])),
});

/**
 * MaterialAPP/XMaterialAPPUploadBase (GET): uploaded versions with their state, newest first: the caller's own,
 * or with scope=all every author's (app administrators: the review queue is state=submitted).
 */
export async function listVersions(db: Db, user: AuthUser, query: URLSearchParams, lang: Lang): Promise<Page<VersionView>> {
  const f = parse(listFilters, Object.fromEntries(query));
  const paging = parsePaging(query);
  await settleTestRuns(db);
  const w = new Where();
  if (f.scope === "all") {
    if (!isAppAdmin(user)) throw new ApiError(Status.forbidden, "forbidden");
  } else w.and(`a.owner_id = ${w.param(user.id)}`);
  if (f.state) w.and(`v.state = ${w.param(f.state)}`);
  if (f.keyword) {
    const k = w.param(`%${f.keyword.replace(/[\\%_]/g, "\\$&")}%`);
    w.and(`(v.app_id ilike ${k} escape '\\' or v.manifest->>'names' ilike ${k} escape '\\')`);
  }
  // The review queue reads oldest first (first come, first reviewed); the author's list newest first.
  const orderBy = f.state === "submitted" ? "v.submitted_at asc, v.id" : "v.uploaded_at desc, v.id";
  const { total, rows } = await pagedQuery<VersionRow>(db, { select: SELECT, from: FROM, where: w, orderBy }, paging);
  return { total, page: paging.page, size: paging.size, rows: rows.map((r) => viewOf(r, user, lang)) };
}

export interface VersionDetail extends VersionView {
  /** The experts' evaluations side by side (app administrators); an invited expert sees their own. */
  Evaluations: Evaluation[];
  Manifest: AppManifest;
  Files: Array<{ Path: string; Bytes: number }>;
  Events: Array<{ Action: string; Comment: string; ActorName: string; At: string }>;
}

/** MaterialAPP/GetAppVersion (`id`): one version with its manifest, files and history, for its author and app administrators. */
export async function getVersion(db: Db, user: AuthUser, query: URLSearchParams, lang: Lang): Promise<VersionDetail> {
  await settleTestRuns(db);
  const r = await visibleVersion(db, user, requireId(query.get("id"), "id"), false, true);
  const evaluations = await evaluationsOf(db, r.id);
  const [me] = isAppAdmin(user) ? [] : await db.query<{ expert_name: string }>(`select expert_name from store_app_experts where version_id = $1 and expert_id = $2`, [r.id, user.id]);
  const events = await db.query<{ action: string; comment: string; actor_name: string; at: Date }>(`select action, comment, actor_name, at from store_app_events where version_id = $1 order by id`, [
    r.id,
  ]);
  return {
    ...viewOf(r, user, lang),
    Evaluations: isAppAdmin(user) ? evaluations : me ? evaluations.filter((e) => e.ExpertName === me.expert_name) : [],
    Manifest: r.manifest,
    Files: r.files.map((x) => ({ Path: x.path, Bytes: x.bytes })),
    Events: events.map((e) => ({ Action: e.action, Comment: e.comment, ActorName: e.actor_name, At: iso(e.at)! })),
  };
}

/** The most of a package file the code view shows (a larger one is offered as the package download). */
export const CODE_VIEW_MAX_BYTES = 256 * 1024;

/** MaterialAPP/GetAppVersionFile (`id`, `path`): one file of a version's package as text, for its author and app administrators. */
export async function versionFile(app: App, user: AuthUser, query: URLSearchParams): Promise<{ Path: string; Text: string | null; Bytes: number }> {
  const r = await visibleVersion(app.db, user, requireId(query.get("id"), "id"), false, true);
  const wanted = query.get("path") ?? "";
  // Only a path the package listed when it was read: nothing else of the folder is reachable by name.
  const file = r.files.find((x) => x.path === wanted);
  if (!file) throw new ApiError(Status.notFound, storeTexts.notFound);
  if (file.bytes > CODE_VIEW_MAX_BYTES) return { Path: file.path, Text: null, Bytes: file.bytes };
  const full = path.join(versionDir(app.config.dataDir, r.app_id, r.version), r.package_root, file.path);
  const chunks: Buffer[] = [];
  await pipeline(createReadStream(full, { end: CODE_VIEW_MAX_BYTES }), async (src: AsyncIterable<Buffer>) => {
    for await (const c of src) chunks.push(c);
  });
  const buf = Buffer.concat(chunks);
  // A file with NUL bytes is binary: its size is shown, not its bytes.
  return { Path: file.path, Text: buf.includes(0) ? null : buf.toString("utf8"), Bytes: file.bytes };
}

const submitInput = z.object({ Id: z.string().uuid(), RowVersion: z.coerce.number().int() });

/** MaterialAPP/SubmitForReview (`Id`, `RowVersion`): the author hands a version whose test run succeeded to the reviewers. */
export async function submitForReview(db: Db, user: AuthUser, body: unknown, lang: Lang): Promise<VersionView> {
  const input = parse(submitInput, body);
  await settleTestRuns(db);
  const person = await personOf(db, user);
  await db.transaction(async (tx) => {
    const r = await visibleVersion(tx, user, input.Id, true);
    if (r.owner_id !== user.id) throw new ApiError(Status.notFound, storeTexts.notFound);
    if (r.row_version !== input.RowVersion) throw new ApiError(Status.conflict, storeTexts.stale);
    if (r.state !== "tested") throw new ApiError(Status.conflict, storeTexts.notTested);
    await tx.query(`update store_app_versions set state = 'submitted', submitted_at = now(), row_version = row_version + 1 where id = $1`, [r.id]);
    await addEvent(tx, r.id, "submit", person);
  });
  return viewOf((await versionRow(db, input.Id))!, user, lang);
}

const reviewInput = z.object({
  Id: z.string().uuid(),
  RowVersion: z.coerce.number().int(),
  Decision: z.enum(["publish", "return", "reject", "withdraw"]),
  Comment: z.string().trim().default(""),
});

/**
 * MaterialAPP/Review (`Id`, `RowVersion`, `Decision`, `Comment`; app administrators): publish, return with
 * comments or reject a submitted version; withdraw a published one. Returning and rejecting need a comment the
 * author reads. Logged in the operation log with the state before and after.
 */
export async function reviewVersion(app: App, user: AuthUser, actor: Actor, body: unknown, lang: Lang): Promise<VersionView> {
  const raw = body && typeof body === "object" ? (body as Record<string, unknown>) : {};
  if (!["publish", "return", "reject", "withdraw"].includes(String(raw.Decision)))
    throw new ApiError(Status.badRequest, storeTexts.decisionUnknown, { fields: [{ field: "Decision", message: storeTexts.decisionUnknown.zh }] });
  const input = parse(reviewInput, body);
  if ([...input.Comment].length > 2000) throw new ApiError(Status.badRequest, storeTexts.commentTooLong, { fields: [{ field: "Comment", message: storeTexts.commentTooLong.zh }] });
  if ((input.Decision === "return" || input.Decision === "reject") && !input.Comment)
    throw new ApiError(Status.badRequest, storeTexts.commentRequired, { fields: [{ field: "Comment", message: storeTexts.commentRequired.zh }] });
  await settleTestRuns(app.db);
  const person = await personOf(app.db, user);
  const next: Record<typeof input.Decision, VersionState> = { publish: "published", return: "returned", reject: "rejected", withdraw: "withdrawn" };
  const updated = await app.db.transaction(async (tx) => {
    const r = await visibleVersion(tx, user, input.Id, true);
    if (r.row_version !== input.RowVersion) throw new ApiError(Status.conflict, storeTexts.stale);
    if (input.Decision === "withdraw" ? r.state !== "published" : r.state !== "submitted")
      throw new ApiError(Status.conflict, input.Decision === "withdraw" ? storeTexts.notPublished : storeTexts.notSubmitted);
    const state = next[input.Decision];
    await tx.query(
      `update store_app_versions set state = $2, reviewed_by_name = $3, reviewed_at = now(), review_comment = $4, published_at = case when $2 = 'published' then now() else published_at end,
         row_version = row_version + 1 where id = $1`,
      [r.id, state, person.name, input.Comment],
    );
    await addEvent(tx, r.id, input.Decision, person, input.Comment);
    await logOperation(tx, actor, {
      action: `appVersion.${input.Decision}`,
      targetType: "appVersion",
      targetId: r.id,
      targetName: `${r.app_id} ${r.version}`,
      before: { state: r.state },
      after: { state, comment: input.Comment },
    });
    return (await versionRow(tx, r.id))!;
  });
  putStoreApp(entryOf(app.config.dataDir, updated));
  return viewOf(updated, user, lang);
}
