import { expect, test } from "@playwright/test";
import { shot, signedInPage } from "./helpers.ts";

test("caches without JavaScript: the API's and this web server's caches with their counts; clear one, then all", async ({ browser }) => {
  const { context, page } = await signedInPage(browser, "admin", false);
  await page.goto("/systemManage/cacheManage");
  const menus = page.locator('[data-testid="cache-row"][data-name="menuTrees"]');
  await expect(menus).toContainText("菜单树");
  expect(Number(await menus.getByTestId("cache-entries").textContent())).toBeGreaterThanOrEqual(1);
  await expect(page.locator('[data-testid="cache-row"][data-name="web.translations"]').getByTestId("cache-entries")).not.toHaveText("0");
  await shot(page, "caches-nojs-1366");

  await page.locator('[data-testid="cache-row"][data-name="web.qrImages"]').getByTestId("cache-clear").click();
  await expect(page.getByTestId("toast")).toContainText("已清除：二维码图片");

  await page.getByTestId("cache-clear-all").click();
  await expect(page.getByTestId("toast")).toContainText("已清除：全部缓存");
  // What each clear empties is the integration tests' (other specs fill the caches again meanwhile); the
  // page after it rebuilt what it needed itself: its menu.
  expect(Number(await menus.getByTestId("cache-entries").textContent())).toBeGreaterThanOrEqual(1);
  await context.close();
});
