import crypto from "node:crypto";
import fs from "node:fs";
import type { App } from "../../app.ts";
import { ApiError, Status } from "../../http/envelope.ts";
import { Raw, type Ctx, type Router } from "../../http/router.ts";
import { contentDisposition } from "../attachments/names.ts";
import { contentMatches, isPlainUtf8 } from "../attachments/sniff.ts";
import type { DocumentKind } from "./kinds.ts";
import { BUSY, DocumentEngine, pixelsOf, UNAVAILABLE, UNPROCESSABLE, type RenderDoc } from "./render.ts";
import { resolveDocument, type Doc, type SourceRef } from "./sources.ts";
import { documentTexts } from "./texts.ts";

/** At most this much of a text file is shown in the page; the rest is in the download. */
export const TEXT_MAX_BYTES = 256 * 1024;
/** How much of a file is read to tell what it really is (file-type needs the first few KiB, a zip's entries more). */
const SNIFF_MAX_BYTES = 4 * 1024 * 1024;

/** Document/GetDocument: what the page shows above and instead of the pages. */
export interface DocumentFacts {
  Source: SourceRef;
  Name: string;
  Ext: string;
  Kind: DocumentKind;
  Type: string;
  Size: number;
  ModifiedAt: string;
  /** Pages of a PDF or a converted Office file; null when it is not shown as pages (or cannot be here). */
  Pages: number | null;
  /** Each page's image size in pixels, [width, height], for the <img> attributes. */
  PageSizes: Array<[number, number]>;
  /** Changes when the content does: the page images' addresses carry it. */
  Version: string | null;
  /** A text file's beginning (up to TEXT_MAX_BYTES), whole characters only. */
  Text: string | null;
  TextTruncated: boolean;
  /** Why there is no preview although the kind has one (too large, no tools on this server). */
  Note: string | null;
}

async function readHead(file: string, max: number): Promise<Buffer> {
  const fh = await fs.promises.open(file, "r");
  try {
    const buf = Buffer.alloc(max);
    const { bytesRead } = await fh.read(buf, 0, max, 0);
    return buf.subarray(0, bytesRead);
  } finally {
    await fh.close();
  }
}

/** Cuts a UTF-8 character split at the end of a buffer read from the middle of a file. */
export function wholeCharacters(buf: Buffer): Buffer {
  let i = buf.length - 1;
  // Back over continuation bytes (10xxxxxx) to the start of the last character, at most 3.
  while (i >= 0 && buf.length - i <= 4 && (buf[i]! & 0xc0) === 0x80) i--;
  if (i < 0) return buf;
  const lead = buf[i]!;
  const need = lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : lead >= 0xc0 ? 2 : 1;
  return buf.length - i < need ? buf.subarray(0, i) : buf;
}


/**
 * Refuses a file whose bytes are not what its extension says (the upload's own check, sniff.ts), with the
 * reason in the caller's language. A task file whose extension claims nothing is text only when it reads as
 * UTF-8; else it is offered for download.
 */
async function checked(doc: Doc): Promise<Doc> {
  if (doc.claim) {
    const head = await readHead(doc.file, Math.min(doc.size, doc.claim.text ? TEXT_MAX_BYTES : SNIFF_MAX_BYTES));
    if (!(await contentMatches(doc.claim.text ? wholeCharacters(head) : head, doc.claim))) throw new ApiError(UNPROCESSABLE, documentTexts.mismatch);
    return doc;
  }
  if (doc.kind === "text" && !isPlainUtf8(wholeCharacters(await readHead(doc.file, Math.min(doc.size, TEXT_MAX_BYTES))))) return { ...doc, kind: "other" };
  return doc;
}

