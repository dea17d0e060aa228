import { Writable } from "node:stream";

/**
 * React 18.3's renderToPipeableStream writes its whole 2048-byte buffer when a multi-byte character does
 * not fit at the end, so the unfilled bytes go out as NUL (react/react#31134). With Chinese text that
 * lands anywhere in a page: in a <textarea> the browser turns it into U+FFFD, and a form posted back
 * without JavaScript saves the damage. The real bytes all follow in the next buffer, so dropping every
 * NUL restores the exact output (valid HTML never carries a raw NUL).
 */
export function stripNul(chunk: Buffer<ArrayBuffer>): Buffer<ArrayBuffer> {
  if (chunk.indexOf(0) === -1) return chunk;
  const out = Buffer.allocUnsafe(chunk.length);
  let n = 0;
  for (let i = 0; i < chunk.length; i++) if (chunk[i] !== 0) out[n++] = chunk[i];
  return out.subarray(0, n);
}

/**
 * A writable for React's `pipe()` that gathers the whole page and gives it, without the NULs, as one buffer; or
 * the error should React destroy it before the end.
 */
export function wholePage(): { sink: Writable; html: Promise<Buffer<ArrayBuffer>> } {
  const chunks: Buffer[] = [];
  let resolve!: (page: Buffer<ArrayBuffer>) => void;
  let reject!: (error: unknown) => void;
  const html = new Promise<Buffer<ArrayBuffer>>((ok, fail) => ((resolve = ok), (reject = fail)));
  const sink = new Writable({
    write(chunk: Buffer, _enc, next) {
      chunks.push(chunk);
      next();
    },
    final(next) {
      resolve(stripNul(Buffer.concat(chunks)));
      next();
    },
  });
  sink.on("error", reject);
  return { sink, html };
}
