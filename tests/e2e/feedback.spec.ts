import { expect, test, type Page } from "@playwright/test";
import { apiCall, apiLogin, apiUnread } from "./api-helpers.ts";
import { badgeCount, logIn, PNG, shot, signedInPage, unique } from "./helpers.ts";

/**
 * Feedback (sections 2, 5 and 8): the floating dialog with JavaScript, the /feedback page without it, the
 * admin's list, filters and reply, the reply reaching the author as an unread directed message, and
 * hostile content that must stay inert in the admin's view.
 */
test.use({ locale: "zh-CN" });




/** React has attached to the floating button (its click handler exists only after hydration). */
async function hydrated(page: Page) {
  await page.waitForFunction(() => {
    const el = document.querySelector('[data-testid="feedback-button"]');
    return !!el && Object.keys(el).some((k) => k.startsWith("__reactFiber"));
  });
}




test("with JavaScript the floating button opens the 800 px dialog over the page: 请输入标题, then 提交成功 and read-only", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await logIn(page, "outside");
  await page.goto("/myInfo/index");
  await hydrated(page);
  const button = page.getByTestId("feedback-button");
  await expect(button).toHaveAttribute("href", "/feedback");
  await button.click();
  const dialog = page.getByTestId("feedback-dialog");
  await expect(dialog).toContainText("意见反馈");
  await expect(page).toHaveURL(/\/myInfo\/index$/);
  expect(Math.round((await dialog.boundingBox())!.width)).toBe(800);

  // Section 2: only its own buttons close it.
  await page.keyboard.press("Escape");
  await page.mouse.click(10, 450);
  await expect(dialog).toBeVisible();

  await page.getByTestId("feedback-dialog-submit").click();
  await expect(page.locator(".ferrum-toast-warning", { hasText: "请输入标题" })).toBeVisible();
  await expect(dialog.locator(".mantine-InputWrapper-error").first()).toHaveText("请输入标题");

  const title = unique("计算队列太慢");
  await dialog.locator('input[name="Title"]').fill(title);
  // Typing answers the message at once.
  await expect(dialog.locator(".mantine-InputWrapper-error")).toHaveCount(0);
  await dialog.getByLabel("计算任务").check();
  await dialog.getByLabel("缺陷").check();
  const editor = dialog.getByTestId("rich-text-Content").locator(".ProseMirror");
  await editor.click();
  await page.keyboard.type("提交后排队超过一小时。");
  // With JavaScript a chosen file uploads at once and joins the form as its path.
  await dialog.locator('input[name="AttachmentsUpload"]').setInputFiles({ name: "queue.png", mimeType: "image/png", buffer: PNG });
  await expect(dialog.getByTestId("attachment-item")).toContainText("queue.png");
  await shot(page, "dialog-1280");
  await page.getByTestId("feedback-dialog-submit").click();

  // The attachment's own 上传成功! toast may still be showing beside it.
  await expect(page.locator(".ferrum-toast-success", { hasText: "提交成功" })).toBeVisible();
  await expect(dialog.getByTestId("feedback-view-title")).toHaveText(title);
  await expect(dialog.getByTestId("feedback-view")).toContainText("计算任务");
  await expect(dialog.getByTestId("feedback-view")).toContainText("缺陷");
  await expect(dialog.getByTestId("feedback-view-content")).toHaveText("提交后排队超过一小时。");
  await expect(dialog.getByTestId("feedback-no-reply")).toHaveText("暂未回复");
  await expect(dialog.getByTestId("attachment-list")).toContainText("queue.png");
  await shot(page, "dialog-sent-1280");
  // Read-only now: no fields, no submit.
  await expect(dialog.locator('input[name="Title"]')).toHaveCount(0);
  await expect(page.getByTestId("feedback-dialog-submit")).toHaveCount(0);
  await expect(page).toHaveURL(/\/myInfo\/index$/);
  await page.getByTestId("feedback-dialog-close").click();
  await expect(dialog).toBeHidden();

  // It is in the user's own list.
  await page.goto("/feedback");
  await expect(page.getByTestId("my-feedback")).toContainText(title);

  await page.setViewportSize({ width: 375, height: 740 });
  await hydrated(page);
  await page.getByTestId("feedback-button").click();
  await expect(page.getByTestId("feedback-dialog")).toBeVisible();
  const box = (await page.getByTestId("feedback-dialog").boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(375);
  await shot(page, "dialog-375");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("/feedback: the floating link, 请输入标题, then 提交成功 and the read-only view with the list", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await logIn(page, "guest");
    await page.getByTestId("feedback-button").click();
    await expect(page).toHaveURL(/\/feedback$/);
    await expect(page).toHaveTitle(/^意见反馈 - /);

    await page.getByTestId("feedback-submit").click();
    await expect(page.locator(".ferrum-toast-warning")).toHaveText("请输入标题");
    await expect(page.getByTestId("feedback-form").locator(".mantine-InputWrapper-error")).toHaveText(["请输入标题"]);

    const title = unique("希望增加材料APP");
    const form = page.getByTestId("feedback-form");
    await form.locator('textarea[name="Content"]').fill("第一段 <b>不是HTML</b>\n\n第二段");
    await form.locator('input[name="Title"]').fill(title);
    await form.getByLabel("材料APP").check();
    await form.getByLabel("建议").check();
    // Without JavaScript the file goes with the form and is uploaded by the action.
    await form.locator('input[name="AttachmentsUpload"]').setInputFiles({ name: "截图.png", mimeType: "image/png", buffer: PNG });
    await shot(page, "page-form-1280");
    await page.getByTestId("feedback-submit").click();

    await expect(page.getByTestId("toast")).toHaveText("提交成功");
    await expect(page).toHaveURL(/\/feedback\?id=[0-9a-f-]+$/);
    const view = page.getByTestId("feedback-view");
    await expect(view.getByTestId("feedback-view-title")).toHaveText(title);
    await expect(view).toContainText("材料APP");
    await expect(view).toContainText("建议");
    // Typed text stays text: the angle brackets are shown, not parsed.
    await expect(view.getByTestId("feedback-view-content").locator("p")).toHaveText(["第一段 <b>不是HTML</b>", "第二段"]);
    await expect(view.locator("input, textarea, select")).toHaveCount(0);
    await expect(view.getByTestId("attachment-list")).toContainText("截图.png");
    const row = page.getByTestId("my-feedback-row").filter({ hasText: title });
    await expect(row).toHaveAttribute("aria-current", "page");
    await expect(row.getByTestId("my-feedback-state")).toHaveText("未回复");
    await shot(page, "page-view-1280");

    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto("/feedback");
    const scroll = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scroll).toBeLessThanOrEqual(375);
    await shot(page, "page-form-375");
  });

  test("the admin page is refused to a plain user", async ({ page }) => {
    await logIn(page, "guest");
    const res = await page.goto("/systemManage/feedback");
    expect(res?.status()).toBe(403);
    await expect(page.locator("main")).toContainText("当前用户没有此页面访问权限");
    await expect(page.getByTestId("feedback-manage")).toHaveCount(0);
  });

  test("another user's feedback is not shown", async ({ page }) => {
    const outside = await apiLogin("outside");
    const other = await apiCall("Feedback/AddFeedback", { token: outside.token, json: { Title: unique("别人的反馈"), Content: "<p>私密</p>", BizType: 0, Type: 0 } });
    expect(other.status).toBe(200);
    await logIn(page, "guest");
    await page.goto(`/feedback?id=${other.returnData}`);
    await expect(page.getByRole("alert")).toHaveText("反馈不存在或无权查看");
    await expect(page.locator("body")).not.toContainText("私密");
  });
});

