import fs from "node:fs";
import { expect, test } from "@playwright/test";
import { apiCall, apiLogin } from "./api-helpers.ts";
import { computeTasks, LONG, SMALL } from "./compute-helpers.ts";
import { shot, signedInPage } from "./helpers.ts";

/**
 * The task page /steelResearchCompute/computeTaskSource: a carburizing task created through the API, watched
 * to the end without a reload, its plot (drawn on the server), case depth, CSV and files; the same page without
 * JavaScript (meta refresh while running, the finished result); cancel from the page; others get the 404 page.
 */
const pageOf = (id: string) => `/steelResearchCompute/computeTaskSource?id=${id}`;

test.describe.configure({ mode: "serial" });

const { create, finished } = computeTasks();

test("a task runs to the end on its page without a reload: plot, case depth, CSV and files", async ({ browser }) => {
  test.setTimeout(90_000);
  const { id } = await create("outside", SMALL);
  const { context, page } = await signedInPage(browser, "outside");
  await page.goto(pageOf(id));
  await expect(page.getByTestId("compute-task")).toBeVisible();
  await expect(page).toHaveTitle(/计算任务数据/);
  await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
  await expect(page.getByTestId("task-status")).toHaveText("已完成", { timeout: 30_000 });
  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);

  await expect(page.getByTestId("task-app")).toHaveText("渗碳");
  await expect(page.locator('[data-step="end"]')).toContainText("已完成");
  await expect(page.getByTestId("task-log")).toContainText("progress 1");
  await expect(page.getByTestId("chart-profile").locator("svg.recharts-surface path.recharts-line-curve")).toHaveCount(1);
  const depth = page.getByTestId("task-scalars").locator('[data-key="caseDepthMm"]');
  await expect(depth).toContainText("有效渗碳层深度");
  await expect(depth).toContainText("mm");
  const value = Number(await depth.locator("td").nth(1).textContent());
  expect(value).toBeGreaterThan(0.3);
  expect(value).toBeLessThan(0.45);
  await expect(page.getByTestId("task-params")).toContainText("temperatureC");

  const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("csv-profile").click()]);
  expect(download.suggestedFilename()).toMatch(/-profile\.csv$/);
  const csv = fs.readFileSync((await download.path())!, "utf8").replace(/^\uFEFF/, "");
  const lines = csv.trimEnd().split("\r\n");
  expect(lines[0]).toBe("距表面深度 (mm),碳含量 (wt%)");
  expect(lines).toHaveLength(1 + SMALL.nodes);
  expect(lines[1]).toMatch(/^0,0\.9/);

  const file = await page.request.get(await page.getByTestId("task-files").getByRole("link", { name: "result.json", exact: true }).getAttribute("href").then((h) => h!));
  expect(file.status()).toBe(200);
  expect(file.headers()["content-type"]).toContain("application/json");
  expect((await file.json()).profile.cWt).toHaveLength(SMALL.nodes);
  await expect(page.getByTestId("task-clone")).toHaveAttribute("href", `/steelResearchCompute/cloudCompute?app=carburizing&from=${id}`);

  await page.setViewportSize({ width: 1280, height: 900 });
  await shot(page, "compute-task-succeeded-1280");
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(page.getByTestId("chart-profile")).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await shot(page, "compute-task-succeeded-375");

  // A result file's "view" opens it in the document viewer (text, escaped), under the task's own access.
  await page.getByRole("link", { name: "查看 result.json" }).click();
  await page.waitForURL(/\/DocumentView\?src=task&task=[0-9a-f-]{36}&path=result\.json$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("result.json");
  await expect(page.getByTestId("document-text")).toContainText('"profile"');
  await context.close();
});

test("without JavaScript: a running task refreshes itself and cancels by a plain form; a finished one shows its plot", async ({ browser }) => {
  test.setTimeout(90_000);
  const long = await create("equip", LONG);
  const { context, page } = await signedInPage(browser, "equip", false);
  await page.goto(pageOf(long.id));
  await expect(page.getByTestId("task-status")).toHaveText(/排队中|运行中/);
  await expect(page.locator('meta[http-equiv="refresh"]')).toHaveAttribute("content", "3");
  await shot(page, "compute-task-running-nojs-1280");
  await page.getByTestId("task-cancel").click();
  await expect(page.getByTestId("task-status")).toHaveText("已取消", { timeout: 20_000 });
  await expect(page.locator('meta[http-equiv="refresh"]')).toHaveCount(0);
  await expect(page.getByTestId("task-cancel")).toHaveCount(0);

  const small = await create("equip", SMALL);
  expect((await finished(small.token, small.id)).status).toBe("succeeded");
  await page.goto(pageOf(small.id));
  await expect(page.getByTestId("task-status")).toHaveText("已完成");
  await expect(page.getByTestId("chart-profile").locator("svg.recharts-surface path.recharts-line-curve")).toHaveCount(1);
  await expect(page.getByTestId("task-scalars").locator('[data-key="caseDepthMm"]')).toContainText("mm");
  await page.setViewportSize({ width: 375, height: 800 });
  await shot(page, "compute-task-succeeded-nojs-375");
  await context.close();
});

test("cancel a long task from the page with JavaScript; another user gets the 404 page", async ({ browser }) => {
  const long = await create("equip", LONG);
  const { context, page } = await signedInPage(browser, "equip");
  await page.goto(pageOf(long.id));
  await expect(page.getByTestId("task-status")).toHaveText(/排队中|运行中/);
  await page.getByTestId("task-cancel").click();
  await expect(page.getByTestId("task-status")).toHaveText("已取消", { timeout: 20_000 });
  await expect(page.locator('[data-step="end"]')).toContainText("已取消");
  expect((await finished(long.token, long.id)).status).toBe("cancelled");
  await context.close();

  const other = await signedInPage(browser, "guest");
  const res = await other.page.goto(pageOf(long.id));
  expect(res?.status()).toBe(404);
  await expect(other.page.getByTestId("compute-task")).toHaveCount(0);
  // The layout is still there around the 404.
  await expect(other.page.locator("header")).toBeVisible();
  for (const url of [`/steelResearchCompute/taskSeries?id=${long.id}&series=profile`, `/steelResearchCompute/taskFile?id=${long.id}&path=carburize.in`, `/steelResearchCompute/taskLog?id=${long.id}&offset=0`]) {
    expect((await other.page.request.get(url)).status(), url).toBe(404);
  }
  expect((await other.page.goto(pageOf("not-an-id")))?.status()).toBe(404);
  await other.context.close();
});
