import { expect, test, type Page } from "@playwright/test";
import { logIn, shot, signedInPage } from "./helpers.ts";

/**
 * The software catalogue (/steelResearchCompute/oiIndex) and an app's documentation (oiDetail?app=): the
 * catalogue lists carburizing under 扩散 with links to its documentation and both forms; the documentation
 * shows what it computes, the inputs with units, the example deck and the version. The same without
 * JavaScript, and on a 320 px phone without sideways scrolling.
 */
test.use({ locale: "zh-CN" });

const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

async function catalogueToDoc(page: Page, name: string) {
  await page.goto("/steelResearchCompute/oiIndex");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("计算软件");
  const spread = page.getByTestId("category-Spread");
  await expect(spread.getByRole("heading", { level: 2 })).toHaveText("扩散");
  const card = spread.getByTestId("app-carburizing");
  await expect(card).toContainText("渗碳");
  await expect(card).toContainText("版本 1.0");
  await expect(card.getByTestId("graphical-carburizing")).toHaveAttribute("href", "/steelResearchCompute/cloudCompute?app=carburizing");
  await expect(card.getByTestId("instruction-carburizing")).toHaveAttribute("href", "/steelResearchCompute/instructionModeCompute?app=carburizing");
  await shot(page, `${name}-catalogue`);
  await card.getByTestId("doc-carburizing").click();
  await expect(page).toHaveURL(/\/steelResearchCompute\/oiDetail\?app=carburizing$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("渗碳");
  await expect(page.getByTestId("doc-version")).toHaveText("版本 1.0");
  await expect(page.getByTestId("doc-meta")).toContainText("扩散");
  await expect(page.getByTestId("doc-model")).toContainText("Crank–Nicolson");
  await expect(page.getByTestId("doc-validity")).toContainText("850–1100 °C");
  await expect(page.getByTestId("doc-references")).toContainText("J. Appl. Phys. 51 (1980) 4813");
  await expect(page.getByTestId("input-temperatureC")).toContainText("渗碳温度");
  await expect(page.getByTestId("unit-temperatureC")).toHaveText("°C");
  await expect(page.getByTestId("unit-c0")).toHaveText("wt%");
  await expect(page.getByTestId("unit-d0")).toHaveText("m²/s");
  await expect(page.getByTestId("input-temperatureC")).toContainText("700 – 1200");
  await expect(page.getByTestId("example-deck")).toContainText("temperatureC = 925");
  await expect(page.getByTestId("doc-example")).toContainText("carburize.in");
  await shot(page, `${name}-doc`);
}

test("catalogue → carburizing's documentation → both forms, with JavaScript (1280)", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await logIn(page, "outside");
  // The sidebar offers the catalogue under its new label.
  await page.goto("/myAllTask/index");
  const group = page.getByTestId("sidebar").locator('details[data-code="steelResearchCompute"]');
  if (!(await group.evaluate((d) => (d as HTMLDetailsElement).open))) await group.locator("summary").click();
  const entry = group.locator('a[data-code="oiIndex"]');
  await expect(entry).toHaveText("计算软件");
  await entry.click();
  await expect(page).toHaveURL(/\/steelResearchCompute\/oiIndex$/);
  await catalogueToDoc(page, "js-1280");
  await page.getByTestId("open-graphical").click();
  await expect(page).toHaveURL(/cloudCompute\?app=carburizing/);
  await expect(page.getByTestId("field-temperatureC")).toContainText("渗碳温度");
  await page.goBack();
  await page.getByTestId("open-instruction").click();
  await expect(page).toHaveURL(/instructionModeCompute\?app=carburizing/);
  await expect(page.locator("textarea")).toHaveValue(/temperatureC = 925/);
  await expect(page).toHaveTitle(/指令模式/);
});

test("without JavaScript on a 320 px phone: the same pages, links to the forms, no sideways scrolling", async ({ browser }) => {
  const { context, page } = await signedInPage(browser, "guest", false);
  await page.setViewportSize({ width: 320, height: 700 });
  await catalogueToDoc(page, "nojs-320");
  expect(await overflow(page)).toBeLessThanOrEqual(0);
  await page.getByTestId("open-graphical").click();
  await expect(page).toHaveURL(/cloudCompute\?app=carburizing/);
  await expect(page.getByTestId("field-temperatureC")).toBeVisible();
  await page.goto("/steelResearchCompute/oiIndex");
  expect(await overflow(page)).toBeLessThanOrEqual(0);
  await page.getByTestId("instruction-carburizing").click();
  await expect(page).toHaveURL(/instructionModeCompute\?app=carburizing/);
  // An unknown app is a 404 with the way back, not the category route's redirect.
  const r = await page.goto("/steelResearchCompute/oiDetail?app=nope");
  expect(r?.status()).toBe(404);
  await expect(page.getByTestId("unknown-app")).toBeVisible();
  await context.close();
});
