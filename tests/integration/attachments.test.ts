import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../api/config.ts";
import { BUILTIN_CLIENT } from "../../api/modules/attachments/client.ts";
import { sweepUnusedAttachments } from "../../api/modules/attachments/sweep.ts";
import { EXE, multipart, SAMPLES } from "./attachment-files.ts";
import { describeEachBackend, type TestApi } from "./harness.ts";
import { sessionFor } from "./session-helpers.ts";

const run = promisify(execFile);
const STORED = /^[a-f0-9]{32}\.[a-z0-9]{1,5}$/;
const TYPES_ZH = "不支持该文件类型，只能上传：jpg, jpeg, png, gif, bmp, webp, pdf, doc, docx, xls, xlsx, ppt, pptx, zip, txt, csv";
const MISMATCH_ZH = "文件内容与扩展名不符";

async function upload(t: TestApi, token: string | undefined, file: { name: string; data: Buffer } | null, headers: Record<string, string> = {}) {
  const m = await multipart(file);
  return t.call("Attachment/UploadFile", { method: "POST", token, body: m.body, headers: { "content-type": m.contentType, ...headers } });
}

async function download(t: TestApi, token: string | undefined, p: string) {
  const url = new URL(`${t.base}/api/Attachment/Download`);
  url.searchParams.set("path", p);
  const headers: Record<string, string> = { xteam: "xteam", "accept-language": "zh" };
  if (token) headers.AuthorizationToken = token;
  return fetch(url, { headers });
}

const stored = (t: TestApi, p: string) => path.join(t.dataDir, "attachments", p);
const rowCount = async (t: TestApi) => Number((await t.api.app.db.query<{ n: number }>(`select count(*)::int as n from attachments`))[0]!.n);

