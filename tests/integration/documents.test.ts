import { execFile } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { expect, it } from "vitest";
import { multipart, SAMPLES } from "./attachment-files.ts";
import { makeDocx, makePdf } from "./document-files.ts";
import { describeEachBackend, type TestApi } from "./harness.ts";
import { sessionFor } from "./session-helpers.ts";

/**
 * Document/GetDocument, Document/GetPage and Document/Download (docs/documents.md): who may read what (the owner
 * and the readers of the record that holds it 200, anyone else 404, on the document and on every page image),
 * PDFs and Word files as page images, refusals of damaged and mismatched files that change nothing, and the time
 * limit of a conversion. Needs Debian's poppler-utils and LibreOffice (the test command installs them).
 */

const run = promisify(execFile);
const PNG = Buffer.from("89504e470d0a1a0a", "hex");
const NOT_FOUND_ZH = "文档不存在";
const DAMAGED = { zh: "PDF 文件已损坏，无法显示", en: "The PDF file is damaged and cannot be shown" };
const MISMATCH = { zh: "文件内容与扩展名不符，无法打开", en: "The file's content does not match its name's extension, so it cannot be opened" };

type Query = Record<string, string>;
const att = (id: string): Query => ({ src: "attachment", id });
const taskFile = (task: string, p: string): Query => ({ src: "task", task, path: p });

/** A call whose answer may be a file: the HTTP status, the headers and the raw bytes (or the envelope). */
async function fetchRaw(t: TestApi, call: string, query: Query, token?: string, lang = "zh") {
  const url = new URL(`${t.base}/api/${call}`);
  for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
  const headers: Record<string, string> = { xteam: "xteam", "accept-language": lang };
  if (token) headers.AuthorizationToken = token;
  const res = await fetch(url, { headers });
  const body = Buffer.from(await res.arrayBuffer());
  const json = res.headers.get("content-type")?.startsWith("application/json") ? JSON.parse(body.toString("utf8")) : null;
  return { http: res.status, headers: res.headers, body, status: json?.status ?? 200, msg: (json?.msg as string) ?? "" };
}

const facts = (t: TestApi, q: Query, token: string, lang = "zh") =>
  t.call("Document/GetDocument", { query: q, token, headers: { "accept-language": lang } });
const page = (t: TestApi, q: Query, n: number, token: string, lang = "zh") => fetchRaw(t, "Document/GetPage", { ...q, page: String(n) }, token, lang);

async function upload(t: TestApi, token: string, name: string, data: Buffer): Promise<string> {
  const m = await multipart({ name, data });
  const r = await t.call("Attachment/UploadFile", { method: "POST", token, body: m.body, headers: { "content-type": m.contentType } });
  expect(r.status, r.msg).toBe(200);
  return r.returnData.AttachmentPath;
}

/** An attachment as an upload would store it, but with bytes the upload's check would have refused. */
async function storeUnchecked(t: TestApi, ownerId: string, name: string, mime: string, data: Buffer): Promise<string> {
  const stored = `${crypto.randomBytes(16).toString("hex")}.${name.split(".").pop()}`;
  fs.mkdirSync(path.join(t.dataDir, "attachments"), { recursive: true });
  fs.writeFileSync(path.join(t.dataDir, "attachments", stored), data);
  await t.api.app.db.query(`insert into attachments(stored_name, original_name, mime, size, owner_id) values ($1, $2, $3, $4, $5)`, [
    stored,
    name,
    mime,
    data.length,
    ownerId,
  ]);
  return stored;
}

/** A finished task of `userId` whose work dir holds these files. */
async function finishedTask(t: TestApi, userId: string, files: Record<string, Buffer>): Promise<string> {
  const [{ id }] = await t.api.app.db.query<{ id: string }>(
    `insert into compute_tasks(user_id, app_id, app_version, category, mode, params, input_files, input_hash, resources, status)
     values ($1, 'carburizing', '1', 'Spread', 'graphical', '{}', '{}', 'x', '{}', 'succeeded') returning id`,
    [userId],
  );
  const dir = t.api.app.tasks.dirOf(id);
  for (const [name, data] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), data);
  }
  return id;
}

const cacheFiles = (t: TestApi) => {
  const root = path.join(t.dataDir, "documents");
  return fs.existsSync(root) ? (fs.readdirSync(root, { recursive: true }) as string[]).filter((f) => fs.statSync(path.join(root, f)).isFile()).sort() : [];
};
const attachmentState = async (t: TestApi) => ({
  rows: await t.api.app.db.query(`select stored_name, original_name, size, owner_id from attachments order by stored_name`),
  files: fs.existsSync(path.join(t.dataDir, "attachments")) ? fs.readdirSync(path.join(t.dataDir, "attachments")).sort() : [],
});

