import fs from "node:fs";
import type { App } from "../../app.ts";
import { ApiError, Status } from "../../http/envelope.ts";
import { Raw, type Ctx, type Router } from "../../http/router.ts";
import { clientDownload } from "./client.ts";
import { currentClientFile } from "../appStore/client-releases.ts";
import { extensionOf, FILE_KINDS } from "./kinds.ts";
import { readFilePart } from "./multipart.ts";
import { contentDisposition, newStoredName, sanitiseName, STORED_NAME } from "./names.ts";
import { contentMatches } from "./sniff.ts";
import { deleteAttachment, filePath, findAttachment, findMany, listOwnFiles, saveAttachment, toOut } from "./store.ts";
import { attachmentTexts, tooLargeText, typeNotAllowedText } from "./texts.ts";

// Room for the multipart framing around the file itself (boundaries, part headers, a few small fields).
const MULTIPART_OVERHEAD = 64 * 1024;

/** The `path` of a call: query for GET, body (form or JSON) or query for POST. */
function pathParam(ctx: Ctx): string {
  const v = ctx.body.path ?? ctx.query.get("path");
  return typeof v === "string" ? v.trim() : "";
}

async function upload(app: App, ctx: Ctx) {
  const { ATTACHMENT_MAX_BYTES: limit, ATTACHMENT_TYPES: types } = app.config;
  const part = await readFilePart(ctx, "file", limit);
  if (!part || !part.filename) throw new ApiError(Status.badRequest, attachmentTexts.noFile);
  if (part.truncated) throw new ApiError(Status.tooLarge, tooLargeText(limit));
  const name = sanitiseName(part.filename);
  const ext = extensionOf(name);
  if (!types.includes(ext)) throw new ApiError(Status.badRequest, typeNotAllowedText(types));
  if (part.data.length === 0) throw new ApiError(Status.badRequest, attachmentTexts.emptyFile);
  const kind = FILE_KINDS[ext]!;
  if (!(await contentMatches(part.data, kind))) throw new ApiError(Status.badRequest, attachmentTexts.mismatch);
  const row = await saveAttachment(app, { storedName: newStoredName(ext), name, mime: kind.mime, data: part.data, ownerId: ctx.user!.id });
  const { AttachmentPath, Name, Size, Type } = toOut(row);
  return { AttachmentPath, Name, Size, Type };
}

async function remove(app: App, ctx: Ctx) {
  const row = await findAttachment(app, pathParam(ctx));
  if (!row) throw new ApiError(Status.notFound, attachmentTexts.notFound);
  const user = ctx.user!;
  if (row.owner_id !== user.id && !user.roles.includes("SystemAdmin")) throw new ApiError(Status.forbidden, attachmentTexts.notOwner);
  if (!(await deleteAttachment(app, row.stored_name))) throw new ApiError(Status.conflict, attachmentTexts.inUse);
  return true;
}

async function download(app: App, ctx: Ctx) {
  const row = await findAttachment(app, pathParam(ctx));
  if (!row) throw new ApiError(Status.notFound, attachmentTexts.notFound);
  const file = filePath(app, row.stored_name);
  const stat = await fs.promises.stat(file).catch(() => null);
  if (!stat?.isFile()) throw new ApiError(Status.notFound, attachmentTexts.notFound);
  const inline = !!FILE_KINDS[extensionOf(row.stored_name)]?.inline;
  return new Raw(fs.createReadStream(file), {
    "content-type": row.mime,
    "content-length": String(stat.size),
    "content-disposition": contentDisposition(row.original_name, inline),
    "x-content-type-options": "nosniff",
    // Opened directly, even a file that fooled the sniffing runs no script and reaches no origin.
    "content-security-policy": "sandbox",
    "cache-control": "private, no-store",
  });
}

export function register(router: Router, app: App): void {
  const limit = app.config.ATTACHMENT_MAX_BYTES;
  router.post("Attachment/UploadFile", (ctx) => upload(app, ctx), {
    auth: "user",
    maxBody: limit + MULTIPART_OVERHEAD,
    tooLarge: tooLargeText(limit),
  });
  // The spec deletes with GET and query parameters; POST does the same for forms.
  router.get("Attachment/DeleteFile", (ctx) => remove(app, ctx), { auth: "user" });
  router.post("Attachment/DeleteFile", (ctx) => remove(app, ctx), { auth: "user" });
  router.get("Attachment/Download", (ctx) => download(app, ctx), { auth: "user" });
  router.get("Attachment/GetMyFiles", async (ctx) => (await listOwnFiles(app, ctx.user!.id)).map(toOut), { auth: "user" });
  // Name, size and type of attachments a page already holds the paths of (e.g. after a form round trip).
  router.get(
    "Attachment/GetFilesInfo",
    async (ctx) => {
      const wanted = (ctx.query.get("paths") ?? "").split(",").map((s) => s.trim()).filter((s) => STORED_NAME.test(s)).slice(0, 100);
      const rows = new Map((await findMany(app, wanted)).map((r) => [r.stored_name, toOut(r)]));
      return wanted.flatMap((p) => rows.get(p) ?? []);
    },
    { auth: "user" },
  );
  router.get(
    "attachment/GetWXServiceImg",
    async () => app.config.WX_SERVICE_IMG_URL ?? new URL("/site-qr/wxservice", app.config.WEB_PUBLIC_URL).href,
    { auth: "none" },
  );
  const client = clientDownload(app.config);
  router.get(
    "JHAppServer/DownLoad",
    async (ctx) => {
      if (ctx.query.get("filetype") !== "jhAppClientFile") throw new ApiError(Status.notFound, attachmentTexts.noClient);
      // The newest published "88 new client" release for the asker's platform (/steelApp/deskAppInfo), else
      // the deployment's package or the built-in client.
      return (await currentClientFile(app, ctx.query.get("platform"))) ?? client();
    },
    { auth: "user" },
  );
}
