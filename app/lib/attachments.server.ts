import {
  unstable_composeUploadHandlers as composeUploadHandlers,
  unstable_createMemoryUploadHandler as createMemoryUploadHandler,
  unstable_parseMultipartFormData as parseMultipartFormData,
  type UploadHandler,
} from "@remix-run/node";
import { z } from "zod";
import { isAttachmentPath, type AttachmentValue } from "./attachments.ts";
import { env } from "./env.server.ts";
import { api, apiRaw, SESSION_INVALID, UpstreamError, type CallArgs } from "./upstream.server.ts";

/** Room for the multipart framing and the form's other fields around the files. */
export const FORM_OVERHEAD = 2 * 1024 * 1024;
/** At most this many files in one form post; more are dropped unread. */
export const MAX_FILES_PER_FORM = 10;

const uploaded = z.object({ AttachmentPath: z.string(), Name: z.string(), Size: z.number(), Type: z.string() });
const infoList = z.array(uploaded);
const toValue = (f: z.infer<typeof uploaded>): AttachmentValue => ({ path: f.AttachmentPath, name: f.Name, size: f.Size, type: f.Type });

/** Content-Length says the body is over what `files` files and the framing can be: refuse before reading. */
export function bodyClearlyTooLarge(request: Request, files = 1): boolean {
  const declared = Number(request.headers.get("content-length") ?? 0);
  return declared > files * env.ATTACHMENT_MAX_BYTES + FORM_OVERHEAD;
}

/**
 * A file part read into memory, at most one byte over the limit: enough for the API to say "too large"
 * in the user's language, never more memory than that.
 */
export function boundedFileHandler(limit: number, maxFiles: number): UploadHandler {
  let files = 0;
  return async ({ filename, contentType, data }) => {
    if (filename === undefined) return undefined;
    const chunks: Uint8Array[] = [];
    let size = 0;
    for await (const chunk of data) {
      if (size > limit) continue; // drain the rest unread
      chunks.push(chunk);
      size += chunk.length;
    }
    // An empty file input still posts a nameless, empty part.
    if (!filename && size === 0) return null;
    if (++files > maxFiles) return null;
    const bytes = Buffer.concat(chunks).subarray(0, limit + 1);
    return new File([new Uint8Array(bytes)], filename, { type: contentType });
  };
}

/**
 * The form data of a multipart post that may carry attachments: files bounded as above, other fields in
 * memory up to 2 MiB each (rich text included). Throws a 413 Response when Content-Length is clearly over.
 */
export async function readAttachmentForm(request: Request, maxFiles = MAX_FILES_PER_FORM): Promise<FormData> {
  if (bodyClearlyTooLarge(request, maxFiles)) throw new Response("Request body too large", { status: 413 });
  return parseMultipartFormData(
    request,
    composeUploadHandlers(boundedFileHandler(env.ATTACHMENT_MAX_BYTES, maxFiles), createMemoryUploadHandler({ maxPartSize: 2 * 1024 * 1024 })),
  );
}

/** The posted form: multipart when it may carry attachment files (bounded as above), plain otherwise. */
export function postedForm(request: Request): Promise<FormData> {
  const multipart = (request.headers.get("content-type") ?? "").startsWith("multipart/form-data");
  return multipart ? readAttachmentForm(request) : request.formData();
}

/**
 * A multipart form with one file of at most `limit` bytes (read to one byte over, so the API can say "too
 * large" with its limit) and small fields; null when the declared length is clearly over.
 */
export async function readOneFileForm(request: Request, limit: number): Promise<FormData | null> {
  if (Number(request.headers.get("content-length") ?? 0) > limit + FORM_OVERHEAD) return null;
  return parseMultipartFormData(request, composeUploadHandlers(boundedFileHandler(limit, 1), createMemoryUploadHandler({ maxPartSize: 64 * 1024 })));
}

/** Sends one file to Attachment/UploadFile; the API checks size, type and content and says why not. */
export async function uploadAttachment(args: CallArgs, token: string, file: File): Promise<AttachmentValue> {
  const body = new FormData();
  body.append("file", file, file.name);
  return toValue(await api(args, "Attachment/UploadFile", { method: "POST", multipart: body, token, schema: uploaded }));
}

