import ExcelJS from "exceljs";
import { expect, test, type Page } from "@playwright/test";
import { shot, signedInPage } from "./helpers.ts";

/**
 * Test data in the browser (docs/test-data.md): the records table filtered and exported, a similar-data
 * search started from a sample's card, its plot drawn, a refused criterion shown under its row; where the
 * records came from; with and without JavaScript. The rules (levels, scopes, each mode against brute force) are the integration tests'.
 */

/** The demo's reported order's plate: a lab record with a measured composition (found through the table). */
async function plateCode(page: Page): Promise<string> {
  await page.goto("/testDetection/myTestData/myTestDataTable?source=lab&method=CHEM-OES");
  const row = page.getByTestId("record-row").first();
  await expect(row).toBeVisible();
  return (await row.getAttribute("data-code"))!;
}

for (const js of [true, false]) {
  test(`a researcher filters the records, chooses columns, exports them, and searches similar data from a sample (JavaScript ${js ? "on" : "off"})`, async ({ browser }) => {
    const { context, page } = await signedInPage(browser, "admin", js);
    await page.goto("/testDetection/myTestData/myTestDataTable");
    const filters = page.getByTestId("records-filters");
    await filters.locator('input[name="grade"]').fill("42CrMo");
    await filters.locator('select[name="element"]').selectOption("Rm");
    await filters.locator('input[name="min"]').fill("900");
    await filters.getByTestId("records-columns").locator("summary").click();
    await filters.locator('input[name="col"][value="HV"]').check();
    await filters.getByRole("button", { name: "查询" }).click();
    await expect(page).toHaveURL(/grade=42CrMo.*element=Rm.*min=900/);
    await expect(page.getByTestId("records-table").locator("th", { hasText: "HV (HV)" })).toBeVisible();
    const rms = await page.locator('[data-testid="record-row"] td[data-col="Rm"]').allTextContents();
    expect(rms.length).toBeGreaterThan(0);
    expect(rms.every((v) => Number(v) >= 900)).toBe(true);
    // The export follows the filters and the columns.
    const csv = await page.request.get((await page.getByTestId("records-csv").getAttribute("href"))!);
    const lines = (await csv.text()).replace(/^\uFEFF/, "").trim().split("\r\n");
    expect(lines[0]).toContain("HV (HV)");
    expect(lines).toHaveLength(Number((await page.getByTestId("records-count").textContent())!.match(/\d+/)![0]) + 1);
    if (js) await shot(page, "test-data-records-1366");

    // From a sample's card to the nearest compositions: itself first, at distance 0; the plot drawn on the server.
    const code = await plateCode(page);
    await page.goto(`/testDetection/sampleId?code=${code}`);
    await page.getByTestId("sample-similar").click();
    await expect(page).toHaveURL(/mySimilardataTable2\?sample=/);
    await expect(page.getByTestId("similar-sample")).toHaveValue(code);
    await expect(page.getByTestId("record-distance").first()).toHaveText("0.00");
    await expect(page.getByTestId("similar-plot").locator("svg.recharts-surface")).toBeVisible();
    if (js) await shot(page, "test-data-similar-nearest-1366");

    // Composition and properties: a refused row says why under itself and keeps what was typed.
    await page.getByTestId("mode-property").click();
    await expect(page.getByTestId("mode-property")).toHaveAttribute("aria-current", "page");
    const rows = page.getByTestId("criterion-row");
    await rows.nth(0).locator("select").selectOption("C");
    await rows.nth(0).locator('input[name="min"]').fill("0.5");
    await rows.nth(0).locator('input[name="max"]').fill("0.2");
    await page.getByTestId("similar-submit").click();
    await expect(page.getByTestId("criterion-error")).toHaveText("最小值不能大于最大值");
    await expect(page.getByTestId("criterion-row").nth(0).locator('input[name="max"]')).toHaveValue("0.2");
    await page.getByTestId("criterion-row").nth(0).locator('input[name="min"]').fill("0.3");
    await page.getByTestId("criterion-row").nth(0).locator('input[name="max"]').fill("0.5");
    await page.getByTestId("criterion-row").nth(1).locator("select").selectOption("Rm");
    await page.getByTestId("criterion-row").nth(1).locator('input[name="min"]').fill("900");
    await page.getByTestId("similar-submit").click();
    await expect(page.getByTestId("similar-searched")).toHaveText("C 0.3–0.5 · Rm 900–");
    await expect(page.getByTestId("record-row").first()).toBeVisible();
    await expect(page.getByTestId("similar-plot").locator("figcaption")).toContainText("Rm 对 C");
    await context.close();
  });
}

