import { expect, test, type Page } from "@playwright/test";
import { E2E_API_PORT } from "../../playwright.config.ts";
import { makeDocx, makePdf } from "../integration/document-files.ts";
import { apiCall, apiLogin } from "./api-helpers.ts";
import { shot, signedInPage, unique } from "./helpers.ts";

/**
 * /DocumentView in a real browser, with JavaScript and without: a notice's PDF and Word attachments opened from
 * the notice's "view" links, read page by page as images drawn on the server, ten to a view, with the download
 * button; someone else's document is the 404 page, its page images too.
 */
test.use({ locale: "zh-CN", extraHTTPHeaders: { "accept-language": "zh-CN" } });

const PDF = makePdf(Array.from({ length: 23 }, (_, i) => `Report page ${i + 1}`));
const DOCX = makeDocx(["Plan, first page", "Plan, second page"]);

async function upload(token: string, name: string, data: Buffer): Promise<string> {
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(data)]), name);
  const res = await fetch(`http://127.0.0.1:${E2E_API_PORT}/api/Attachment/UploadFile`, {
    method: "POST",
    headers: { xteam: "xteam", AuthorizationToken: token },
    body: form,
  });
  const r = await res.json();
  if (r.status !== 200) throw new Error(`upload ${name}: ${r.msg}`);
  return r.returnData.AttachmentPath as string;
}

let noticeId = "";
let privateDoc = "";

test.beforeAll(async () => {
  const admin = await apiLogin("admin");
  const pdf = await upload(admin.token, "检测报告.pdf", PDF);
  const docx = await upload(admin.token, "试验方案.docx", DOCX);
  const saved = await apiCall("SysMessage/SaveSystemNotice", {
    token: admin.token,
    json: { Title: unique("文档查看"), Content: "<p>报告与方案见附件</p>", Attachments: [pdf, docx], Publish: true },
  });
  if (saved.status !== 200) throw new Error(saved.msg);
  noticeId = saved.returnData.Id;
  // An upload of the outside admin's own, attached to nothing: nobody else may read it.
  privateDoc = await upload((await apiLogin("outside")).token, "私有.pdf", makePdf(["private"]));
});

/** What the reader sees first (the viewport), kept with the test's results. */
const view = (page: Page, name: string) => page.screenshot({ path: test.info().outputPath(`${name}-view.png`) });

/** Every page image on the page has arrived and decoded (its natural width is the one the API drew). */
async function expectImagesLoaded(page: Page, count: number) {
  const imgs = page.getByTestId("document-page");
  await expect(imgs).toHaveCount(count);
  for (const img of await imgs.all()) {
    await img.scrollIntoViewIfNeeded();
    const src = (await img.getAttribute("src"))!;
    const res = await page.request.get(src);
    expect(res.status(), src).toBe(200);
    expect(res.headers()["content-type"]).toBe("image/png");
    expect(res.headers()["cache-control"]).toBe("private, no-store");
  }
}

