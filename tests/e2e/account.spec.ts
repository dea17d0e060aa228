import { expect, test, type Page } from "@playwright/test";
import { E2E_API_PORT, E2E_CAPTCHA } from "../../playwright.config.ts";
import { logIn, PASSWORD } from "./helpers.ts";

/** The pages around the account: public dashboard, landing tiles, my info, the SG unit prompt. JavaScript off. */
test.use({ locale: "zh-CN", javaScriptEnabled: false });


test("dashboard: public, live counts, the footer's anchors exist", async ({ page, request }) => {
  const stats = (await (await request.get(`http://127.0.0.1:${E2E_API_PORT}/api/Dashboard/GetPublicStats`, { headers: { xteam: "xteam" } })).json()).returnData;
  await page.goto("/dashboard");
  await expect(page.getByTestId("stat-users")).toHaveText(String(stats.users));
  await expect(page.getByTestId("stat-categories")).toHaveText(String(stats.categories));
  for (const id of ["services", "team", "training"]) await expect(page.locator(`#${id}`)).toBeVisible();
  await expect(page.getByTestId("training-mail")).toHaveAttribute("href", /^mailto:/);
  await page.getByTestId("dashboard-login").click();
  await expect(page).toHaveURL(/\/login$/);
});

test("landing tiles: twelve categories, informational until their page exists", async ({ page }) => {
  await logIn(page, "xadmin");
  await page.goto("/computeDynamicRoute/index");
  await expect(page.locator('[data-testid^="category-"]')).toHaveCount(12);
  await expect(page.getByTestId("category-CALPHAD")).toContainText("相图计算");
});

test("my info: bad input is named per field and saves nothing; good input saves with a toast", async ({ page }) => {
  await logIn(page, "guest", "/login?redirect=/myInfo/index");
  await expect(page).toHaveURL(/\/myInfo\/index$/);
  const form = page.getByTestId("profile-form");
  const mobile = await form.locator('input[name="Mobile"]').inputValue();
  await form.locator('input[name="Mobile"]').fill("1234");
  await form.locator('input[name="Email"]').fill("no-at-sign");
  await form.locator('input[name="IdCard"]').fill("123");
  await page.getByTestId("profile-save").click();
  await expect(form.locator(".mantine-InputWrapper-error")).toHaveText(["请输入正确的手机号", "请输入正确的邮箱地址", "请输入正确的身份证号"]);
  await expect(form.locator('input[name="Email"]')).toHaveValue("no-at-sign");
  await page.goto("/myInfo/index");
  await expect(form.locator('input[name="Mobile"]')).toHaveValue(mobile);

  await form.locator('input[name="IdCard"]').fill("11010519491231002X");
  await page.getByTestId("profile-save").click();
  await expect(page.getByTestId("toast")).toHaveText("个人信息已保存");
  await expect(form.locator('input[name="IdCard"]')).toHaveValue("11010519491231002X");

  const pwd = page.getByTestId("password-form");
  await pwd.locator('input[name="oldPassword"]').fill("Not-the-password-1");
  await pwd.locator('input[name="newPassword"]').fill("short");
  await pwd.locator('input[name="confirmPassword"]').fill("short");
  await page.getByTestId("password-save").click();
  await expect(pwd.locator(".mantine-InputWrapper-error")).toHaveText(["密码必须包含大小写字母和数字，不允许输入汉字，长度为8-20个字符！"]);
  expect(await page.content()).not.toContain("Not-the-password-1");
});

test("forced password change: banner and the password form first", async ({ page }) => {
  await logIn(page, "admin");
  await page.goto("/myInfo/index?UpdatePwd=0");
  await expect(page.getByTestId("forced-banner")).toBeVisible();
});

test("SG user without a unit: the prompt blocks the landing page until a unit is named", async ({ page }) => {
  await page.goto("/login");
  await page.locator('input[name="username"]').fill("sg");
  await page.locator('input[name="password"]').fill(PASSWORD);
  await page.locator('input[name="clientCode"]').fill(E2E_CAPTCHA);
  await page.getByTestId("login-submit").click();
  await expect(page).toHaveURL(/\/myInfo\/createUnit/);
  await page.goto("/computeDynamicRoute/index");
  await expect(page).toHaveURL(/\/myInfo\/createUnit/);

  await page.getByRole("button", { name: "确定" }).click();
  await expect(page.locator(".mantine-InputWrapper-error")).toHaveText(["单位名称不能为空"]);
  await page.getByTestId("unit-name").fill("钢".repeat(21));
  await page.getByRole("button", { name: "确定" }).click();
  await expect(page.locator(".mantine-InputWrapper-error")).toHaveText(["单位名称长度不能超过20"]);
  await page.getByTestId("unit-name").fill("超算测试单位");
  await page.getByRole("button", { name: "确定" }).click();
  await expect(page.getByTestId("toast")).toHaveText("单位新增成功");
  await expect(page).toHaveURL(/\/computeDynamicRoute\/index/);
});
