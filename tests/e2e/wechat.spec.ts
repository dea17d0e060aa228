import { expect, test, type Page } from "@playwright/test";
import { shot, signedInPage } from "./helpers.ts";

/** On the WeChat stand-in's QR page: "scan" as `openid` and confirm; WeChat sends the browser back. */
async function scanAndConfirm(page: Page, openid: string, nickname: string) {
  await expect(page.locator("h1")).toContainText("微信扫码登录");
  await page.locator('input[name="openid"]').fill(openid);
  await page.locator('input[name="nickname"]').fill(nickname);
  await page.getByRole("button", { name: "确认登录" }).click();
}

test("WeChat: bind from my profile, log in by scanning, and an administrator sees the binding and unbinds it, ending that login", async ({ browser }) => {
  const openid = `o-e2e-${Date.now().toString(36)}`;
  // The equipment administrator binds their WeChat (JavaScript off: every step is a plain navigation).
  const equip = await signedInPage(browser, "equip", false);
  await equip.page.goto("/myInfo/index");
  await expect(equip.page.getByTestId("wx-card")).toContainText("尚未绑定微信");
  await equip.page.getByTestId("wx-manage").click();
  await scanAndConfirm(equip.page, openid, "设备微信");
  await expect(equip.page).toHaveURL(/\/myInfo\/bindWxResult\?result=bound$/);
  await expect(equip.page.getByTestId("wx-result-bound")).toBeVisible();
  await expect(equip.page.getByTestId("wx-status")).toContainText("已绑定微信“设备微信”");
  await shot(equip.page, "wechat-bound");
  // A reload does not spend the code again.
  await equip.page.reload();
  await expect(equip.page.getByTestId("wx-result-bound")).toBeVisible();
  await equip.context.close();

  // A fresh browser logs in with that WeChat from the login page's QR view.
  const context = await browser.newContext({ locale: "zh-CN" });
  const page = await context.newPage();
  await page.goto("/login?mode=qr");
  await page.getByTestId("wx-start").click();
  await scanAndConfirm(page, openid, "设备微信");
  await page.waitForURL((u) => !u.pathname.startsWith("/wxlogin") && !u.pathname.startsWith("/login"));
  if (new URL(page.url()).pathname === "/loginSuccess") await page.getByTestId("first-continue").click();
  await page.goto("/myInfo/index");
  await expect(page.getByTestId("wx-card")).toContainText("已绑定：设备微信");

  // An unbound WeChat is told to bind first; a cancelled scan changes nothing.
  const stranger = await browser.newContext({ locale: "zh-CN" });
  const sp = await stranger.newPage();
  await sp.goto("/wxlogin?start=1");
  await scanAndConfirm(sp, "o-nobody", "陌生人");
  await expect(sp.getByTestId("wx-notBound")).toContainText("尚未绑定平台账号");
  await stranger.close();

  // The SystemAdmin sees the binding in the people list and unbinds it.
  const admin = await signedInPage(browser, "admin", false);
  await admin.page.goto("/systemManage/personManage?keyword=equip");
  const row = admin.page.locator(`[data-testid="person-row"][data-user="equip"]`);
  await expect(row).toContainText("已绑定微信");
  await row.getByTestId("person-unbindWx").click();
  await expect(admin.page.getByTestId("toast")).toContainText("的微信绑定");
  await admin.context.close();

  // The session WeChat opened ended with the binding (an administrator unbinds for a lost phone).
  await page.goto("/myInfo/index");
  await expect(page).toHaveURL(/\/login/);
  await context.close();
});
