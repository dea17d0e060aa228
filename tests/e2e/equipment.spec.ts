import { expect, test } from "@playwright/test";
import { logIn, shot, signedInPage } from "./helpers.ts";

/**
 * Equipment registration in the browser (docs/equipment.md): an instrument registered with its methods and
 * calibration, a refused date shown under its field with what was typed, the instrument in my equipment with
 * its calibration due soon; with and without JavaScript. Then the equipment statistics and the keeper's
 * calibration notices on the demo lab's instruments. The rules are the integration tests'.
 */
const day = (offset: number) => new Date(Date.now() + offset * 86400_000).toISOString().slice(0, 10);

for (const js of [true, false]) {
  test(`an equipment keeper registers an instrument and finds it due for calibration (JavaScript ${js ? "on" : "off"})`, async ({ browser }) => {
    const { context, page } = await signedInPage(browser, "uploader", js);
    const name = `拉伸试验机 ${js ? "J" : "N"}${Date.now().toString(36)}`;
    await page.goto("/dataUpdate/MyExperimentalEquipment");
    await page.getByTestId("equipment-new").click();
    await expect(page).toHaveURL(/SaveExperimentalEquipment/);
    await page.getByTestId("equipment-Name").fill(name);
    await page.getByTestId("equipment-Maker").fill("Instron");
    await page.getByTestId("equipment-Serial").fill(`E2E-${Date.now()}`);
    await page.getByTestId("equipment-methods").getByRole("checkbox").first().check();
    await page.getByTestId("equipment-CalibratedOn").fill(day(-10));
    await page.getByTestId("equipment-CalibrationDue").fill(day(-20));
    await page.getByTestId("equipment-save").click();
    await expect(page.getByTestId("equipment-form").getByRole("alert").first()).toContainText("下次校准日期不能早于校准日期");
    await expect(page.getByTestId("equipment-Name")).toHaveValue(name);
    await page.getByTestId("equipment-CalibrationDue").fill(day(12));
    await page.getByTestId("equipment-save").click();
    await expect(page).toHaveURL(/MyExperimentalEquipment/);
    await expect(page.getByTestId("toast")).toContainText(`已登记设备“${name}”`);
    const row = page.getByTestId("equipment-row").filter({ hasText: name });
    await expect(row).toHaveAttribute("data-calibration", "dueSoon");
    await expect(row).toContainText("即将到期");
    await expect(page.getByTestId("equipment-due")).toBeVisible();
    if (js) await shot(page, "equipment-list-1366");
    await context.close();
  });
}

test("equipment statistics without JavaScript on a phone: the demo instruments with their use and calibration, a refused range at its field, the instruments' CSV; the keeper's calibration notices", async ({
  browser,
}) => {
  const context = await browser.newContext({ locale: "zh-CN", javaScriptEnabled: false, viewport: { width: 375, height: 800 } });
  const page = await context.newPage();
  await logIn(page, "equip");
  await page.goto("/dataUpdate/equipmentStatistics");
  const row = (model: string) => page.getByTestId("instrument-row").filter({ hasText: model });
  await expect(row("WDW-300")).toHaveAttribute("data-calibration", "ok");
  await expect(row("HB-3000")).toHaveAttribute("data-calibration", "overdue");
  await expect(row("CS-844")).toContainText("维修中");
  expect(Number(await page.getByTestId("fact-tests").locator("dd").first().textContent())).toBeGreaterThan(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await shot(page, "equipment-statistics-375");

  const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("stats-instruments-csv").click()]);
  const lines = (await (await download.createReadStream()).toArray())
    .map(String)
    .join("")
    .replace(/^\uFEFF/, "")
    .trim()
    .split("\r\n");
  expect(lines[0]).toBe("设备,所属部门,状态,下次校准,校准,检测次数,机时（小时）,最近使用");
  expect(lines.some((l) => l.startsWith("布氏硬度计 HB-3000 #HB3000-0456,") && l.includes(",已过期,"))).toBe(true);

  // A reversed range: said at the field, the default range's figures kept below.
  await page.locator('input[name="from"]').fill("2026-12-01");
  await page.locator('input[name="to"]').fill("2026-01-01");
  await page.getByTestId("stats-range").getByRole("button").click();
  await expect(page.getByTestId("stats-range")).toContainText("开始日期不能晚于结束日期");
  await expect(row("WDW-300")).toBeVisible();

  // The keeper was told in the info centre: due soon and overdue, each leading to the instrument.
  await page.goto("/infoCenter/index");
  await expect(page.getByText(/设备校准即将到期：直读光谱仪 ARL 4460/)).toBeVisible();
  await expect(page.getByText(/设备校准已过期：布氏硬度计 HB-3000/)).toBeVisible();
  await context.close();
});
