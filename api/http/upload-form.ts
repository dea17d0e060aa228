import busboy from "busboy";
import type { Ctx } from "./router.ts";

export interface UploadForm {
  /** The `file` part, or null when the form has none. */
  file: { filename: string; data: Buffer; truncated: boolean } | null;
  /** The small text fields (name, citation), UTF-8. */
  fields: Record<string, string>;
}

/**
 * The upload form of a multipart body (already size-limited by the route): its `file` part, at most
 * `maxBytes` of it, and its text fields. The boundary comes from the raw header (boundaries are case-sensitive).
 */
export function readUploadForm(ctx: Ctx, maxBytes: number): Promise<UploadForm> {
  const contentType = String(ctx.req.headers["content-type"] ?? "");
  const form: UploadForm = { file: null, fields: {} };
  return new Promise((resolve) => {
    let bb: busboy.Busboy;
    try {
      bb = busboy({ headers: { "content-type": contentType }, defParamCharset: "utf8", limits: { fileSize: maxBytes, files: 2, fields: 10, fieldSize: 8 * 1024 } });
    } catch {
      return resolve(form);
    }
    bb.on("file", (name, stream, info) => {
      if (name !== "file" || form.file) return stream.resume();
      const chunks: Buffer[] = [];
      const file = { filename: info.filename ?? "", data: Buffer.alloc(0), truncated: false };
      form.file = file;
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("limit", () => (file.truncated = true));
      stream.on("end", () => (file.data = Buffer.concat(chunks)));
      // A part cut short fails its own stream as well as the parser: unheard, that error took the API down.
      stream.on("error", () => {});
    });
    bb.on("field", (name, value) => {
      if (!(name in form.fields)) form.fields[name] = value;
    });
    bb.on("close", () => resolve(form));
    // A malformed body reads as "no file": the caller's message says what to send.
    bb.on("error", () => resolve(form));
    bb.end(ctx.rawBody);
  });
}
