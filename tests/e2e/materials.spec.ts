import { expect, test } from "@playwright/test";
import { logIn, shot } from "./helpers.ts";

/**
 * Materials in the browser (docs/materials.md): the lab adds a steel with its heat treatment on a phone without
 * JavaScript, a refused temperature shows in its step's row with everything typed kept, and the saved material's
 * tempering opens the precipitation calculation at its temperature and time. Other staff read without the
 * editor. The rules are the integration tests'.
 */
test("the lab adds a material with its process on a phone without JavaScript, and its tempering step opens a calculation", async ({ browser }) => {
  const context = await browser.newContext({ locale: "zh-CN", javaScriptEnabled: false, viewport: { width: 375, height: 800 } });
  const page = await context.newPage();
  await logIn(page, "inside");
  await page.goto("/testDetection/operationMaterial");
  await page.getByTestId("material-new").click();
  const code = `E2E-${Date.now().toString(36)}`;
  await page.getByTestId("material-Code").fill(code);
  await page.getByTestId("material-Grade").fill("42CrMo");
  await page.getByTestId("material-HeatNo").fill("H26-E2E");
  const step = (i: number) => page.getByTestId("material-step").nth(i);
  await step(0).locator("select").selectOption("quenching");
  await step(0).locator('input[name="Steps.0.TemperatureC"]').fill("860");
  await step(0).locator('input[name="Steps.0.DurationMin"]').fill("60");
  await step(0).locator('input[name="Steps.0.Medium"]').fill("油");
  // The second row is left empty; the third is the tempering, with a temperature that is not one.
  await step(2).locator("select").selectOption("tempering");
  await step(2).locator('input[name="Steps.2.TemperatureC"]').fill("5500");
  await step(2).locator('input[name="Steps.2.DurationMin"]').fill("120");
  await page.getByTestId("material-save").click();
  await expect(step(2).getByRole("alert")).toContainText("温度须为 −273 至 3000 °C 之间的数");
  await expect(page.getByTestId("material-Code")).toHaveValue(code);
  await expect(step(0).locator('input[name="Steps.0.Medium"]')).toHaveValue("油");
  await step(2).locator('input[name="Steps.2.TemperatureC"]').fill("550");
  await page.getByTestId("material-save").click();
  await expect(page).toHaveURL(/materialDetails\?id=/);
  await expect(page.getByTestId("toast")).toContainText(`已新增材料 ${code}`);
  const items = page.getByTestId("material-step-item");
  await expect(items).toHaveCount(2);
  await expect(items.nth(1)).toContainText("550 °C · 2 h");
  const href = await items.nth(1).getByTestId("step-precipitation").first().getAttribute("href");
  expect(href).toContain("app=kwn-precipitation");
  expect(href).toContain("temperatureK=823.15");
  expect(href).toContain("timeH=2");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await shot(page, "material-375");
  await context.close();

  // Other staff read the material but have no editor.
  const other = await browser.newContext({ locale: "zh-CN", javaScriptEnabled: false });
  const reader = await other.newPage();
  await logIn(reader, "transfer");
  await reader.goto(`/testDetection/operationMaterial?keyword=${code}`);
  await expect(reader.getByTestId("material-row")).toHaveCount(1);
  await expect(reader.getByTestId("material-new")).toHaveCount(0);
  expect((await reader.goto("/testDetection/editMaterial"))!.status()).toBe(403);
  await other.close();
});
