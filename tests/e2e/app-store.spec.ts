import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { writeZip } from "../../api/modules/appStore/test-archives.ts";
import { hydratedAt, logIn, shot, signedInPage } from "./helpers.ts";

/**
 * The app store in the browser (docs/app-store.md): an author uploads a package (its problems listed first,
 * then a good one whose example runs in the sandbox), submits it, an administrator publishes it, and another
 * user finds it in the store, runs it from its page and reads the result; with and without JavaScript, at 375
 * and 1366 px. The rules (who may do what, each bad manifest) are the integration tests'.
 */
async function packageFile(id: string, manifest: Record<string, unknown> = {}): Promise<string> {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "e2e-app-")), `${id}.zip`);
  const m = {
    id,
    version: "1.0.0",
    names: { zh: `平方计算 ${id}`, en: `Square ${id}` },
    descriptions: { zh: "计算 x 的平方，用来演示应用商店。", en: "Squares x; a demonstration of the app store." },
    category: "Other",
    inputs: [{ name: "x", kind: "integer", label: { zh: "自变量 x", en: "x" }, min: 0, max: 1000, default: 12 }],
    runtime: "python3",
    command: "main.py",
    resources: { cores: 1, memoryMiB: 256, walltimeMin: 1 },
    outputs: [{ name: "square", kind: "scalar", label: { zh: "平方", en: "Square" } }],
    example: { x: 12 },
    license: "MIT",
    docs: "README.md",
    authors: ["端到端测试"],
    changelog: "1.0.0: first.",
    tags: ["e2e"],
    ...manifest,
  };
  await writeZip(file, [
    { name: "ferrum-app.json", body: JSON.stringify(m) },
    { name: "main.py", body: 'import json\nx = json.load(open("params.json"))["x"]\njson.dump({"square": x * x}, open("result.json", "w"))\nprint("square of", x)\n' },
    { name: "README.md", body: "# Square\n\nComputes **x²**.\n" },
  ]);
  return file;
}

/** Reloads (JavaScript off) or waits for the page to follow by itself (on) until the test run ended. */
async function testRunEnds(page: Page, js: boolean) {
  if (js) return expect(page.getByTestId("version-panel")).not.toHaveAttribute("data-state", "testing", { timeout: 60_000 });
  await expect
    .poll(
      async () => {
        await page.reload();
        return page.getByTestId("version-panel").getAttribute("data-state");
      },
      { timeout: 60_000 },
    )
    .not.toBe("testing");
}

