import { expect, test, type Page } from "@playwright/test";
import { E2E_CAPTCHA } from "../../playwright.config.ts";
import { PASSWORD, smsCode } from "./helpers.ts";

/**
 * The login pages of section 2 against the real API: every mode with JavaScript off (plain form posts)
 * and the enhanced versions with it on. Each test uses its own demo account and mobile number, because
 * the API limits SMS resends per number and counts failures per account.
 */
test.use({ locale: "zh-CN" });

/** React has attached to the server-rendered form (its handlers exist only after hydration). */
async function hydrated(page: Page) {
  await page.waitForFunction(() => {
    const el = document.querySelector("form");
    return !!el && Object.keys(el).some((k) => k.startsWith("__reactFiber"));
  });
}

/** Past the first-login prompt when this is the account's first login in this run. */
async function continuePastFirstLogin(page: Page) {
  await page.waitForURL((u) => u.pathname !== "/login" && u.pathname !== "/loginMobile");
  if (new URL(page.url()).pathname === "/loginSuccess") {
    await expect(page.getByTestId("first-login")).toContainText("首次登录提示");
    await page.getByTestId("first-continue").click();
  }
}

/**
 * The phone, once logged in, comes back to the approval page (/loginMobile?qr=…): through the first-login
 * prompt when no other test has logged this user in yet, straight away otherwise.
 */
