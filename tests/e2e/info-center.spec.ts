import { expect, test, type Browser, type Page } from "@playwright/test";
import { apiCall, apiLogin, apiUnread } from "./api-helpers.ts";
import { badgeCount, logIn, PNG, shot, signedInPage, unique } from "./helpers.ts";

/**
 * The info centre and notice administration (sections 2, 5, 7, 9): the admin writes notices with the
 * editor and with the plain textarea, previews, publishes, withdraws and deletes them; another user finds,
 * opens, searches and pages them; directed messages; hostile content that must stay inert.
 */
test.use({ locale: "zh-CN" });






/** Both widths the layout must serve; the page is left at desktop width. */
async function shots(page: Page, name: string) {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    // The layout slides its sidebar away below 992 px; shoot after the transition.
    await page.waitForTimeout(600);
    await shot(page, `${name}-${width}`);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}



/** The manager's list narrowed to one title. */
async function managerRow(page: Page, title: string) {
  await page.goto(`/systemManage/noticeManager?keyword=${encodeURIComponent(title)}`);
  return page.getByTestId("notice-row").filter({ hasText: title });
}

test("with JavaScript the admin writes in the editor: 请输入标题, preview, publish, withdraw, delete through the modal", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await logIn(page, "admin");
  await page.goto("/systemManage/noticeManager");
  await page.getByTestId("new-notice").click();
  await expect(page).toHaveURL(/\/systemManage\/noticeEdit$/);
  const editor = page.getByTestId("rich-text-Content").locator(".ProseMirror");
  await expect(editor).toBeVisible();
  // The textarea is gone; the hidden inputs carry HTML.
  await expect(page.locator('textarea[name="Content"]')).toHaveCount(0);
  await expect(page.locator('input[name="ContentFormat"]')).toHaveValue("html");

  await page.getByTestId("save-publish").click();
  await expect(page.getByTestId("notice-form")).toContainText("请输入标题");

  const title = unique("编辑器通知");
  await page.getByTestId("field-title").fill(title);
  await editor.click();
  await page.keyboard.type("热处理工艺 ");
  await page.getByRole("button", { name: "加粗" }).click();
  await page.keyboard.type("重要提醒");
  await expect(page.locator('input[name="Content"]')).toHaveValue(/<strong>重要提醒<\/strong>/);
  // Undo takes the last group of typing back (section 9), redo restores it.
  await page.keyboard.press("Control+z");
  await expect(page.locator('input[name="Content"]')).not.toHaveValue(/重要提醒/);
  await page.keyboard.press("Control+Shift+z");
  await expect(page.locator('input[name="Content"]')).toHaveValue(/<strong>重要提醒<\/strong>/);

  // An image picked from the toolbar is uploaded and inserted; a pasted file of another type is refused.
  await page.locator('input[type="file"][accept=".jpg,.png"]').setInputFiles({ name: "金相.png", mimeType: "image/png", buffer: PNG });
  await expect(page.getByTestId("rtf-notice")).toHaveText("上传成功!");
  await expect(editor.locator("img")).toHaveAttribute("src", /^\/attachment\/[0-9a-f]{32}\.png$/);
  await editor.evaluate((el) => {
    const dt = new DataTransfer();
    dt.items.add(new File(["%PDF-1.4"], "报告.pdf", { type: "application/pdf" }));
    el.dispatchEvent(new ClipboardEvent("paste", { clipboardData: dt, bubbles: true, cancelable: true }));
  });
  await expect(page.getByTestId("rtf-notice")).toHaveText("只能插入 gif、jpg、jpeg、png、apng、bmp 格式的图片");
  await expect(editor.locator("img")).toHaveCount(1);

  await page.getByTestId("preview").click();
  const preview = page.getByTestId("preview-pane");
  await expect(preview.locator("strong")).toHaveText("重要提醒");
  await expect(preview.locator("img")).toHaveAttribute("src", /^\/attachment\//);
  await expect(preview).toContainText(title);
  // Preview saves nothing.
  const admin = await apiLogin("admin");
  const before = await apiCall("SysMessage/GetSystemNoticeManageList", { token: admin.token, query: { keyword: title } });
  expect(before.returnData.total).toBe(0);
  // The editor kept its content across the preview.
  await expect(editor.locator("strong")).toHaveText("重要提醒");
  await shots(page, "notice-edit-js");

  await page.getByTestId("save-publish").click();
  await expect(page).toHaveURL(/\/systemManage\/noticeManager$/);
  await expect(page.getByTestId("toast")).toHaveText("通知已发布");

  let row = await managerRow(page, title);
  await expect(row.getByTestId("notice-state")).toHaveText("已发布");
  await shots(page, "notice-manager");
  await row.getByTestId("withdraw").click();
  await expect(page.getByTestId("toast")).toHaveText("通知已撤回");
  row = page.getByTestId("notice-row").filter({ hasText: title });
  await expect(row.getByTestId("notice-state")).toHaveText("已撤回");

  await row.getByTestId("delete").click();
  const modal = page.getByRole("dialog");
  await expect(modal).toContainText(`确定要删除通知“${title}”吗？`);
  // Only its own buttons close it (section 2).
  await page.keyboard.press("Escape");
  await expect(modal).toBeVisible();
  await modal.getByRole("button", { name: "取消" }).click();
  await expect(modal).toBeHidden();
  await expect(row).toHaveCount(1);
  await row.getByTestId("delete").click();
  await page.getByRole("dialog").getByTestId("delete-confirm").click();
  await expect(page.getByTestId("toast")).toHaveText("通知已删除");
  await expect(page.getByTestId("notice-row").filter({ hasText: title })).toHaveCount(0);
});

