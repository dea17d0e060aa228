import { expect, test } from "@playwright/test";
import { logIn, shot } from "./helpers.ts";

/**
 * The test data on a phone without JavaScript (docs/test-data.md): my records as cards, one of my uploaded
 * records corrected (a refused value at its field, everything typed kept), the data sources as chips and
 * cards, and the catalogue by grade and method. The rules are the integration tests'.
 */
test("an uploader corrects one of their records on a phone without JavaScript, reads the data sources and the catalogue", async ({ browser }) => {
  const context = await browser.newContext({ locale: "zh-CN", javaScriptEnabled: false, viewport: { width: 375, height: 800 } });
  const page = await context.newPage();
  await logIn(page, "uploader");
  await page.goto("/testDetectionMobile/myTestData/myTestDataTable?keyword=DEMO-0000007");
  const card = page.getByTestId("record-card").filter({ hasText: "DEMO-0000007" });
  await expect(card).toHaveCount(1);
  await card.getByTestId("record-modify").click();
  await page.getByTestId("modify-HeatNo").fill("H26-FIX");
  await page.getByTestId("modify-v.C").fill("2000");
  await page.getByTestId("modify-save").click();
  await expect(page.getByTestId("modify-form").getByRole("alert")).toContainText("数值超出物理范围");
  await expect(page.getByTestId("modify-HeatNo")).toHaveValue("H26-FIX");
  await page.getByTestId("modify-v.C").fill("0.45");
  await page.getByTestId("modify-save").click();
  await expect(page.getByTestId("toast")).toContainText("已更正 DEMO-0000007");
  await expect(page.getByTestId("record-card").filter({ hasText: "DEMO-0000007" })).toContainText("C 0.45");
  await expect(page.getByTestId("record-card").filter({ hasText: "DEMO-0000007" })).toContainText("H26-FIX");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await shot(page, "mobile-records-375");

  await page.goto("/testDetectionMobile/myTestData/dataSource");
  await page.getByTestId("source-count-upload").click();
  await expect(page).toHaveURL(/source=upload/);
  await expect(page.getByTestId("source-card").first()).toHaveAttribute("data-source", "upload");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await shot(page, "mobile-sources-375");

  // The catalogue by grade and method: a count opens those records.
  await page.goto("/testDetection/steelNky?view=catalogue&keyword=42CrMo");
  const row = page.getByTestId("catalogue-row").filter({ has: page.locator("th", { hasText: /^42CrMo$/ }) });
  const records = Number(await row.locator("td").first().textContent());
  expect(records).toBeGreaterThan(0);
  await row.locator("td").first().getByRole("link").click();
  await expect(page).toHaveURL(/myTestDataTable\?grade=%2242CrMo%22/);
  await expect(page.getByText(`共 ${records} 条记录`)).toBeVisible();
  await context.close();
});
