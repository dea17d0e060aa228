import { expect, test, type Page } from "@playwright/test";
import { apiCall, apiLogin } from "./api-helpers.ts";
import { shot, signedInPage } from "./helpers.ts";

/**
 * The task lists: /myAllTask/index (the user's tasks: filters, paging, cancel, clone, delete with and without
 * JavaScript, nobody else's tasks) and /TaskManagement/ComputeTask (admins: everyone's, with the user).
 * Tasks are created through the API as the users "equip" and "uploader".
 */
const QUICK = { c0: 0.2, cs: 0.9, temperatureC: 925, timeH: 0.5, depthMm: 2, nodes: 51, diffusivity: "constant" };
const LONG = { ...QUICK, diffusivity: "tibbetts", nodes: 2001, steps: 200_000 };
const FINISHED = ["succeeded", "failed", "cancelled"];

async function create(token: string, params: unknown): Promise<string> {
  const r = await apiCall("CalculateTask/CreateTask", { token, json: { appId: "carburizing", mode: "graphical", params, resources: { cores: 1, walltimeMin: 10 } } });
  expect(r.status, r.msg).toBe(200);
  return r.returnData.taskId;
}

async function finished(token: string, id: string) {
  for (let until = Date.now() + 60_000; Date.now() < until; await new Promise((r) => setTimeout(r, 250))) {
    const r = await apiCall("CalculateTask/GetTask", { token, query: { id } });
    if (FINISHED.includes(r.returnData?.status)) return r.returnData.status as string;
  }
  throw new Error(`task ${id} did not finish`);
}

const row = (page: Page, id: string) => page.locator(`[data-testid="task-row"][data-id="${id}"]`);

let equip: { token: string };
let quick: string[] = [];
let other: string;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  equip = await apiLogin("equip");
  const uploader = await apiLogin("uploader");
  other = await create(uploader.token, QUICK);
  quick = [];
  for (let i = 0; i < 11; i++) quick.push(await create(equip.token, QUICK));
  for (const id of quick) expect(await finished(equip.token, id)).toBe("succeeded");
  await finished(uploader.token, other);
});

test("my tasks: paged by links, filtered by a GET form, nobody else's tasks, phone cards", async ({ browser }) => {
  const { context, page } = await signedInPage(browser, "equip");
  await page.goto("/myAllTask/index");
  await expect(page.getByTestId("result-count")).toContainText(/\d+/);
  await expect(page.getByTestId("task-row")).toHaveCount(10);
  await expect(row(page, other)).toHaveCount(0);
  // Newest first: the last one created is on page 1, the first on page 2.
  await expect(row(page, quick[10])).toHaveCount(1);
  await expect(row(page, quick[10]).getByTestId("task-link")).toHaveAttribute("href", `/steelResearchCompute/computeTaskSource?id=${quick[10]}`);
  await expect(row(page, quick[10]).getByTestId("clone")).toHaveAttribute("href", `/steelResearchCompute/cloudCompute?app=carburizing&from=${quick[10]}`);
  await page.getByTestId("pager").getByRole("link", { name: /2/ }).first().click();
  await expect(page).toHaveURL(/page=2/);
  await expect(row(page, quick[0])).toHaveCount(1);

  await page.getByTestId("filter-status").selectOption("running");
  await page.getByTestId("filter-submit").click();
  await expect(page).toHaveURL(/status=running/);
  await expect(page.getByTestId("task-row")).toHaveCount(0);
  await page.goto("/myAllTask/index?status=succeeded&category=Spread&app=carburizing");
  await expect(page.getByTestId("task-row").first()).toHaveAttribute("data-status", "succeeded");
  const today = new Date().toISOString().slice(0, 10);
  await page.goto(`/myAllTask/index?to=2000-01-01`);
  await expect(page.getByTestId("task-row")).toHaveCount(0);
  await page.goto(`/myAllTask/index?from=${today}&to=${today}`);
  await expect(page.getByTestId("task-row")).toHaveCount(10);

  // Another user's task is not reachable from this list's actions either.
  await page.goto(`/myAllTask/index?confirm=${other}`);
  await expect(page.getByTestId("delete-step")).toHaveCount(0);

  await page.setViewportSize({ width: 320, height: 800 });
  await page.goto("/myAllTask/index");
  const card = page.getByTestId("task-row").first();
  await expect(card).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await shot(page, "task-list-phone");
  await context.close();
});