export async function deleteAttachment(args: CallArgs, token: string, path: string): Promise<void> {
  await api(args, "Attachment/DeleteFile", { method: "POST", form: { path }, token });
}

/** Name, size and type of attachments by path (unknown ones left out), in the order given. */
export async function attachmentInfo(args: CallArgs, token: string, paths: string[]): Promise<AttachmentValue[]> {
  const wanted = paths.filter(isAttachmentPath);
  if (wanted.length === 0) return [];
  return (await api(args, "Attachment/GetFilesInfo", { query: { paths: wanted.join(",") }, token, schema: infoList })).map(toValue);
}

/** attachmentInfo for a form shown again after a refusal: an empty list rather than a failed page when the API cannot say. */
export const attachmentsShownAgain = (args: CallArgs, token: string, paths: string[]) => attachmentInfo(args, token, paths).catch((): AttachmentValue[] => []);

async function myFiles(args: CallArgs, token: string): Promise<Set<string>> {
  const rows = await api(args, "Attachment/GetMyFiles", { token, schema: infoList });
  return new Set(rows.map((r) => r.AttachmentPath));
}

const strings = (vs: FormDataEntryValue[]) => vs.filter((v): v is string => typeof v === "string");

/**
 * For page actions whose multipart form contains an <AttachmentsField name={field}>: the attachment paths
 * to save. Kept = the hidden `<field>` paths minus those ticked in `<field>Remove` (which are deleted when
 * the user owns them; someone else's file is only detached), plus the files of `<field>Upload`, uploaded
 * now. A refused upload becomes "name: reason" in `errors` and is left out; the rest still count.
 * A session the API no longer accepts is thrown (UpstreamError) for the page to handle like any other call.
 */
export async function collectAttachments(
  args: CallArgs,
  token: string,
  formData: FormData,
  field = "Attachments",
): Promise<{ paths: string[]; errors: string[] }> {
  const removed = new Set(strings(formData.getAll(`${field}Remove`)).filter(isAttachmentPath));
  const kept = [...new Set(strings(formData.getAll(field)).filter(isAttachmentPath))].filter((p) => !removed.has(p));
  const errors: string[] = [];

  if (removed.size > 0) {
    const own = await myFiles(args, token);
    for (const p of removed) {
      if (!own.has(p)) continue;
      try {
        await deleteAttachment(args, token, p);
      } catch (e) {
        if (e instanceof UpstreamError && e.sessionInvalid) throw e;
        // Already gone or refused: it is detached either way.
      }
    }
  }

  const paths = [...kept];
  for (const file of formData.getAll(`${field}Upload`)) {
    if (typeof file === "string" || (!file.name && file.size === 0)) continue;
    try {
      const up = await uploadAttachment(args, token, file);
      if (!paths.includes(up.path)) paths.push(up.path);
    } catch (e) {
      if (!(e instanceof UpstreamError)) throw e;
      if (e.sessionInvalid) throw e;
      errors.push(`${file.name}: ${e.msg || "Error"}`);
    }
  }
  return { paths, errors };
}

/** Headers of an API file answer worth passing to the browser. */
const PASSED_HEADERS = ["content-type", "content-length", "content-disposition", "x-content-type-options", "content-security-policy"];

/**
 * Streams a file the API answers (Attachment/Download, JHAppServer/DownLoad) with its headers, or null
 * when the API answered an envelope instead (not found, refused); `sessionInvalid` tells the two apart.
 */
export async function streamFromApi(
  args: CallArgs,
  path: string,
  query: Record<string, string>,
  token: string,
): Promise<{ response: Response } | { response: null; status: number; msg: string; sessionInvalid: boolean }> {
  const res = await apiRaw(args, path, { query, token });
  // File answers always carry a Content-Disposition; envelopes never do.
  if (res.ok && res.headers.get("content-disposition")) {
    const headers = new Headers({ "cache-control": "private, no-store" });
    for (const h of PASSED_HEADERS) {
      const v = res.headers.get(h);
      if (v) headers.set(h, v);
    }
    return { response: new Response(res.body, { status: 200, headers }) };
  }
  const env = (await res.json().catch(() => null)) as { status?: number; msg?: string } | null;
  const status = env?.status ?? res.status;
  return { response: null, status, msg: env?.msg ?? "", sessionInvalid: SESSION_INVALID.has(status) };
}
