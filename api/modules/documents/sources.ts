import fs from "node:fs";
import path from "node:path";
import type { App } from "../../app.ts";
import { resolveInside } from "../../compute/tasks/workdir.ts";
import type { Db } from "../../db/index.ts";
import { ApiError, Status } from "../../http/envelope.ts";
import type { AuthUser, Ctx } from "../../http/router.ts";
import { extensionOf } from "../attachments/kinds.ts";
import { STORED_NAME } from "../attachments/names.ts";
import { filePath, findAttachment } from "../attachments/store.ts";
import { NOT_OUTSIDE_USER } from "../../../common/roles.ts";
import { PUBLISHED } from "../notices/published.ts";
import { callerOf } from "../projects/access.ts";
import { loadProject } from "../projects/projects.ts";
import { readerOf, readerSees } from "../detection/access.ts";
import { readableReport, reportBytes } from "../detection/reports.ts";
import { readableInstrumentFile } from "../instrumentData/files.ts";
import { reachableTask } from "../tasks/routes.ts";
import type { DocumentCache } from "./cache.ts";
import { kindOf, type KindOf } from "./kinds.ts";
import { documentTexts } from "./texts.ts";

/**
 * Where a document comes from, as the calls and the page's address name it:
 * `src=attachment&id=<stored name>` (an upload: a notice's or a feedback's attachment, an image in their rich
 * text or a project's description), `src=task&task=<task id>&path=<file in its work dir>`, or
 * `src=report&id=<report id>` (a test report's PDF as issued, which the database holds).
 */
export type SourceRef = { src: "attachment"; id: string } | { src: "task"; task: string; path: string } | { src: "report"; id: string } | { src: "instrument"; id: string };

/** A document the caller may read, and the facts every call needs. */
export interface Doc extends KindOf {
  ref: SourceRef;
  file: string;
  name: string;
  ext: string;
  size: number;
  stat: fs.Stats;
}

