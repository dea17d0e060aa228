import { expect, test } from "@playwright/test";
import { shot, signedInPage } from "./helpers.ts";

const PAGE = "/systemManage/dataStatistics";

test("data statistics without JavaScript: a quick range, server-drawn charts, a table's CSV, a refused range; an InsideAdmin's own department", async ({ browser }) => {
  const { context, page } = await signedInPage(browser, "admin", false);
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(PAGE);
  await page.getByRole("link", { name: "最近 7 天" }).click();
  await expect(page).toHaveURL(/from=.*&to=/);
  await expect(page.getByTestId("chart-logins").locator("svg.recharts-surface")).toHaveCount(1);
  expect(Number(await page.getByTestId("fact-logins").locator("dd").first().textContent())).toBeGreaterThanOrEqual(1);
  await shot(page, "statistics-nojs-375");
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("stats-logins-csv").click()]);
  const csv = (await (await download.createReadStream()).toArray()).map(String).join("");
  const lines = csv.replace(/^\uFEFF/, "").trim().split("\r\n");
  expect(lines[0]).toBe("日期,成功,失败");
  expect(lines).toHaveLength(8);

  await page.goto(`${PAGE}?from=2026-03-01&to=2026-02-01`);
  await expect(page.getByTestId("stats-range")).toContainText("开始日期不能晚于结束日期");
  await context.close();

  const inside = await signedInPage(browser, "inside", false);
  await inside.page.goto(PAGE);
  await expect(inside.page.getByTestId("stats-scope")).toContainText("及其下级部门的人员");
  await inside.context.close();
});
