import { expect, test, type Browser, type Page } from "@playwright/test";
import { apiCall, apiLogin, apiUnread } from "./api-helpers.ts";
import { badgeCount, signedInPage, unique } from "./helpers.ts";

/**
 * The real-time island (sections 4 and 7): a notice the admin publishes reaches other users' open pages
 * through the hub, without a reload: the system-message dialog after 1.5 s and the bell's count. Content
 * carrying script never runs. This file runs alone after the others (playwright.config.ts), so no other
 * test publishes a newer notice while one is awaited.
 */
test.use({ locale: "zh-CN" });

/** Logged in, on the landing page, with the island connected (it connects once the page is idle). */
async function connectedPage(browser: Browser, user: string): Promise<Page> {
  const { page } = await signedInPage(browser, user, true, { keepSystemMessages: true });
  await expect(page).toHaveURL(/\/computeDynamicRoute\/index$/);
  await expect(page.locator("html")).toHaveAttribute("data-realtime", "connected", { timeout: 15_000 });
  return page;
}

/** Marks the window: a reload or full navigation would lose the mark. */
const markWindow = (page: Page) => page.evaluate(() => ((window as unknown as { __mark: number }).__mark = 42));
const windowMark = (page: Page) => page.evaluate(() => (window as unknown as { __mark?: number }).__mark);

test("a notice the admin publishes in the editor reaches another user's open page: dialog after 1.5 s, badge up, no reload", async ({ browser }) => {
  const page = await connectedPage(browser, "outside");
  const outside = await apiLogin("outside");
  const before = await badgeCount(page);
  await markWindow(page);

  // The admin, in another browser context, writes and publishes the notice in the editor.
  const { context: adminCtx, page: a } = await signedInPage(browser, "admin", true, { keepSystemMessages: true });
  await a.goto("/systemManage/noticeEdit");
  const title = unique("实时通知");
  await a.getByTestId("field-title").fill(title);
  const editor = a.getByTestId("rich-text-Content").locator(".ProseMirror");
  await editor.click();
  await a.keyboard.type("热处理炉 3 号本周五停机检修。");
  await expect(a.locator('input[name="Content"]')).toHaveValue(/热处理炉/);
  await a.getByTestId("save-publish").click();
  const sentAt = Date.now();
  await expect(a.getByTestId("toast")).toHaveText("通知已发布");
  await adminCtx.close();

  const dialog = page.getByTestId("system-message-dialog");
  await expect(dialog).toBeVisible({ timeout: 10_000 });
  // Section 9: shown 1.5 s after it arrives, not at once.
  expect(Date.now() - sentAt).toBeGreaterThanOrEqual(1500);
  await expect(dialog).toContainText("系统消息");
  await expect(dialog).toContainText(title);
  await expect(dialog).toContainText("热处理炉 3 号本周五停机检修。");
  await expect.poll(() => badgeCount(page)).toBeGreaterThan(before);
  await expect.poll(async () => (await badgeCount(page)) === (await apiUnread(outside.token))).toBe(true);
  expect(await windowMark(page)).toBe(42);

  // More → the notice centre.
  await dialog.getByRole("link", { name: "更多" }).click();
  await expect(page).toHaveURL(/\/infoCenter\/noticeCenter$/);
  await expect(dialog).toHaveCount(0);
  await page.context().close();
});

test("notice content with script, event handlers and javascript: links never runs", async ({ browser }) => {
  const page = await connectedPage(browser, "inside");
  const alerts: string[] = [];
  const errors: string[] = [];
  page.on("dialog", (d) => {
    alerts.push(d.message());
    void d.dismiss();
  });
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  page.on("pageerror", (e) => errors.push(e.message));

  const admin = await apiLogin("admin");
  const title = `<img src=x onerror="window.__xss='title'">检修安排 ${Date.now()}`;
  const saved = await apiCall("SysMessage/SaveSystemNotice", {
    token: admin.token,
    json: {
      Title: title,
      Content:
        '<p>正文<script>window.__xss="script";alert(1)</script></p>' +
        '<p><img src="x" onerror="window.__xss=\'img\';alert(2)"></p>' +
        '<p><a id="xss-link" href="javascript:window.__xss=\'link\';alert(3)">详情</a></p>' +
        '<svg onload="window.__xss=\'svg\'"></svg><iframe src="javascript:alert(4)"></iframe>',
      Publish: true,
    },
  });
  expect(saved.status).toBe(200);

  const dialog = page.getByTestId("system-message-dialog");
  await expect(dialog).toBeVisible({ timeout: 10_000 });
  // The title is text, shown as typed; the content keeps its words and loses its code.
  await expect(dialog).toContainText("检修安排");
  await expect(dialog).toContainText("正文");
  await expect(dialog.locator("script, iframe, svg, [onerror], [onload]")).toHaveCount(0);
  await dialog.getByText("详情").click();
  await page.waitForTimeout(300);
  expect(await page.evaluate(() => (window as unknown as { __xss?: string }).__xss)).toBeUndefined();
  expect(alerts).toEqual([]);
  expect(errors.filter((e) => !/favicon/.test(e))).toEqual([]);
  await page.context().close();
});

test("a directed message (a reply to the user's feedback) raises the badge without a reload", async ({ browser }) => {
  const page = await connectedPage(browser, "equip");
  const me = await apiLogin("equip");
  const admin = await apiLogin("admin");
  const fb = await apiCall("Feedback/AddFeedback", {
    token: me.token,
    json: { Title: "相图计算排队时间过长", Content: "<p>提交后等待超过 10 分钟。</p>", BizType: 1, Type: 2 },
  });
  expect(fb.status).toBe(200);
  const before = await badgeCount(page);
  await markWindow(page);
  const reply = await apiCall("Feedback/ReplyFeedback", { token: admin.token, json: { Id: fb.returnData, Reply: "已扩容计算节点，请再试。" } });
  expect(reply.status).toBe(200);
  // A toast announces it and leads to the message.
  const toast = page.getByTestId("message-toast");
  await expect(toast).toHaveText("您有一条新消息，点击查看", { timeout: 10_000 });
  await expect(toast).toHaveAttribute("href", /^\/infoCenter\/UserInfoDetail\?id=[0-9a-f-]{36}$/);
  await expect.poll(() => badgeCount(page), { timeout: 10_000 }).toBeGreaterThan(before);
  await expect.poll(async () => (await badgeCount(page)) === (await apiUnread(me.token))).toBe(true);
  expect(await windowMark(page)).toBe(42);
  await page.context().close();
});