const pdf3 = makePdf(["Page one", "Page two", "Page three"]);

describeEachBackend("documents", (t) => {
  it("a PDF attachment: its owner and a SystemAdmin read it page by page; anyone else gets 404 on the document and on every page", async () => {
    const guest = await sessionFor(t(), "guest");
    const outside = await sessionFor(t(), "outside");
    const admin = await sessionFor(t(), "admin");
    const id = await upload(t(), guest.token, "试验报告.pdf", pdf3);

    const r = await facts(t(), att(id), guest.token);
    expect(r.status, r.msg).toBe(200);
    expect(r.returnData).toMatchObject({ Name: "试验报告.pdf", Ext: "pdf", Kind: "pdf", Type: "application/pdf", Size: pdf3.length, Pages: 3, Text: null, Note: null });
    // A4 at the default 110 dpi, as pdftoppm draws it.
    expect(r.returnData.PageSizes).toEqual([
      [910, 1287],
      [910, 1287],
      [910, 1287],
    ]);
    expect(r.returnData.Version).toMatch(/^[a-f0-9]{16}$/);

    for (const n of [1, 2, 3]) {
      const p = await page(t(), att(id), n, guest.token);
      expect(p.http).toBe(200);
      expect(p.body.subarray(0, 8).equals(PNG), `page ${n}`).toBe(true);
      expect(p.headers.get("content-type")).toBe("image/png");
      expect(p.headers.get("cache-control")).toBe("private, no-store");
      expect(p.headers.get("etag")).toBe(`"${r.returnData.Version}-${n}-110"`);
      expect(p.body.readUInt32BE(16)).toBe(910); // the PNG's width, as GetDocument announced
    }
    expect((await facts(t(), att(id), admin.token)).status).toBe(200);
    expect((await page(t(), att(id), 2, admin.token)).http).toBe(200);

    // Someone else: the same 404 for the document, each page (cached or not) and the file itself.
    const other = await facts(t(), att(id), outside.token);
    expect([other.status, other.msg, other.returnData]).toEqual([404, NOT_FOUND_ZH, null]);
    for (const n of [1, 2, 3, 4]) {
      const p = await page(t(), att(id), n, outside.token);
      expect([p.status, p.msg], `page ${n}`).toEqual([404, NOT_FOUND_ZH]);
      expect(p.headers.get("content-type")).toContain("application/json");
    }
    expect((await fetchRaw(t(), "Document/Download", att(id), outside.token)).status).toBe(404);
    // No session at all: the platform's "not logged in".
    expect((await page(t(), att(id), 1, "")).status).toBe(205);

    // Pages that do not exist.
    for (const n of ["0", "4", "-1", "x", "9999999"]) {
      const p = await fetchRaw(t(), "Document/GetPage", { ...att(id), page: n }, guest.token);
      expect(p.status, n).toBe(404);
    }
  });

  it("readers of the record that holds an upload may read it: a published notice's readers, a feedback's author", async () => {
    const admin = await sessionFor(t(), "admin");
    const guest = await sessionFor(t(), "guest");
    const outside = await sessionFor(t(), "outside");
    const noticed = await upload(t(), admin.token, "通知附件.pdf", pdf3);
    expect((await facts(t(), att(noticed), guest.token)).status).toBe(404);
    const saved = await t().call("SysMessage/SaveSystemNotice", { token: admin.token, json: { Title: "带文档的通知", Content: "<p>见附件</p>", Attachments: [noticed], Publish: true } });
    expect(saved.status, saved.msg).toBe(200);
    for (const s of [guest, outside]) {
      expect((await facts(t(), att(noticed), s.token)).status).toBe(200);
      expect((await page(t(), att(noticed), 3, s.token)).http).toBe(200);
    }
    // Withdrawn: readers lose it again.
    const withdrawn = await t().call("SysMessage/WithdrawSystemNotice", { token: admin.token, form: { Id: saved.returnData.Id } });
    expect(withdrawn.status, withdrawn.msg).toBe(200);
    expect((await facts(t(), att(noticed), guest.token)).status).toBe(404);
    expect((await page(t(), att(noticed), 1, guest.token)).status).toBe(404);

    const shot = await upload(t(), guest.token, "截图.png", SAMPLES.png!);
    const fb = await t().call("Feedback/AddFeedback", { token: guest.token, json: { Title: "附件反馈", BizType: 0, Type: 1, Attachments: [shot] } });
    expect(fb.status, fb.msg).toBe(200);
    const img = await facts(t(), att(shot), guest.token);
    expect(img.returnData).toMatchObject({ Kind: "image", Pages: null, Type: "image/png" });
    const inline = await fetchRaw(t(), "Document/Download", { ...att(shot), inline: "1" }, guest.token);
    expect(inline.headers.get("content-disposition")).toMatch(/^inline;/);
    expect(inline.body.equals(SAMPLES.png!)).toBe(true);
    expect((await facts(t(), att(shot), admin.token)).status).toBe(200);
    expect((await facts(t(), att(shot), outside.token)).status).toBe(404);
    // Only images are ever inline.
    const pdfInline = await fetchRaw(t(), "Document/Download", { ...att(noticed), inline: "1" }, admin.token);
    expect(pdfInline.headers.get("content-disposition")).toMatch(/^attachment;/);
    expect(pdfInline.headers.get("content-security-policy")).toBe("sandbox");
  });

  it("a project's documents are read by its people, a data resource's files by everyone who sees the data resources", async () => {
    const leader = await sessionFor(t(), "uploader");
    const member = await sessionFor(t(), "equip");
    const stranger = await sessionFor(t(), "transfer");
    const guest = await sessionFor(t(), "guest");
    const admin = await sessionFor(t(), "admin");
    const plan = await upload(t(), leader.token, "任务书.pdf", pdf3);
    const project = await t().call("Project/SaveProject", {
      token: leader.token,
      json: { Code: `DOCV-${crypto.randomBytes(3).toString("hex")}`, Name: "文档查看项目", StartDate: "2026-01-01", EndDate: "2026-12-31", Attachments: [plan] },
    });
    expect(project.status, project.msg).toBe(200);
    expect((await facts(t(), att(plan), member.token)).status).toBe(404);
    const added = await t().call("Project/AddProjectMember", { token: leader.token, form: { ProjectId: project.returnData.Id, User: "equip", Role: "member" } });
    expect(added.status, added.msg).toBe(200);
    expect((await facts(t(), att(plan), member.token)).status).toBe(200);
    expect((await page(t(), att(plan), 2, member.token)).http).toBe(200);
    expect((await facts(t(), att(plan), stranger.token)).status).toBe(404);
    expect((await page(t(), att(plan), 1, stranger.token)).status).toBe(404);

    const dataset = await upload(t(), admin.token, "数据说明.pdf", pdf3);
    const resource = await t().call("DataResource/SaveDataResource", { token: admin.token, json: { Name: `文档数据集 ${crypto.randomBytes(3).toString("hex")}`, Kind: "dataset", Url: "", Attachments: [dataset] } });
    expect(resource.status, resource.msg).toBe(200);
    expect((await facts(t(), att(dataset), stranger.token)).status).toBe(200);
    // OutsideUser does not see the data resources (spec section 6), nor their files.
    expect((await facts(t(), att(dataset), guest.token)).status).toBe(404);
  });

  it("a task's files: its owner and the task administrators read them; others and paths outside the work dir are 404", async () => {
    const uploader = await sessionFor(t(), "uploader");
    const guest = await sessionFor(t(), "guest");
    const inside = await sessionFor(t(), "inside");
    const task = await finishedTask(t(), uploader.userId, {
      "report.pdf": pdf3,
      "out/notes.log": Buffer.from("step 1 <b>done</b>\n钢 ok\n"),
      "table.bin": Buffer.from([0, 1, 2, 3, 0xff]),
    });
    fs.writeFileSync(path.join(t().dataDir, "secret.txt"), "not for you");

    const own = await facts(t(), taskFile(task, "report.pdf"), uploader.token);
    expect(own.returnData).toMatchObject({ Name: "report.pdf", Kind: "pdf", Pages: 3, Source: { src: "task", task, path: "report.pdf" } });
    expect((await page(t(), taskFile(task, "report.pdf"), 1, uploader.token)).http).toBe(200);
    expect((await facts(t(), taskFile(task, "report.pdf"), inside.token)).status).toBe(200);
    const other = await facts(t(), taskFile(task, "report.pdf"), guest.token);
    expect([other.status, other.msg]).toEqual([404, NOT_FOUND_ZH]);
    for (const n of [1, 2, 3]) expect((await page(t(), taskFile(task, "report.pdf"), n, guest.token)).status).toBe(404);
    expect((await fetchRaw(t(), "Document/Download", taskFile(task, "report.pdf"), guest.token)).status).toBe(404);

    const log = await facts(t(), taskFile(task, "out/notes.log"), uploader.token);
    expect(log.returnData).toMatchObject({ Kind: "text", Text: "step 1 <b>done</b>\n钢 ok\n", TextTruncated: false });
    expect((await facts(t(), taskFile(task, "table.bin"), uploader.token)).returnData).toMatchObject({ Kind: "other", Text: null });

    for (const bad of ["../secret.txt", "../../secret.txt", "/etc/passwd", "out/../../secret.txt", "C:\\x", "nope.pdf", ""]) {
      const r = await facts(t(), taskFile(task, bad), uploader.token);
      expect(r.status, bad).toBe(bad === "" ? 400 : 404);
    }
    expect((await facts(t(), { src: "task", task: "not-a-task", path: "report.pdf" }, uploader.token)).status).toBe(400);
    expect((await facts(t(), { src: "elsewhere", id: "x" }, uploader.token)).status).toBe(400);
  });

  it("a file replaced under the same name shows its new pages, never the cached old ones", async () => {
    const uploader = await sessionFor(t(), "uploader");
    const task = await finishedTask(t(), uploader.userId, { "r.pdf": pdf3 });
    const before = (await facts(t(), taskFile(task, "r.pdf"), uploader.token)).returnData;
    const oldPage = (await page(t(), taskFile(task, "r.pdf"), 1, uploader.token)).body;
    fs.writeFileSync(path.join(t().api.app.tasks.dirOf(task), "r.pdf"), makePdf(["New 1", "New 2", "New 3", "New 4", "New 5"], [842, 595]));
    const after = (await facts(t(), taskFile(task, "r.pdf"), uploader.token)).returnData;
    expect(after.Pages).toBe(5);
    expect(after.Version).not.toBe(before.Version);
    expect(after.PageSizes[0]).toEqual([1287, 910]);
    const newPage = await page(t(), taskFile(task, "r.pdf"), 1, uploader.token);
    expect(newPage.body.equals(oldPage)).toBe(false);
    expect(newPage.body.readUInt32BE(16)).toBe(1287);
  });

  it("refuses a damaged PDF and a file that is not what its extension says, in the caller's language, changing nothing", async () => {
    const guest = await sessionFor(t(), "guest");
    // Passes the upload's check (it starts like a PDF) but has no pages poppler can find.
    const damaged = await upload(t(), guest.token, "坏的.pdf", Buffer.from("%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n"));
    const truncated = await upload(t(), guest.token, "截断.pdf", pdf3.subarray(0, 300));
    const posing = await storeUnchecked(t(), guest.userId, "图片.pdf", "application/pdf", SAMPLES.png!);
    const fakeDocx = await storeUnchecked(t(), guest.userId, "说明.docx", "application/vnd.openxmlformats-officedocument.wordprocessingml.document", Buffer.from("just text, no zip"));
    const binaryTxt = await storeUnchecked(t(), guest.userId, "data.txt", "text/plain; charset=utf-8", Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0xff, 0xfe]));
    const task = await finishedTask(t(), guest.userId, { "report.docx": Buffer.from("<html><body>not word</body></html>") });

    const state = await attachmentState(t());
    const cached = cacheFiles(t());
    for (const [q, want] of [
      [att(damaged), DAMAGED],
      [att(truncated), DAMAGED],
      [att(posing), MISMATCH],
      [att(fakeDocx), MISMATCH],
      [att(binaryTxt), MISMATCH],
      [taskFile(task, "report.docx"), MISMATCH],
    ] as const) {
      for (const lang of ["zh", "en"] as const) {
        const r = await facts(t(), q, guest.token, lang);
        expect([r.http, r.status, r.msg], JSON.stringify(q)).toEqual([200, 422, want[lang]]);
        // A text file has no page images at all; the others are refused the same way page by page.
        const p = await page(t(), q, 1, guest.token, lang);
        if (q.id === binaryTxt) expect(p.status).toBe(404);
        else expect([p.status, p.msg]).toEqual([422, want[lang]]);
      }
    }
    expect(await attachmentState(t())).toEqual(state);
    expect(cacheFiles(t())).toEqual(cached);
    // The API is still there and still draws a good document.
    const good = await upload(t(), guest.token, "好的.pdf", pdf3);
    expect((await facts(t(), att(good), guest.token)).returnData.Pages).toBe(3);
  });

  it("a Word file is converted once with LibreOffice, cached, and read page by page", async () => {
    const guest = await sessionFor(t(), "guest");
    const id = await upload(t(), guest.token, "方案.docx", makeDocx(["Plan: first page", "Second page", "Third page"]));
    const r = await facts(t(), att(id), guest.token);
    expect(r.status, r.msg).toBe(200);
    expect(r.returnData).toMatchObject({ Kind: "office", Pages: 3, Name: "方案.docx" });
    const converted = cacheFiles(t()).filter((f) => f.endsWith("document.pdf"));
    expect(converted).toHaveLength(1);
    const made = fs.statSync(path.join(t().dataDir, "documents", converted[0]!)).mtimeMs;
    const pages = await Promise.all([1, 2, 3].map((n) => page(t(), att(id), n, guest.token)));
    for (const p of pages) expect(p.body.subarray(0, 8).equals(PNG)).toBe(true);
    // Viewed again: the conversion is not made again, and nothing is left of LibreOffice's scratch folders.
    expect((await facts(t(), att(id), guest.token)).returnData.Pages).toBe(3);
    expect(fs.statSync(path.join(t().dataDir, "documents", converted[0]!)).mtimeMs).toBe(made);
    expect(fs.readdirSync(path.join(t().dataDir, "documents", "tmp"))).toEqual([]);
    const outside = await sessionFor(t(), "outside");
    expect((await facts(t(), att(id), outside.token)).status).toBe(404);
    for (const n of [1, 2, 3]) expect((await page(t(), att(id), n, outside.token)).status).toBe(404);
  });

  it("text files are answered as text, the first 256 KiB in whole characters", async () => {
    const guest = await sessionFor(t(), "guest");
    const small = await upload(t(), guest.token, "记录.txt", SAMPLES.txt!);
    expect((await facts(t(), att(small), guest.token)).returnData).toMatchObject({ Kind: "text", Text: "钢材试验记录\nline 2\n", TextTruncated: false });
    const big = await upload(t(), guest.token, "大.csv", Buffer.from("钢".repeat(100_000)));
    const r = (await facts(t(), att(big), guest.token)).returnData;
    expect(r.TextTruncated).toBe(true);
    expect(r.Text).toBe("钢".repeat(Math.floor((256 * 1024) / 3)));
  });

  it("twenty page images asked for at once are all drawn (within the concurrency limit)", async () => {
    const guest = await sessionFor(t(), "guest");
    const id = await upload(t(), guest.token, "twenty.pdf", makePdf(Array.from({ length: 20 }, (_, i) => `Page ${i + 1}`)));
    expect((await facts(t(), att(id), guest.token)).returnData.Pages).toBe(20);
    const all = await Promise.all(Array.from({ length: 20 }, (_, i) => page(t(), att(id), i + 1, guest.token)));
    expect(all.map((p) => p.http)).toEqual(Array(20).fill(200));
    expect(new Set(all.map((p) => crypto.createHash("sha1").update(p.body).digest("hex"))).size).toBe(20);
  });
});

