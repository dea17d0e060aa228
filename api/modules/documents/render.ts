import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { Config } from "../../config.ts";
import { ApiError } from "../../http/envelope.ts";
import type { Texts } from "../../http/messages.ts";
import { DocumentCache } from "./cache.ts";
import { documentTexts } from "./texts.ts";
import { Limiter, networkIsolation, Once, runTool, ToolError } from "./tools.ts";

/** The envelope status of a document the tools cannot show (damaged, mismatched, not convertible). */
export const UNPROCESSABLE = 422;
/** The envelope status when this server has no pdftoppm or LibreOffice. */
export const UNAVAILABLE = 503;
/** The envelope status when the conversions are all taken and enough wait already: try again later. */
export const BUSY = 429;

/** A page's size in PDF points (1/72 inch), its rotation already applied. */
export type PageSize = [number, number];

export interface PdfInfo {
  pages: number;
  sizes: PageSize[];
}

/** What the renderer needs of a document. */
export interface RenderDoc {
  file: string;
  ext: string;
  /** SHA-256 of its bytes: the cache key. */
  hash: string;
  office: boolean;
}

/** No page image is drawn larger than this on its long side, whatever the page's size (a poster, a plan). */
export const MAX_SIDE_PX = 2400;
/** Conversions waiting beyond the running ones before a new one is turned away as busy (a pile of slow files). */
const MAX_QUEUED_CONVERSIONS = 4;

/** How long a failed conversion is remembered, so a file that hangs LibreOffice does not take its slot on every view. */
const FAILURE_MEMORY_MS = { timeout: 10 * 60_000, failed: 60 * 60_000 };

export function dpiFor(size: PageSize, dpi: number): number {
  const longest = Math.max(size[0], size[1], 1);
  return Math.max(10, Math.min(dpi, Math.floor((MAX_SIDE_PX * 72) / longest)));
}

/** The pixel size pdftoppm gives a page at `dpi` (it rounds up). */
export function pixelsOf(size: PageSize, dpi: number): [number, number] {
  const d = dpiFor(size, dpi);
  return [Math.ceil((size[0] * d) / 72), Math.ceil((size[1] * d) / 72)];
}

/** `pdfinfo -f 1 -l <many>` output → page count and sizes. Zero pages or no sizes: not a usable PDF. */
export function parsePdfInfo(out: string): PdfInfo | null {
  const pages = Number(/^Pages:\s+(\d+)/m.exec(out)?.[1] ?? NaN);
  if (!Number.isInteger(pages) || pages < 1) return null;
  const sizes: PageSize[] = [];
  const rot = new Map<number, number>();
  for (const m of out.matchAll(/^Page\s+(\d+)\s+rot:\s+(-?\d+)/gm)) rot.set(Number(m[1]), Number(m[2]));
  for (const m of out.matchAll(/^Page\s+(\d+)\s+size:\s+([\d.]+)\s+x\s+([\d.]+)\s+pts/gm)) {
    const n = Number(m[1]);
    const [w, h] = [Number(m[2]), Number(m[3])];
    if (!(w > 0 && h > 0)) return null;
    sizes[n - 1] = (Math.abs(rot.get(n) ?? 0) / 90) % 2 === 1 ? [h, w] : [w, h];
  }
  if (sizes.length !== pages || sizes.some((s) => !s)) return null;
  return { pages, sizes };
}

/**
 * Turns documents into page images with Debian's poppler (pdfinfo, pdftoppm) and, for Office files, LibreOffice
 * headless, each run without a shell, within its time limit and the concurrency limits, and caches everything by
 * content (cache.ts).
 */
export class DocumentEngine {
  readonly cache: DocumentCache;
  private renders: Limiter;
  private conversions: Limiter;
  private pageOnce = new Once<string>();
  private infoOnce = new Once<PdfInfo>();
  private convertOnce = new Once<string>();
  private failures = new Map<string, { text: Texts; until: number }>();

  constructor(private config: Config) {
    this.cache = new DocumentCache(config.dataDir, config.DOCUMENT_CACHE_DAYS);
    this.renders = new Limiter(config.DOCUMENT_RENDERS);
    this.conversions = new Limiter(config.DOCUMENT_CONVERSIONS);
  }

  /** Where a rendered page lives in the cache (it may not exist yet). */
  pagePath(hash: string, n: number): string {
    return path.join(this.cache.dirOf(hash), `page-${n}-${this.config.DOCUMENT_DPI}.png`);
  }

  /** Page count and sizes, from the cache or pdfinfo (an Office file is converted first). */
  info(doc: RenderDoc): Promise<PdfInfo> {
    const file = path.join(this.cache.dirOf(doc.hash), "info.json");
    return this.infoOnce.run(doc.hash, async () => {
      const known = await this.cache.readJson<PdfInfo>(file);
      if (known?.pages) return known;
      const pdf = await this.pdfOf(doc);
      const info = await this.readInfo(pdf, documentTexts.damaged);
      await this.cache.writeJson(file, info);
      return info;
    });
  }

