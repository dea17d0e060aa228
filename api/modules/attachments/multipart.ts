import busboy from "busboy";
import type { Ctx } from "../../http/router.ts";

export interface UploadedPart {
  /** The file name as the client sent it (UTF-8), not yet sanitised. */
  filename: string;
  data: Buffer;
  /** The file went past `maxBytes`; `data` holds only the start. */
  truncated: boolean;
}

/**
 * The multipart part named `field` from the (already size-limited) body, or null when there is none.
 * The boundary comes from the raw header: the context's content type is lowercased, and boundaries are
 * case-sensitive.
 */
export function readFilePart(ctx: Ctx, field: string, maxBytes: number): Promise<UploadedPart | null> {
  const contentType = String(ctx.req.headers["content-type"] ?? "");
  if (!/^multipart\/form-data/i.test(contentType)) return Promise.resolve(null);
  return new Promise((resolve) => {
    let found: UploadedPart | null = null;
    let bb: busboy.Busboy;
    try {
      // Browsers send UTF-8 names; busboy's default for them is latin1.
      bb = busboy({ headers: { "content-type": contentType }, defParamCharset: "utf8", limits: { fileSize: maxBytes, files: 5, fields: 20 } });
    } catch {
      return resolve(null);
    }
    bb.on("file", (name, stream, info) => {
      if (name !== field || found) {
        stream.resume();
        return;
      }
      const chunks: Buffer[] = [];
      const part: UploadedPart = { filename: info.filename ?? "", data: Buffer.alloc(0), truncated: false };
      found = part;
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("limit", () => (part.truncated = true));
      stream.on("end", () => (part.data = Buffer.concat(chunks)));
      // A part cut short fails its own stream as well as the parser: unheard, that error took the API down.
      stream.on("error", () => {});
    });
    bb.on("close", () => resolve(found));
    // A malformed body is treated as "no file": the caller's message says what to send.
    bb.on("error", () => resolve(null));
    bb.end(ctx.rawBody);
  });
}