test("the admin filters, opens and replies; the author sees the reply and an unread directed message", async ({ browser }) => {
  const title = unique("数据导出失败");
  // xadmin: no other test marks this user's messages read, so the new message is still unread at the end.
  const guest = await apiLogin("xadmin");
  const added = await apiCall("Feedback/AddFeedback", { token: guest.token, json: { Title: title, Content: "<p>导出 CSV 时报错</p>", BizType: 2, Type: 1 } });
  expect(added.status).toBe(200);
  const id = added.returnData as string;

  const author = await signedInPage(browser, "xadmin");
  await author.page.goto("/feedback");

  // The admin's page works without JavaScript: GET filters, links, a POST reply.
  const admin = await signedInPage(browser, "admin", false);
  const a = admin.page;
  await a.setViewportSize({ width: 1280, height: 900 });
  await a.goto("/systemManage/feedback");
  await expect(a).toHaveTitle(/^意见反馈管理 - /);
  const filters = a.getByTestId("feedback-filters");
  await filters.locator('input[name="keyword"]').fill(title);
  await filters.locator('select[name="type"]').selectOption("1");
  await filters.locator('select[name="bizType"]').selectOption("2");
  await filters.locator('select[name="replied"]').selectOption("unreplied");
  await a.getByTestId("filter-submit").click();
  await expect(a).toHaveURL(/keyword=.+&type=1&bizType=2&replied=unreplied/);
  await expect(a.getByTestId("feedback-row")).toHaveCount(1);
  await expect(a.getByTestId("feedback-row")).toContainText("材料APP");
  await expect(a.getByTestId("feedback-row")).toContainText("缺陷");
  await expect(a.getByTestId("feedback-row")).toContainText("未回复");
  await shot(a, "admin-list-1280");

  // A filter that excludes it.
  await a.goto(`/systemManage/feedback?keyword=${encodeURIComponent(title)}&type=0`);
  await expect(a.getByTestId("feedback-empty")).toHaveText("没有符合条件的反馈");
  await a.goBack();

  await a.getByTestId("feedback-open").click();
  await expect(a).toHaveURL(new RegExp(`id=${id}`));
  await expect(a.getByTestId("feedback-view-content")).toHaveText("导出 CSV 时报错");
  await a.getByTestId("reply-submit").click();
  await expect(a.getByTestId("reply-form").locator(".mantine-InputWrapper-error")).toHaveText("请输入回复内容");
  await a.getByTestId("reply-text").fill("已修复，请重新导出。\n如仍有问题请再反馈。");
  await a.getByTestId("reply-submit").click();
  await expect(a.getByTestId("toast")).toHaveText("回复已发送");
  await expect(a.getByTestId("feedback-reply")).toContainText("已修复，请重新导出。");
  await shot(a, "admin-detail-1280");
  await a.getByTestId("feedback-back").click();
  await expect(a.getByTestId("feedback-empty")).toBeVisible();
  await a.goto(`/systemManage/feedback?keyword=${encodeURIComponent(title)}&replied=replied`);
  await expect(a.getByTestId("feedback-row")).toContainText("已回复");
  await a.setViewportSize({ width: 375, height: 740 });
  await a.reload();
  expect(await a.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await shot(a, "admin-list-375");

  // The author: the reply on the feedback, 已回复 in the list, and one more unread message.
  const messages = await apiCall("SysMessage/GetUserMessageList", { token: guest.token, query: { read: "unread", keyword: title } });
  expect(messages.returnData.rows.length).toBe(1);
  await author.page.reload();
  // Other tests publish, withdraw and delete notices meanwhile, so a count before and after proves nothing:
  // the reply is an unread message above (the API's list), and the badge shows what the API counts now.
  await expect.poll(async () => (await badgeCount(author.page)) === (await apiUnread(guest.token))).toBe(true);
  await author.page.goto(`/feedback?id=${id}`);
  await expect(author.page.getByTestId("feedback-reply")).toContainText("已修复，请重新导出。");
  await expect(author.page.getByTestId("feedback-reply-content").locator("br")).toHaveCount(1);
  await expect(author.page.getByTestId("my-feedback-row").filter({ hasText: title }).getByTestId("my-feedback-state")).toHaveText("已回复");
  await author.context.close();
  await admin.context.close();
});

test("script, onerror and javascript: links in a feedback never run in the admin's view", async ({ browser }) => {
  const outside = await apiLogin("outside");
  const title = unique(`<img src=x onerror="window.__pwned=1">标题`);
  const hostile =
    `<p>看这里</p><script>window.__pwned=1;alert("script")</script>` +
    `<img src=x onerror="window.__pwned=1;alert('img')">` +
    `<a href="javascript:window.__pwned=1;alert('link')" data-testid="bad-link">点我</a>` +
    `<p onclick="alert('p')" style="color:red">段落</p>`;
  const added = await apiCall("Feedback/AddFeedback", { token: outside.token, json: { Title: title, Content: hostile, BizType: 0, Type: 2 } });
  expect(added.status).toBe(200);

  const admin = await signedInPage(browser, "admin");
  const a = admin.page;
  const dialogs: string[] = [];
  const logs: string[] = [];
  a.on("dialog", async (d) => {
    dialogs.push(d.message());
    await d.dismiss();
  });
  a.on("console", (m) => logs.push(m.text()));
  a.on("pageerror", (e) => logs.push(e.message));

  await a.goto(`/systemManage/feedback?keyword=${encodeURIComponent("标题")}`);
  // The hostile title is text in the list and on the detail.
  await a.getByTestId("feedback-open").filter({ hasText: title }).click();
  await expect(a.getByTestId("feedback-view-title")).toHaveText(title);
  const content = a.getByTestId("feedback-view-content");
  await expect(content).toContainText("看这里");
  expect(await content.locator("script, img, [onclick], [onerror], [style]").count()).toBe(0);
  const link = content.getByText("点我");
  await expect(link).toBeVisible();
  expect(await link.getAttribute("href")).toBeNull();
  await link.click();
  await a.waitForTimeout(300);
  expect(await a.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
  expect(dialogs).toEqual([]);
  expect(logs.filter((c) => /pwned|script|img|link/i.test(c))).toEqual([]);
  await shot(a, "admin-hostile-1280");
  await admin.context.close();
});
