import { expect, test } from "@playwright/test";
import { shot, signedInPage, unique } from "./helpers.ts";

const PATH = "/systemManage/enterpriseManager";

test("enterprises without JavaScript: add with a wrong credit code then a right one, filter, sort, export the filtered rows, delete", async ({ browser }) => {
  const { context, page } = await signedInPage(browser, "admin", false);
  const name = unique("示范钢铁");
  await page.goto(PATH);
  await page.getByTestId("ent-add").click();
  const form = page.getByTestId("ent-form");
  await form.locator('input[name="Name"]').fill(name);
  await form.locator('input[name="CreditCode"]').fill("91110000MA0000009X");
  await form.getByTestId("ent-save").click();
  await expect(form.getByText("请输入正确的统一社会信用代码")).toBeVisible();
  await expect(form.locator('input[name="Name"]')).toHaveValue(name);
  await form.locator('input[name="CreditCode"]').fill("");
  await form.locator('input[name="Contact"]').fill("=HYPERLINK(\"http://x\")");
  await form.getByTestId("ent-save").click();
  await expect(page.getByTestId("toast")).toContainText(`企业“${name}”已保存`);

  // The filter is in the address; the list and its CSV show the same rows.
  await page.getByTestId("ent-filters").locator('input[name="keyword"]').fill(name);
  await page.getByTestId("ent-filters").getByRole("button", { name: "搜索" }).click();
  await expect(page).toHaveURL(/keyword=/);
  await expect(page.getByTestId("ent-row")).toHaveCount(1);
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("ent-csv").click()]);
  const csv = (await (await download.createReadStream()).toArray()).map(String).join("");
  const lines = csv.replace(/^\uFEFF/, "").trim().split("\r\n");
  expect(lines[0]).toBe("企业名称,统一社会信用代码,联系人,联系电话,地址,人数,状态,登记时间");
  expect(lines).toHaveLength(2);
  // A contact typed like a formula is written as text.
  expect(lines[1]).toContain(`${name},,"'=HYPERLINK(""http://x"")"`);

  // Sorting by a column head is a link; the order follows.
  await page.goto(PATH);
  await page.getByRole("link", { name: /人数/ }).click();
  await page.getByRole("link", { name: /人数/ }).click();
  await expect(page).toHaveURL(/sort=-people/);
  await expect(page.getByTestId("ent-row").first()).toHaveAttribute("data-name", "合作单位");
  await shot(page, "enterprises-1366");

  // Delete asks on a confirm step; an enterprise with people cannot go.
  await page.goto(`${PATH}?keyword=${encodeURIComponent(name)}`);
  await page.getByTestId("ent-row").getByTestId("delete").click();
  await expect(page.getByTestId("delete-step")).toContainText(name);
  await page.getByTestId("delete-confirm").click();
  await expect(page.getByTestId("toast")).toContainText(`企业“${name}”已删除`);
  await expect(page.getByTestId("ent-empty")).toHaveText("没有符合条件的企业。");
  await page.goto(`${PATH}?keyword=${encodeURIComponent("合作单位")}`);
  await page.getByTestId("ent-row").getByTestId("delete").click();
  await page.getByTestId("delete-confirm").click();
  await expect(page.getByTestId("toast")).toContainText("该企业下还有 2 名人员，不能删除");
  // A phone: the rows become cards (loaded at that width, as a phone would).
  await page.setViewportSize({ width: 375, height: 800 });
  await page.reload();
  await expect(page.getByTestId("ent-row")).toHaveCount(1);
  await shot(page, "enterprises-375");
  // The name opens the enterprise's page: its details, its people and what they used.
  await page.getByTestId("ent-row").getByTestId("ent-open").click();
  await expect(page).toHaveURL(/\/systemManage\/enterpriseInfo\?id=/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("合作单位");
  await expect(page.getByTestId("ent-info-facts")).toContainText("91110000MA0000001L");
  await expect(page.getByTestId("ent-info-person")).toHaveCount(2);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
  await shot(page, "enterprise-info-375");
  await context.close();
});
