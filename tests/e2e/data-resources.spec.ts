import { expect, test } from "@playwright/test";
import { hydratedAt, shot, signedInPage, unique } from "./helpers.ts";

const GRADES = "/dataResource/dataResourceList";

test("grades without JavaScript: a reversed range is refused under its row, Cr 0.8–1.1 with Mo ≥ 0.15 finds 42CrMo, its page starts a CALPHAD equilibrium with its Cr", async ({ browser }) => {
  const { context, page } = await signedInPage(browser, "inside", false);
  await page.goto("/dataResource/index");
  await expect(page.getByTestId("tile-grades")).toContainText(/\d{3}/);
  await page.getByTestId("tile-grades").getByRole("link").first().click();
  await expect(page).toHaveURL(new RegExp(GRADES));

  const rows = page.getByTestId("composition-row");
  await rows.nth(0).locator('select[name="el"]').selectOption("Cr");
  await rows.nth(0).locator('input[name="min"]').fill("1.1");
  await rows.nth(0).locator('input[name="max"]').fill("0.8");
  await page.getByTestId("grade-search").click();
  await expect(page.getByTestId("composition-error")).toHaveText("最小值不能大于最大值");
  await expect(page.getByTestId("grades-fix")).toBeVisible();
  await expect(rows.nth(0).locator('input[name="min"]')).toHaveValue("1.1");

  await rows.nth(0).locator('input[name="min"]').fill("0.8");
  await rows.nth(0).locator('input[name="max"]').fill("1.1");
  await rows.nth(1).locator('select[name="el"]').selectOption("Mo");
  await rows.nth(1).locator('input[name="min"]').fill("0.15");
  await page.getByTestId("grade-search").click();
  await expect(page.getByTestId("grades-count")).toBeVisible();
  const grade = page.locator('[data-testid="grade-row"][data-key="gb-42CrMo"]');
  await expect(grade).toBeVisible();
  await shot(page, "grade-search-1366");
  await grade.getByTestId("grade-open").click();

  await expect(page.getByRole("heading", { name: "42CrMo", exact: true })).toBeVisible();
  await expect(page.getByTestId("grade-composition")).toContainText("Cr");
  await expect(page.getByTestId("grade-sources")).toContainText("GB/T 3077");
  const calc = page.getByTestId("grade-calculations");
  await expect(calc).toContainText("Fe, Cr");
  await calc.getByTestId("calc-equilibrium").first().click();
  await expect(page).toHaveURL(/app=calphad-equilibrium/);
  await expect(page.locator('[name="components"]')).toHaveValue("FE,CR");
  await expect(page.locator('[name="composition"]')).toHaveValue(/^CR=0\.0\d+$/);
  await page.getByTestId("compute-submit").click();
  await expect(page).toHaveURL(/computeTaskSource/);
  await context.close();
});

test("grades with JavaScript: a designation search, the grade's equivalents both ways, a property search; an administrator adds and deletes a resource; OutsideUser has no data resources", async ({ browser }) => {
  const { context, page } = await signedInPage(browser, "equip");
  await page.goto(`${GRADES}?keyword=4140`);
  await page.locator('[data-testid="grade-row"][data-key="aisi-4140"]').getByTestId("grade-open").click();
  await expect(page.getByTestId("grade-equivalents")).toContainText("42CrMo");
  await page.getByTestId("grade-equivalents").getByRole("link", { name: "42CrMo", exact: true }).click();
  await expect(page.getByTestId("grade-equivalents")).toContainText("4140");
  await page.setViewportSize({ width: 375, height: 800 });
  await shot(page, "grade-detail-375");
  await page.setViewportSize({ width: 1366, height: 900 });

  await page.goto("/dataResource/dataResourceList2?property=tensileStrength&min=1000&max=1200");
  await expect(page.getByTestId("property-row").first()).toBeVisible();
  await context.close();

  const admin = await signedInPage(browser, "admin");
  const name = unique("EBSD 晶粒尺寸");
  await admin.page.goto("/dataResource/index");
  await hydratedAt(admin.page, "resource-add");
  await admin.page.getByTestId("resource-add").click();
  const form = admin.page.getByTestId("resource-form");
  await form.locator('input[name="Name"]').fill(name);
  await form.locator('input[name="Url"]').fill("not a link");
  await form.getByTestId("resource-save").click();
  await expect(form).toContainText("请输入以 https:// 或 http:// 开头的链接");
  await form.locator('input[name="Url"]').fill("https://example.org/ebsd");
  await form.getByTestId("resource-save").click();
  await expect(admin.page.getByTestId("toast")).toContainText(`已添加“${name}”`);
  const tile = admin.page.getByTestId("tile-added").filter({ hasText: name });
  await expect(tile).toBeVisible();
  await tile.getByTestId("resource-edit").click();
  await admin.page.getByTestId("delete").click();
  await admin.page.getByTestId("delete-confirm").click();
  await expect(admin.page.getByTestId("toast")).toContainText(`已删除“${name}”`);
  await expect(admin.page.getByTestId("tile-added").filter({ hasText: name })).toHaveCount(0);
  await admin.context.close();

  const guest = await signedInPage(browser, "guest");
  const res = await guest.page.goto("/dataResource/index");
  expect(res?.status()).toBe(403);
  await guest.context.close();
});