test("with JavaScript: cancel a running task, delete a finished one through the dialog", async ({ browser }) => {
  const long = await create(equip.token, LONG);
  const { context, page } = await signedInPage(browser, "equip");
  await page.goto("/myAllTask/index");
  await expect(row(page, long).getByTestId("delete")).toHaveCount(0);
  await row(page, long).getByTestId("cancel").click();
  await expect.poll(async () => (await apiCall("CalculateTask/GetTask", { token: equip.token, query: { id: long } })).returnData.status, { timeout: 20_000 }).toBe("cancelled");
  // The page may still be revalidating after the cancel (or on the hub's notice) when the reload starts, which
  // aborts the reload: reload until it lands, then the row must say cancelled.
  await expect(async () => {
    await page.reload();
    await expect(row(page, long)).toHaveAttribute("data-status", "cancelled", { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });

  await row(page, long).getByTestId("delete").click();
  const dialog = page.getByTestId("delete-modal");
  await expect(dialog).toBeVisible();
  await shot(page, "task-list-delete-dialog");
  await dialog.getByRole("button", { name: "取消" }).click();
  await expect(dialog).toHaveCount(0);
  await row(page, long).getByTestId("delete").click();
  await page.getByTestId("delete-modal").getByTestId("delete-confirm").click();
  await expect(row(page, long)).toHaveCount(0);
  expect((await apiCall("CalculateTask/GetTask", { token: equip.token, query: { id: long } })).status).toBe(404);
  await context.close();
});

test("without JavaScript: cancel posts a form, delete asks on a confirm step", async ({ browser }) => {
  const long = await create(equip.token, LONG);
  const { context, page } = await signedInPage(browser, "equip", false);
  await page.goto("/myAllTask/index");
  await row(page, long).getByTestId("cancel").click();
  await expect(page).toHaveURL(/\/myAllTask\/index/);
  expect(await finished(equip.token, long)).toBe("cancelled");

  await page.goto("/myAllTask/index");
  await row(page, long).getByTestId("delete").click();
  await expect(page).toHaveURL(new RegExp(`confirm=${long}`));
  const step = page.getByTestId("delete-step");
  await expect(step).toBeVisible();
  await shot(page, "task-list-delete-step");
  await step.getByRole("link", { name: "取消" }).click();
  await expect(page.getByTestId("delete-step")).toHaveCount(0);
  await row(page, long).getByTestId("delete").click();
  await page.getByTestId("delete-step").getByTestId("delete-confirm").click();
  await expect(page).not.toHaveURL(/confirm=/);
  await expect(row(page, long)).toHaveCount(0);
  expect((await apiCall("CalculateTask/GetTask", { token: equip.token, query: { id: long } })).status).toBe(404);
  await context.close();
});

test("the admin list shows every user's tasks with the user, filterable by user", async ({ browser }) => {
  const { context, page } = await signedInPage(browser, "admin", false);
  await page.goto("/TaskManagement/ComputeTask?user=uploader");
  await expect(row(page, other)).toHaveCount(1);
  await expect(row(page, other).getByTestId("task-user")).toContainText("uploader");
  await expect(row(page, quick[10])).toHaveCount(0);
  await page.goto("/TaskManagement/ComputeTask");
  await expect(row(page, quick[10]).getByTestId("task-user")).toContainText("equip");
  await shot(page, "task-list-admin");
  await context.close();
  // A user without the task-admin roles sees only their own tasks there, with no user column.
  const mine = await signedInPage(browser, "uploader");
  await mine.page.goto("/TaskManagement/ComputeTask");
  await expect(row(mine.page, other)).toHaveCount(1);
  await expect(row(mine.page, quick[10])).toHaveCount(0);
  await expect(mine.page.getByTestId("task-user")).toHaveCount(0);
  await mine.context.close();
});