/** The source named by a call's query; a missing or malformed one is a 400 (it names nothing). */
export function sourceOf(query: URLSearchParams): SourceRef {
  const src = query.get("src");
  if (src === "attachment") {
    const id = (query.get("id") ?? "").trim();
    if (STORED_NAME.test(id)) return { src, id };
  } else if (src === "task") {
    const task = (query.get("task") ?? "").trim().toLowerCase();
    const p = query.get("path") ?? "";
    if (UUID.test(task) && p && p.length <= 1000) return { src, task, path: p };
  } else if (src === "report" || src === "instrument") {
    const id = (query.get("id") ?? "").trim().toLowerCase();
    if (UUID.test(id)) return { src, id };
  }
  throw new ApiError(Status.badRequest, documentTexts.badSource);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const notFound = () => new ApiError(Status.notFound, documentTexts.notFound);

/**
 * Who may read an upload: its owner; a SystemAdmin (who manages notices and feedback and may attach any file);
 * anyone signed in when a published notice carries it or shows it; the author of a feedback that carries it or
 * shows it (the reply's images included); the readers of a project that holds it among its documents or shows
 * it in its description; everyone who sees the data resources (all but OutsideUser) when a data resource holds
 * it. The same rules that decide who sees those records (notices/published.ts, feedback/read.ts,
 * projects/access.ts, the dataResources module's readers).
 */
export async function mayReadAttachment(db: Db, user: AuthUser, a: { stored_name: string; owner_id: string | null }): Promise<boolean> {
  if (a.owner_id === user.id || user.roles.includes("SystemAdmin")) return true;
  const shown = (column: string) => `strpos(${column}, '/attachment/' || $1) > 0`;
  const [r] = await db.query<{ ok: boolean }>(
    `select exists (select 1 from notice_attachments na join attachments a on a.id = na.attachment_id join notices n on n.id = na.notice_id
                     where a.stored_name = $1 and ${PUBLISHED})
         or exists (select 1 from notices n where ${PUBLISHED} and ${shown("n.content")})
         or exists (select 1 from feedback_attachments fa join attachments a on a.id = fa.attachment_id join feedback f on f.id = fa.feedback_id
                     where a.stored_name = $1 and f.user_id = $2)
         or exists (select 1 from feedback f where f.user_id = $2 and (${shown("f.content")} or ${shown("coalesce(f.reply, '')")}))
         or ($3 and exists (select 1 from data_resource_files rf join attachments a on a.id = rf.attachment_id where a.stored_name = $1)) as ok`,
    [a.stored_name, user.id, user.roles.some((r) => (NOT_OUTSIDE_USER as readonly string[]).includes(r))],
  );
  if (r?.ok) return true;
  // A sample's photo: the readers of its order (detection/access.ts).
  const photos = await db.query<{ client_enterprise_id: string | null }>(
    `select s.client_enterprise_id from detection_sample_photos ph join attachments a on a.id = ph.attachment_id join detection_samples s on s.id = ph.sample_id where a.stored_name = $1`,
    [a.stored_name],
  );
  if (photos.length) {
    const reader = await readerOf(db, user).catch(() => null);
    if (reader && photos.some((p) => readerSees(reader, p))) return true;
  }
  // The projects holding it (their documents, by the attachment's index) or showing it in their description.
  const projects = await db.query<{ id: string }>(
    `select pf.project_id as id from project_files pf join attachments a on a.id = pf.attachment_id where a.stored_name = $1
     union
     select p.id from projects p where ${shown("p.description")}`,
    [a.stored_name],
  );
  if (!projects.length) return false;
  const caller = await callerOf(db, user);
  for (const p of projects) if ((await loadProject(db, caller, p.id))?.access.read) return true;
  return false;
}

/**
 * The document a call names, when the caller may read it; anything else (no such record, someone else's, a path
 * outside the task's folder, a file gone from the disk) is the same 404, so an address reveals nothing.
 */
export async function resolveDocument(app: App, ctx: Ctx, cache: DocumentCache): Promise<Doc> {
  const ref = sourceOf(ctx.query);
  let file: string;
  let name: string;
  if (ref.src === "report") {
    // Read by the order's readers (detection/reports.ts); an SG user's 403 is the same 404 as a missing one.
    const report = await readableReport(app.db, ctx.user!, ref.id).catch((e) => {
      throw e instanceof ApiError && (e.status === Status.notFound || e.status === Status.forbidden) ? notFound() : e;
    });
    file = await cache.fileOf(report.sha256, "pdf", () => reportBytes(app.db, report.id));
    name = `${report.code}.pdf`;
  } else if (ref.src === "instrument") {
    // FileTransferAdmin, or the readers of the sample's order (instrumentData/files.ts).
    const found = await readableInstrumentFile(app, ctx.user!, ref.id);
    if (!found) throw notFound();
    file = found.file;
    name = found.name;
  } else if (ref.src === "attachment") {
    const row = await findAttachment(app, ref.id);
    if (!row || !(await mayReadAttachment(app.db, ctx.user!, row))) throw notFound();
    file = filePath(app, row.stored_name);
    name = row.original_name;
  } else {
    let inside: string | null;
    try {
      const task = await reachableTask(app, ctx, ref.task);
      inside = await resolveInside(app.tasks.dirOf(task.id), ref.path);
    } catch (e) {
      if (e instanceof ApiError && e.status === Status.notFound) throw notFound();
      throw e;
    }
    if (!inside) throw notFound();
    file = inside;
    name = path.basename(inside);
  }
  const stat = await fs.promises.stat(file).catch(() => null);
  if (!stat?.isFile()) throw notFound();
  // An upload's type is its stored name's extension (the one its content was checked against); a task file's its own.
  const ext = extensionOf(ref.src === "attachment" ? ref.id : name);
  return { ref, file, name, ext, size: stat.size, stat, ...kindOf(ext) };
}
