import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { apiCall, apiLogin } from "./api-helpers.ts";
import { shot, signedInPage, unique } from "./helpers.ts";

/**
 * The laboratory's flow in the browser (docs/detection.md): a received order is opened from the lab's list,
 * its pieces registered (labels print as a PDF), testing started, results entered and judged against the
 * grade's limits, sent for verification and verified by a second person; the sample is then found by its ID.
 * The rules behind each step are the integration tests'; this is the path a lab member clicks.
 */
test.describe.configure({ mode: "serial" });

let orderId = "";
let orderCode = "";

test.beforeAll(async () => {
  const { token } = await apiLogin("admin");
  const ent = (await apiCall("System/GetEnterpriseList", { token, query: { pageSize: "50" } })).returnData.rows.find((e: { Name: string }) => e.Name === "合作单位");
  const p = await apiCall("TrialDetection/SaveDetectionProject", { token, json: { Code: unique("E2E").replace(/\s/g, "-"), Name: "浏览器测试检测项目", ClientKind: "enterprise", ClientId: ent.Id } });
  expect(p.status, p.msg).toBe(200);
  const o = await apiCall("TrialDetection/SaveTaskOrder", {
    token,
    json: { ProjectId: p.returnData.Id, Grade: "42CrMo", Lines: [{ Description: "Φ25 调质棒材", HeatNo: "H-E2E", Quantity: 2, Methods: ["TENSILE-RT"] }] },
  });
  expect(o.status, o.msg).toBe(200);
  orderId = o.returnData.Id;
  orderCode = o.returnData.Code;
  for (const [Action, Version] of [["submit", 1], ["receive", 2]] as const) expect((await apiCall("TrialDetection/SetTaskOrderState", { token, json: { Id: orderId, Action, Version } })).status).toBe(200);
});

test("the lab registers a received order's pieces, prints labels, tests, enters results and sends them for verification", async ({ browser }) => {
  const { context, page } = await signedInPage(browser, "admin");
  await page.goto(`/testDetection/steelNky?state=received&keyword=${encodeURIComponent(orderCode)}`);
  await page.getByTestId("order-row").filter({ hasText: orderCode }).getByTestId("order-open").click();
  await expect(page.getByTestId("order-state")).toHaveText("已接收");
  // Testing cannot start before the pieces are registered: the API's refusal shows at the actions.
  await page.getByTestId("order-start").click();
  await expect(page.getByTestId("order-action-error")).toHaveText("请先登记委托单的全部样品，再开始检测");

  await page.getByTestId("register-storage").fill("样品柜 E-1");
  await page.getByTestId("register-submit").click();
  await expect(page.getByTestId("toast")).toContainText("已登记 2 个样品");
  await expect(page.getByTestId("order-sample")).toHaveCount(2);
  const first = (await page.getByTestId("order-sample").first().getAttribute("data-code"))!;
  // The labels open as a PDF.
  const labels = await page.request.get((await page.getByTestId("order-labels-50x30").getAttribute("href"))!);
  expect([labels.status(), labels.headers()["content-type"]]).toEqual([200, "application/pdf"]);
  expect((await labels.body()).subarray(0, 5).toString()).toBe("%PDF-");

  await page.getByTestId("order-start").click();
  await expect(page.getByTestId("order-state")).toHaveText("检测中");
  // 42CrMo: Rm >= 1080 MPa from the grade; a typo is refused at its field, the typed values kept.
  const form = page.getByTestId("result-form").first();
  await form.getByTestId(`result-${first}-TENSILE-RT-Rm`).fill("1,125");
  await form.getByTestId(`result-${first}-TENSILE-RT-A`).fill("11");
  await form.getByTestId("result-save").click();
  await expect(page.getByTestId("results-error")).toHaveText("Rm 须为数字");
  await expect(page.getByTestId(`result-${first}-TENSILE-RT-A`)).toHaveValue("11");
  await page.getByTestId(`result-${first}-TENSILE-RT-Rm`).fill("1125");
  await page.getByTestId("result-form").first().getByTestId("result-save").click();
  await expect(page.getByTestId("toast")).toContainText("结果已保存");
  const rm = page.locator(`[data-testid="result-sample"][data-code="${first}"] [data-quantity="Rm"]`);
  await expect(rm).toHaveAttribute("data-verdict", "in");
  await expect(page.locator(`[data-testid="result-sample"][data-code="${first}"] [data-quantity="A"]`)).toHaveAttribute("data-verdict", "out");
  // The second piece still lacks its results.
  await page.getByTestId("order-complete").click();
  await expect(page.getByTestId("order-action-error")).toHaveText("请先录入全部检测结果，再提交审核");
  const second = page.getByTestId("result-form").nth(1);
  await second.locator('input[name="v:Rm"]').fill("1101");
  await second.getByTestId("result-save").click();
  await expect(page.getByTestId("toast")).toContainText("结果已保存");
  await page.getByTestId("order-complete").click();
  await expect(page.getByTestId("order-state")).toHaveText("待审核");
  // The one who entered the results may not verify them.
  await page.getByTestId("order-verify").click();
  await expect(page.getByTestId("order-action-error")).toHaveText("审核人不能是录入人：有结果由您录入，请由他人审核");
  await shot(page, "detection-order-1366");
  await context.close();
});

