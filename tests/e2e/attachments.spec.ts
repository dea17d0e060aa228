import { expect, test, type Page } from "@playwright/test";
import { E2E_CAPTCHA } from "../../playwright.config.ts";
import { PASSWORD } from "./helpers.ts";
import { EXE, SAMPLES } from "../integration/attachment-files.ts";

/**
 * The attachment routes through a real browser session: upload (JSON and plain-form flavours), download,
 * delete, the refusals' messages, the first-login client download, and the WeChat service QR.
 */
test.use({ locale: "zh-CN", extraHTTPHeaders: { "accept-language": "zh-CN" } });

const TYPES_ZH = "不支持该文件类型，只能上传：jpg, jpeg, png, gif, bmp, webp, pdf, doc, docx, xls, xlsx, ppt, pptx, zip, txt, csv";

/** Logs in; answers whether the first-login prompt was shown (then it is left open). */
async function logIn(page: Page, username: string): Promise<boolean> {
  await page.goto("/login");
  await page.locator('input[name="username"]').fill(username);
  await page.locator('input[name="password"]').fill(PASSWORD);
  await page.locator('input[name="clientCode"]').fill(E2E_CAPTCHA);
  await page.getByTestId("login-submit").click();
  await page.waitForURL((u) => u.pathname !== "/login");
  return new URL(page.url()).pathname === "/loginSuccess";
}

async function loggedIn(page: Page, username: string) {
  if (await logIn(page, username)) await page.getByTestId("first-continue").click();
  await page.waitForURL((u) => u.pathname !== "/loginSuccess");
}

const file = (name: string, buffer: Buffer, mimeType = "application/octet-stream") => ({ file: { name, mimeType, buffer } });
const JSON_ACCEPT = { Accept: "application/json" };

test("first login: the prompt's client download streams the command-line client, and links the service introduction", async ({ page }) => {
  expect(await logIn(page, "transfer")).toBe(true);
  await expect(page.getByTestId("first-login")).toContainText("首次登录提示");
  const link = page.getByTestId("first-download");
  await expect(link).toHaveAttribute("href", "/download/client");
  await expect(page.getByTestId("first-services")).toHaveAttribute("href", "/dashboard#services");
  const res = await page.request.get("/download/client");
  expect(res.status()).toBe(200);
  expect(res.headers()["content-disposition"]).toMatch(/^attachment; filename="ferrum-client\.mjs"/);
  expect((await res.text()).startsWith("#!/usr/bin/env node")).toBe(true);
  // The browser's own click downloads it too.
  const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
  expect(download.suggestedFilename()).toBe("ferrum-client.mjs");
});

test("the client download needs a login", async ({ page }) => {
  await page.goto("/download/client");
  await expect(page).toHaveURL(/\/login\?redirect=%2Fdownload%2Fclient$/);
});

test("upload with JSON: the file comes back through /attachment/<path>; delete is the owner's", async ({ page, browser }) => {
  await loggedIn(page, "outside");
  const up = await page.request.post("/attachment/upload", { multipart: file("样品.png", SAMPLES.png!, "image/png"), headers: JSON_ACCEPT });
  expect(up.status()).toBe(200);
  const body = await up.json();
  expect(body).toMatchObject({ ok: true, name: "样品.png", size: SAMPLES.png!.length, type: "image/png", msg: "上传成功!" });
  expect(body.url).toBe(`/attachment/${body.path}`);

  const got = await page.request.get(body.url);
  expect(got.status()).toBe(200);
  expect(got.headers()["content-type"]).toBe("image/png");
  expect(got.headers()["content-disposition"]).toMatch(/^inline;/);
  expect(got.headers()["x-content-type-options"]).toBe("nosniff");
  expect(got.headers()["content-security-policy"]).toBe("sandbox");
  expect(Buffer.from(await got.body()).equals(SAMPLES.png!)).toBe(true);
  // As an image in a page, the way rich text shows it.
  await page.goto("/myInfo/index");
  const loaded = await page.evaluate(async (src) => {
    const img = new Image();
    img.src = src;
    await img.decode();
    return img.naturalWidth;
  }, body.url);
  expect(loaded).toBe(1);

  // Someone else may look but not delete.
  const other = await browser.newContext({ locale: "zh-CN" });
  const otherPage = await other.newPage();
  await loggedIn(otherPage, "xadmin");
  expect((await otherPage.request.get(body.url)).status()).toBe(200);
  const refused = await otherPage.request.post("/attachment/delete", { form: { path: body.path }, headers: JSON_ACCEPT });
  expect(refused.status()).toBe(403);
  expect(await refused.json()).toMatchObject({ ok: false, msg: "只能删除自己上传的附件" });
  await other.close();

  const del = await page.request.post("/attachment/delete", { form: { path: body.path }, headers: JSON_ACCEPT });
  expect(await del.json()).toMatchObject({ ok: true, path: body.path, msg: "删除成功" });
  const gone = await page.goto(body.url);
  expect(gone?.status()).toBe(404);
  await expect(page.getByText("附件不存在")).toBeVisible();
});