  /** The image of page n (1-based) as a file in the cache, drawn now if it is not there yet. */
  async page(doc: RenderDoc, n: number, info: PdfInfo): Promise<string> {
    const target = this.pagePath(doc.hash, n);
    if (await exists(target)) return target;
    return this.pageOnce.run(`${doc.hash}:${n}`, () =>
      this.renders.run(async () => {
        if (await exists(target)) return target;
        const pdf = await this.pdfOf(doc);
        const prefix = `${target}.${crypto.randomBytes(6).toString("hex")}.tmp`;
        const dpi = dpiFor(info.sizes[n - 1]!, this.config.DOCUMENT_DPI);
        try {
          await runTool("pdftoppm", ["-r", String(dpi), "-f", String(n), "-l", String(n), "-png", "-singlefile", pdf, prefix], {
            timeoutMs: this.config.DOCUMENT_RENDER_TIMEOUT_MS,
          });
          await this.cache.place(`${prefix}.png`, target);
          return target;
        } catch (e) {
          await fs.promises.rm(`${prefix}.png`, { force: true });
          throw toApiError(e, { timeout: documentTexts.renderTimeout, failed: documentTexts.renderFailed });
        }
      }),
    );
  }

  /** The PDF to draw pages from: the file itself, or its conversion (made once, then cached). */
  private async pdfOf(doc: RenderDoc): Promise<string> {
    if (!doc.office) return doc.file;
    const target = path.join(this.cache.dirOf(doc.hash), "document.pdf");
    if (await exists(target)) return target;
    const failed = this.failures.get(doc.hash);
    if (failed && failed.until > Date.now()) throw new ApiError(UNPROCESSABLE, failed.text);
    return this.convertOnce.run(doc.hash, async () => {
      // Everyone's conversions share a few slots: a pile of slow files answers "busy" rather than queueing for minutes.
      if (this.conversions.queued >= MAX_QUEUED_CONVERSIONS) throw new ApiError(BUSY, documentTexts.busy);
      return this.conversions.run(async () => {
        if (await exists(target)) return target;
        try {
          await this.convert(doc, target);
          this.failures.delete(doc.hash);
          return target;
        } catch (e) {
          const err = toApiError(e, { timeout: documentTexts.convertTimeout, failed: documentTexts.convertFailed });
          if (e instanceof ToolError && e.reason !== "missing") {
            if (this.failures.size > 1000) this.failures.clear();
            this.failures.set(doc.hash, { text: err.text as Texts, until: Date.now() + FAILURE_MEMORY_MS[e.reason === "timeout" ? "timeout" : "failed"] });
          }
          throw err;
        }
      });
    });
  }

  /**
   * soffice --convert-to pdf in a scratch folder: a copy of the file under a plain name, a LibreOffice profile of
   * its own (so conversions never share or lock one, and nothing lands in a home folder), killed at the time limit.
   */
  private async convert(doc: RenderDoc, target: string): Promise<void> {
    const work = await this.cache.scratch();
    try {
      const input = path.join(work, `document.${doc.ext}`);
      const out = path.join(work, "out");
      await fs.promises.copyFile(doc.file, input);
      const isolated = await networkIsolation();
      await runTool(
        isolated ? "unshare" : "soffice",
        [
          ...(isolated ? ["-rn", "soffice"] : []),
          "--headless",
          "--norestore",
          "--nolockcheck",
          "--nodefault",
          `-env:UserInstallation=${pathToFileURL(path.join(work, "profile")).href}`,
          "--convert-to",
          "pdf",
          "--outdir",
          out,
          input,
        ],
        {
          timeoutMs: this.config.DOCUMENT_CONVERT_TIMEOUT_MS,
          cwd: work,
          env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: work, TMPDIR: work, LANG: "C.UTF-8", SAL_USE_VCLPLUGIN: "svp" },
        },
      );
      const produced = path.join(out, "document.pdf");
      // LibreOffice answers 0 also when it could not read the file; only a PDF that opens counts (a failure
      // either way, remembered like the others so the file is not converted again on every view).
      if (!(await exists(produced))) throw new ToolError("failed", "soffice wrote no PDF");
      await this.readInfo(produced, documentTexts.convertFailed).catch(() => {
        throw new ToolError("failed", "soffice wrote a PDF that does not open");
      });
      await this.cache.place(produced, target);
    } finally {
      await fs.promises.rm(work, { recursive: true, force: true });
    }
  }

  private async readInfo(pdf: string, damaged: Texts): Promise<PdfInfo> {
    let out: string;
    try {
      out = await runTool("pdfinfo", ["-f", "1", "-l", "1000000", pdf], { timeoutMs: this.config.DOCUMENT_RENDER_TIMEOUT_MS, maxOutput: 8 * 1024 * 1024 });
    } catch (e) {
      if (e instanceof ToolError && e.reason === "failed" && /password/i.test(e.detail)) throw new ApiError(UNPROCESSABLE, documentTexts.encrypted);
      throw toApiError(e, { timeout: damaged, failed: damaged });
    }
    const info = parsePdfInfo(out);
    if (!info) throw new ApiError(UNPROCESSABLE, damaged);
    return info;
  }
}

function toApiError(e: unknown, texts: { timeout: Texts; failed: Texts }): ApiError {
  if (e instanceof ApiError) return e;
  if (e instanceof ToolError) {
    if (e.reason === "missing") return new ApiError(UNAVAILABLE, documentTexts.noTools);
    // A damaged file is the file's fault and says so to its reader; a tool out of time may be the server's.
    if (e.reason === "timeout") console.warn(`documents: ${e.message}`);
    return new ApiError(UNPROCESSABLE, e.reason === "timeout" ? texts.timeout : texts.failed);
  }
  throw e;
}

async function exists(file: string): Promise<boolean> {
  return fs.promises.access(file).then(
    () => true,
    () => false,
  );
}
