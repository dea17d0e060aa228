import fs from "node:fs";
import path from "node:path";
import { createCookieSessionStorage } from "@remix-run/node";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { E2E_CAPTCHA, E2E_SESSION_SECRET } from "../../playwright.config.ts";

export const PASSWORD = "Ferrum2026";

/** Logs in through the real login page (password + captcha). */
export async function loginWithPassword(page: Page, username: string, password = PASSWORD, target = "/login") {
  await page.goto(target);
  await page.locator('input[name="username"]').fill(username);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('input[name="clientCode"]').fill(E2E_CAPTCHA);
  await page.locator('input[name="clientCode"]').press("Enter");
}

export async function expectLoggedIn(page: Page) {
  await expect(page).toHaveURL(/\/computeDynamicRoute\/index/);
}

/** The embedded SMS provider's outbox: the newest code sent to a number. */
export async function smsCode(mobile: string, after = 0): Promise<string> {
  const file = path.join(process.env.E2E_DATA_DIR!, "sms-outbox.jsonl");
  for (let i = 0; i < 50; i++) {
    if (fs.existsSync(file)) {
      const lines = fs.readFileSync(file, "utf8").trim().split("\n").filter(Boolean).map((l) => JSON.parse(l));
      const hit = lines.filter((l) => l.mobile === mobile && Date.parse(l.at) >= after).pop();
      if (hit) return hit.code;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no SMS code for ${mobile}`);
}

/** A web session cookie as the server would sign it, e.g. with a token date in the past. */
export async function sessionCookie(values: { token: string; userId: string; tokenDate: number }) {
  const storage = createCookieSessionStorage({
    cookie: { name: "__session", httpOnly: true, sameSite: "lax", path: "/", secrets: [E2E_SESSION_SECRET] },
  });
  const s = await storage.getSession();
  s.set("token", values.token);
  s.set("userId", values.userId);
  s.set("tokenDate", values.tokenDate);
  const [pair] = (await storage.commitSession(s)).split(";");
  const i = pair.indexOf("=");
  return { name: pair.slice(0, i), value: pair.slice(i + 1) };
}

/** What a test's page does with the live "system message" dialog a notice published meanwhile opens. */
export interface LogInOptions {
  /** Keep it (the live-push tests watch for it); otherwise it is closed whenever it would block the test. */
  keepSystemMessages?: boolean;
}

/**
 * Logs in through the login page (password + captcha, the submit button) and steps past the first-login
 * prompt when this is the account's first login in the run. Ends wherever the login leads.
 *
 * Tests run side by side, and a notice one of them publishes is pushed to every open page as a modal dialog:
 * unless asked to keep it, the dialog is closed through its own button whenever it would cover what this test
 * clicks or checks (Playwright's locator handler), so no test depends on another's timing.
 */
export async function logIn(page: Page, username: string, target = "/login", opts: LogInOptions = {}) {
  if (!opts.keepSystemMessages) {
    await page.addLocatorHandler(page.getByTestId("system-message-dialog"), async (dialog) => {
      await dialog.getByRole("button", { name: "关闭" }).click();
    });
  }
  await page.goto(target);
  await page.locator('input[name="username"]').fill(username);
  await page.locator('input[name="password"]').fill(PASSWORD);
  await page.locator('input[name="clientCode"]').fill(E2E_CAPTCHA);
  await page.getByTestId("login-submit").click();
  await page.waitForURL((u) => !["/login", "/loginMobile"].includes(u.pathname));
  if (new URL(page.url()).pathname === "/loginSuccess") {
    await page.getByTestId("first-continue").click();
    await page.waitForURL((u) => u.pathname !== "/loginSuccess");
  }
}

/** A fresh browser context (Chinese, JavaScript on or off) with the user logged in. */
export async function signedInPage(browser: Browser, username: string, javaScriptEnabled = true, opts: LogInOptions = {}) {
  const context = await browser.newContext({ locale: "zh-CN", javaScriptEnabled });
  const page = await context.newPage();
  await logIn(page, username, "/login", opts);
  return { context, page };
}

/** The header's unread badge as a number (hidden means 0, 99+ reads as 100). */
export async function badgeCount(page: Page): Promise<number> {
  const badge = page.getByTestId("unread-badge");
  if ((await badge.count()) === 0) return 0;
  const text = (await badge.textContent()) ?? "0";
  return text === "99+" ? 100 : Number(text);
}

/** A title no other test (or earlier run) uses. */
export const unique = (what: string) => `${what} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** A 1×1 PNG: the API sniffs uploads, so the bytes must really be a PNG. */
export const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);

/** A full-page screenshot kept with the test's results, for looking at the layout after a run. */
export async function shot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

/** React has attached to the element with this test id (its click handler exists only after hydration). */
export async function hydratedAt(page: Page, testId: string) {
  await page.waitForFunction((id) => {
    const el = document.querySelector(`[data-testid="${id}"]`);
    return !!el && Object.keys(el).some((k) => k.startsWith("__reactFiber"));
  }, testId);
}