test("without JavaScript the admin writes in the textarea and publishes; another user finds, opens, searches and pages", async ({ browser }) => {
  // Reloads while other specs publish and withdraw notices can take a while: more than the default 30 s.
  test.setTimeout(90_000);
  const { context, page } = await signedInPage(browser, "admin", false);
  await page.goto("/systemManage/noticeEdit");
  const textarea = page.locator('textarea[name="Content"]');
  await expect(textarea).toBeVisible();
  await expect(page.locator('input[name="ContentFormat"]')).toHaveValue("text");

  // Bad input: the error under its field, the typed content kept, nothing saved.
  await textarea.fill("第一段第一行\n第一段第二行\n\n第二段 <b>不是粗体</b>");
  await page.getByTestId("save-publish").click();
  await expect(page.getByTestId("notice-form").locator(".mantine-InputWrapper-error")).toHaveText(["请输入标题"]);
  await expect(textarea).toHaveValue("第一段第一行\n第一段第二行\n\n第二段 <b>不是粗体</b>");

  const title = unique("无脚本通知");
  await page.getByTestId("field-title").fill(title);
  await page.locator('input[name="Author"]').fill("材料研究所");
  await page.locator('input[name="AttachmentsUpload"]').setInputFiles({ name: "工艺说明.txt", mimeType: "text/plain", buffer: Buffer.from("淬火温度 860 ℃\n") });
  await page.getByTestId("preview").click();
  const preview = page.getByTestId("preview-pane");
  await expect(preview.locator("p")).toHaveCount(2);
  await expect(preview.locator("b")).toHaveCount(0);
  await expect(preview).toContainText("第二段 <b>不是粗体</b>");
  await shots(page, "notice-edit-nojs");

  await page.getByTestId("save-publish").click();
  await expect(page).toHaveURL(/\/systemManage\/noticeManager$/);
  await expect(page.getByTestId("toast")).toHaveText("通知已发布");
  await context.close();

  // Another user, JavaScript on: the notice is first in the centre, unread.
  // Not "transfer": the login spec resets that account's password, which ends its sessions mid-test.
  const reader = await apiLogin("inside");
  const { context: c2, page: p2 } = await signedInPage(browser, "inside");
  await p2.goto("/infoCenter/noticeCenter");
  await expect(p2.getByTestId("notice-list").getByTestId("ic-row").first()).toContainText(title);
  // By its title from here on: after a reload another spec's newer notice may be first.
  const first = p2.getByTestId("notice-list").getByTestId("ic-row").filter({ hasText: title });
  await expect(first).toHaveAttribute("data-read", "0");
  await shots(p2, "notice-center");
  // Other tests publish, withdraw and delete notices meanwhile (a withdrawal is not pushed to the badge):
  // compare with what the API counts at the moment, reloading for a fresh count when they differ.
  const sameAsApi = async () => {
    if ((await badgeCount(p2)) === (await apiUnread(reader.token))) return true;
    await p2.reload();
    return (await badgeCount(p2)) === (await apiUnread(reader.token));
  };
  await expect.poll(sameAsApi).toBe(true);

  await first.getByRole("link").click();
  await expect(p2).toHaveURL(/\/infoCenter\/noticeDetail\?id=/);
  await expect(p2.getByTestId("detail-title")).toHaveText(title);
  await expect(p2.getByTestId("notice-detail")).toContainText("材料研究所");
  await expect(p2.getByTestId("detail-content").locator("p").first()).toHaveText("第一段第一行第一段第二行");
  await expect(p2.getByTestId("detail-content").locator("br")).toHaveCount(1);
  await expect(p2.getByTestId("attachment-list")).toContainText("工艺说明.txt");
  // Marked read: gone from the reader's unread list, and the badge follows the API's count.
  const stillUnread = await apiCall("SysMessage/GetSystemNoticeList", { token: reader.token, query: { keyword: title, read: "unread" } });
  expect(stillUnread.returnData.total).toBe(0);
  await expect.poll(sameAsApi).toBe(true);
  await shots(p2, "notice-detail");

  await p2.goto("/infoCenter/noticeCenter?read=read");
  await expect(p2.getByTestId("notice-list")).toContainText(title);
  await p2.goto("/infoCenter/noticeCenter?read=unread");
  await expect(p2.getByTestId("notice-list-empty").or(p2.getByTestId("notice-list"))).not.toContainText(title);

  // Search by title through the GET form.
  await p2.goto("/infoCenter/noticeCenter");
  await p2.getByTestId("search-form").locator('input[name="keyword"]').fill(title);
  await p2.getByTestId("search-submit").click();
  await expect(p2).toHaveURL(new RegExp(`keyword=`));
  await expect(p2.getByTestId("ic-row")).toHaveCount(1);
  await expect(p2.getByTestId("result-count")).toContainText("共 1 条结果");
  await c2.close();
});