describeEachBackend("attachments", (t) => {
  it("uploads every allowed kind, stores it under a random name and answers it back byte for byte", async () => {
    const s = await sessionFor(t(), "guest");
    for (const [ext, data] of Object.entries(SAMPLES)) {
      const r = await upload(t(), s.token, { name: `样品-${ext}.${ext.toUpperCase()}`, data });
      expect(r.status, `${ext}: ${r.msg}`).toBe(200);
      const { AttachmentPath, Name, Size, Type } = r.returnData;
      expect(AttachmentPath).toMatch(STORED);
      expect(AttachmentPath.endsWith(`.${ext}`)).toBe(true);
      expect(Name).toBe(`样品-${ext}.${ext.toUpperCase()}`);
      expect(Size).toBe(data.length);
      expect(fs.readFileSync(stored(t(), AttachmentPath)).equals(data)).toBe(true);

      const res = await download(t(), s.token, AttachmentPath);
      expect(res.status).toBe(200);
      expect(Buffer.from(await res.arrayBuffer()).equals(data)).toBe(true);
      expect(res.headers.get("content-type")).toBe(Type);
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("content-security-policy")).toBe("sandbox");
      const disposition = res.headers.get("content-disposition")!;
      const image = ["png", "jpg", "jpeg", "gif", "bmp", "webp"].includes(ext);
      expect(disposition.startsWith(image ? "inline;" : "attachment;"), disposition).toBe(true);
      expect(disposition).toContain(`filename*=UTF-8''${encodeURIComponent(Name)}`);
    }
    const mine = await t().call("Attachment/GetMyFiles", { token: s.token });
    expect(mine.returnData).toHaveLength(Object.keys(SAMPLES).length);
    // Another user sees only their own.
    const other = await sessionFor(t(), "outside");
    expect((await t().call("Attachment/GetMyFiles", { token: other.token })).returnData).toEqual([]);
  });

  it("keeps only the file name: no directories, no control or direction characters, capped in length", async () => {
    const s = await sessionFor(t(), "outside");
    const cases: Array<[string, string]> = [
      ["../../etc/passwd.txt", "passwd.txt"],
      ["C:\\Users\\me\\报告.txt", "报告.txt"],
      ["bad\u202ena\u200fme.txt", "badname.txt"],
      [`${"长".repeat(300)}.txt`, `${"长".repeat(116)}.txt`],
    ];
    for (const [raw, want] of cases) {
      const r = await upload(t(), s.token, { name: raw, data: SAMPLES.txt! });
      expect(r.status, `${raw} ${r.msg}`).toBe(200);
      expect(r.returnData.Name).toBe(want);
    }
  });

  it("refuses a missing file, an empty one, a disallowed type and content that does not match the name, storing nothing", async () => {
    const s = await sessionFor(t(), "outside");
    const before = await rowCount(t());
    const files = () => fs.readdirSync(path.join(t().dataDir, "attachments")).length;
    const filesBefore = files();
    const refused: Array<[{ name: string; data: Buffer } | null, string]> = [
      [null, "请选择要上传的文件"],
      [{ name: "empty.txt", data: Buffer.alloc(0) }, "文件内容为空"],
      [{ name: "setup.exe", data: EXE }, TYPES_ZH],
      [{ name: "drawing.svg", data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>') }, TYPES_ZH],
      [{ name: "page.html", data: Buffer.from("<html><script>alert(1)</script></html>") }, TYPES_ZH],
      [{ name: "noextension", data: SAMPLES.txt! }, TYPES_ZH],
      [{ name: "page.png", data: Buffer.from("<!doctype html><script>alert(1)</script>") }, MISMATCH_ZH],
      [{ name: "run.png", data: Buffer.from("#!/bin/sh\nrm -rf /\n") }, MISMATCH_ZH],
      [{ name: "invoice.pdf", data: EXE }, MISMATCH_ZH],
      [{ name: "photo.pdf", data: SAMPLES.png! }, MISMATCH_ZH],
      [{ name: "photo.gif", data: SAMPLES.png! }, MISMATCH_ZH],
      [{ name: "sheet.docx", data: SAMPLES.xlsx! }, MISMATCH_ZH],
      [{ name: "archive.docx", data: SAMPLES.zip! }, MISMATCH_ZH],
      [{ name: "notes.txt", data: EXE }, MISMATCH_ZH],
      [{ name: "notes.txt", data: Buffer.from([0xc3, 0x28, 0x41]) }, MISMATCH_ZH],
      [{ name: "page.txt", data: Buffer.from("<html><body onload=alert(1)>") }, MISMATCH_ZH],
      [{ name: "image.csv", data: SAMPLES.png! }, MISMATCH_ZH],
    ];
    for (const [file, msg] of refused) {
      const r = await upload(t(), s.token, file);
      expect(r.status, file?.name).toBe(400);
      expect(r.msg, file?.name).toBe(msg);
    }
    // A body that is not multipart at all, and a file under another field name.
    expect((await t().call("Attachment/UploadFile", { token: s.token, form: { file: "x.txt" } })).msg).toBe("请选择要上传的文件");
    const wrongField = await multipart({ name: "a.txt", data: SAMPLES.txt! }, {}, "upload");
    const r = await t().call("Attachment/UploadFile", { token: s.token, body: wrongField.body, headers: { "content-type": wrongField.contentType } });
    expect(r.msg).toBe("请选择要上传的文件");
    expect(await rowCount(t())).toBe(before);
    expect(files()).toBe(filesBefore);
  });

  it("says the refusals in the caller's language", async () => {
    const s = await sessionFor(t(), "outside");
    const exe = { name: "setup.exe", data: EXE };
    const bad = { name: "x.png", data: EXE };
    expect((await upload(t(), s.token, exe, { "accept-language": "en" })).msg).toBe(
      "This type of file is not allowed. Allowed types: jpg, jpeg, png, gif, bmp, webp, pdf, doc, docx, xls, xlsx, ppt, pptx, zip, txt, csv",
    );
    expect((await upload(t(), s.token, bad, { "accept-language": "es" })).msg).toBe("El contenido del archivo no corresponde a la extensión de su nombre");
    expect((await upload(t(), s.token, bad, { "accept-language": "ja" })).msg).toBe("ファイルの内容が拡張子と一致しません");
    expect((await upload(t(), s.token, null, { "accept-language": "en" })).msg).toBe("Please choose a file to upload");
  });

  it("needs a login for upload, download, delete and the list", async () => {
    const s = await sessionFor(t(), "guest");
    const up = await upload(t(), s.token, { name: "a.txt", data: SAMPLES.txt! });
    expect((await upload(t(), undefined, { name: "a.txt", data: SAMPLES.txt! })).status).toBe(205);
    const res = await download(t(), undefined, up.returnData.AttachmentPath);
    expect(res.headers.get("content-disposition")).toBeNull();
    expect((await res.json()).status).toBe(205);
    expect((await download(t(), "not-a-token", up.returnData.AttachmentPath).then((r) => r.json())).status).toBe(206);
    expect((await t().call("Attachment/DeleteFile", { query: { path: up.returnData.AttachmentPath } })).status).toBe(205);
    expect((await t().call("Attachment/GetMyFiles")).status).toBe(205);
    // Any logged-in user may download.
    const other = await sessionFor(t(), "xadmin");
    expect((await download(t(), other.token, up.returnData.AttachmentPath)).status).toBe(200);
  });

  it("answers 404 for unknown and traversal-looking paths on download and delete, touching nothing", async () => {
    const s = await sessionFor(t(), "guest");
    const admin = await sessionFor(t(), "admin");
    const up = await upload(t(), s.token, { name: "keep.txt", data: SAMPLES.txt! });
    const real = up.returnData.AttachmentPath as string;
    const before = await rowCount(t());
    const outside = path.join(t().dataDir, "secret.txt");
    fs.writeFileSync(outside, "secret");
    const paths = [
      "../secret.txt",
      "..%2Fsecret.txt",
      "%2e%2e%2fsecret.txt",
      "..\\secret.txt",
      outside,
      "/etc/passwd",
      `../attachments/${real}`,
      `${real}/../${real}`,
      real.toUpperCase(),
      ` ${real}x`,
      `${real}\u0000`,
      "0123456789abcdef0123456789abcdef.txt",
      "",
    ];
    for (const p of paths) {
      const res = await download(t(), s.token, p);
      expect(res.headers.get("content-disposition"), p).toBeNull();
      const env = await res.json();
      expect(env.status, p).toBe(404);
      expect(env.msg).toBe("附件不存在");
      for (const method of ["GET", "POST"] as const) {
        const r =
          method === "GET"
            ? await t().call("Attachment/DeleteFile", { token: admin.token, query: { path: p } })
            : await t().call("Attachment/DeleteFile", { token: admin.token, form: { path: p } });
        expect(r.status, `${method} ${p}`).toBe(404);
      }
    }
    expect(await rowCount(t())).toBe(before);
    expect(fs.readFileSync(outside, "utf8")).toBe("secret");
    expect(fs.existsSync(stored(t(), real))).toBe(true);
  });

  it("deletes for the owner or a SystemAdmin only, row and file", async () => {
    const owner = await sessionFor(t(), "guest");
    const other = await sessionFor(t(), "outside");
    const admin = await sessionFor(t(), "admin");
    const a = (await upload(t(), owner.token, { name: "a.pdf", data: SAMPLES.pdf! })).returnData.AttachmentPath as string;
    const b = (await upload(t(), owner.token, { name: "b.pdf", data: SAMPLES.pdf! })).returnData.AttachmentPath as string;

    const refused = await t().call("Attachment/DeleteFile", { token: other.token, query: { path: a } });
    expect(refused.status).toBe(403);
    expect(refused.msg).toBe("只能删除自己上传的附件");
    expect((await t().call("Attachment/DeleteFile", { token: other.token, json: { path: a } })).status).toBe(403);
    expect(fs.existsSync(stored(t(), a))).toBe(true);

    // The spec's GET with query parameters, by the owner.
    const r = await t().call("Attachment/DeleteFile", { token: owner.token, query: { path: a } });
    expect(r).toMatchObject({ status: 200, returnData: true });
    expect(fs.existsSync(stored(t(), a))).toBe(false);
    expect((await download(t(), owner.token, a).then((x) => x.json())).status).toBe(404);
    expect((await t().call("Attachment/DeleteFile", { token: owner.token, query: { path: a } })).status).toBe(404);

    // POST (form) by a SystemAdmin who does not own it.
    expect((await t().call("Attachment/DeleteFile", { token: admin.token, form: { path: b } })).status).toBe(200);
    expect(fs.existsSync(stored(t(), b))).toBe(false);
    const left = (await t().call("Attachment/GetMyFiles", { token: owner.token })).returnData.map((f: { AttachmentPath: string }) => f.AttachmentPath);
    expect(left).not.toContain(a);
    expect(left).not.toContain(b);
  });

  it("refuses to delete a file a saved notice or feedback uses, as an attachment or an image in its text", async () => {
    const admin = await sessionFor(t(), "admin");
    const guest = await sessionFor(t(), "guest");
    const up = async (token: string, name: string) => (await upload(t(), token, { name, data: SAMPLES.png! })).returnData.AttachmentPath as string;
    const attached = await up(admin.token, "attached.png");
    const inText = await up(admin.token, "in-text.png");
    const inFeedback = await up(guest.token, "feedback.png");
    const notice = await t().call("SysMessage/SaveSystemNotice", {
      token: admin.token,
      json: { Title: "附件引用", Content: `<p><img src="/attachment/${inText}" alt="图"></p>`, Attachments: [attached], Publish: true },
    });
    expect(notice.status).toBe(200);
    const fb = await t().call("Feedback/AddFeedback", { token: guest.token, json: { Title: "截图", Content: "<p>见附件</p>", BizType: 1, Type: 1, Attachments: [inFeedback] } });
    expect(fb.status).toBe(200);

    for (const [token, p] of [[admin.token, attached], [admin.token, inText], [guest.token, inFeedback]] as const) {
      const r = await t().call("Attachment/DeleteFile", { token, query: { path: p } });
      expect(r).toMatchObject({ status: 409, msg: "该附件正被已保存的公告或反馈使用，不能删除", returnData: null });
      expect(fs.existsSync(stored(t(), p))).toBe(true);
    }
    const en = await t().call("Attachment/DeleteFile", { token: admin.token, query: { path: attached }, headers: { "accept-language": "en" } });
    expect(en.msg).toBe("This attachment is used by a saved notice or feedback and cannot be deleted");
    const [{ n }] = await t().api.app.db.query<{ n: number }>(`select count(*)::int as n from notice_attachments`);
    expect(n).toBeGreaterThanOrEqual(1);
    expect((await download(t(), guest.token, attached)).status).toBe(200);
  });

  it("sweeps uploads no saved record uses once they are older than the grace period, keeping the rest", async () => {
    const admin = await sessionFor(t(), "admin");
    const up = async (name: string) => (await upload(t(), admin.token, { name, data: SAMPLES.png! })).returnData.AttachmentPath as string;
    const [abandoned, fresh, used, usedInText] = [await up("abandoned.png"), await up("fresh.png"), await up("used.png"), await up("used-in-text.png")];
    const saved = await t().call("SysMessage/SaveSystemNotice", {
      token: admin.token,
      json: { Title: "草稿也算保存", Content: `<p><img src="/attachment/${usedInText}"></p>`, Attachments: [used], Publish: false },
    });
    expect(saved.status).toBe(200);
    // Everything but the fresh upload is made older than the grace period (24 h by default).
    await t().api.app.db.query(`update attachments set created_at = now() - interval '25 hours' where stored_name = any($1)`, [[abandoned, used, usedInText]]);

    const swept = await sweepUnusedAttachments(t().api.app);
    expect(swept).toContain(abandoned);
    for (const kept of [fresh, used, usedInText]) expect(swept).not.toContain(kept);
    expect(fs.existsSync(stored(t(), abandoned))).toBe(false);
    expect((await download(t(), admin.token, abandoned).then((x) => x.json())).status).toBe(404);
    for (const kept of [fresh, used, usedInText]) {
      expect(fs.existsSync(stored(t(), kept))).toBe(true);
      expect((await download(t(), admin.token, kept)).status).toBe(200);
    }
  });

  it("GetFilesInfo answers name, size and type of the paths asked for, in order, skipping unknown ones", async () => {
    const s = await sessionFor(t(), "guest");
    const a = (await upload(t(), s.token, { name: "one.csv", data: SAMPLES.csv! })).returnData;
    const b = (await upload(t(), s.token, { name: "two.png", data: SAMPLES.png! })).returnData;
    const other = await sessionFor(t(), "xadmin");
    const r = await t().call("Attachment/GetFilesInfo", { token: other.token, query: { paths: `${b.AttachmentPath},../x,${a.AttachmentPath}` } });
    expect(r.returnData.map((f: { Name: string }) => f.Name)).toEqual(["two.png", "one.csv"]);
    expect(r.returnData[0]).toMatchObject({ AttachmentPath: b.AttachmentPath, Size: SAMPLES.png!.length, Type: "image/png" });
  });

  it("GetWXServiceImg needs no login and answers the web's QR route by default", async () => {
    const r = await t().call("attachment/GetWXServiceImg");
    expect(r.status).toBe(200);
    expect(r.returnData).toBe("http://localhost:3000/site-qr/wxservice");
  });

  it("JHAppServer/DownLoad serves the command-line client to logged-in users only", async () => {
    const s = await sessionFor(t(), "guest");
    expect((await t().call("JHAppServer/DownLoad", { query: { filetype: "jhAppClientFile" } })).status).toBe(205);
    const other = await t().call("JHAppServer/DownLoad", { token: s.token, query: { filetype: "../../etc/passwd" } });
    expect(other).toMatchObject({ status: 404, msg: "没有这个下载文件" });
    expect((await t().call("JHAppServer/DownLoad", { token: s.token })).status).toBe(404);

    const res = await fetch(`${t().base}/api/JHAppServer/DownLoad?filetype=jhAppClientFile`, { headers: { xteam: "xteam", AuthorizationToken: s.token } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="ferrum-client\.mjs"/);
    const body = Buffer.from(await res.arrayBuffer());
    expect(body.equals(fs.readFileSync(BUILTIN_CLIENT))).toBe(true);
  });

  it("the downloaded client uploads, downloads and counts unread against the API", async () => {
    const s = await sessionFor(t(), "outside");
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ferrum-client-"));
    const env = { ...process.env, FERRUM_URL: t().base, FERRUM_TOKEN: s.token, FERRUM_LANG: "zh" };
    const cli = (...args: string[]) => run(process.execPath, [BUILTIN_CLIENT, ...args], { env, cwd: dir });

    const help = await cli("--help");
    expect(help.stdout).toContain("download <path> [out]");

    fs.mkdirSync(path.join(dir, "src"));
    const src = path.join(dir, "src", "钢种.csv");
    fs.writeFileSync(src, SAMPLES.csv!);
    const up = await cli("upload", src);
    const attachmentPath = up.stdout.trim();
    expect(attachmentPath).toMatch(STORED);

    const down = await cli("download", attachmentPath);
    expect(down.stdout.trim()).toBe("钢种.csv");
    // Never overwrites: the original is still there, so it saves nothing and says why.
    await expect(cli("download", attachmentPath)).rejects.toMatchObject({ code: 1 });
    const out = await cli("download", attachmentPath, "copy.csv");
    expect(fs.readFileSync(path.join(dir, out.stdout.trim())).equals(SAMPLES.csv!)).toBe(true);

    const refused = cli("upload", path.join(dir, "missing.txt"));
    await expect(refused).rejects.toMatchObject({ code: 2 });
    const bad = path.join(dir, "fake.png");
    fs.writeFileSync(bad, "not a png");
    await expect(cli("upload", bad)).rejects.toMatchObject({ stderr: expect.stringContaining(MISMATCH_ZH) });

    const unread = await cli("unread");
    expect(unread.stdout.trim()).toMatch(/^\d+$/);
    await expect(run(process.execPath, [BUILTIN_CLIENT, "unread"], { env: { ...env, FERRUM_TOKEN: "" } })).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining("FERRUM_TOKEN"),
    });
  });
});

