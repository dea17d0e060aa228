import fs from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { logIn, shot, signedInPage, unique } from "./helpers.ts";

/**
 * The thermodynamic database catalogue (/steelResearchCompute/DatabaseResources, 数据库): the shipped
 * databases with elements, phases and citations, search by element, one database's phases, functions and
 * parameters paged by links, upload of a TDB file (a bad one refused with its line), publish by an admin,
 * delete — with and without JavaScript, on a 320 px phone without sideways scrolling.
 */
test.use({ locale: "zh-CN" });

const CATALOGUE = "/steelResearchCompute/DatabaseResources";
const PBSN = fs.readFileSync(path.resolve("solvers/calphad/databases/pbsn.tdb"));
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test("the catalogue lists the shipped databases, finds them by element and opens one (1280)", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await logIn(page, "guest");
  await page.goto(CATALOGUE);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("热力学数据库");
  const pbsn = page.getByTestId("tdb-pbsn");
  await expect(pbsn).toContainText("Pb–Sn");
  await expect(pbsn).toContainText("平台自带");
  await expect(pbsn.getByTestId("tdb-elements")).toHaveText(/PB\s*SN/);
  await expect(pbsn).toContainText("BCT_A5");
  await expect(pbsn.getByTestId("tdb-citation")).toContainText("Ngai");
  await shot(page, "tdb-catalogue-1280");

  await page.getByLabel("包含元素").fill("Al Zn");
  await page.getByTestId("tdb-search-submit").click();
  await expect(page).toHaveURL(/elements=Al\+Zn/);
  await expect(page.getByTestId("tdb-alzn_mey")).toBeVisible();
  await expect(page.getByTestId("tdb-pbsn")).toHaveCount(0);

  await page.getByTestId("tdb-alzn_mey").getByTestId("tdb-open").click();
  await expect(page).toHaveURL(/\/DatabaseResources\?id=alzn_mey$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Al–Zn");
  await expect(page.getByTestId("tdb-phases").locator('tr[data-phase="HCP_A3"]')).toContainText("ZN");
  await page.getByTestId("tab-parameters").click();
  await expect(page.getByTestId("tdb-parameters")).toBeVisible();
  await page.getByLabel("按相、组元或类型查找").fill("LIQUID");
  await page.getByLabel("按相、组元或类型查找").press("Enter");
  await expect(page).toHaveURL(/tab=parameters&q=LIQUID/);
  await expect(page.getByTestId("tdb-parameters").locator("tbody tr").first()).toContainText("LIQUID");
  await shot(page, "tdb-parameters-1280");
  await page.getByTestId("tab-functions").click();
  await expect(page.getByTestId("tdb-functions")).toContainText("GHSERAL");
  const pager = page.getByTestId("tdb-pager");
  if (await pager.count()) {
    await pager.getByRole("link", { name: "第 2 页" }).click();
    await expect(page).toHaveURL(/tab=functions&page=2/);
  }
  await page.goto(`${CATALOGUE}?id=NiCrAl`);
  await page.getByTestId("tdb-warnings").locator("summary").click();
  await expect(page.getByTestId("tdb-warnings")).toContainText("参数所属的相未定义");
  await page.goBack();
  const download = page.waitForEvent("download");
  await page.getByTestId("tdb-download").click();
  expect((await download).suggestedFilename()).toBe("alzn_mey.tdb");
});