test("another lab member verifies and issues the report, listed on the reports page, viewed, read back with poppler and checked by its QR code without a login; a sample is found by its ID without JavaScript on a phone and its composition opens a calculation", async ({ browser }) => {
  const { token } = await apiLogin("inside");
  const plate = (await apiCall("TrialDetection/GetSamples", { token, json: { keyword: "H26-2103" } })).returnData.rows[0].Code as string;
  const { context, page } = await signedInPage(browser, "inside", false);
  await page.goto(`/testDetection/steelNky?id=${orderId}`);
  await page.getByTestId("order-verify").click();
  await expect(page.getByTestId("order-state")).toHaveText("已审核");
  await expect(page.getByTestId("order-events")).toContainText("审核通过");
  await page.getByTestId("order-report").click();
  await expect(page.getByTestId("order-state")).toHaveText("已出报告");
  const code = (await page.getByTestId("order-sample").first().getAttribute("data-code"))!;
  // The reports page lists it; its PDF is the one issued, and it opens in the document viewer.
  await page.goto(`/testDetection/myTestData/testReport?keyword=${encodeURIComponent(orderCode)}`);
  const row = page.getByTestId("report-row").filter({ hasText: `${orderCode}-R1` });
  const pdf = await page.request.get((await row.getByTestId("report-pdf").getAttribute("href"))!);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "e2e-report-"));
  try {
    fs.writeFileSync(path.join(dir, "r.pdf"), await pdf.body());
    const text = execFileSync("pdftotext", ["-layout", path.join(dir, "r.pdf"), "-"]).toString();
    for (const s of [`${orderCode}-R1`, "合作单位", "GB/T 228.1", "1125", "1080", "admin", "inside"]) expect(text, s).toContain(s);
    execFileSync("pdftoppm", ["-r", "150", "-png", "-f", "1", "-l", "1", path.join(dir, "r.pdf"), path.join(dir, "p")]);
    const png = fs.readdirSync(dir).find((f) => f.endsWith(".png"))!;
    const qr = execFileSync("zbarimg", ["-q", path.join(dir, png)], { stdio: ["ignore", "pipe", "ignore"] }).toString().trim();
    const url = new URL(qr.replace(/^QR-Code:/, ""));
    // The printed link, opened by anyone: no session in this context.
    const stranger = await browser.newContext({ locale: "zh-CN" });
    const check = await stranger.newPage();
    await check.goto(`${url.pathname}${url.search}`);
    await expect(check.getByTestId("report-verify-status")).toHaveText("这是该报告的现行版本。");
    await expect(check.getByTestId("report-verify-code")).toHaveText(`${orderCode}-R1`);
    await stranger.close();
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  await row.getByRole("link", { name: `${orderCode}-R1` }).click();
  await expect(page.getByTestId("document-view")).toHaveAttribute("data-kind", "pdf");
  await expect(page.getByTestId("document-pages")).toHaveText(/^[1-9]/);
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto("/testDetection/sampleId");
  await page.getByTestId("sample-code").fill(code.toLowerCase());
  await page.getByTestId("sample-find").click();
  await expect(page.getByTestId("sample-id")).toHaveText(code);
  await expect(page.getByTestId("sample-storage")).toHaveText("样品柜 E-1");
  await expect(page.getByTestId("sample-order-state")).toHaveText("已出报告");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await shot(page, "detection-sample-375");
  await page.getByTestId("sample-code").fill("S000000-0000");
  await page.getByTestId("sample-find").click();
  await expect(page.getByTestId("sample-notfound")).toContainText("没有找到编号为“S000000-0000”的样品");
  // The demo's reported plate: its measured composition opens a CALPHAD equilibrium, filled in.
  await page.getByTestId("sample-code").fill(plate);
  await page.getByTestId("sample-find").click();
  const calc = page.getByTestId("sample-calculations");
  await expect(calc).toContainText("C 0.42 · Si 0.26 · Mn 0.72");
  await calc.getByTestId("calc-equilibrium").first().click();
  await expect(page).toHaveURL(/app=calphad-equilibrium/);
  await expect(page.locator('[name="components"]')).toHaveValue("FE,CR");
  await expect(page.locator('[name="composition"]')).toHaveValue("CR=0.0104");
  await context.close();
});

