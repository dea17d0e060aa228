import { expect, test } from "@playwright/test";
import { hydratedAt, shot, signedInPage } from "./helpers.ts";

const PAGE = "/systemManage/constantManage";

test("constants without JavaScript: a refused value keeps the form, a saved one reaches the footer and the people form, and goes back to default", async ({ browser }) => {
  const { context, page } = await signedInPage(browser, "admin", false);
  await page.goto(`${PAGE}?group=SiteContact`);
  await page.locator('[data-testid="const-row"][data-id="SiteContact.hours"]').getByTestId("const-edit").click();
  const form = page.getByTestId("const-form");
  await form.locator('textarea[name="zh"]').fill("");
  await form.locator('textarea[name="en"]').fill("Weekdays 8:30–18:00");
  await form.getByTestId("const-save").click();
  await expect(form.getByText("请填写此项")).toBeVisible();
  await expect(form.locator('textarea[name="en"]')).toHaveValue("Weekdays 8:30–18:00");
  await form.locator('textarea[name="zh"]').fill("工作日 8:30–18:00（北京时间）");
  await form.getByTestId("const-save").click();
  await expect(page.getByTestId("toast")).toContainText("“联系我们 · 服务时间”已保存");
  await expect(page.locator('[data-testid="const-row"][data-id="SiteContact.hours"]')).toContainText("已修改");

  // The footer's contact dialog (any page) shows the edit.
  await page.goto("/myInfo/index?dialog=contact");
  await expect(page.getByTestId("contact-dialog")).toContainText("工作日 8:30–18:00（北京时间）");

  // An enumeration label: the people form's gender choice reads it.
  await page.goto(`${PAGE}?edit=GenderArr.0`);
  await page.getByTestId("const-form").locator('input[name="zh"]').fill("未说明");
  await page.getByTestId("const-form").getByTestId("const-save").click();
  await expect(page.getByTestId("toast")).toContainText("已保存");
  await page.goto("/systemManage/personManage?add=1");
  await expect(page.getByTestId("person-form")).toContainText("未说明");
  await shot(page, "constants-person-form");

  // Back to default through the confirm step, for both.
  for (const id of ["SiteContact.hours", "GenderArr.0"]) {
    await page.goto(`${PAGE}?changed=1`);
    await page.locator(`[data-testid="const-row"][data-id="${id}"]`).getByTestId("delete").click();
    await expect(page.getByTestId("delete-step")).toContainText("将恢复为当前版本的默认文字");
    await page.getByTestId("delete-confirm").click();
    await expect(page.getByTestId("toast")).toContainText("已恢复默认");
  }
  await expect(page.getByTestId("const-empty")).toBeVisible();
  await page.goto("/myInfo/index?dialog=contact");
  await expect(page.getByTestId("contact-dialog")).toContainText("工作日 9:00–17:30（北京时间）");
  await context.close();
});

test("constants at 375 px with JavaScript: the panel first, back to default in a dialog", async ({ browser }) => {
  const { context, page } = await signedInPage(browser, "admin");
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(`${PAGE}?edit=SiteContact.email`);
  const form = page.getByTestId("const-form");
  await form.locator('input[name="Value"]').fill("not an address");
  await form.getByTestId("const-save").click();
  await expect(form.getByText("请输入正确的邮箱")).toBeVisible();
  await form.locator('input[name="Value"]').fill("lab@ferrum.example");
  await form.getByTestId("const-save").click();
  await expect(page.getByTestId("toast")).toContainText("已保存");
  await shot(page, "constants-js-375");
  await hydratedAt(page, "const-page");
  await page.locator('[data-testid="const-row"][data-id="SiteContact.email"]').getByTestId("delete").click();
  await page.getByTestId("delete-modal").getByTestId("delete-confirm").click();
  await expect(page.getByTestId("toast")).toContainText("已恢复默认");
  await expect(page.locator('[data-testid="const-row"][data-id="SiteContact.email"]')).toContainText("service@ferrum-platform.cn");
  await context.close();
});