test("upload: a bad file is refused with its line; a good one is private until an admin publishes it; then deleted", async ({ browser, page }) => {
  // Three people log in and two TDB files are parsed: on a loaded 2-core runner this passed 30 s once.
  test.slow();
  await page.setViewportSize({ width: 1280, height: 900 });
  await logIn(page, "guest");
  await page.goto(CATALOGUE);
  const lines = PBSN.toString("utf8").split(/\r?\n/);
  const i = lines.findIndex((l) => l.includes("+5125+1.46424*T"));
  lines[i] = lines[i].replace("+5125+1.46424*T", "+5125+*1.46424*T");
  await page.getByTestId("tdb-file").setInputFiles({ name: "broken.tdb", mimeType: "text/plain", buffer: Buffer.from(lines.join("\n")) });
  await page.getByTestId("tdb-upload-submit").click();
  await expect(page.getByTestId("tdb-upload-error")).toContainText(`第 ${i + 1} 行：表达式错误`);
  await shot(page, "tdb-upload-refused");

  const name = unique("铅锡");
  await page.getByTestId("tdb-file").setInputFiles({ name: "pbsn.tdb", mimeType: "text/plain", buffer: PBSN });
  await page.getByLabel("名称（可选）").fill(name);
  await page.getByLabel("引用 / 出处（可选）").fill("Ngai & Chang, CALPHAD 5 (1981) 267");
  await page.getByTestId("tdb-upload-submit").click();
  await expect(page).toHaveURL(/\/DatabaseResources\?id=[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
  await expect(page.getByText("仅自己可见")).toBeVisible();
  const id = new URL(page.url()).searchParams.get("id")!;

  // Another user does not see it until the admin publishes it.
  const other = await signedInPage(browser, "outside");
  await other.page.goto(CATALOGUE);
  await expect(other.page.getByTestId("tdb-list")).toBeVisible();
  await expect(other.page.getByTestId(`tdb-${id}`)).toHaveCount(0);
  const admin = await signedInPage(browser, "admin");
  await admin.page.goto(CATALOGUE);
  await admin.page.getByTestId(`tdb-${id}`).getByTestId("tdb-publish").click();
  await expect(admin.page.getByTestId(`tdb-${id}`).getByTestId("tdb-state")).toHaveText("已公开");
  await other.page.reload();
  await expect(other.page.getByTestId(`tdb-${id}`)).toContainText(name);
  await expect(other.page.getByTestId(`tdb-${id}`).getByTestId("tdb-delete")).toHaveCount(0);

  page.once("dialog", (d) => void d.accept());
  await page.goto(CATALOGUE);
  await page.getByTestId(`tdb-${id}`).getByTestId("tdb-delete").click();
  await expect(page.getByTestId(`tdb-${id}`)).toHaveCount(0);
  await Promise.all([other.context.close(), admin.context.close()]);
});

test("without JavaScript: search, browse by links and upload (with the refusal) work as plain forms", async ({ browser }) => {
  const { context, page } = await signedInPage(browser, "guest", false);
  await page.goto(`${CATALOGUE}?elements=cr`);
  await expect(page.getByTestId("tdb-crtiv_ghosh")).toBeVisible();
  await expect(page.getByTestId("tdb-pbsn")).toHaveCount(0);
  await page.goto(`${CATALOGUE}?id=crtiv_ghosh&tab=parameters&q=LAVES_C15`);
  await expect(page.getByTestId("tdb-parameters").locator("tbody tr").first()).toContainText("LAVES_C15");
  await page.goto(CATALOGUE);
  await page.getByTestId("tdb-file").setInputFiles({ name: "x.tdb", mimeType: "text/plain", buffer: Buffer.from("ELEMENT AL FCC_A1 26.98 0 0 !\nELEMENT ZN HCP_A3 65.38 0 0\n") });
  await page.getByTestId("tdb-upload-submit").click();
  await expect(page.getByTestId("tdb-upload-error")).toContainText("第 2 行");
  await context.close();
});

test("on a 320 px phone nothing scrolls sideways, in every view", async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 700 });
  await logIn(page, "guest");
  for (const [url, name] of [
    [CATALOGUE, "tdb-catalogue-320"],
    [`${CATALOGUE}?id=alfe`, "tdb-phases-320"],
    [`${CATALOGUE}?id=alfe&tab=functions`, "tdb-functions-320"],
    [`${CATALOGUE}?id=alfe&tab=parameters`, "tdb-parameters-320"],
    [`${CATALOGUE}?id=NiCrAl&tab=functions&q=UNASS`, "tdb-open-range-320"],
  ] as const) {
    await page.goto(url);
    await expect(page.locator("h1")).toBeVisible();
    expect(await overflow(page), url).toBeLessThanOrEqual(0);
    await shot(page, name);
  }
});
