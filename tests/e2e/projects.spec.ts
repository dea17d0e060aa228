import { expect, test } from "@playwright/test";
import { hydratedAt, shot, signedInPage, unique } from "./helpers.ts";

const LIST = "/myProject/myProjectList";

test("projects without JavaScript: create with dates out of order then right, add a member (an unknown one first), the co-lead finds and edits it, then charges a task to it (over the budget refused first)", async ({ browser }) => {
  const { context, page } = await signedInPage(browser, "uploader", false);
  const name = unique("高强钢疲劳");
  const code = `P${Date.now().toString(36).toUpperCase()}`;
  await page.goto(LIST);
  await page.getByTestId("projects-add").click();
  const form = page.getByTestId("project-form");
  await form.locator('input[name="Name"]').fill(name);
  await form.locator('input[name="Code"]').fill(code);
  await form.locator('input[name="StartDate"]').fill("2026-12-31");
  await form.locator('input[name="EndDate"]').fill("2026-01-01");
  await form.locator('input[name="BudgetCoreHours"]').fill("500");
  await form.locator('textarea[name="Description"]').fill("研究 1500 MPa 级弹簧钢的疲劳寿命。");
  await form.locator('input[name="AttachmentsUpload"]').setInputFiles({ name: "任务书.txt", mimeType: "text/plain", buffer: Buffer.from("项目任务书\n") });
  await form.getByTestId("project-save").click();
  await expect(form.getByText("结束日期不能早于开始日期")).toBeVisible();
  await expect(form.locator('input[name="Name"]')).toHaveValue(name);
  // The file went up with the refused post and stays in the form.
  await expect(form).toContainText("任务书.txt");
  await form.locator('input[name="StartDate"]').fill("2026-01-01");
  await form.locator('input[name="EndDate"]').fill("2027-12-31");
  await form.getByTestId("project-save").click();
  await expect(page.getByTestId("toast")).toContainText(`已创建项目“${name}”`);
  await expect(page.getByTestId("project-page")).toContainText(code);
  await expect(page.getByTestId("project-description")).toContainText("1500 MPa");
  await expect(page.getByTestId("project-budget")).toContainText("已用 0 / 500 核时");
  await expect(page.getByTestId("project-documents")).toContainText("任务书.txt");

  // Members on the edit page: an unknown person is refused by name, a known one (by mobile) added as co-lead.
  await page.getByTestId("project-edit").click();
  const add = page.getByTestId("member-add-form");
  await add.locator('input[name="User"]').fill("nobody-here");
  await add.getByTestId("member-add").click();
  await expect(add.getByText("未找到该用户")).toBeVisible();
  await add.locator('input[name="User"]').fill("13800000008");
  await add.locator('select[name="Role"]').selectOption("colead");
  await add.getByTestId("member-add").click();
  await expect(page.getByTestId("toast")).toContainText("已添加成员");
  await expect(page.getByTestId("project-member")).toHaveCount(2);
  await shot(page, "project-edit-1366");
  await context.close();

  // The co-lead sees it among the projects they lead, and may change it.
  const equip = await signedInPage(browser, "equip", false);
  await equip.page.goto(`${LIST}?level=1&keyword=${encodeURIComponent(code)}`);
  await expect(equip.page.getByTestId("project-row")).toHaveCount(1);
  await equip.page.goto(`${LIST}?level=2&keyword=${encodeURIComponent(code)}`);
  await expect(equip.page.getByTestId("projects-empty")).toBeVisible();
  await equip.page.goto(`${LIST}?keyword=${encodeURIComponent(code)}`);
  await equip.page.getByTestId("project-edit").click();
  await equip.page.locator('input[name="BudgetCoreHours"]').fill("2");
  await equip.page.getByTestId("project-save").click();
  await expect(equip.page.getByTestId("toast")).toContainText(`已保存项目“${name}”`);
  await expect(equip.page.getByTestId("project-budget")).toContainText("/ 2.0 核时");
  await expect(equip.page.getByTestId("project-activity")).toContainText("修改了项目");
  await equip.page.setViewportSize({ width: 375, height: 800 });
  await equip.page.reload();
  await shot(equip.page, "project-info-375");

  // A compute task charged to the project (the form opened for it): ten hours are over its budget and refused
  // under the project's choice; five minutes go, and the project lists the task.
  const projectPage = equip.page.url();
  const id = new URL(projectPage).searchParams.get("id")!;
  await equip.page.setViewportSize({ width: 1366, height: 900 });
  await equip.page.goto(`/steelResearchCompute/cloudCompute?app=carburizing&project=${id}`);
  await expect(equip.page.locator('select[name="projectId"]')).toHaveValue(id);
  await equip.page.locator('input[name="walltimeMin"]').fill("600");
  await equip.page.getByTestId("compute-submit").click();
  await expect(equip.page.getByTestId("field-projectId")).toContainText(`超出项目核时预算：本任务最多需 10 核时，项目“${name}”本期还剩 2 核时`);
  await equip.page.locator('input[name="walltimeMin"]').fill("5");
  await equip.page.getByTestId("compute-submit").click();
  await expect(equip.page).toHaveURL(/computeTaskSource/);
  await equip.page.goto(projectPage);
  await expect(equip.page.getByTestId("project-tasks").locator("tbody tr")).toHaveCount(1);
  // All of the project's tasks: the owner takes theirs out, finds it among their own, and adds it back.
  await equip.page.getByTestId("project-all-tasks").click();
  await expect(equip.page.getByTestId("source-row")).toHaveCount(1);
  await equip.page.getByTestId("source-row").getByTestId("source-remove").click();
  await expect(equip.page.getByTestId("toast")).toContainText("已将任务移出项目");
  await expect(equip.page.getByTestId("source-empty")).toBeVisible();
  await equip.page.getByTestId("source-addable").getByTestId("source-add").first().click();
  await expect(equip.page.getByTestId("source-row")).toHaveCount(1);
  await shot(equip.page, "project-tasks-1366");
  await equip.page.goto("/supercomputeResource/index");
  await expect(equip.page.getByTestId("project-budgets")).toContainText(name);
  await equip.context.close();
});