test("paging works by plain links, with and without JavaScript", async ({ browser }) => {
  const admin = await apiLogin("admin");
  const prefix = unique("分页");
  for (let i = 1; i <= 12; i++) {
    const r = await apiCall("SysMessage/SaveSystemNotice", { token: admin.token, json: { Title: `${prefix} 第${i}条`, Content: `<p>${i}</p>`, Publish: true } });
    expect(r.status).toBe(200);
  }
  for (const js of [false, true]) {
    const { context, page } = await signedInPage(browser, "guest", js);
    await page.goto(`/infoCenter/noticeCenter?keyword=${encodeURIComponent(prefix)}`);
    await expect(page.getByTestId("result-count")).toContainText("共 12 条结果");
    await expect(page.getByTestId("ic-row")).toHaveCount(10);
    const pager = page.getByTestId("pager");
    await pager.getByRole("link", { name: "第 2 页" }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(page.getByTestId("ic-row")).toHaveCount(2);
    // Newest first: page 2 holds the two oldest.
    await expect(page.getByTestId("ic-row").last()).toContainText(`${prefix} 第1条`);
    await expect(page.getByTestId("pager").locator('[aria-current="page"]')).toHaveText("2");
    await context.close();
  }
});

test("my messages: unread first with counts, mark all read; the admin's demo message; unknown ids are a 404 in the layout", async ({ browser }) => {
  const { context, page } = await signedInPage(browser, "admin");
  await page.goto("/infoCenter/index");
  const messages = page.getByTestId("my-messages");
  const demo = messages.getByTestId("ic-row").filter({ hasText: "您有一条新的用户反馈待处理" });
  await expect(demo).toHaveCount(1);
  await shots(page, "info-index");
  await demo.getByRole("link").click();
  await expect(page).toHaveURL(/\/infoCenter\/UserInfoDetail\?id=/);
  await expect(page.getByTestId("detail-title")).toHaveText("您有一条新的用户反馈待处理");
  await expect(page.getByTestId("detail-content")).toContainText("意见反馈");
  await shots(page, "message-detail");
  const messageUrl = page.url();
  await page.goto("/infoCenter/index");
  await expect(page.getByTestId("my-messages").getByTestId("ic-row").filter({ hasText: "您有一条新的用户反馈待处理" })).toHaveAttribute("data-read", "1");

  // Not found, inside the layout (the user keeps the menu).
  let res = await page.goto("/infoCenter/noticeDetail?id=00000000-0000-4000-8000-000000000000");
  expect(res?.status()).toBe(404);
  await expect(page.getByTestId("error-404")).toBeVisible();
  await expect(page.getByTestId("welcome")).toBeVisible();
  res = await page.goto("/infoCenter/UserInfoDetail?id=not-an-id");
  expect(res?.status()).toBe(404);
  await context.close();

  // Someone else's message is not found either.
  const guest = await signedInPage(browser, "guest", false);
  res = await guest.page.goto(messageUrl);
  expect(res?.status()).toBe(404);
  await expect(guest.page.getByTestId("error-404")).toBeVisible();

  // Mark all read, without JavaScript: the counts lose their unread part and the badge goes.
  await guest.page.goto("/infoCenter/index");
  await expect(guest.page.getByTestId("latest-notices-counts")).toContainText("条未读");
  await guest.page.getByTestId("read-all").click();
  await expect(guest.page.getByTestId("toast")).toHaveText("已全部标为已读");
  await expect(guest.page.getByTestId("latest-notices-counts")).not.toContainText("未读");
  await expect(guest.page.getByTestId("latest-notices").locator('[data-read="0"]')).toHaveCount(0);
  await expect(guest.page.getByTestId("unread-badge")).toHaveCount(0);
  await guest.context.close();
});

test("a directed message's same-origin link is offered as a button (a feedback reply leads back to the feedback)", async ({ browser }) => {
  const author = await apiLogin("uploader");
  const admin = await apiLogin("admin");
  const title = unique("链接反馈");
  const added = await apiCall("Feedback/AddFeedback", { token: author.token, json: { Title: title, Content: "<p>请增加导出功能</p>", BizType: 2, Type: 0 } });
  expect(added.status).toBe(200);
  expect((await apiCall("Feedback/ReplyFeedback", { token: admin.token, json: { Id: added.returnData, Reply: "<p>已排期</p>" } })).status).toBe(200);
  const messages = await apiCall("SysMessage/GetUserMessageList", { token: author.token, query: { keyword: title } });
  const id = messages.returnData.rows[0].id;

  const { context, page } = await signedInPage(browser, "uploader", false);
  await page.goto("/infoCenter/noticeCenter?tab=messages");
  await expect(page.getByTestId("tab-messages")).toHaveAttribute("aria-current", "page");
  await expect(page.getByTestId("message-list").getByTestId("ic-row").first()).toHaveAttribute("data-read", "0");
  await page.goto(`/infoCenter/UserInfoDetail?id=${id}`);
  await expect(page.getByTestId("detail-content")).toHaveText("已排期");
  const button = page.getByTestId("message-link");
  await expect(button).toHaveAttribute("href", `/feedback?id=${added.returnData}`);
  await button.click();
  await expect(page).toHaveURL(new RegExp(`/feedback\\?id=${added.returnData}`));
  await context.close();
});

test("without JavaScript a delete asks on a confirm step first", async ({ browser }) => {
  const admin = await apiLogin("admin");
  const title = unique("待删除通知");
  expect((await apiCall("SysMessage/SaveSystemNotice", { token: admin.token, json: { Title: title, Content: "<p>x</p>", Publish: false } })).status).toBe(200);
  const { context, page } = await signedInPage(browser, "admin", false);
  const row = await managerRow(page, title);
  await expect(row.getByTestId("notice-state")).toHaveText("草稿");
  await row.getByTestId("delete").click();
  await expect(page).toHaveURL(/confirm=/);
  const step = page.getByTestId("delete-step");
  await expect(step).toContainText(`确定要删除通知“${title}”吗？`);
  await shots(page, "notice-delete-step");
  await step.getByRole("link", { name: "取消" }).click();
  await expect(page.getByTestId("delete-step")).toHaveCount(0);
  await expect(page.getByTestId("notice-row").filter({ hasText: title })).toHaveCount(1);
  await page.getByTestId("notice-row").filter({ hasText: title }).getByTestId("delete").click();
  await page.getByTestId("delete-step").getByTestId("delete-confirm").click();
  await expect(page.getByTestId("toast")).toHaveText("通知已删除");
  await expect(page).not.toHaveURL(/confirm=/);
  await expect(page.getByTestId("notice-row").filter({ hasText: title })).toHaveCount(0);
  await context.close();
});

test("hostile notice content never runs: scripts, onerror images and javascript: links are gone on the way out", async ({ browser }) => {
  const admin = await apiLogin("admin");
  const title = unique("恶意内容");
  const content =
    `<p>正文<script>window.__pwned = 1; alert("script")</script></p>` +
    `<img src="x" onerror="window.__pwned = 2; alert('img')">` +
    `<p><a href="javascript:window.__pwned=3;alert('link')" data-testid="evil-link">点这里</a></p>` +
    `<p onclick="alert('p')" style="background:url(javascript:alert(1))">段落</p>` +
    `<iframe src="javascript:alert('frame')"></iframe><svg onload="alert('svg')"></svg>`;
  const saved = await apiCall("SysMessage/SaveSystemNotice", { token: admin.token, json: { Title: title, Content: content, Publish: true } });
  expect(saved.status).toBe(200);

  const { context, page } = await signedInPage(browser, "guest");
  const dialogs: string[] = [];
  const errors: string[] = [];
  page.on("dialog", async (d) => {
    dialogs.push(d.message());
    await d.dismiss();
  });
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  page.on("pageerror", (e) => errors.push(e.message));
  await page.goto(`/infoCenter/noticeDetail?id=${saved.returnData.Id}`);
  const body = page.getByTestId("detail-content");
  await expect(body).toContainText("正文");
  await expect(body.locator("script, iframe, svg, img, [onclick], [onerror], [style]")).toHaveCount(0);
  const link = body.getByText("点这里");
  await expect(link).toBeVisible();
  expect((await link.getAttribute("href")) ?? "").not.toMatch(/javascript:/i);
  await link.click({ noWaitAfter: true }).catch(() => {});
  await page.waitForTimeout(300);
  expect(dialogs).toEqual([]);
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  expect(errors.filter((e) => !/favicon/i.test(e))).toEqual([]);

  // The edit form's preview of the same content is sanitised the same way.
  const adminPage = await signedInPage(browser, "admin", false);
  await adminPage.page.goto(`/systemManage/noticeEdit?id=${saved.returnData.Id}`);
  await adminPage.page.getByTestId("preview").click();
  await expect(adminPage.page.getByTestId("preview-pane").locator("script, iframe, img, [onclick]")).toHaveCount(0);
  await adminPage.context.close();
  await context.close();
});