test("the similar-data pages at 375 px: the form and the matches as cards", async ({ browser }) => {
  const { context, page } = await signedInPage(browser, "admin", true);
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto("/testDetection/myTestData/mySimilardataTable4?el=&grade=42CrMo");
  await expect(page.getByTestId("similar-searched")).toContainText("42CrMo");
  await expect(page.getByTestId("record-row").first()).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await shot(page, "test-data-similar-grade-375");
  await context.close();
});

test("the data sources without JavaScript on a phone: records per source, filtered to the offline uploads, the demo order with its client and report", async ({ browser }) => {
  const { context, page } = await signedInPage(browser, "inside", false);
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto("/testDetection/testDataSourse");
  // A reported order (the demo's, or one a test reported since): its client and its report in the viewer.
  const lab = page
    .getByTestId("source-row")
    .filter({ has: page.getByTestId("source-report") })
    .first();
  await expect(lab).toHaveAttribute("data-source", "lab");
  await expect(lab).toContainText("委托单位：");
  await page.getByTestId("source-count-upload").getByRole("link").click();
  await expect(page).toHaveURL(/source=upload/);
  await expect(page.getByTestId("sources-found")).toContainText("离线上传");
  const kinds = await page.getByTestId("source-row").evaluateAll((rows) => [...new Set(rows.map((r) => r.getAttribute("data-source")))]);
  expect(kinds).toEqual(["upload"]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await shot(page, "test-data-sources-375");
  await context.close();
});

for (const js of [true, false]) {
  test(`an uploader checks a file, reads its bad cells, imports the good rows, finds them, and undoes it (JavaScript ${js ? "on" : "off"})`, async ({ browser }) => {
    const { context, page } = await signedInPage(browser, "uploader", js);
    const p = `E2E${js ? "J" : "N"}${Date.now().toString(36)}-`;
    const wb = new ExcelJS.Workbook();
    const s = wb.addWorksheet("data");
    [["编号", "牌号", "状态", "C (%)", "Rm (MPa)", "HV"], [`${p}1`, "42CrMo", "调质", 0.41, 1050, 330], [`${p}2`, "42CrMo", "调质", 0.43, 1080, 10000], [`${p}3`, "45", "正火", 0.46, 640, ""]].forEach((r) => s.addRow(r));
    const file = Buffer.from(await wb.xlsx.writeBuffer());
    await page.goto("/dataUpdate/offlineDataUpload");
    await expect(page.getByTestId("upload-template")).toHaveAttribute("href", /kind=template/);
    await page.getByTestId("upload-file").setInputFiles({ name: "批次.xlsx", mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", buffer: file });
    await page.getByTestId("upload-submit").click();
    await expect(page.getByTestId("upload-counts")).toContainText("有误 1 行");
    await expect(page.getByTestId("upload-error")).toHaveCount(1);
    await expect(page.getByTestId("upload-error").first()).toContainText("10000 超出物理范围（0–3000 HV）");
    await expect(page.getByTestId("import-all")).toHaveCount(0);
    if (js) await shot(page, "test-data-upload-check-1366");
    await page.getByTestId("import-good").click();
    await expect(page).toHaveURL(/\/dataUpdate\/myUploadData/);
    await expect(page.getByTestId("toast")).toContainText("已从 批次.xlsx 导入 2 条检测数据");
    const row = page.getByTestId("upload-row").first();
    await expect(row).toHaveAttribute("data-state", "imported");
    // The records are in my test data, as offline uploads.
    await page.goto(`/testDetection/myTestData/myTestDataTable?keyword=${p}`);
    await expect(page.getByTestId("record-row")).toHaveCount(2);
    // Undone after a confirmation (a dialog with JavaScript, a step without).
    await page.goto("/dataUpdate/myUploadData");
    await page.getByTestId("upload-row").first().getByTestId("delete").click();
    await page.getByTestId("delete-confirm").click();
    await expect(page.getByTestId("toast")).toContainText("已撤销“批次.xlsx”的导入");
    await expect(page.getByTestId("upload-row").first()).toHaveAttribute("data-state", "undone");
    await context.close();
  });
}