export function register(router: Router, app: App): void {
  const engine = new DocumentEngine(app.config);
  const dpi = app.config.DOCUMENT_DPI;

  /**
   * The cache key of a document's pages: its content hash; for an Office file also its extension, since the same
   * bytes could be named .doc or .xls and LibreOffice reads them by the name.
   */
  const renderDoc = async (doc: Doc): Promise<RenderDoc> => {
    const content = await engine.cache.contentHash(doc.file, doc.stat);
    const office = doc.kind === "office";
    const hash = office ? crypto.createHash("sha256").update(`${content}.${doc.ext}`).digest("hex") : content;
    return { file: doc.file, ext: doc.ext, hash, office };
  };

  const pageNumber = (ctx: Ctx, pages?: number): number => {
    const raw = ctx.query.get("page") ?? "1";
    const n = /^\d{1,6}$/.test(raw) ? Number(raw) : 0;
    if (n < 1 || (pages !== undefined && n > pages)) throw new ApiError(Status.notFound, documentTexts.badPage);
    return n;
  };

  router.get(
    "Document/GetDocument",
    async (ctx): Promise<DocumentFacts> => {
      const doc = await checked(await resolveDocument(app, ctx, engine.cache));
      const facts: DocumentFacts = {
        Source: doc.ref,
        Name: doc.name,
        Ext: doc.ext,
        Kind: doc.kind,
        Type: doc.mime,
        Size: doc.size,
        ModifiedAt: doc.stat.mtime.toISOString(),
        Pages: null,
        PageSizes: [],
        Version: null,
        Text: null,
        TextTruncated: false,
        Note: null,
      };
      if (doc.kind === "pdf" || doc.kind === "office") {
        if (doc.size > app.config.DOCUMENT_MAX_BYTES) return { ...facts, Note: documentTexts.tooLarge[ctx.lang] };
        const r = await renderDoc(doc);
        try {
          const info = await engine.info(r);
          const first = Math.min(info.pages, Math.max(1, Math.floor(Number(ctx.query.get("from"))) || 1));
          // The first image of the view the page is about to show: started now, it is often ready when asked for.
          void engine.page(r, first, info).catch(() => undefined);
          void engine.cache.touch(r.hash);
          return { ...facts, Pages: info.pages, PageSizes: info.sizes.map((s) => pixelsOf(s, dpi)), Version: r.hash.slice(0, 16) };
        } catch (e) {
          // No tools here, or every conversion slot taken: the facts and the download still show, with why not more.
          if (e instanceof ApiError && e.status === UNAVAILABLE) return { ...facts, Note: documentTexts.noTools[ctx.lang] };
          if (e instanceof ApiError && e.status === BUSY) return { ...facts, Note: documentTexts.busy[ctx.lang] };
          throw e;
        }
      }
      if (doc.kind === "text") {
        const head = wholeCharacters(await readHead(doc.file, Math.min(doc.size, TEXT_MAX_BYTES)));
        return { ...facts, Text: head.toString("utf8").replace(/^\uFEFF/, ""), TextTruncated: doc.size > head.length };
      }
      return facts;
    },
    { auth: "user" },
  );

  // One page as a PNG. Access is checked on every image, like the document itself, and the browser keeps no
  // copy (no-store: a shared kiosk's next user finds nothing on disk); a cached page costs the server ~5 ms.
  router.get(
    "Document/GetPage",
    async (ctx) => {
      const found = await resolveDocument(app, ctx, engine.cache);
      if (found.kind !== "pdf" && found.kind !== "office") throw new ApiError(Status.notFound, documentTexts.badPage);
      const requested = pageNumber(ctx);
      // Too large to draw: refused before its bytes are even hashed (no page of it is ever cached).
      if (found.size > app.config.DOCUMENT_MAX_BYTES) throw new ApiError(UNPROCESSABLE, documentTexts.tooLarge);
      const r = await renderDoc(found);
      let file = engine.pagePath(r.hash, requested);
      const cached = await fs.promises.stat(file).catch(() => null);
      // A page in the cache was drawn from these very bytes after they passed the check below.
      if (!cached) {
        await checked(found);
        const info = await engine.info(r);
        file = await engine.page(r, pageNumber(ctx, info.pages), info);
      }
      const size = cached?.size ?? (await fs.promises.stat(file)).size;
      return new Raw(fs.createReadStream(file), {
        "content-type": "image/png",
        "content-length": String(size),
        "content-disposition": contentDisposition(`page-${requested}.png`, true),
        etag: `"${r.hash.slice(0, 16)}-${requested}-${dpi}"`,
        "cache-control": "private, no-store",
        "content-security-policy": "sandbox",
      });
    },
    { auth: "user" },
  );

  // The file itself, checked like the rest. Images may be asked for inline (the page shows them); anything else
  // is always an attachment, sandboxed, so a file opened directly runs nothing.
  router.get(
    "Document/Download",
    async (ctx) => {
      const doc = await resolveDocument(app, ctx, engine.cache);
      let inline = false;
      if (ctx.query.get("inline") === "1" && doc.kind === "image") inline = (await checked(doc)).kind === "image";
      return new Raw(fs.createReadStream(doc.file), {
        "content-type": doc.mime,
        "content-length": String(doc.size),
        "content-disposition": contentDisposition(doc.name, inline),
        "cache-control": "private, no-store",
        "content-security-policy": "sandbox",
      });
    },
    { auth: "user" },
  );
}
