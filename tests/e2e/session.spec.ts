import { expect, test, type Page } from "@playwright/test";
import { E2E_CAPTCHA } from "../../playwright.config.ts";
import { apiCall, apiLogin } from "./api-helpers.ts";
import { hydratedAt, logIn, PASSWORD, sessionCookie } from "./helpers.ts";

/**
 * Sessions and the layout around them (section 4): login with JavaScript on, logout with its confirmation,
 * page access per role, the 2-hour token rule, language switching, and the phone layout.
 */
test.use({ locale: "zh-CN" });

/** Logged in and on the landing page. */
async function logInHome(page: Page, username: string) {
  await logIn(page, username);
  await expect(page).toHaveURL(/\/computeDynamicRoute\/index$/);
}

test("password login with JavaScript: header, sidebar, breadcrumb, tags and the unread badge", async ({ page }) => {
  await logInHome(page, "admin");
  await expect(page.getByTestId("welcome")).toContainText("系统管理员");
  // Other tests publish notices while this runs: the badge must show what the API counts right now.
  const { token } = await apiLogin("admin");
  const unread = (await apiCall("SysMessage/GetNoReadMessageCount", { token })).returnData;
  expect(unread).toBeGreaterThanOrEqual(1);
  await page.reload();
  await expect(page.getByTestId("unread-badge")).toHaveText(String(unread));
  await expect(page.getByTestId("breadcrumb")).toContainText("当前位置");
  await expect(page.getByTestId("sidebar")).toBeVisible();
  await expect(page.getByTestId("tags-view")).toContainText("首页");
  await expect(page).toHaveTitle(/ - Ferrum$/);
  await expect(page.locator(".cmp-tile")).toHaveCount(12);
});

test("the menu the server kept takes React over cleanly, and its links change the page without reloading it", async ({ page }) => {
  const errors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  page.on("pageerror", (e) => errors.push(String(e)));
  await logInHome(page, "admin");
  // A second visit gets the sidebar's kept markup (the first may have drawn it).
  await page.goto("/infoCenter/noticeCenter");
  await hydratedAt(page, "sidebar");
  await page.evaluate(() => ((window as unknown as { __samePage?: boolean }).__samePage = true));
  const home = page.getByTestId("sidebar").locator('a[href="/computeDynamicRoute/index"]');
  await home.click();
  await expect(page).toHaveURL(/\/computeDynamicRoute\/index$/);
  await expect(home).toHaveAttribute("aria-current", "page");
  expect(await page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage)).toBe(true);
  // React reports a markup it cannot take over (a hydration mismatch) as a console error.
  expect(errors).toEqual([]);
});

test("logout asks 提示 / 确定要退出?, cancel keeps the session, confirm ends it", async ({ page }) => {
  await logInHome(page, "xadmin");
  await page.getByTestId("logout-link").click();
  const dialog = page.getByTestId("logout-dialog");
  await expect(dialog).toContainText("提示");
  await expect(dialog).toContainText("确定要退出?");
  // Dialogs do not close on Escape.
  await page.keyboard.press("Escape");
  await expect(dialog).toBeVisible();
  await dialog.getByText("取消").click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId("welcome")).toBeVisible();

  await page.getByTestId("logout-link").click();
  await page.getByTestId("logout-dialog").getByRole("button", { name: "确定" }).click();
  await expect(page).toHaveURL(/\/loginOut$/);
  await page.goto("/myInfo/index");
  await expect(page).toHaveURL(/\/login\?redirect=%2FmyInfo%2Findex$/);
});

test("a guest is refused /systemManage/constantManage with 当前用户没有此页面访问权限", async ({ page }) => {
  await logInHome(page, "guest");
  const res = await page.goto("/systemManage/constantManage");
  expect(res?.status()).toBe(403);
  await expect(page.getByText("当前用户没有此页面访问权限")).toBeVisible();
  // Refused, not logged out: the layout is still there.
  await expect(page.getByTestId("welcome")).toBeVisible();
});

