import { expect, test, type Page } from "@playwright/test";
import { logIn } from "./helpers.ts";

/**
 * The Content-Security-Policy (docs/decisions.md, 9): no page the platform serves breaks it, with JavaScript on,
 * and markup injected into a page runs nothing.
 */
test.use({ locale: "zh-CN" });

/** Records every CSP violation the page reports, from before its first script runs. */
async function watchViolations(page: Page): Promise<string[]> {
  const seen: string[] = [];
  page.on("console", (m) => {
    if (/Content Security Policy/i.test(m.text())) seen.push(`${page.url()}: ${m.text()}`);
  });
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) => {
      const w = window as unknown as { __csp?: string[] };
      (w.__csp ??= []).push(`${e.violatedDirective} ${e.blockedURI}`);
    });
  });
  return seen;
}

test("every page of the menu, the login modes and the notice editor keep to the policy", async ({ page }) => {
  // About sixty pages one after another (the admin's whole menu): minutes on a busy 2-core machine.
  test.setTimeout(300_000);
  const violations = await watchViolations(page);
  for (const mode of ["password", "mobile", "qr", "forgot"]) {
    await page.goto(`/login?mode=${mode}`);
    await page.waitForLoadState("networkidle");
  }
  await logIn(page, "admin");
  const links = page.getByTestId("sidebar").locator('a[href^="/"]');
  await expect.poll(() => links.count()).toBeGreaterThan(10);
  // The single-sign-on partners' entry (/dataResource/open) redirects to the partner's site: not a page of ours.
  const menu = (await links.evaluateAll((as) => as.map((a) => a.getAttribute("href")!))).filter((href) => !href.startsWith("/dataResource/open"));
  // The notice editor comes last: its island is checked below.
  const pages = [...new Set([...menu, "/dashboard", "/myInfo/index", "/infoCenter/noticeCenter", "/feedback", "/steelApp/deskAppInfo", "/systemManage/noticeEdit"])];
  for (const path of pages) {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    const reported = await page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? []);
    expect(reported, path).toEqual([]);
  }
  // The notice editor is a lazily loaded island that adds its own <style>: it must have loaded to count.
  await expect(page.locator(".ProseMirror")).toBeVisible();
  // Client-side navigation renders new responsive styles: they carry the nonce too.
  await page.getByTestId("sidebar").locator('a[href="/computeDynamicRoute/index"]').first().click();
  await expect(page).toHaveURL(/computeDynamicRoute/);
  await page.waitForLoadState("networkidle");
  expect(await page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? [])).toEqual([]);
  expect(violations).toEqual([]);
});

test("a script or event handler injected into the page's markup is blocked, and the page still works", async ({ page }) => {
  const violations = await watchViolations(page);
  await page.route("**/login", async (route) => {
    const res = await route.fetch();
    const html = (await res.text()).replace(
      "</body>",
      `<script>window.__injected = "script"</script><img src="/favicon.svg" onload="window.__injected = 'handler'"></body>`,
    );
    await route.fulfill({ response: res, body: html });
  });
  const res = await page.goto("/login");
  const policy = res!.headers()["content-security-policy"];
  expect(policy).toMatch(/script-src 'nonce-[A-Za-z0-9+/=]{24}' 'strict-dynamic'/);
  expect(policy).toContain("object-src 'none'");
  expect(policy).toContain("base-uri 'none'");
  expect(policy).toContain("frame-ancestors 'self'");
  await page.waitForLoadState("networkidle");
  expect(await page.evaluate(() => (window as unknown as { __injected?: string }).__injected)).toBeUndefined();
  const reported = await page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? []);
  expect(reported.filter((r) => r.startsWith("script-src")).length).toBe(2);
  expect(violations.length).toBeGreaterThanOrEqual(2);
  // The platform's own scripts ran: the password field's show/hide control is React's.
  await expect(page.locator('input[name="username"]')).toBeVisible();
  await expect.poll(() => page.evaluate(() => Boolean((window as unknown as { __remixContext?: unknown }).__remixContext))).toBe(true);
});

test("each page gets its own nonce, and only the platform's scripts carry it", async ({ request }) => {
  const nonceOf = async () => {
    const res = await request.get("/login");
    const policy = res.headers()["content-security-policy"];
    const nonce = /'nonce-([^']+)'/.exec(policy)![1];
    const html = await res.text();
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const s of scripts) expect(s).toContain(`nonce="${nonce}"`);
    return nonce;
  };
  expect(await nonceOf()).not.toBe(await nonceOf());
});
