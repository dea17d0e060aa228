import fs from "node:fs";
import path from "node:path";
import { createCookieSessionStorage } from "@remix-run/node";
import { expect, type Page } from "@playwright/test";
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
