/**
 * Document viewer benchmarks (/DocumentView, docs/documents.md), on PGlite and, when a server answers, PostgreSQL:
 *  1. first view of a 50-page PDF never seen before: the page (/DocumentView, which asks Document/GetDocument:
 *     pdfinfo, and starts drawing page 1), then its first page image through the web; time to the first image's
 *     last byte, over `--docs` different PDFs (each a cache miss);
 *  2. the same for a 3-page Word file (one LibreOffice conversion first);
 *  3. a cached page image, p50/p95 over `--runs` requests at one connection: through the web (what the browser
 *     gets: the session, the API's access check, the bytes) and straight from the API.
 * The platform runs as `npm start` does (production build: run `npm run build` first).
 * Usage: npm run bench:documents [-- --runs 300 --docs 5 --pages 50]
 */
import { performance } from "node:perf_hooks";
import { makeDocx, makePdf } from "../tests/integration/document-files.ts";
import { percentile } from "./load.ts";
import { killAll, onBothBackends, sessionCookie, startPlatform } from "./platform.ts";

const arg = (name: string, def: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : def;
};
const RUNS = arg("runs", 300);
const DOCS = arg("docs", 5);
const PAGES = arg("pages", 50);
const fmt = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : "–");

interface Result {
  backend: string;
  pdfFirst: { page: number[]; image: number[]; total: number[]; bytes: number };
  docxFirst: { page: number; image: number; total: number };
  cached: Array<{ name: string; p50: number; p95: number }>;
}

async function measure(backend: string, databaseUrl?: string): Promise<Result> {
  const platform = await startPlatform(process.cwd(), databaseUrl);
  try {
    const { cookie, token } = await sessionCookie(platform);
    const upload = async (name: string, data: Buffer): Promise<string> => {
      const form = new FormData();
      form.append("file", new Blob([new Uint8Array(data)]), name);
      const r = await (await fetch(`${platform.api}/api/Attachment/UploadFile`, { method: "POST", headers: { xteam: "xteam", AuthorizationToken: token }, body: form })).json();
      if (r.status !== 200) throw new Error(`upload: ${r.msg}`);
      return r.returnData.AttachmentPath;
    };
    const web = (url: string, headers: Record<string, string> = {}) => fetch(platform.base + url, { headers: { cookie, ...headers }, redirect: "manual" });

    /** Opens the viewer, then its first page image as the browser would (the src from the page's HTML). */
    const firstView = async (id: string) => {
      const t0 = performance.now();
      const res = await web(`/DocumentView?src=attachment&id=${id}`);
      const html = await res.text();
      if (res.status !== 200) throw new Error(`page ${res.status}`);
      const t1 = performance.now();
      const src = /<img[^>]+src="(\/DocumentView\/page\?[^"]+)"/.exec(html)?.[1]?.replace(/&amp;/g, "&");
      if (!src) throw new Error("no page image in the page");
      const img = await web(src);
      const bytes = (await img.arrayBuffer()).byteLength;
      if (img.status !== 200) throw new Error(`image ${img.status}`);
      const t2 = performance.now();
      return { page: t1 - t0, image: t2 - t1, total: t2 - t0, bytes, src };
    };

    const pdfFirst: Result["pdfFirst"] = { page: [], image: [], total: [], bytes: 0 };
    let src = "";
    for (let d = 0; d < DOCS; d++) {
      // Different bytes each time, so each is a first view (no cached info or pages).
      const pdf = makePdf(Array.from({ length: PAGES }, (_, i) => `Bench ${backend} document ${d} page ${i + 1} of ${PAGES}`));
      const r = await firstView(await upload(`bench-${d}.pdf`, pdf));
      pdfFirst.page.push(r.page);
      pdfFirst.image.push(r.image);
      pdfFirst.total.push(r.total);
      pdfFirst.bytes = r.bytes;
      src = r.src;
    }
    const docx = await firstView(await upload("bench.docx", makeDocx(["Bench plan", "Second page", "Third page"])));

    const timed = async (name: string, f: () => Promise<unknown>) => {
      for (let i = 0; i < 20; i++) await f();
      const ms: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const t0 = performance.now();
        await f();
        ms.push(performance.now() - t0);
      }
      ms.sort((a, b) => a - b);
      return { name, p50: percentile(ms, 50), p95: percentile(ms, 95) };
    };
    const q = new URL(src, platform.base).searchParams;
    const apiUrl = `${platform.api}/api/Document/GetPage?src=attachment&id=${q.get("id")}&page=${q.get("n")}`;
    const cached = [
      await timed("cached page image, through the web", async () => {
        const r = await web(src);
        await r.arrayBuffer();
        if (r.status !== 200) throw new Error(`image ${r.status}`);
      }),
      await timed("cached page image, the API alone", async () => {
        const r = await fetch(apiUrl, { headers: { xteam: "xteam", AuthorizationToken: token } });
        await r.arrayBuffer();
        if (r.status !== 200) throw new Error(`image ${r.status}`);
      }),
    ];
    return { backend, pdfFirst, docxFirst: { page: docx.page, image: docx.image, total: docx.total }, cached };
  } finally {
    await platform.stop();
  }
}

const median = (xs: number[]) => percentile([...xs].sort((a, b) => a - b), 50);

async function main() {
  const results = await onBothBackends(measure);
  console.log(`\n## First view (${DOCS} different ${PAGES}-page PDFs, each never seen before; ms, median and worst)\n`);
  console.log("| backend | page HTML | first page image | time to first image | image size |");
  console.log("|---|---:|---:|---:|---:|");
  for (const r of results) {
    const worst = (xs: number[]) => Math.max(...xs);
    console.log(
      `| ${r.backend} | ${fmt(median(r.pdfFirst.page))} (${fmt(worst(r.pdfFirst.page))}) | ${fmt(median(r.pdfFirst.image))} (${fmt(worst(r.pdfFirst.image))}) | ${fmt(median(r.pdfFirst.total))} (${fmt(worst(r.pdfFirst.total))}) | ${(r.pdfFirst.bytes / 1024).toFixed(0)} KiB |`,
    );
  }
  console.log("\n## First view of a 3-page Word file (conversion included; ms)\n");
  console.log("| backend | page HTML | first page image | time to first image |");
  console.log("|---|---:|---:|---:|");
  for (const r of results) console.log(`| ${r.backend} | ${fmt(r.docxFirst.page)} | ${fmt(r.docxFirst.image)} | ${fmt(r.docxFirst.total)} |`);
  console.log(`\n## A cached page image (${RUNS} requests, one connection; ms; target p50/p95 under 20)\n`);
  console.log("| backend | what | p50 | p95 |");
  console.log("|---|---|---:|---:|");
  for (const r of results) for (const c of r.cached) console.log(`| ${r.backend} | ${c.name} | ${fmt(c.p50)} | ${fmt(c.p95)} |`);
}

main()
  .catch((e) => {
    console.error(e);
    process.exitCode = 1;
  })
  .finally(killAll);