test("a token older than 2 hours is logged out: to /login, the message shown once", async ({ page, context, baseURL }) => {
  const login = await apiLogin("outside");
  const cookie = await sessionCookie({ ...login, tokenDate: Date.now() - 2 * 60 * 60 * 1000 - 60_000 });
  await context.addCookies([{ ...cookie, url: baseURL! }]);
  await page.goto("/myInfo/index");
  await expect(page).toHaveURL(/\/login\?redirect=%2FmyInfo%2Findex$/);
  await expect(page.getByTestId("toast")).toContainText("登录已过期，请重新登录");
  await page.reload();
  await expect(page.getByTestId("toast")).toHaveCount(0);
  const names = (await context.cookies()).map((c) => c.name);
  expect(names).not.toContain("__session");
});

test("a token the API revoked is cleared the same way (section 8)", async ({ page, context, baseURL }) => {
  const login = await apiLogin("equip");
  await apiCall("Login/Logout", { token: login.token, form: {} });
  await context.addCookies([{ ...(await sessionCookie({ ...login, tokenDate: Date.now() })), url: baseURL! }]);
  await page.goto("/computeDynamicRoute/index");
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByTestId("toast")).toBeVisible();
});

test.describe("language", () => {
  test("the switcher changes every text and is remembered; it works without JavaScript", async ({ browser, baseURL }) => {
    const context = await browser.newContext({ locale: "zh-CN", javaScriptEnabled: false, baseURL });
    const page = await context.newPage();
    await page.goto("/login");
    await expect(page.locator("html")).toHaveAttribute("lang", "zh");
    await page.getByRole("button", { name: "日本語" }).click();
    await expect(page.locator("html")).toHaveAttribute("lang", "ja");
    await expect(page.getByTestId("login-submit")).toHaveText("ログイン");
    // Inside the layout the switcher is a menu in the header.
    await page.locator('input[name="username"]').fill("admin");
    await page.locator('input[name="password"]').fill(PASSWORD);
    await page.locator('input[name="clientCode"]').fill(E2E_CAPTCHA);
    await page.getByTestId("login-submit").click();
    if (new URL(page.url()).pathname === "/loginSuccess") await page.getByTestId("first-continue").click();
    await expect(page.getByTestId("breadcrumb")).toContainText("現在位置");
    await page.locator("details.fe-lang summary").click();
    await page.getByRole("button", { name: "Español" }).click();
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    await page.goto("/dashboard");
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    await context.close();
  });

  test("without a cookie: the browser's language, else English", async ({ browser, baseURL }) => {
    for (const [locale, lang] of [["es-ES", "es"], ["fr-FR", "en"]] as const) {
      const context = await browser.newContext({ locale, baseURL });
      const page = await context.newPage();
      await page.goto("/login");
      await expect(page.locator("html")).toHaveAttribute("lang", lang);
      await context.close();
    }
  });
});

test.describe("375 px phone", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("no sideways scrolling; the menu is a drawer; works without JavaScript too", async ({ browser, baseURL }) => {
    for (const javaScriptEnabled of [true, false]) {
      const context = await browser.newContext({ locale: "zh-CN", viewport: { width: 375, height: 740 }, javaScriptEnabled, baseURL });
      const page = await context.newPage();
      await logInHome(page, "admin");
      for (const path of ["/computeDynamicRoute/index", "/myInfo/index", "/dashboard", "/login"]) {
        await page.goto(path);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `${path} scrolls sideways`).toBeLessThanOrEqual(0);
      }
      await page.goto("/computeDynamicRoute/index");
      const sidebar = page.getByTestId("sidebar");
      await expect(sidebar).not.toBeInViewport();
      await page.locator("label.fe-drawer-btn").click();
      await expect(sidebar).toBeInViewport();
      await context.close();
    }
  });
});