for (const js of [true, false]) {
  test(`a notice's PDF and Word attachments read page by page (JavaScript ${js ? "on" : "off"})`, async ({ browser }) => {
    const { context, page } = await signedInPage(browser, "guest", js);
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto(`/infoCenter/noticeDetail?id=${noticeId}`);
    const views = page.getByTestId("attachment-view");
    await expect(views).toHaveCount(2);

    // The PDF: its facts, the first ten pages, the download.
    await views.first().click();
    await page.waitForURL(/\/DocumentView\?src=attachment&id=[a-f0-9]{32}\.pdf$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("检测报告.pdf");
    await expect(page).toHaveTitle(/^检测报告\.pdf - /);
    await expect(page.getByTestId("document-pages")).toHaveText("23");
    await expect(page.getByTestId("document-range").first()).toHaveText("第 1–10 页，共 23 页");
    await expectImagesLoaded(page, 10);
    const first = page.getByTestId("document-page").first();
    await expect(first).toHaveAttribute("width", "910");
    await expect(first).toHaveAttribute("height", "1287");
    await expect(first).toHaveAttribute("alt", "检测报告.pdf 第 1 页");
    await expect(page.getByTestId("document-page").nth(1)).toHaveAttribute("loading", "lazy");
    if (js) {
      // The first image really decoded in the browser, at the size the API announced.
      await expect.poll(() => first.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBe(910);
    }
    const download = page.getByTestId("document-download");
    const file = await page.request.get((await download.getAttribute("href"))!);
    expect(file.status()).toBe(200);
    expect(Buffer.from(await file.body()).equals(PDF)).toBe(true);
    expect(file.headers()["content-disposition"]).toMatch(/^attachment;/);
    await page.evaluate(() => window.scrollTo(0, 0)).catch(() => undefined);
    await view(page, `document-pdf-1366-js-${js ? "on" : "off"}`);
    await shot(page, `document-pdf-1366-js-${js ? "on" : "off"}`);

    // The next views: 11–20, then the jump form straight to the last (21–23).
    await page.getByTestId("document-next").first().click();
    await page.waitForURL(/&page=2$/);
    await expect(page.getByTestId("document-range").first()).toHaveText("第 11–20 页，共 23 页");
    await expect(page.getByTestId("document-page").first()).toHaveAttribute("data-page", "11");
    // The jump menu follows the view it is on (with JavaScript the page changed without a reload).
    await expect(page.getByTestId("document-jump").first()).toHaveValue("2");
    await page.getByTestId("document-jump").first().selectOption("3");
    await page.getByRole("button", { name: "显示" }).first().click();
    await page.waitForURL(/page=3/);
    await expectImagesLoaded(page, 3);
    await expect(page.getByTestId("document-page").last()).toHaveAttribute("alt", "检测报告.pdf 第 23 页");

    // At 375 px (a phone, loaded at that width) the pages fit the width.
    await page.setViewportSize({ width: 375, height: 800 });
    await page.reload();
    const box = await page.getByTestId("document-page").first().boundingBox();
    expect(box!.width).toBeLessThanOrEqual(375);
    expect(await page.evaluate(() => document.documentElement.scrollWidth).catch(() => 375)).toBeLessThanOrEqual(375);
    await page.evaluate(() => window.scrollTo(0, 0)).catch(() => undefined);
    await view(page, `document-pdf-375-js-${js ? "on" : "off"}`);
    await shot(page, `document-pdf-375-js-${js ? "on" : "off"}`);
    await page.setViewportSize({ width: 1366, height: 900 });

    // The Word file, converted on the server.
    await page.goto(`/infoCenter/noticeDetail?id=${noticeId}`);
    await page.getByTestId("attachment-view").nth(1).click();
    await page.waitForURL(/\/DocumentView\?src=attachment&id=[a-f0-9]{32}\.docx$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("试验方案.docx");
    await expect(page.getByTestId("document-view")).toHaveAttribute("data-kind", "office");
    await expect(page.getByTestId("document-pages")).toHaveText("2");
    await expect(page.getByTestId("document-pager")).toHaveCount(0);
    await expectImagesLoaded(page, 2);
    await page.evaluate(() => window.scrollTo(0, 0)).catch(() => undefined);
    await view(page, `document-docx-1366-js-${js ? "on" : "off"}`);
    await shot(page, `document-docx-1366-js-${js ? "on" : "off"}`);
    await context.close();
  });
}

test("someone else's document is the 404 page, and so is each of its page images; a damaged one says why", async ({ browser }) => {
  const { context, page } = await signedInPage(browser, "guest", false);
  const res = await page.goto(`/DocumentView?src=attachment&id=${privateDoc}`);
  expect(res!.status()).toBe(404);
  await expect(page.getByTestId("document-view")).toHaveCount(0);
  for (const n of [1, 2]) {
    const img = await page.request.get(`/DocumentView/page?src=attachment&id=${privateDoc}&n=${n}`);
    expect(img.status()).toBe(404);
    expect(img.headers()["content-type"]).not.toContain("image/");
  }
  expect((await page.request.get(`/DocumentView/file?src=attachment&id=${privateDoc}`)).status()).toBe(404);
  // A damaged PDF of one's own: the page says why, in the user's language, and offers nothing broken.
  const damaged = await upload((await apiLogin("guest")).token, "坏的.pdf", Buffer.from("%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n"));
  const refused = await page.goto(`/DocumentView?src=attachment&id=${damaged}`);
  expect(refused!.status()).toBe(422);
  await expect(page.getByTestId("document-refused-message")).toHaveText("PDF 文件已损坏，无法显示");
  await expect(page.getByTestId("document-page")).toHaveCount(0);
  // The file itself is still the reader's to download, as the message says.
  await expect(page.getByTestId("document-download")).toHaveAttribute("href", `/DocumentView/file?src=attachment&id=${damaged}`);
  // Without a document named, the page says where documents are opened from.
  await page.goto("/DocumentView");
  await expect(page.getByTestId("document-empty")).toBeVisible();
  await context.close();
});