for (const js of [false, true]) {
  test(`an author publishes an app through review and another user runs it from the store (JavaScript ${js ? "on" : "off"})`, async ({ browser }) => {
    // Four people in turn and two sandboxed runs (the test run and the user's): longer than one page's flow.
    test.setTimeout(180_000);
    const id = `square-${js ? "j" : "n"}${Date.now().toString(36)}`;
    const author = await signedInPage(browser, "inside", js);
    let page = author.page;
    await page.goto("/steelApp/myUploadApp");
    await page.getByTestId("my-apps-upload").click();
    await expect(page).toHaveURL(/appUploadAdd/);
    // A manifest with mistakes: each is listed, with where it is.
    await page.getByTestId("package-file").setInputFiles(await packageFile(id, { version: "1.0", runtime: "ruby" }));
    await page.getByTestId("package-submit").click();
    await expect(page.getByTestId("upload-problems").locator("li")).toHaveCount(2);
    await expect(page.getByTestId("upload-problems")).toContainText("version");
    // The good package: its example runs in the sandbox; then it is submitted.
    await page.getByTestId("package-file").setInputFiles(await packageFile(id));
    await page.getByTestId("package-submit").click();
    await expect(page).toHaveURL(/appUploadEdit\?id=/);
    await expect(page.getByTestId("toast")).toContainText("正在沙箱中试运行示例");
    await testRunEnds(page, js);
    await expect(page.getByTestId("version-state")).toHaveText("试运行通过");
    await page.getByTestId("version-files").getByRole("link", { name: "main.py" }).click();
    await expect(page.getByTestId("code-view")).toContainText('json.load(open("params.json"))');
    if (js) {
      await page.setViewportSize({ width: 375, height: 800 });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      await shot(page, "app-store-version-375");
      await page.setViewportSize({ width: 1366, height: 900 });
    }
    await page.getByTestId("version-submit").click();
    await expect(page.getByTestId("version-state")).toHaveText("待审核");
    await author.context.close();

    // The administrator reviews it: the code and the test run, then publishes.
    const admin = await signedInPage(browser, "admin", js);
    page = admin.page;
    await page.goto("/steelApp/myAppManager");
    const row = page.locator(`[data-testid="version-row"][data-app="${id}"]`);
    await row.getByRole("link", { name: "查看" }).click();
    await expect(page.getByTestId("test-run")).toContainText("试运行成功");
    if (!js) {
      // An expert is invited, scores it on their own page, and the scores are on the review page.
      await page.getByTestId("invite-experts").fill("uploader");
      await page.getByTestId("invite-submit").click();
      await expect(page.getByTestId("toast")).toContainText("已邀请 1 位专家");
      const expert = await signedInPage(browser, "uploader", js);
      await expert.page.goto("/steelApp/expertEvaApp");
      await expert.page.locator(`[data-testid="evaluation-mine-row"][data-app="${id}"]`).getByTestId("evaluation-open").click();
      for (const [c, n] of [
        ["Correctness", 5],
        ["Documentation", 4],
        ["Usefulness", 4],
        ["Performance", 3],
      ] as const)
        await expert.page.getByTestId(`score-${c}-${n}`).check();
      await expert.page.getByTestId("evaluation-comment").fill("平方计算正确");
      await expert.page.getByTestId("evaluation-save").click();
      await expect(expert.page.getByTestId("toast")).toContainText("已保存");
      await expert.context.close();
      await page.reload();
      await expect(page.getByTestId("evaluation-row")).toContainText("平方计算正确");
      await expect(page.getByTestId("evaluation-row")).toContainText("4.0");
    }
    await page.getByTestId("decision-publish").check();
    await page.getByTestId("review-submit").click();
    await expect(page.getByTestId("toast")).toContainText("已发布");
    await expect(page.getByTestId("version-state")).toHaveText("已发布");
    if (js) await shot(page, "app-store-review-1366");
    await admin.context.close();

    // Another user finds it in the store, opens its page and runs it with their own x.
    const user = await signedInPage(browser, "guest", js);
    page = user.page;
    if (!js) await page.setViewportSize({ width: 375, height: 800 });
    await page.goto("/steelAppDashboard/index");
    await page.getByTestId("store-keyword").fill(id);
    await page.getByTestId("store-search-submit").click();
    await expect(page.getByTestId("store-card")).toHaveCount(1);
    await page
      .getByTestId("store-card")
      .getByRole("link", { name: `平方计算 ${id}` })
      .click();
    await expect(page.getByTestId("store-app-docs")).toContainText("x²");
    if (!js) {
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      await shot(page, "app-store-app-375");
    }
    await page.getByTestId("store-app-run").click();
    await expect(page).toHaveURL(/cloudCompute\?app=store/);
    await page.locator("#f-x").fill("7");
    await page.getByTestId("compute-submit").click();
    await page.waitForURL(/computeTaskSource\?id=/);
    await expect
      .poll(
        async () => {
          if (!js) await page.reload();
          return page.getByTestId("task-status").getAttribute("class");
        },
        { timeout: 60_000 },
      )
      .toContain("ct-status-succeeded");
    await expect(page.getByTestId("task-scalars")).toContainText("49");
    // Having run it, the user rates it; the rating is on its page.
    await page.goto(`/steelAppDashboard/index?app=${id}`);
    await page.getByTestId("rate-4").check();
    await page.getByTestId("rate-comment").fill("简单好用");
    await page.getByTestId("rate-submit").click();
    await expect(page.getByTestId("toast")).toContainText("已提交评分");
    await expect(page.getByTestId("store-app-rating")).toContainText("4.0");
    await expect(page.getByTestId("store-app-reviews")).toContainText("简单好用");
    if (js) {
      // The confirmation step: params.json and the command, edited, then run.
      await page.getByTestId("store-app-confirm").click();
      await expect(page.getByTestId("confirm-command")).toHaveText("python3 main.py");
      await page.getByTestId("confirm-params").fill('{ "x": 9 }');
      await page.getByTestId("confirm-submit").click();
      await page.waitForURL(/computeTaskSource\?id=/);
      await expect(page.getByTestId("task-status")).toHaveClass(/ct-status-succeeded/, { timeout: 60_000 });
      await expect(page.getByTestId("task-scalars")).toContainText("81");
    }
    // The run is among my app tasks, with the app's version.
    await page.goto("/steelApp/myAppTask");
    await expect(page.getByTestId("my-app-tasks")).toContainText(`平方计算 ${id} 1.0.0`);
    await user.context.close();
  });
}

