import { expect, test, type Page } from "@playwright/test";
import { logIn, shot, signedInPage } from "./helpers.ts";

/**
 * Issue 6 in the browser: 相图计算 → the Pb–Sn binary diagram from the form → the diagram as a picture with
 * its eutectic in the invariants table; with JavaScript the pointer reads T and x off it and a click opens an
 * equilibrium there, which runs; without JavaScript the plain form under the picture does the same.
 */
test.use({ locale: "zh-CN" });

const TASK_URL = /\/steelResearchCompute\/computeTaskSource\?id=/;

async function pbSnDiagram(page: Page) {
  await page.goto("/steelResearchCompute/CALPHAD");
  await page.getByTestId("graphical-calphad-binary-diagram").click();
  await expect(page).toHaveURL(/cloudCompute\?app=calphad-binary-diagram/);
  await page.getByTestId("compute-submit").click();
  await page.waitForURL(TASK_URL);
  await expect(page.getByTestId("task-status")).toHaveText("已完成", { timeout: 60_000 });
  const picture = page.getByTestId("image-diagram").locator("img");
  await expect.poll(() => picture.evaluate((i) => (i as HTMLImageElement).complete && (i as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
  // The eutectic, to the hundredth of a kelvin, in the result's numbers.
  await expect(page.getByTestId("task-result")).toContainText("454.56");
  return picture;
}

test("binary diagram with JavaScript: hover reads T and x, a click opens an equilibrium there that runs", async ({ page }) => {
  test.setTimeout(120_000);
  await logIn(page, "outside");
  const picture = await pbSnDiagram(page);
  await shot(page, "calphad-pbsn-1280");

  // A point in the FCC_A1 + BCT_A5 field: x_Sn ≈ 0.5, T ≈ 400 K (axes 300–650 K, 0–1).
  await picture.scrollIntoViewIfNeeded();
  const box = (await picture.boundingBox())!;
  // Retried: the pointer handlers exist once the page has hydrated.
  let nudge = 0;
  await expect(async () => {
    await page.mouse.move(box.x + box.width * 0.55 + nudge++, box.y + box.height * 0.7);
    await expect(page.getByTestId("readout-diagram")).toBeVisible({ timeout: 500 });
  }).toPass({ timeout: 10_000 });
  await expect(page.getByTestId("readout-diagram")).toContainText(/x\(SN\) = [\d.]+ · T \(K\) = [\d.]+/);
  await page.mouse.click(box.x + box.width * 0.55, box.y + box.height * 0.7);
  await expect(page).toHaveURL(/cloudCompute\?app=calphad-equilibrium/);
  await expect(page.locator('select[name="database"]')).toHaveValue("pbsn");
  await expect(page.locator('input[name="composition"]')).toHaveValue(/^SN=0\.\d+/);
  await page.getByTestId("compute-submit").click();
  await page.waitForURL(TASK_URL);
  await expect(page.getByTestId("task-status")).toHaveText("已完成", { timeout: 60_000 });
  await expect(page.getByTestId("task-result")).toContainText("FCC_A1");
  await expect(page.getByTestId("task-result")).toContainText("BCT_A5");
});

test("binary diagram without JavaScript: the plain form under the picture opens the equilibrium at a typed point", async ({ browser }) => {
  test.setTimeout(120_000);
  const { context, page } = await signedInPage(browser, "outside", false);
  await pbSnDiagram(page);
  const open = page.getByTestId("open-at-diagram");
  await open.locator('input[name="x"]').fill("0.9");
  await open.locator('input[name="y"]').fill("480");
  await open.locator('button[type="submit"]').click();
  await expect(page).toHaveURL(/cloudCompute\?app=calphad-equilibrium/);
  await expect(page.locator('input[name="composition"]')).toHaveValue("SN=0.9");
  await expect(page.locator('input[name="temperature"]')).toHaveValue("480");
  // Off the plot: back to the task with the reason.
  await page.goBack();
  await open.locator('input[name="x"]').fill("1.5");
  await open.locator('input[name="y"]').fill("480");
  await open.locator('button[type="submit"]').click();
  await expect(page).toHaveURL(TASK_URL);
  await expect(page.getByTestId("toast")).toContainText("该点不在图中");
  await context.close();
});

test("the database catalogue lists the shipped TDB files with their citations", async ({ page }) => {
  await logIn(page, "outside");
  await page.goto("/steelResearchCompute/DatabaseResources");
  await expect(page.locator("body")).toContainText("Pb–Sn");
  await expect(page.locator("body")).toContainText("CALPHAD 5 (1981)");
});
