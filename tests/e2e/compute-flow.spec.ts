import { expect, test, type Page } from "@playwright/test";
import { apiCall, apiLogin } from "./api-helpers.ts";
import { shot, signedInPage } from "./helpers.ts";

/**
 * Issue 4 end to end, as a user does it: landing tile → 扩散 → carburizing's form, the resources section's
 * estimate (core-hours = cores × walltime, slots, tasks ahead), submit, the task page watched to 已完成
 * (without a reload with JavaScript, by its meta refresh without), plot and case depth, clone → the same
 * values on the form, a changed timeH submitted and finished too. The spec's resourceAllocation route leads
 * to the form's resources section.
 */
test.use({ locale: "zh-CN" });
test.describe.configure({ mode: "serial" });

const TASK_URL = /\/steelResearchCompute\/computeTaskSource\?id=/;
const started: Array<{ user: string; id: string }> = [];

test.afterAll(async () => {
  // Nothing of this suite may keep the executor busy after a failed test.
  for (const t of started) {
    const { token } = await apiLogin(t.user);
    await apiCall("CalculateTask/CancelTask", { token, json: { id: t.id } }).catch(() => null);
  }
});

/** Landing tile → 扩散 → carburizing's graphical form. */
async function toForm(page: Page) {
  await page.goto("/computeDynamicRoute/index");
  await page.getByTestId("category-Spread").click();
  await expect(page).toHaveURL(/\/steelResearchCompute\/Spread$/);
  await expect(page.getByTestId("compute-category")).toContainText("扩散");
  await page.getByTestId("graphical-carburizing").click();
  await expect(page).toHaveURL(/cloudCompute\?app=carburizing/);
  await expect(page.getByTestId("field-temperatureC")).toContainText("渗碳温度");
}

/** The estimate as the server draws it for the app's defaults (1 core, 10 min). */
async function defaultEstimate(page: Page) {
  const estimate = page.getByTestId("estimate");
  await expect(estimate).toContainText("预估");
  await expect(page.getByTestId("estimate-core-hours")).toHaveText("最多 0.17 核时（1 核 × 0.17 小时）");
  await expect(page.getByTestId("estimate-slots")).toContainText(/平台共 \d+ 个计算槽，\d+ 个在用/);
  await expect(page.getByTestId("estimate-ahead")).toContainText(/前面有 \d+ 个任务在排队/);
}

/** Submits the form and waits on the task page until it says 已完成; returns the task id. */
async function submitAndFinish(page: Page, user: string, js: boolean) {
  await page.getByTestId("compute-submit").click();
  await page.waitForURL(TASK_URL);
  const id = new URL(page.url()).searchParams.get("id")!;
  expect(id).toBeTruthy();
  started.push({ user, id });
  await expect(page.getByTestId("compute-task")).toBeVisible();
  if (js) await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
  await expect(page.getByTestId("task-status")).toHaveText("已完成", { timeout: js ? 30_000 : 60_000 });
  if (js) expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
  else await expect(page.locator('meta[http-equiv="refresh"]')).toHaveCount(0);
  await expect(page.getByTestId("chart-profile").locator("svg.recharts-surface path.recharts-line-curve")).toHaveCount(1);
  const depth = page.getByTestId("task-scalars").locator('[data-key="caseDepthMm"]');
  await expect(depth).toContainText("有效渗碳层深度");
  await expect(depth).toContainText("mm");
  expect(Number(await depth.locator("td").nth(1).textContent())).toBeGreaterThan(0);
  return id;
}

async function flow(page: Page, user: string, js: boolean, name: string) {
  await toForm(page);
  await defaultEstimate(page);
  await page.locator("#f-nodes").fill("51");
  await page.locator("#f-timeH").fill("1");
  await page.locator("#f-walltimeMin").fill("30");
  if (js) {
    // Recomputed as the user types; an invalid value says what is missing instead of a number.
    await expect(page.getByTestId("estimate-core-hours")).toHaveText("最多 0.50 核时（1 核 × 0.50 小时）");
    await page.locator("#f-cores").fill("");
    await expect(page.getByTestId("estimate-core-hours")).toHaveText("填写有效的核数和运行时间后显示");
    await page.locator("#f-cores").fill("1");
    await expect(page.getByTestId("estimate-core-hours")).toHaveAttribute("data-value", "0.5");
  }
  await shot(page, `${name}-form`);
  const first = await submitAndFinish(page, user, js);
  await shot(page, `${name}-task`);

  await page.getByTestId("task-clone").click();
  await expect(page).toHaveURL(new RegExp(`cloudCompute\\?app=carburizing&from=${first}`));
  await expect(page.getByTestId("clone-note")).toBeVisible();
  await expect(page.locator("#f-nodes")).toHaveValue("51");
  await expect(page.locator("#f-timeH")).toHaveValue("1");
  await expect(page.locator("#f-walltimeMin")).toHaveValue("30");
  // The server draws the estimate from the cloned values too.
  await expect(page.getByTestId("estimate-core-hours")).toHaveText("最多 0.50 核时（1 核 × 0.50 小时）");
  await page.locator("#f-timeH").fill("2");
  const second = await submitAndFinish(page, user, js);
  expect(second).not.toBe(first);
  await expect(page.getByTestId("task-params")).toContainText("timeH");
}

test("with JavaScript: tile → 扩散 → form with estimate → task finishes live → clone → changed task finishes", async ({ browser }) => {
  test.setTimeout(120_000);
  const { context, page } = await signedInPage(browser, "transfer");
  await page.setViewportSize({ width: 1280, height: 900 });
  await flow(page, "transfer", true, "flow-js-1280");
  await context.close();
});

test("without JavaScript: the same flow with plain forms and the task page's meta refresh", async ({ browser }) => {
  test.setTimeout(180_000);
  const { context, page } = await signedInPage(browser, "transfer", false);
  await page.setViewportSize({ width: 375, height: 800 });
  await flow(page, "transfer", false, "flow-nojs-375");
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth).catch(() => 0);
  expect(overflow).toBeLessThanOrEqual(0);
  await context.close();
});

test("resourceAllocation?app= leads to the form's resources section; without an app to the landing page", async ({ browser }) => {
  const { context, page } = await signedInPage(browser, "transfer", false);
  await page.goto("/steelResearchCompute/resourceAllocation?app=carburizing");
  await expect(page).toHaveURL(/\/steelResearchCompute\/cloudCompute\?app=carburizing#resources$/);
  await expect(page.locator("#resources")).toContainText("资源分配");
  await defaultEstimate(page);
  await page.goto("/steelResearchCompute/resourceAllocation");
  await expect(page).toHaveURL(/\/computeDynamicRoute\/index$/);
  await context.close();
});