async function atApproval(p: Page) {
  const confirm = p.getByTestId("qr-confirm");
  const first = p.getByTestId("first-continue");
  await expect(confirm.or(first)).toBeVisible();
  if (await first.isVisible()) await first.click();
  await expect(confirm).toBeVisible();
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("password mode: section 5 messages after a round trip, server refusal, new captcha, no password in the page", async ({ page }) => {
    await page.goto("/login?redirect=/myInfo/index");
    await page.getByTestId("login-submit").click();
    await expect(page.locator(".mantine-InputWrapper-error")).toHaveText(["请输入用户名", "请输入密码", "请输入验证码"]);

    const before = await page.getByTestId("captcha-img").getAttribute("src");
    await page.locator('input[name="username"]').fill("outside");
    await page.locator('input[name="password"]').fill("Wrong-pass-1");
    await page.locator('input[name="clientCode"]').fill(E2E_CAPTCHA);
    await page.getByTestId("login-submit").click();
    await expect(page.getByTestId("form-error")).toHaveText("用户名或密码错误");
    expect(await page.getByTestId("captcha-img").getAttribute("src")).not.toBe(before);
    await expect(page.locator('input[name="username"]')).toHaveValue("outside");
    expect(await page.content()).not.toContain("Wrong-pass-1");

    await page.locator('input[name="password"]').fill(PASSWORD);
    await page.locator('input[name="clientCode"]').fill(E2E_CAPTCHA);
    await page.locator('input[name="clientCode"]').press("Enter");
    await continuePastFirstLogin(page);
    await expect(page).toHaveURL(/\/myInfo\/index$/);
  });

  test("remember password: the name comes back, the password never reaches the page, unticking forgets both", async ({ page, context }) => {
    const login = async (password: string | null, remember: boolean) => {
      await page.goto("/login");
      await page.locator('input[name="username"]').fill("equip");
      if (password !== null) await page.locator('input[name="password"]').fill(password);
      await page.locator('input[name="clientCode"]').fill(E2E_CAPTCHA);
      if (remember) await page.locator('input[name="remember"]').check();
      else await page.locator('input[name="remember"]').uncheck();
      await page.getByTestId("login-submit").click();
      await continuePastFirstLogin(page);
    };
    await login(PASSWORD, true);
    expect((await context.cookies()).find((c) => c.name === "__remember")?.httpOnly).toBe(true);
    await context.clearCookies({ name: "__session" });

    await page.goto("/login");
    await expect(page.locator('input[name="username"]')).toHaveValue("equip");
    await expect(page.locator('input[name="password"]')).toHaveAttribute("placeholder", /已保存/);
    expect(await page.content()).not.toContain(PASSWORD);
    await login(null, true);
    await expect(page).toHaveURL(/\/computeDynamicRoute\/index/);

    await context.clearCookies({ name: "__session" });
    await login(PASSWORD, false);
    expect((await context.cookies()).some((c) => c.name === "__remember")).toBe(false);
  });

  test("phone mode: 请输入正确手机号 before sending, 60s after sending, Enter logs in", async ({ page }) => {
    await page.goto("/login?mode=mobile&redirect=/myInfo/index");
    await page.getByTestId("send-code").click();
    await expect(page.locator(".mantine-InputWrapper-error")).toHaveText(["请输入手机号"]);
    await page.locator('input[name="phoneNum"]').fill("12345");
    await page.getByTestId("send-code").click();
    await expect(page.locator(".mantine-InputWrapper-error")).toHaveText(["请输入正确手机号"]);

    const sentAfter = Date.now() - 1000;
    await page.locator('input[name="phoneNum"]').fill("13800000004");
    await page.getByTestId("send-code").click();
    await expect(page.getByTestId("send-code")).toHaveText("60s");
    await expect(page.getByTestId("send-code")).toBeDisabled();
    await expect(page.getByTestId("code-sent")).toContainText("138****0004");

    await page.locator('input[name="verifyNum"]').fill(await smsCode("13800000004", sentAfter));
    await page.locator('input[name="verifyNum"]').press("Enter");
    await continuePastFirstLogin(page);
    await expect(page).toHaveURL(/\/myInfo\/index$/);
  });

  test("switching mode drops the SMS countdown", async ({ page }) => {
    await page.goto("/login?mode=mobile");
    await page.locator('input[name="phoneNum"]').fill("13800000002");
    await page.getByTestId("send-code").click();
    await expect(page.getByTestId("send-code")).toBeDisabled();
    await page.getByTestId("mode-password").click();
    await page.getByTestId("mode-mobile").click();
    await expect(page.getByTestId("send-code")).toBeEnabled();
    await expect(page.locator('input[name="phoneNum"]')).toHaveValue("");
  });

  test("forgot password: reset by SMS with the password rule, then log in", async ({ page }) => {
    await page.goto("/login");
    await page.getByTestId("forgot-link").click();
    const sentAfter = Date.now() - 1000;
    await page.locator('input[name="phoneNum"]').fill("13800000007");
    await page.getByTestId("send-code").click();
    await page.locator('input[name="verifyNum"]').fill(await smsCode("13800000007", sentAfter));
    await page.locator('input[name="newPassword"]').fill("weakpass");
    await page.locator('input[name="confirmPassword"]').fill("weakpass");
    await page.getByTestId("forgot-submit").click();
    await expect(page.locator(".mantine-InputWrapper-error")).toHaveText(["密码必须包含大小写字母和数字，不允许输入汉字，长度为8-20个字符！"]);
    // The demo password satisfies the rule; resetting to it keeps the account usable for other tests.
    await page.locator('input[name="newPassword"]').fill(PASSWORD);
    await page.locator('input[name="confirmPassword"]').fill(PASSWORD);
    await page.getByTestId("forgot-submit").click();
    await expect(page).toHaveURL(/mode=password/);
    await expect(page.getByTestId("toast")).toHaveText("密码已重置，请使用新密码登录");
    await page.locator('input[name="username"]').fill("transfer");
    await page.locator('input[name="password"]').fill(PASSWORD);
    await page.locator('input[name="clientCode"]').fill(E2E_CAPTCHA);
    await page.getByTestId("login-submit").click();
    await continuePastFirstLogin(page);
    await expect(page).toHaveURL(/\/computeDynamicRoute\/index/);
  });

  test("QR login: the phone approves, the desktop's 继续 logs it in", async ({ page, browser }) => {
    await page.goto("/login?mode=qr&redirect=/myInfo/index");
    await expect(page.getByTestId("qr-code").locator("svg")).toBeVisible();
    const qr = (await page.context().cookies()).find((c) => c.name === "__qr")!;
    const raw = decodeURIComponent(qr.value);
    const { url } = JSON.parse(Buffer.from(raw.slice(0, raw.lastIndexOf(".")), "base64").toString()) as { url: string };
    const ticketPath = new URL(url).pathname + new URL(url).search;

    await page.getByTestId("qr-continue").click();
    await expect(page.getByTestId("qr-pending")).toBeVisible();

    const phone = await browser.newContext({ javaScriptEnabled: false, locale: "zh-CN", viewport: { width: 375, height: 740 } });
    const p = await phone.newPage();
    await p.goto(ticketPath);
    await expect(p).toHaveURL(/needLogin=1/);
    await p.locator('input[name="username"]').fill("inside");
    await p.locator('input[name="password"]').fill(PASSWORD);
    await p.locator('input[name="clientCode"]').fill(E2E_CAPTCHA);
    await p.getByTestId("login-submit").click();
    await atApproval(p);
    await expect(p.getByTestId("qr-approve")).toBeVisible();
    await p.getByTestId("qr-confirm").click();
    await expect(p.getByTestId("qr-approved")).toBeVisible();
    await phone.close();

    await page.getByTestId("qr-continue").click();
    await continuePastFirstLogin(page);
    await expect(page).toHaveURL(/\/myInfo\/index$/);
  });

  test("redirect targets: foreign paths and hosts are refused", async ({ page, request }) => {
    await page.goto("/login?src=https://evil.example/steal");
    await expect(page.getByTestId("notice-srcRefused")).toBeVisible();
    expect(await page.locator('input[name="src"]').count()).toBe(0);

    const r = await request.get("/redirect//evil.example/x", { maxRedirects: 0 });
    expect(r.status()).toBe(302);
    expect(r.headers().location).toBe("/");
    const ok = await request.get("/redirect/dashboard?x=1", { maxRedirects: 0 });
    expect(ok.headers().location).toBe("/dashboard?x=1");
  });

  test("allow-listed src gets the token appended", async ({ page }) => {
    await page.goto("/login?src=" + encodeURIComponent("https://apps.example.org/run?a=1"));
    await expect(page.getByTestId("notice-srcRefused")).toHaveCount(0);
    await page.locator('input[name="username"]').fill("xadmin");
    await page.locator('input[name="password"]').fill(PASSWORD);
    await page.locator('input[name="clientCode"]').fill(E2E_CAPTCHA);
    // The browser would leave for the external host: catch the navigation instead.
    await page.route("https://apps.example.org/**", (route) => route.fulfill({ status: 200, body: "partner" }));
    await page.getByTestId("login-submit").click();
    await page.waitForURL((u) => u.hostname === "apps.example.org" || u.pathname === "/loginSuccess");
    if (new URL(page.url()).pathname === "/loginSuccess") await page.getByTestId("first-continue").click();
    await page.waitForURL((u) => u.hostname === "apps.example.org");
    const u = new URL(page.url());
    expect(u.searchParams.get("a")).toBe("1");
    expect(u.searchParams.get("token")?.length).toBeGreaterThan(10);
  });

  test("SSO entries show the server's refusal", async ({ page }) => {
    const sg = await page.goto("/sg?token=not-a-login-string");
    expect(sg?.status()).toBe(401);
    await expect(page.getByTestId("sg-error")).not.toBeEmpty();
    await page.goto("/login?ssotoken=not.a.jwt");
    await expect(page.getByTestId("page-error")).not.toBeEmpty();
    // A WeChat callback this browser did not start (no state cookie) is refused before any code exchange.
    await page.goto("/wxlogin?code=abc&state=x");
    await expect(page.getByTestId("wx-failed")).toContainText("微信登录失败");
  });

  test("public status pages", async ({ page }) => {
    expect((await page.goto("/404"))?.status()).toBe(404);
    expect((await page.goto("/401"))?.status()).toBe(401);
    expect((await page.goto("/loginOut"))?.status()).toBe(200);
    await expect(page.getByTestId("logged-out")).toContainText("您已退出登录");
  });
});

