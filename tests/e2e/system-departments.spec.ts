import { expect, test, type Page } from "@playwright/test";
import { shot, signedInPage, unique } from "./helpers.ts";

const PATH = "/systemManage/deptMangae";
const node = (page: Page, name: string) => page.locator(`[data-testid="dept-node"][data-name="${name}"]`).first();
/** The row of a department (its own summary or leaf row, not its sub-departments'). */
const row = (page: Page, name: string) => node(page, name).locator(":scope > details > summary, :scope > .dt-row");

for (const js of [false, true]) {
  test(`departments ${js ? "with" : "without"} JavaScript: add under a parent, an error kept under its field, rename, move, filter, delete with a confirm`, async ({ browser }) => {
    const { context, page } = await signedInPage(browser, "admin", js);
    const name = unique(js ? "课题组JS" : "课题组");
    await page.goto(PATH);
    await expect(page.getByTestId("dept-count")).toContainText("个部门");

    // Add under 计算材料研究室: the panel opens with the parent chosen.
    await row(page, "计算材料研究室").getByTestId("dept-add-child").click();
    const form = page.getByTestId("dept-form");
    await expect(form.locator('select[name="ParentId"] option:checked')).toHaveText(/计算材料研究室/);
    // A bad phone: the error stands under its field, the typed name stays.
    await form.locator('input[name="Name"]').fill(name);
    await form.locator('input[name="Phone"]').fill("call me");
    await form.getByTestId("dept-save").click();
    await expect(form.getByText("请输入正确的联系电话")).toBeVisible();
    await expect(form.locator('input[name="Name"]')).toHaveValue(name);
    await form.locator('input[name="Phone"]').fill("010-62182000");
    await form.getByTestId("dept-save").click();
    await expect(page.getByTestId("toast")).toContainText(`部门“${name}”已保存`);
    await expect(page.getByTestId("dept-form")).toHaveCount(0);
    await expect(node(page, "计算材料研究室").locator(`[data-name="${name}"]`)).toHaveCount(1);

    // A sibling of the same name is refused by name, under the field.
    await row(page, "计算材料研究室").getByTestId("dept-add-child").click();
    await page.getByTestId("dept-form").locator('input[name="Name"]').fill(name);
    await page.getByTestId("dept-save").click();
    await expect(page.getByTestId("dept-form").getByText("同一上级部门下已有同名部门")).toBeVisible();

    // The tree opened down to it after the save; a fresh visit shows the top level open, and a click on a
    // department's row opens its sub-departments (a <details>, with or without JavaScript).
    await page.goto(PATH);
    await expect(row(page, name)).toBeHidden();
    await row(page, "计算材料研究室").locator(".dt-name").click();
    // Rename and move it under 检测中心.
    await row(page, name).getByTestId("dept-edit").click();
    const edit = page.getByTestId("dept-form");
    await edit.locator('input[name="Name"]').fill(`${name}改`);
    await edit.locator('select[name="ParentId"]').selectOption((await node(page, "检测中心").getAttribute("data-id"))!);
    await edit.getByTestId("dept-save").click();
    await expect(page.getByTestId("toast")).toContainText("已保存");
    await expect(node(page, "检测中心").locator(`[data-name="${name}改"]`)).toHaveCount(1);

    // The filter is a GET form: the address carries it, the tree shows the match and its ancestors.
    await page.getByTestId("dept-search").locator('input[name="q"]').fill(`${name}改`);
    await page.getByTestId("dept-search").getByRole("button", { name: "搜索" }).click();
    await expect(page).toHaveURL(/q=/);
    await expect(page.getByTestId("dept-count")).toHaveText("找到 1 个部门");
    await expect(page.locator('[data-testid="dept-node"]')).toHaveCount(3);

    // Delete: without JavaScript a confirm step, with it a dialog; the filter survives.
    await row(page, `${name}改`).getByTestId("delete").click();
    await expect(page.getByTestId(js ? "delete-modal" : "delete-step")).toBeVisible();
    await page.getByTestId("delete-confirm").click();
    await expect(page.getByTestId("toast")).toContainText(`部门“${name}改”已删除`);
    await expect(page).toHaveURL(/q=/);
    await expect(page.getByTestId("dept-empty")).toBeVisible();

    // A department with sub-departments cannot go, and the page says why.
    await page.goto(PATH);
    await row(page, "先进钢铁材料研究所").getByTestId("delete").click();
    await page.getByTestId("delete-confirm").click();
    await expect(page.getByTestId("toast")).toContainText("该部门下还有 2 个下级部门，不能删除");
    if (js) {
      await page.setViewportSize({ width: 375, height: 800 });
      await shot(page, "departments-375");
    }
    await context.close();
  });
}

test("someone else's save in between: the form says so and changes nothing", async ({ browser }) => {
  const a = await signedInPage(browser, "admin", false);
  const b = await signedInPage(browser, "admin", false);
  for (const p of [a.page, b.page]) {
    await p.goto(PATH);
    await row(p, "先进钢铁材料研究所").locator(".dt-name").click();
    await row(p, "耐热钢研究室").getByTestId("dept-edit").click();
  }
  await a.page.getByTestId("dept-form").locator('input[name="Leader"]').fill("甲");
  await a.page.getByTestId("dept-save").click();
  await expect(a.page.getByTestId("toast")).toContainText("已保存");
  await b.page.getByTestId("dept-form").locator('input[name="Leader"]').fill("乙");
  await b.page.getByTestId("dept-save").click();
  await expect(b.page.getByTestId("form-error")).toContainText("该部门已被他人修改，请刷新后重试");
  await b.page.getByRole("link", { name: /重新打开该部门/ }).click();
  await expect(b.page.getByTestId("dept-form").locator('input[name="Leader"]')).toHaveValue("甲");
  await expect(row(b.page, "耐热钢研究室")).toContainText("甲");
  await a.context.close();
  await b.context.close();
});