test("projects with JavaScript: the description in the editor, and a delete confirmed in a dialog", async ({ browser }) => {
  const { context, page } = await signedInPage(browser, "uploader");
  const name = unique("渗碳齿轮");
  await page.goto("/myProject/addMyProject");
  // The editor is a lazily loaded island: wait for it (and so for React) before typing anywhere
  // (on a loaded machine its chunk can take longer than the usual expect timeout).
  const editor = page.getByTestId("rich-text-Description").locator(".ProseMirror");
  await expect(editor).toBeVisible({ timeout: 15_000 });
  await page.locator('input[name="Name"]').fill(name);
  await page.locator('input[name="Code"]').fill(`G${Date.now().toString(36).toUpperCase()}`);
  await page.locator('input[name="StartDate"]').fill("2026-03-01");
  await page.locator('input[name="EndDate"]').fill("2026-09-30");
  await editor.click();
  await editor.pressSequentially("20CrMnTi 渗碳层深度");
  await page.getByTestId("project-save").click();
  await expect(page.getByTestId("project-description")).toContainText("20CrMnTi 渗碳层深度");
  await expect(page.getByTestId("project-budget")).toContainText("未设预算");

  await page.goto(`${LIST}?keyword=${encodeURIComponent(name)}`);
  await expect(page.getByTestId("project-row")).toHaveCount(1);
  await shot(page, "projects-1366");
  await hydratedAt(page, "delete");
  await page.getByTestId("project-row").getByTestId("delete").click();
  await page.getByRole("dialog").getByTestId("delete-confirm").click();
  await expect(page.getByTestId("toast")).toContainText(`已删除项目“${name}”`);
  await expect(page.getByTestId("projects-empty")).toBeVisible();
  await context.close();
});

test("the administrators' searches: an InsideAdmin finds a project led from their department and the tasks of their department's people, each with its CSV", async ({ browser }) => {
  const { context, page } = await signedInPage(browser, "inside", false);
  await page.goto(LIST);
  await page.getByTestId("projects-search-all").click();
  await expect(page.getByTestId("project-search-page")).toBeVisible();
  // Projects of the earlier tests are led by uploader (钢铁研究总院, the InsideAdmin's department).
  await page.getByTestId("projects-filters").locator('input[name="keyword"]').fill("数据上传员");
  await page.getByTestId("projects-filters").getByRole("button", { name: "查询" }).click();
  await expect(page).toHaveURL(/keyword=/);
  await expect(page.getByTestId("project-row").first()).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("projects-csv").click()]);
  const csv = (await (await download.createReadStream()).toArray()).map(String).join("");
  const lines = csv.replace(/^\uFEFF/, "").trim().split("\r\n");
  expect(lines[0]).toBe("编号,项目,负责人,我的角色,经费来源,开始日期,结束日期,成员,核时预算,预算周期,已用核时,计算任务,状态");
  expect(lines.length).toBeGreaterThan(1);
  await shot(page, "project-search-1366");

  // The tasks of the same people: by department, read-only rows, and their CSV.
  await page.getByTestId("to-task-search").click();
  await expect(page.getByTestId("task-search")).toBeVisible();
  await page.getByTestId("filter-department").selectOption({ label: "钢铁研究总院" });
  await page.getByTestId("filter-submit").click();
  await expect(page).toHaveURL(/department=/);
  await expect(page.getByTestId("task-row").first()).toBeVisible();
  await expect(page.getByTestId("task-row").first().getByTestId("clone")).toHaveCount(0);
  const [tasks] = await Promise.all([page.waitForEvent("download"), page.getByTestId("tasks-csv").click()]);
  const taskCsv = (await (await tasks.createReadStream()).toArray()).map(String).join("");
  expect(taskCsv.replace(/^\uFEFF/, "").split("\r\n")[0]).toBe("任务编号,任务,类别,用户,状态,提交时间,结束时间,错误");
  await page.setViewportSize({ width: 375, height: 800 });
  await page.reload();
  await shot(page, "task-search-375");
  await context.close();
});