describeEachBackend(
  "attachments with a small limit and settings",
  (t) => {
    it("refuses a file over ATTACHMENT_MAX_BYTES, naming the limit, whether busboy or the body limit catches it", async () => {
      const s = await sessionFor(t(), "guest");
      const justOver = Buffer.concat([SAMPLES.txt!, Buffer.alloc(1024, 0x61)]);
      const r = await upload(t(), s.token, { name: "big.txt", data: justOver });
      expect(r).toMatchObject({ status: 413, msg: "文件大小不能超过 1 KB" });
      const huge = await upload(t(), s.token, { name: "huge.txt", data: Buffer.alloc(200 * 1024, 0x61) }, { "accept-language": "en" });
      expect(huge.http).toBe(413);
      expect(huge.msg).toBe("The file cannot be larger than 1 KB");
      // Under the limit is fine (and only png is allowed here).
      expect((await upload(t(), s.token, { name: "ok.png", data: SAMPLES.png! })).status).toBe(200);
      expect((await upload(t(), s.token, { name: "ok.txt", data: SAMPLES.txt! })).msg).toBe("不支持该文件类型，只能上传：png");
    });

    it("GetWXServiceImg answers WX_SERVICE_IMG_URL when set", async () => {
      expect((await t().call("attachment/GetWXServiceImg")).returnData).toBe("https://img.example.org/wx.png");
    });

    it("JHAppServer/DownLoad serves CLIENT_PACKAGE_FILE when configured", async () => {
      const s = await sessionFor(t(), "guest");
      const res = await fetch(`${t().base}/api/JHAppServer/DownLoad?filetype=jhAppClientFile`, { headers: { xteam: "xteam", AuthorizationToken: s.token } });
      expect(res.headers.get("content-type")).toBe("application/octet-stream");
      expect(res.headers.get("content-disposition")).toMatch(/filename="FerrumSetup\.zip"/);
      expect(Buffer.from(await res.arrayBuffer()).equals(SAMPLES.zip!)).toBe(true);
    });
  },
  {
    ATTACHMENT_MAX_BYTES: "1024",
    ATTACHMENT_TYPES: ".PNG",
    WX_SERVICE_IMG_URL: "https://img.example.org/wx.png",
    CLIENT_PACKAGE_FILE: packageFile(),
  },
);

function packageFile(): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "ferrum-pkg-")), "FerrumSetup.zip");
  fs.writeFileSync(file, SAMPLES.zip!);
  return file;
}

describe("attachment settings", () => {
  it("refuse types the API cannot recognise by content, SVG and HTML above all", () => {
    expect(() => loadConfig({ NODE_ENV: "test", ATTACHMENT_TYPES: "png,svg" })).toThrow(/ATTACHMENT_TYPES/);
    expect(() => loadConfig({ NODE_ENV: "test", ATTACHMENT_TYPES: "html" })).toThrow(/ATTACHMENT_TYPES/);
    expect(() => loadConfig({ NODE_ENV: "test", ATTACHMENT_TYPES: " , " })).toThrow(/ATTACHMENT_TYPES/);
    expect(loadConfig({ NODE_ENV: "test" }).ATTACHMENT_TYPES).toContain("docx");
    expect(loadConfig({ NODE_ENV: "test" }).ATTACHMENT_MAX_BYTES).toBe(10 * 1024 * 1024);
  });
});
