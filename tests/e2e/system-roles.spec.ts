import { expect, test } from "@playwright/test";
import { hydratedAt, shot, signedInPage } from "./helpers.ts";

const PAGE = "/systemManage/roleManage?role=EquimentAdmin";

test("a grant change reaches a logged-in user's menu on their next page, and back to default takes it away", async ({ browser }) => {
  // The equipment administrator is logged in (JavaScript on) before anything changes.
  const equip = await signedInPage(browser, "equip");
  const sidebar = equip.page.getByTestId("sidebar");
  await expect(sidebar.locator('[data-code="loginLog"]')).toHaveCount(0);

  // The SystemAdmin, without JavaScript: a page shown without its group is refused under its row, values kept.
  const admin = await signedInPage(browser, "admin", false);
  await admin.page.goto(PAGE);
  const form = admin.page.getByTestId("grant-form");
  await form.locator('select[name="Grants.loginLog"]').selectOption("ReadOnly");
  await form.getByTestId("grant-save").click();
  await expect(admin.page.getByTestId("grant-refused")).toBeVisible();
  const row = form.locator('[data-testid="grant-row"][data-code="loginLog"]');
  await expect(row).toContainText("显示此页面须同时显示它所在的上级菜单");
  await expect(form.locator('select[name="Grants.loginLog"]')).toHaveValue("ReadOnly");

  await form.locator('select[name="Grants.systemManage"]').selectOption("ReadAndWrite");
  await form.getByTestId("grant-save").click();
  await expect(admin.page.getByTestId("toast")).toContainText("设备管理员的权限已保存，2 个页面有变化");
  await expect(form.locator('[data-code="loginLog"] [data-testid="grant-changed"]')).toHaveText("已修改 · 默认：不显示");
  await expect(admin.page.locator('[data-testid="role-link"][data-role="EquimentAdmin"]')).toContainText("已修改 2 项");
  await shot(admin.page, "roles-nojs-1366");

  // The equipment administrator's next page (no new login) has the page, read only.
  await equip.page.goto("/myInfo/index");
  await expect(sidebar.locator('[data-code="loginLog"][aria-disabled="true"]')).toHaveCount(1);

  // Back to default, with JavaScript: the dialog, then the defaults again.
  await admin.context.close();
  const admin2 = await signedInPage(browser, "admin");
  await admin2.page.setViewportSize({ width: 375, height: 800 });
  await admin2.page.goto(PAGE);
  // Clicked before React attaches, the link would go to the confirm step (the page without JavaScript).
  await hydratedAt(admin2.page, "grant-reset");
  await admin2.page.getByTestId("grant-reset").click();
  await expect(admin2.page.getByTestId("delete-modal")).toContainText("设备管理员有 2 个页面与默认值不同");
  await shot(admin2.page, "roles-js-375-reset");
  await admin2.page.getByTestId("delete-confirm").click();
  await expect(admin2.page.getByTestId("toast")).toContainText("设备管理员已恢复默认权限");
  await expect(admin2.page.getByTestId("grant-changed")).toHaveCount(0);

  // With JavaScript the selects keep the rule as one chooses: hiding a group hides what it holds.
  await admin2.page.goto("/systemManage/roleManage?role=InsideAdmin");
  await hydratedAt(admin2.page, "grant-form");
  await admin2.page.locator('select[name="Grants.systemManage"]').selectOption("");
  await expect(admin2.page.locator('select[name="Grants.personManage"]')).toHaveValue("");

  await equip.page.reload();
  await expect(sidebar.locator('[data-code="loginLog"]')).toHaveCount(0);
  await Promise.all([admin2.context.close(), equip.context.close()]);
});