test("without JavaScript the lab creates a detection project and its first order (a line without a test is refused at its field, the values kept), then edits and closes the project from the projects list", async ({ browser }) => {
  const { context, page } = await signedInPage(browser, "uploader", false);
  await page.goto("/testDetection/steelNky");
  await page.getByTestId("orders-new-project").click();
  const code = unique("NCS").replace(/\s/g, "-");
  await page.getByTestId("project-form-code").fill(code);
  await page.getByTestId("project-form-name").fill("渗碳齿轮钢检测");
  await page.getByTestId("project-form-client").selectOption({ label: "合作单位" });
  await page.getByTestId("project-form-save").click();
  await expect(page.getByTestId("toast")).toContainText(`检测项目 ${code} 已创建`);
  // Straight on to its first order, the project chosen.
  await expect(page.getByTestId("order-form-project")).toHaveValue(/.+/);
  await page.getByTestId("order-form-l0-Description").fill("20CrMnTi 齿轮");
  await page.getByTestId("order-form-l0-Quantity").fill("3");
  await page.getByTestId("order-form-more").click();
  await expect(page.getByTestId("order-form-line")).toHaveCount(4);
  await expect(page.getByTestId("order-form-l0-Description")).toHaveValue("20CrMnTi 齿轮");
  await page.getByTestId("order-form-save").click();
  await expect(page.getByTestId("order-form").getByRole("alert").first()).toHaveText("每个样品至少选择一个检测方法");
  await expect(page.getByTestId("order-form-l0-Quantity")).toHaveValue("3");
  await page.getByTestId("order-form-l0-HARD-HRC").check();
  await page.getByTestId("order-form-save").click();
  await expect(page.getByTestId("toast")).toContainText("已保存为草稿");
  await expect(page.getByTestId("order-state")).toHaveText("草稿");
  await page.getByTestId("order-submit").click();
  await expect(page.getByTestId("order-state")).toHaveText("已提交");
  // The projects list: it has its order; edited and closed, it stays listed as closed.
  await page.getByTestId("order-back").click();
  await page.getByTestId("view-projects").click();
  const row = page.getByTestId("project-row").filter({ hasText: code });
  await expect(row).toContainText("1 个委托单");
  await row.getByTestId("project-edit").click();
  await expect(page.getByTestId("project-form-code")).toHaveValue(code);
  await page.getByTestId("project-form-name").fill("渗碳齿轮钢检测（第一批）");
  await page.getByTestId("project-form-status").selectOption("closed");
  await page.getByTestId("project-form-save").click();
  await expect(page.getByTestId("toast")).toContainText(`检测项目 ${code} 已保存`);
  await expect(page.getByTestId("project-row").filter({ hasText: code })).toContainText("已结束");
  await expect(page.getByTestId("project-row").filter({ hasText: code })).toContainText("（第一批）");
  await context.close();
});

