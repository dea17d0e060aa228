import { expect, test } from "@playwright/test";
import { apiCall, apiLogin } from "./api-helpers.ts";
import { computeTasks, LONG, SMALL } from "./compute-helpers.ts";
import { shot, signedInPage } from "./helpers.ts";

/**
 * /supercomputeResource/index and /ResourceManagement/SoftwareUsageStatistics: tasks created through the API
 * show up in the running/queued counts, which follow a cancel without a reload (and with a meta refresh when
 * JavaScript is off); the statistics show the user's core-hours and counts, the chart, the CSV, and an admin
 * sees other users' usage and tasks.
 */
const RESOURCES = "/supercomputeResource/index";
const USAGE = "/ResourceManagement/SoftwareUsageStatistics";
/** A user no other compute spec submits as, so its own counts are exact. */
const USER = "xadmin";

test.describe.configure({ mode: "serial" });

const num = async (page: import("@playwright/test").Page, id: string) => Number(await page.getByTestId(id).textContent());

const { create, finished } = computeTasks();

test("the resource page shows my running and queued tasks, follows a cancel without a reload, and admins see the tasks", async ({ browser }) => {
  test.setTimeout(90_000);
  const tasks = [await create(USER, LONG), await create(USER, LONG), await create(USER, LONG)];
  const { context, page } = await signedInPage(browser, USER);
  await page.goto(RESOURCES);
  await expect(page).toHaveTitle(/超算资源/);
  await expect(page.getByTestId("executor-local")).toBeVisible();
  await expect.poll(async () => (await num(page, "my-running-count")) + (await num(page, "my-queued-count"))).toBe(3);
  expect(await num(page, "running-count")).toBeGreaterThanOrEqual(await num(page, "my-running-count"));
  expect(await num(page, "queued-count")).toBeGreaterThanOrEqual(await num(page, "my-queued-count"));
  await expect(page.getByTestId("slots-in-use")).toHaveText(/^\d+ \/ \d+$/);
  // Not a task admin: no task rows.
  await expect(page.getByTestId("active-tasks")).toHaveCount(0);
  await shot(page, "resources-user");

  const admin = await signedInPage(browser, "inside");
  await admin.page.goto(RESOURCES);
  for (const t of tasks) await expect(admin.page.getByTestId(`active-${t.id}`).getByTestId("task-user")).toContainText(USER);
  await admin.page.setViewportSize({ width: 320, height: 800 });
  await shot(admin.page, "resources-admin-phone");
  await admin.context.close();

  await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
  await apiCall("CalculateTask/CancelTask", { token: tasks[2].token, json: { id: tasks[2].id } });
  await finished(tasks[2].token, tasks[2].id);
  await expect.poll(async () => (await num(page, "my-running-count")) + (await num(page, "my-queued-count")), { timeout: 12_000 }).toBe(2);
  for (const t of tasks.slice(0, 2)) {
    await apiCall("CalculateTask/CancelTask", { token: t.token, json: { id: t.id } });
    await finished(t.token, t.id);
  }
  await expect(page.getByTestId("my-running-count")).toHaveText("0", { timeout: 12_000 });
  await expect(page.getByTestId("my-queued-count")).toHaveText("0");
  await expect(page.getByTestId("ahead-count")).toHaveText("我没有排队中的任务");
  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
  await context.close();
});

test("without JavaScript the resource page shows the counts and refreshes itself", async ({ browser }) => {
  const task = await create(USER, LONG);
  const { context, page } = await signedInPage(browser, USER, false);
  await page.goto(RESOURCES);
  await expect.poll(async () => (await num(page, "my-running-count")) + (await num(page, "my-queued-count"))).toBe(1);
  expect(await page.content()).toMatch(/<meta http-equiv="refresh" content="10"/i);
  await apiCall("CalculateTask/CancelTask", { token: task.token, json: { id: task.id } });
  await finished(task.token, task.id);
  // The meta refresh reloads the page within 10 s.
  await expect(page.getByTestId("my-running-count")).toHaveText("0", { timeout: 15_000 });
  await expect(page.getByTestId("my-queued-count")).toHaveText("0");
  await context.close();
});

test("the statistics show my core-hours and counts, the chart and the CSV; an admin sees other users", async ({ browser }) => {
  test.setTimeout(90_000);
  const done = await create(USER, SMALL);
  expect((await finished(done.token, done.id)).status).toBe("succeeded");
  const { context, page } = await signedInPage(browser, USER);
  await page.goto(USAGE);
  await expect(page).toHaveTitle(/软件使用统计/);
  await expect(page.getByTestId("usage-scope")).toHaveText("仅统计我的任务");
  const row = page.getByTestId("usage-row-carburizing");
  await expect(row.getByTestId("usage-label")).toHaveText("渗碳");
  // This spec's tasks: four cancelled after running or waiting, one succeeded.
  await expect(row.getByTestId("usage-tasks")).toHaveText("5");
  await expect(row.getByTestId("usage-succeeded")).toHaveText("1");
  await expect(row.getByTestId("usage-cancelled")).toHaveText("4");
  expect(Number(await row.getByTestId("usage-core-hours").textContent())).toBeGreaterThan(0);
  await expect(page.getByTestId("usage-chart").locator("svg.recharts-surface .recharts-bar-rectangle")).toHaveCount(1);

  const href = await page.getByTestId("usage-csv").getAttribute("href");
  expect(href).toContain("groupBy=app");
  const csv = await page.request.get(href!, { headers: { "accept-language": "zh-CN" } });
  expect(csv.headers()["content-type"]).toContain("text/csv");
  expect(csv.headers()["content-disposition"]).toContain("software-usage-app.csv");
  const text = await csv.text();
  expect(text).toContain("软件,核时,任务数,用户数,成功率 (%),成功,失败,已取消,运行中,排队中");
  expect(text).toMatch(/渗碳,[\d.]+,5,1,20\.0,1,0,4,0,0/);

  // By month through the form.
  await page.getByTestId("group-by").selectOption("month");
  await page.getByTestId("usage-apply").click();
  await expect(page).toHaveURL(/groupBy=month/);
  const month = new Date().toISOString().slice(0, 7);
  await expect(page.getByTestId(`usage-row-${month}`).getByTestId("usage-tasks")).toHaveText("5");
  await context.close();

  const admin = await signedInPage(browser, "inside");
  await admin.page.goto(`${USAGE}?groupBy=user`);
  await expect(admin.page.getByTestId("usage-scope")).toHaveText("统计全部用户的任务");
  await expect(admin.page.getByTestId("usage-table").getByTestId("usage-label").filter({ hasText: `(${USER})` })).toHaveCount(1);
  await admin.page.setViewportSize({ width: 320, height: 900 });
  await shot(admin.page, "usage-admin-phone");
  await admin.context.close();
});

test("the statistics form, chart and table work without JavaScript", async ({ browser }) => {
  const { context, page } = await signedInPage(browser, USER, false);
  await page.goto(USAGE);
  await page.getByTestId("group-by").selectOption("department");
  await page.getByTestId("usage-apply").click();
  await expect(page).toHaveURL(/groupBy=department/);
  await expect(page.getByTestId("usage-table").getByTestId("usage-label")).toHaveText(["钢铁研究总院"]);
  await expect(page.getByTestId("usage-chart").locator("svg.recharts-surface .recharts-bar-rectangle")).toHaveCount(1);
  await page.goto(`${USAGE}?from=2000-01-01&to=2000-01-31&groupBy=app`);
  await expect(page.getByTestId("usage-empty")).toBeVisible();
  await expect(page.getByTestId("total-tasks")).toHaveText("0");
  await context.close();
});