test("upload from a plain form: back to redirectTo with the toast, or with the reason", async ({ page }) => {
  await loggedIn(page, "guest");
  const ok = await page.request.post("/attachment/upload", {
    multipart: { ...file("记录.csv", SAMPLES.csv!, "text/csv"), redirectTo: "/myInfo/index" },
    maxRedirects: 0,
  });
  expect(ok.status()).toBe(302);
  expect(ok.headers()["location"]).toBe("/myInfo/index");
  await page.goto(ok.headers()["location"]!);
  await expect(page.getByTestId("toast")).toHaveText("上传成功!");

  const bad = await page.request.post("/attachment/upload", {
    multipart: { ...file("setup.exe", EXE), redirectTo: "/myInfo/index" },
    maxRedirects: 0,
  });
  expect(bad.headers()["location"]).toBe("/myInfo/index");
  await page.goto("/myInfo/index");
  await expect(page.getByTestId("toast")).toHaveText(TYPES_ZH);

  // Never off this site, whatever redirectTo says.
  const away = await page.request.post("/attachment/upload", {
    multipart: { ...file("a.txt", SAMPLES.txt!), redirectTo: "https://evil.example/" },
    maxRedirects: 0,
  });
  expect(away.headers()["location"]).not.toContain("evil.example");
});

test("refusals in JSON: a type not allowed, content that does not match, no file, and no login", async ({ page, playwright, baseURL }) => {
  await loggedIn(page, "guest");
  const exe = await page.request.post("/attachment/upload", { multipart: file("setup.exe", EXE), headers: JSON_ACCEPT });
  expect(exe.status()).toBe(400);
  expect(await exe.json()).toMatchObject({ ok: false, msg: TYPES_ZH });
  const fake = await page.request.post("/attachment/upload", {
    multipart: file("photo.png", Buffer.from("<html><script>alert(1)</script></html>"), "image/png"),
    headers: JSON_ACCEPT,
  });
  expect(await fake.json()).toMatchObject({ ok: false, msg: "文件内容与扩展名不符" });
  const none = await page.request.post("/attachment/upload", { multipart: { redirectTo: "/" }, headers: JSON_ACCEPT });
  expect(await none.json()).toMatchObject({ ok: false, msg: "请选择要上传的文件" });
  // Languages follow the user's.
  const en = await page.request.post("/attachment/upload", { multipart: file("x.png", EXE), headers: { ...JSON_ACCEPT, "accept-language": "en" } });
  expect((await en.json()).msg).toBe("The file's content does not match its name's extension");

  const anonymous = await playwright.request.newContext({ baseURL });
  const r = await anonymous.post("/attachment/upload", { multipart: file("a.txt", SAMPLES.txt!), headers: JSON_ACCEPT });
  expect(r.status()).toBe(401);
  expect(await r.json()).toMatchObject({ ok: false });
  const d = await anonymous.get("/attachment/0123456789abcdef0123456789abcdef.png", { maxRedirects: 0 });
  expect(d.status()).toBe(302);
  expect(d.headers()["location"]).toMatch(/^\/login/);
  await anonymous.dispose();
});

test("a body clearly over the limit is refused before it is read", async ({ page }) => {
  await loggedIn(page, "xadmin");
  const big = Buffer.alloc(13 * 1024 * 1024, 0x61);
  const r = await page.request.post("/attachment/upload", { multipart: file("big.txt", big, "text/plain"), headers: JSON_ACCEPT });
  expect(r.status()).toBe(413);
  expect(await r.json()).toMatchObject({ ok: false, msg: "文件大小不能超过 10 MB" });
});

test("traversal-looking attachment addresses are the 404 page", async ({ page }) => {
  await loggedIn(page, "xadmin");
  for (const p of ["/attachment/..%2F..%2Fetc%2Fpasswd", "/attachment/..%5C..%5Cetc%5Cpasswd", "/attachment/etc/passwd", "/attachment/0123456789abcdef0123456789abcdef.png"]) {
    const res = await page.request.get(p);
    expect(res.status(), p).toBe(404);
  }
  // Dot segments are resolved by the URL itself: the address leaves /attachment/ and reaches no file.
  const resolved = await page.request.get("/attachment/%2e%2e/%2e%2e/etc/passwd");
  expect(resolved.status()).not.toBe(200);
  expect(await resolved.text()).not.toContain("root:");
});

test("the WeChat service QR shows in the footer and the floating panel, drawn by the web", async ({ page }) => {
  await page.goto("/dashboard");
  const footer = page.getByTestId("wx-service");
  await expect(footer).toBeVisible();
  await expect(footer).toContainText("微信服务号");
  const img = footer.locator("img");
  await expect(img).toHaveAttribute("src", "/site-qr/wxservice");
  // Loaded lazily: once it scrolls into view.
  await img.scrollIntoViewIfNeeded();
  await expect.poll(() => img.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth > 0)).toBe(true);
  await expect(page.getByTestId("wx-service-qr-float")).toHaveAttribute("src", "/site-qr/wxservice");
  const svg = await page.request.get("/site-qr/wxservice");
  expect(svg.headers()["content-type"]).toContain("image/svg+xml");
  expect(await svg.text()).toContain("<svg");
});