test("the store at 375 and 1366 px: the demo's apps as cards, searchable by category", async ({ browser }) => {
  const { context, page } = await signedInPage(browser, "outside", true);
  for (const width of [375, 1366]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/steelAppDashboard/index");
    await expect(page.locator('[data-testid="store-card"][data-app="hollomon-fit"]').first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await shot(page, `app-store-${width}`);
  }
  await page.getByTestId("store-category").selectOption("CALPHAD");
  await page.getByTestId("store-search-submit").click();
  await expect(page.locator('[data-testid="store-card"][data-app="ms-bs"]')).toHaveCount(1);
  await expect(page.locator('[data-testid="store-card"][data-app="hollomon-fit"]')).toHaveCount(0);
  await context.close();
});

test("an app administrator features an app without JavaScript: it leads the store on its own shelf until taken off", async ({ browser }) => {
  const { context, page } = await signedInPage(browser, "admin", false);
  try {
    await page.goto("/steelAppDashboard/index?app=ms-bs");
    await page.getByTestId("store-app-feature").click();
    await expect(page.getByTestId("toast")).toContainText("已设为推荐应用");
    await page.goto("/steelAppDashboard/index");
    await expect(page.getByTestId("shelf-featured").locator('[data-testid="store-card"][data-app="ms-bs"]')).toBeVisible();
    await page.goto("/steelAppDashboard/index?app=ms-bs");
    await expect(page.getByTestId("store-app-feature")).toHaveText("取消推荐");
    await page.getByTestId("store-app-feature").click();
    await expect(page.getByTestId("toast")).toContainText("已取消推荐");
    await page.goto("/steelAppDashboard/index");
    await expect(page.getByTestId("shelf-featured")).toHaveCount(0);
  } finally {
    await context.close();
  }
});

test("desktop client: an administrator publishes a release without JavaScript (a refused file first), a Mac user's client download serves it, and it is withdrawn with JavaScript", async ({
  browser,
}) => {
  // Three people's sessions (two browsers without and with JavaScript) and four uploads: beside the other specs
  // on a loaded 2-core runner this passed a minute.
  test.setTimeout(120_000);
  // macOS only: the other specs' browsers say Windows, and their client download must stay the built-in client.
  const version = `9.${Date.now() % 100000}.0`;
  const pkg = Buffer.concat([Buffer.from("xar!"), Buffer.alloc(20_000, 3)]);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "e2e-client-"));
  const fake = path.join(dir, "Ferrum.pkg");
  const real = path.join(dir, `Ferrum-${version}.pkg`);
  fs.writeFileSync(fake, "%PDF-1.7 not an installer");
  fs.writeFileSync(real, pkg);

  const admin = await signedInPage(browser, "admin", false);
  const page = admin.page;
  await page.goto("/steelAppDashboard/index");
  await page.getByTestId("store-desktop").click();
  await expect(page).toHaveURL(/\/steelApp\/deskAppInfo$/);
  const publish = async (file: string) => {
    await page.getByTestId("release-version").fill(version);
    await page.getByTestId("release-platform").selectOption("macos");
    await page.getByTestId("release-notes").fill("首个 macOS 客户端。");
    await page.getByTestId("release-file").setInputFiles(file);
    await page.getByTestId("release-submit").click();
  };
  await publish(fake);
  await expect(page.getByTestId("release-form")).toContainText("文件内容与扩展名不符");
  await expect(page.getByTestId("release-version")).toHaveValue(version);
  await publish(real);
  await expect(page.getByTestId("toast")).toContainText(`已发布 macOS 的版本 ${version}`);
  const row = page.locator(`[data-testid="release-row"][data-version="${version}"]`);
  await expect(row).toContainText("新客户端更新");
  await expect(row.getByTestId("release-sha")).toHaveText(crypto.createHash("sha256").update(pkg).digest("hex"));
  await expect(page.locator('[data-testid="current-clients"] [data-platform="macos"]')).toContainText(version);
  await shot(page, "desk-app-1366-nojs");

  // Another user on a Mac: the navbar's client download (/download/client) and the row's link serve the file.
  const macContext = await browser.newContext({ locale: "zh-CN", userAgent: "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15" });
  try {
    const mac = await macContext.newPage();
    await mac.setViewportSize({ width: 375, height: 800 });
    await logIn(mac, "uploader", "/login?redirect=/steelApp/deskAppInfo");
    await expect(mac.getByTestId("desk-app-page")).toBeVisible();
    await expect(mac.getByTestId("release-form")).toHaveCount(0);
    const res = await mac.request.get("/download/client");
    expect(res.headers()["content-disposition"]).toContain(`Ferrum-${version}.pkg`);
    expect(Buffer.from(await res.body()).equals(pkg)).toBe(true);
    const href = await mac.locator(`[data-testid="release-row"][data-version="${version}"]`).getByTestId("release-download").getAttribute("href");
    expect(Buffer.from(await (await mac.request.get(href!)).body()).equals(pkg)).toBe(true);
    await shot(mac, "desk-app-375");
  } finally {
    await macContext.close();
  }
  await admin.context.close();

  // Withdrawn with JavaScript: the dialog asks first; the release is gone from the list and the download.
  const js = await signedInPage(browser, "admin", true);
  try {
    await js.page.goto("/steelApp/deskAppInfo");
    // Before hydration the link is the no-JavaScript confirm step: a loaded CI run clicked it that early.
    await hydratedAt(js.page, "delete");
    await js.page.locator(`[data-testid="release-row"][data-version="${version}"]`).getByTestId("delete").click();
    await expect(js.page.getByTestId("delete-modal")).toContainText(`macOS 的 ${version} 将不再列出`);
    await js.page.getByTestId("delete-confirm").click();
    await expect(js.page.getByTestId("toast")).toContainText(`已撤下版本 ${version}`);
    await expect(js.page.locator(`[data-testid="release-row"][data-version="${version}"]`)).toHaveCount(0);
  } finally {
    await js.context.close();
  }
});
