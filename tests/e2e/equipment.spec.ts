import { expect, test } from "@playwright/test";
import { shot, signedInPage } from "./helpers.ts";

/**
 * Equipment registration in the browser (docs/equipment.md): an instrument registered with its methods and
 * calibration, a refused date shown under its field with what was typed, the instrument in my equipment with
 * its calibration due soon; with and without JavaScript. The rules are the integration tests'.
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