test.describe("with JavaScript", () => {
  test("blur shows the message before submitting; the SMS countdown ticks", async ({ page }) => {
    await page.goto("/login?mode=mobile");
    await hydrated(page);
    await page.locator('input[name="phoneNum"]').focus();
    await page.locator('input[name="verifyNum"]').focus();
    await expect(page.locator(".mantine-InputWrapper-error").first()).toHaveText("请输入手机号");

    await page.locator('input[name="phoneNum"]').fill("13800000008");
    await page.getByTestId("send-code").click();
    await expect(page.getByTestId("send-code")).toBeDisabled();
    await expect(page.getByTestId("send-code")).toHaveText(/^(5\d|60)s$/);
    await expect(page.getByTestId("send-code")).not.toHaveText("60s", { timeout: 3000 });
  });

  test("QR login: the desktop polls and logs in by itself once the phone approves", async ({ page, browser }) => {
    await page.goto("/login?mode=qr");
    await expect(page.getByTestId("qr-code").locator("svg")).toBeVisible();
    await hydrated(page);
    const qr = (await page.context().cookies()).find((c) => c.name === "__qr")!;
    const raw = decodeURIComponent(qr.value);
    const { url } = JSON.parse(Buffer.from(raw.slice(0, raw.lastIndexOf(".")), "base64").toString()) as { url: string };

    const phone = await browser.newContext({ locale: "zh-CN", viewport: { width: 375, height: 740 } });
    const p = await phone.newPage();
    await p.goto(new URL(url).pathname + new URL(url).search);
    await hydrated(p);
    await p.locator('input[name="username"]').fill("uploader");
    await p.locator('input[name="password"]').fill(PASSWORD);
    await p.locator('input[name="clientCode"]').fill(E2E_CAPTCHA);
    await p.locator('input[name="clientCode"]').press("Enter");
    await atApproval(p);
    await p.getByTestId("qr-confirm").click();
    await expect(p.getByTestId("qr-approved")).toBeVisible();
    await phone.close();

    await page.waitForURL((u) => u.pathname !== "/login", { timeout: 10_000 });
    await continuePastFirstLogin(page);
    await expect(page).toHaveURL(/\/computeDynamicRoute\/index/);
  });
});
