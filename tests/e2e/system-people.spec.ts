import ExcelJS from "exceljs";
import { expect, test, type Page } from "@playwright/test";
import { E2E_CAPTCHA } from "../../playwright.config.ts";
import { shot, signedInPage } from "./helpers.ts";

const PATH = "/systemManage/personManage";
/** A user name no other test (or earlier run) uses. */
const userName = () => `p${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** Logs in with a password of the person's own (a one-time one); ends past the first-login prompt. */
async function loginAs(page: Page, name: string, password: string) {
  await page.goto("/login");
  await page.locator('input[name="username"]').fill(name);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('input[name="clientCode"]').fill(E2E_CAPTCHA);
  await page.getByTestId("login-submit").click();
  await page.waitForURL((u) => !["/login", "/loginMobile"].includes(u.pathname));
  if (new URL(page.url()).pathname === "/loginSuccess") {
    await page.getByTestId("first-continue").click();
    await page.waitForURL((u) => u.pathname !== "/loginSuccess");
  }
}

/** Adds a person through the form (already open) and answers the one-time password the page shows once. */
async function addPerson(page: Page, fields: { UserName: string; RealName: string; Mobile?: string }): Promise<string> {
  const form = page.getByTestId("person-form");
  await form.locator('input[name="UserName"]').fill(fields.UserName);
  await form.locator('input[name="RealName"]').fill(fields.RealName);
  await form.locator('input[name="Mobile"]').fill(fields.Mobile ?? "");
  await form.getByTestId("person-department").selectOption({ label: "\u3000\u3000高强钢研究室" });
  await form.getByLabel("数据上传员").check();
  await form.getByTestId("person-save").click();
  await expect(page.getByTestId("person-password")).toContainText(fields.UserName);
  return (await page.getByTestId("person-password-value").textContent())!;
}

test("people without JavaScript: a refused field keeps the values, a new person's one-time password works once and must be changed, reset shows a new one", async ({ browser }) => {
  const { context, page } = await signedInPage(browser, "admin", false);
  await page.goto(PATH);
  await page.getByTestId("person-add").click();
  const form = page.getByTestId("person-form");
  const name = userName();
  await form.locator('input[name="UserName"]').fill(name);
  await form.locator('input[name="RealName"]').fill("李雷");
  await form.locator('input[name="Mobile"]').fill("1380000");
  await form.locator('input[name="IdCard"]').fill("123");
  await form.getByTestId("person-save").click();
  await expect(form.getByText("请输入正确的手机号")).toBeVisible();
  await expect(form.getByText("请输入正确的身份证号")).toBeVisible();
  await expect(form.getByText("请至少选择一个角色")).toBeVisible();
  await expect(form.locator('input[name="RealName"]')).toHaveValue("李雷");
  await form.locator('input[name="IdCard"]').fill("");
  // A mobile someone already has is refused by its value.
  await form.locator('input[name="Mobile"]').fill("13800000005");
  await form.getByLabel("数据上传员").check();
  await form.getByTestId("person-save").click();
  await expect(form.getByText("手机号 13800000005 已被使用")).toBeVisible();
  const password = await addPerson(page, { UserName: name, RealName: "李雷" });
  await shot(page, "people-password-1366");

  // The new person logs in with it and is asked for a password of their own first.
  const newcomer = await browser.newContext({ locale: "zh-CN", javaScriptEnabled: false });
  const np = await newcomer.newPage();
  await loginAs(np, name, password);
  await expect(np).toHaveURL(/\/myInfo\/index\?UpdatePwd=0/);

  // The admin finds them by the start of the user name, resets the password and sees the new one once.
  await page.goto(PATH);
  await page.getByTestId("people-filters").locator('input[name="keyword"]').fill(name.slice(0, 7));
  await page.getByTestId("people-filters").getByRole("button", { name: "搜索" }).click();
  const row = page.locator(`[data-testid="person-row"][data-user="${name}"]`);
  await expect(row.getByTestId("person-status")).toContainText("待改密码");
  await row.getByTestId("person-reset").click();
  await expect(page.getByTestId("person-reset-step")).toContainText(name);
  await page.getByTestId("person-confirm").click();
  const again = (await page.getByTestId("person-password-value").textContent())!;
  expect(again).not.toBe(password);
  // Reloading the list does not show it again.
  await page.getByTestId("person-password-done").click();
  await expect(page.getByTestId("person-password")).toHaveCount(0);
  // The reset ended the newcomer's session.
  await np.goto("/myInfo/index");
  await expect(np).toHaveURL(/\/login/);
  await Promise.all([context.close(), newcomer.close()]);
});

test("with JavaScript: disabling a person ends their session at once; enabling lets them back", async ({ browser }) => {
  const { context, page } = await signedInPage(browser, "admin");
  await page.goto(`${PATH}?add=1`);
  const name = userName();
  const password = await addPerson(page, { UserName: name, RealName: "韩梅梅" });

  const person = await browser.newContext({ locale: "zh-CN" });
  const pp = await person.newPage();
  await loginAs(pp, name, password);

  await page.goto(`${PATH}?keyword=${name}`);
  const row = page.locator(`[data-testid="person-row"][data-user="${name}"]`);
  await row.getByTestId("person-disable").click();
  await expect(page.getByTestId("person-disable-step")).toContainText("停用后");
  await page.getByTestId("person-confirm").click();
  await expect(page.getByTestId("toast")).toContainText(`已停用 韩梅梅 (${name})`);
  await expect(row.getByTestId("person-status")).toContainText("已停用");
  await pp.reload();
  await expect(pp).toHaveURL(/\/login/);
  await expect(pp.getByTestId("toast")).toBeVisible();

  await row.getByTestId("person-enable").click();
  await expect(row.getByTestId("person-status")).toContainText("正常");
  await loginAs(pp, name, password);
  await expect(pp).toHaveURL(/\/myInfo\/index\?UpdatePwd=0/);

  // The logs: the operation log shows the disable and enable with the field they changed; the login log
  // the person's logins; the online sessions page ends the session they are in.
  await page.goto(`/systemManage/operationLog?keyword=${name}`);
  const ops = page.getByTestId("operation-log-row");
  await expect(ops).toHaveCount(3);
  await expect(ops.first()).toHaveAttribute("data-action", "person.enable");
  await ops.first().locator("summary").click();
  await expect(ops.first()).toContainText("Disabled: true → false");
  await page.goto(`/systemManage/loginLog?user=${name}`);
  await expect(page.getByTestId("login-log-row").first()).toHaveAttribute("data-success", "true");
  const [csv] = await Promise.all([page.waitForEvent("download"), page.getByTestId("login-log-csv").click()]);
  const lines = (await (await csv.createReadStream()).toArray()).map(String).join("").replace(/^\uFEFF/, "").trim().split("\r\n");
  expect(lines[0]).toBe("时间,用户,方式,结果,原因,IP 地址,浏览器");
  expect(lines.slice(1).every((l) => l.includes(name))).toBe(true);
  await page.goto(`/systemManage/onlineSessions?keyword=${name}`);
  await expect(page.getByTestId("session-row")).toHaveCount(1);
  await page.getByTestId("session-end").click();
  await expect(page.getByTestId("toast")).toContainText(`已结束 韩梅梅 (${name}) 的会话`);
  await pp.reload();
  await expect(pp).toHaveURL(/\/login/);

  // An InsideAdmin's view on a phone: only their subtree, no actions on the SystemAdmin.
  const inside = await signedInPage(browser, "inside");
  await inside.page.setViewportSize({ width: 375, height: 800 });
  await inside.page.goto(PATH);
  await expect(inside.page.getByRole("heading", { level: 1 })).toHaveText("人员管理");
  await expect(inside.page.locator('[data-testid="person-row"][data-user="admin"]').getByTestId("person-edit")).toHaveCount(0);
  await expect(inside.page.locator('[data-testid="person-row"][data-user="guest"]')).toHaveCount(0);
  expect(await inside.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
  await shot(inside.page, "people-inside-375");
  await Promise.all([context.close(), person.close(), inside.context.close()]);
});

test("Excel import without JavaScript: the template, a file with bad rows named cell by cell and nothing imported, the fixed file confirmed; the export reads back", async ({ browser }) => {
  const { context, page } = await signedInPage(browser, "admin", false);
  await page.goto(PATH);
  await page.getByTestId("people-import").click();
  const [template] = await Promise.all([page.waitForEvent("download"), page.getByTestId("import-template").click()]);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(Buffer.concat(await (await template.createReadStream()).toArray()) as unknown as ArrayBuffer);
  const sheet = wb.worksheets[0];
  expect(sheet.getRow(1).values).toEqual([undefined, "用户名*", "姓名*", "手机号", "邮箱", "身份证号", "性别", "部门", "企业", "角色*"]);
  const [a, b] = [userName(), userName()];
  sheet.addRow([a, "导入甲", "", "", "", "男", "检测中心", "", "数据上传员"]);
  sheet.addRow([b, "", "12345", "", "", "", "不存在的部门", "", "数据上传员"]);
  const upload = async (data: Buffer) => {
    await page.getByTestId("import-file").setInputFiles({ name: "人员.xlsx", mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", buffer: data });
    await page.getByTestId("import-check").click();
  };
  await upload(Buffer.from(await wb.xlsx.writeBuffer()));
  await expect(page.getByTestId("import-summary")).toContainText("共 2 行，其中 1 行有问题，未导入任何人员");
  const bad = page.getByTestId("import-rows").locator('tr[data-row="3"]');
  await expect(bad).toContainText("姓名：请输入姓名");
  await expect(bad).toContainText("手机号：请输入正确的手机号");
  await expect(bad).toContainText("部门：部门“不存在的部门”不存在");
  await expect(page.getByTestId("import-confirm")).toHaveCount(0);
  await shot(page, "people-import-refused-1366");

  sheet.spliceRows(3, 1, [b, "导入乙", "", "", "", "女", "钢铁研究总院/检测中心/力学性能室", "", "设备管理员, 数据上传员"]);
  await upload(Buffer.from(await wb.xlsx.writeBuffer()));
  await expect(page.getByTestId("import-summary")).toContainText("共 2 人，全部无误");
  await page.getByTestId("import-confirm").click();
  await expect(page.getByTestId("toast")).toContainText("已导入 2 人");

  // The export of the filtered list holds exactly them.
  await page.goto(`${PATH}?keyword=${b}`);
  await expect(page.getByTestId("person-row")).toHaveCount(1);
  const [exported] = await Promise.all([page.waitForEvent("download"), page.getByTestId("people-export").click()]);
  const out = new ExcelJS.Workbook();
  await out.xlsx.load(Buffer.concat(await (await exported.createReadStream()).toArray()) as unknown as ArrayBuffer);
  const rows = out.worksheets[0].getSheetValues().filter(Boolean) as unknown[][];
  expect(rows).toHaveLength(2);
  expect(rows[1].slice(1, 9)).toEqual([b, "导入乙", undefined, undefined, "女", "力学性能室", undefined, "数据上传员,设备管理员"]);
  await context.close();
});