test("on a phone the lab opens the sample page from the test-data tiles, scrolls its list (more loads at the bottom, the header slides away, back to top), finds a sample, enters its result and photographs it", async ({ browser }) => {
  // An order in test with 22 registered pieces: more than one page of the samples list.
  const { token } = await apiLogin("admin");
  const projects = (await apiCall("TrialDetection/GetDetectionProjectBase", { token, json: { keyword: "NCS-2026-001" } })).returnData.rows;
  const o = await apiCall("TrialDetection/SaveTaskOrder", { token, json: { ProjectId: projects[0].Id, Grade: "42CrMo", Lines: [{ Description: "硬度试块", HeatNo: "H-PHONE", Quantity: 22, Methods: ["HARD-HBW"] }] } });
  for (const [Action, Version] of [["submit", 1], ["receive", 2]] as const) expect((await apiCall("TrialDetection/SetTaskOrderState", { token, json: { Id: o.returnData.Id, Action, Version } })).status).toBe(200);
  const made = await apiCall("TrialDetection/RegisterSamples", { token, json: { OrderId: o.returnData.Id, Storage: "硬度室" } });
  expect(made.status, made.msg).toBe(200);
  expect((await apiCall("TrialDetection/SetTaskOrderState", { token, json: { Id: o.returnData.Id, Action: "start", Version: 3 } })).status).toBe(200);
  const code = made.returnData.Samples[0].Code as string;

  // uploader: a lab member (DataUpload) who also has the phone's upload page.
  const { context, page } = await signedInPage(browser, "uploader");
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto("/testDetectionDashboard/index");
  await page.getByTestId("phone-tile-mobileSampleId").click();
  const cards = page.getByTestId("sample-card-row");
  await expect(cards).toHaveCount(20);
  // Near the bottom the next page loads by itself, and the header is out of the way.
  await page.getByTestId("mobile-more").scrollIntoViewIfNeeded();
  await expect.poll(() => cards.count()).toBeGreaterThan(20);
  await expect(page.locator("html")).toHaveAttribute("data-m-header", "hidden");
  await page.getByTestId("mobile-top").click();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await expect(page.locator("html")).not.toHaveAttribute("data-m-header", "hidden");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  await page.getByTestId("sample-code").fill(code.toLowerCase());
  await page.getByTestId("sample-find").click();
  await expect(page.getByTestId("sample-id")).toHaveText(code);
  const form = page.getByTestId("mobile-results").getByTestId("result-form");
  await form.getByTestId(`result-${code}-HARD-HBW-HBW`).fill("3OO");
  await form.getByTestId("result-save").click();
  await expect(page.getByTestId("results-error")).toHaveText("HBW 须为数字");
  await page.getByTestId(`result-${code}-HARD-HBW-HBW`).fill("301");
  await page.getByTestId("mobile-results").getByTestId("result-save").click();
  await expect(page.getByTestId("toast")).toContainText("结果已保存");
  await expect(page.getByTestId("sample-values")).toContainText("HBW 301");
  await expect(page.getByTestId("mobile-siblings").getByRole("link")).toHaveCount(21);
  await shot(page, "detection-mobile-sample-375");

  // A photo of it, from the phone's camera (here a file): the upload page has the sample filled in.
  await page.getByTestId("sample-add-photo").click();
  await expect(page.getByTestId("photo-sample")).toHaveValue(code);
  await page.getByTestId("photo-file").setInputFiles({ name: "IMG_2041.png", mimeType: "image/png", buffer: Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64") });
  await page.getByTestId("photo-caption").fill("压痕");
  await page.getByTestId("photo-submit").click();
  await expect(page.getByTestId("toast")).toContainText(`照片已添加到样品 ${code}`);
  await expect(page.getByTestId("photo-card").first()).toHaveAttribute("data-code", code);
  await page.getByTestId("photo-card").first().getByRole("link", { name: code }).click();
  await expect(page.getByTestId("sample-photos").getByRole("img", { name: "压痕" })).toBeVisible();
  await context.close();
});

test("an outside user sees only their organisation's records and orders on my test data, opens a reported one read-only and reads its report, without JavaScript", async ({ browser }) => {
  const { context, page } = await signedInPage(browser, "guest", false);
  await page.goto("/testDetectionDashboard/index");
  await expect(page.getByTestId("tile-sampleId")).toHaveCount(0);
  await page.getByTestId("tile-myTestDataTable").click();
  await expect(page).toHaveURL(/\/testDetection\/myTestData\/myTestDataTable/);
  // The test records first: their enterprise's lab records, none of the institute's own uploads.
  await expect(page.getByTestId("record-row").first()).toBeVisible();
  await expect(page.locator('[data-testid="record-row"][data-code^="DEMO-"]')).toHaveCount(0);
  await page.getByTestId("view-orders").click();
  await page.getByTestId("orders-filters").locator('select[name="state"]').selectOption("reported");
  await page.getByTestId("orders-filters").getByRole("button").click();
  const row = page.getByTestId("order-row").first();
  const code = (await row.getByTestId("order-open").textContent())!.trim();
  await row.getByTestId("order-open").click();
  await expect(page.getByTestId("order-code")).toHaveText(code);
  await expect(page.getByTestId("order-state")).toHaveText("已出报告");
  // Read-only: no actions, no result forms.
  await expect(page.getByTestId("order-actions")).toHaveCount(0);
  await expect(page.getByTestId("result-form")).toHaveCount(0);
  await page.getByTestId("order-reports").getByRole("link", { name: `${code}-R1` }).click();
  await expect(page.getByTestId("document-view")).toHaveAttribute("data-kind", "pdf");
  // The lab's own pages stay closed to them.
  const lab = await page.goto("/testDetection/steelNky");
  expect(lab?.status()).toBe(403);
  await context.close();
});