describeEachBackend(
  "documents: conversion time limit",
  (t) => {
    it("a conversion over its time limit is stopped, refused with a clear message, and leaves no process or file behind", async () => {
      const guest = await sessionFor(t(), "guest");
      const id = await upload(t(), guest.token, "慢.docx", makeDocx(["slow"]));
      const started = Date.now();
      const r = await facts(t(), att(id), guest.token);
      expect([r.status, r.msg]).toEqual([422, "文档转换超时，请稍后重试或下载后查看"]);
      expect(Date.now() - started).toBeLessThan(10_000);
      const en = await facts(t(), att(id), guest.token, "en");
      expect([en.status, en.msg]).toEqual([422, "Converting the document took too long; try again later or download it"]);
      // No converter of this data dir is still running, and its scratch folder is gone.
      const ps = await run("ps", ["-eo", "args"]);
      expect(ps.stdout.split("\n").filter((l) => l.includes(t().dataDir))).toEqual([]);
      expect(fs.readdirSync(path.join(t().dataDir, "documents", "tmp"))).toEqual([]);
      expect(cacheFiles(t()).filter((f) => f.endsWith(".pdf"))).toEqual([]);
      // The API keeps answering, and PDFs (no conversion) still show.
      const pdf = await upload(t(), guest.token, "快.pdf", pdf3);
      expect((await facts(t(), att(pdf), guest.token)).returnData.Pages).toBe(3);
    });
  },
  { DOCUMENT_CONVERT_TIMEOUT_MS: "200" },
);
