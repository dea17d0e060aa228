import { createHash } from "node:crypto";
import { expect, test } from "@playwright/test";
import { spectrometerCsv, tensileCsv } from "../../api/modules/instrumentData/sample-files.ts";
import { logIn, shot, signedInPage } from "./helpers.ts";

/**
 * Instrument data in the browser (docs/instrument-data.md): a file transfer administrator sends a tensile test's
 * file on a phone without JavaScript, reads its properties and curve, assigns it to a sample; a refused
 * checksum says why. An equipment administrator issues an instrument a token, the instrument sends through the
 * site's own address, and the revoked token is refused. The rules are the integration tests'.
 */
const sha256 = (s: string) => createHash("sha256").update(s).digest("hex");

test("a file transfer administrator sends a tensile file without JavaScript on a phone, reads it and assigns it to a sample", async ({ browser }) => {
  const context = await browser.newContext({ locale: "zh-CN", javaScriptEnabled: false, viewport: { width: 375, height: 800 } });
  const page = await context.newPage();
  await logIn(page, "transfer");
  await page.goto("/dataUpdate/myInstrumentData");
  // The demo's tensile file belongs to a demo bar: this one goes to the same sample.
  const code = (await page.getByTestId("ifile-row").filter({ hasText: "WDW300" }).getByRole("link").nth(1).textContent())!.trim();
  const specimen = `E2E-${Date.now().toString(36)}`;
  const csv = tensileCsv(specimen);
  await page.getByTestId("instrument-file-input").setInputFiles({ name: "WDW300_e2e.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
  await page.locator('input[name="Sha256"]').fill(sha256(csv));
  await page.getByTestId("instrument-send").click();
  await expect(page).toHaveURL(/myInstrumentData\?id=/);
  await expect(page.getByTestId("toast")).toContainText("已接收 WDW300_e2e.csv");
  await expect(page.getByTestId("instrument-sha")).toHaveText(sha256(csv));
  await expect(page.getByTestId("instrument-tensile")).toContainText("620 MPa");
  await expect(page.locator(".if-chart svg")).toBeVisible();
  await expect(page.getByTestId("instrument-unassigned")).toContainText(specimen);
  await page.getByTestId("instrument-assign").getByRole("textbox").fill(code);
  await page.getByTestId("instrument-assign").getByRole("button").click();
  await expect(page.getByTestId("toast")).toContainText(`已关联样品 ${code}`);
  await expect(page.getByTestId("instrument-sample")).toContainText(code);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await shot(page, "instrument-file-375");
  // The file is now among the documents behind the test data, and opens in the document viewer.
  await page.goto(`/testDetection/documentData?kind=instrument&keyword=${code}`);
  await page.getByTestId("document-row").filter({ hasText: "WDW300_e2e.csv" }).getByRole("link", { name: "WDW300_e2e.csv" }).click();
  await expect(page).toHaveURL(/DocumentView\?src=instrument/);
  await expect(page.locator("h1, h2").filter({ hasText: "WDW300_e2e.csv" }).first()).toBeVisible();

  // A checksum that does not match: nothing kept, the reason on the list.
  await page.goto("/dataUpdate/myInstrumentData");
  const other = spectrometerCsv(specimen);
  await page.getByTestId("instrument-file-input").setInputFiles({ name: "ARL_bad.csv", mimeType: "text/csv", buffer: Buffer.from(other) });
  await page.locator('input[name="Sha256"]').fill(sha256(other + "x"));
  await page.getByTestId("instrument-send").click();
  await expect(page.getByTestId("toast")).toContainText("文件校验失败");
  await expect(page.getByTestId("ifile-row").filter({ hasText: "ARL_bad.csv" })).toHaveCount(0);
  await context.close();
});

test("an equipment administrator issues an instrument a token, the instrument sends with it through the site, and a revoked token is refused", async ({ browser, playwright }) => {
  const { context, page } = await signedInPage(browser, "equip", true);
  await page.goto("/testDetection/newCloudEquip");
  await page.getByTestId("cloud-issue").getByRole("combobox").selectOption({ label: "直读光谱仪 ARL 4460 #ARL4460-1188" });
  await page.getByTestId("cloud-issue").getByRole("textbox").fill("E2E 传输");
  await page.getByTestId("cloud-issue-submit").click();
  const token = (await page.getByTestId("cloud-token").textContent())!.trim();
  expect(token).toMatch(/^fe_eq_/);
  await shot(page, "cloud-equipment-1366");

  // The instrument: its own HTTP client, no session, the site's public address.
  const instrument = await playwright.request.newContext({ baseURL: page.url().replace(/\/testDetection.*$/, "") });
  const send = () =>
    instrument.post("/api/TrialDetection/UploadEquipmentData", {
      headers: { xteam: "xteam", Authorization: `Bearer ${token}` },
      multipart: { file: { name: "ARL_cloud.csv", mimeType: "text/csv", buffer: Buffer.from(spectrometerCsv("E2E-CLOUD")) }, Sha256: sha256(spectrometerCsv("E2E-CLOUD")) },
    });
  const sent = await (await send()).json();
  expect([sent.status, sent.returnData.ViaToken, sent.returnData.Parser]).toEqual([200, true, "spectrometer"]);

  await page.goto("/testDetection/newCloudEquip");
  const row = page.getByTestId("cloud-token-row").filter({ hasText: "E2E 传输" });
  await expect(row).toContainText("1 个文件");
  await row.getByRole("link", { name: "吊销" }).click();
  await page.getByTestId("delete-confirm").click();
  await expect(page.getByTestId("toast")).toContainText("令牌已吊销");
  await expect(row).toHaveAttribute("data-revoked", "1");
  expect((await (await send()).json()).status).toBe(206);
  await instrument.dispose();
  await context.close();
});
