import { expect, test, type Page } from "@playwright/test";
import { logIn, shot, signedInPage } from "./helpers.ts";

/**
 * The phase-field app in the browser: 多相 → 相场模拟 → a small Allen–Cahn grain-growth run from the form →
 * its snapshots on the task page. Without JavaScript they are a strip (every frame with its caption, down to a
 * 320 px phone); with JavaScript the strip becomes a player (play/pause, a frame slider, the frame's caption).
 */
test.use({ locale: "zh-CN" });

const TASK_URL = /\/steelResearchCompute\/computeTaskSource\?id=/;
const FRAMES = 6;

/**
 * Submits a short run from the graphical form (64² cells, 300 steps) and waits for it on its task page. With
 * JavaScript it types only once React has attached: typed earlier, hydration resets the fields to the defaults.
 */
async function smallRun(page: Page, withJs: boolean) {
  await page.goto("/steelResearchCompute/Multiphase");
  await page.getByTestId("graphical-phase-field").click();
  await expect(page).toHaveURL(/cloudCompute\?app=phase-field/);
  if (withJs) {
    await page.waitForFunction(() => {
      const el = document.querySelector('input[name="n"]');
      return !!el && Object.keys(el).some((k) => k.startsWith("__reactFiber"));
    });
  }
  await page.locator('input[name="n"]').fill("64");
  await page.locator('input[name="steps"]').fill("300");
  await page.locator('input[name="snapshots"]').fill(String(FRAMES));
  await page.getByTestId("compute-submit").click();
  await page.waitForURL(TASK_URL);
  await expect(page.getByTestId("task-status")).toHaveText("已完成", { timeout: 60_000 });
}

const allLoaded = (page: Page) =>
  page.getByTestId("sequence-evolution").locator("img").evaluateAll((imgs) => imgs.every((i) => (i as HTMLImageElement).complete && (i as HTMLImageElement).naturalWidth > 0));

test("without JavaScript the snapshots are a strip of every frame with its caption, and fit a 320 px phone", async ({ browser }) => {
  test.setTimeout(120_000);
  const { context, page } = await signedInPage(browser, "outside", false);
  await smallRun(page, false);
  const film = page.getByTestId("sequence-evolution");
  await expect(film).toHaveAttribute("data-mode", "strip");
  await expect(film.locator("img")).toHaveCount(FRAMES);
  await expect(film.locator("figcaption").first()).toHaveText("t = 0 s · 0");
  await expect(film.locator("figcaption").last()).toHaveText("t = 30 s · 300");
  await expect(film).not.toContainText("播放");
  await expect.poll(() => allLoaded(page)).toBe(true);
  await shot(page, "phasefield-strip-1280");
  await page.setViewportSize({ width: 320, height: 800 });
  await page.reload();
  await expect.poll(() => allLoaded(page)).toBe(true);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await shot(page, "phasefield-strip-320");
  await context.close();
});

test("with JavaScript the strip becomes a player: play advances the frames, the slider picks one, the caption follows", async ({ page }) => {
  test.setTimeout(120_000);
  await logIn(page, "outside");
  await smallRun(page, true);
  const film = page.getByTestId("sequence-evolution");
  await expect(film).toHaveAttribute("data-mode", "player");
  const caption = page.getByTestId("sequence-evolution-caption");
  await expect(caption).toHaveText(`第 1 / ${FRAMES} 帧 · t = 0 s · 0`);
  const play = page.getByTestId("sequence-evolution-play");
  await expect(play).toHaveText("播放");
  await play.click();
  await expect(play).toHaveText("暂停");
  // Playing: the caption moves on by itself.
  await expect(caption).not.toHaveText(`第 1 / ${FRAMES} 帧 · t = 0 s · 0`, { timeout: 3_000 });
  await play.click();
  await expect(play).toHaveText("播放");
  // The slider picks the third frame: its picture and caption.
  await page.getByTestId("sequence-evolution-slider").fill("2");
  await expect(caption).toHaveText(`第 3 / ${FRAMES} 帧 · t = 12 s · 120`);
  await expect(page.getByTestId("sequence-evolution-frame")).toHaveAttribute("src", /snapshot-002\.png/);
  await expect
    .poll(() => page.getByTestId("sequence-evolution-frame").evaluate((i) => (i as HTMLImageElement).complete && (i as HTMLImageElement).naturalWidth))
    .toBe(256);
  await shot(page, "phasefield-player-1280");
  await page.setViewportSize({ width: 320, height: 800 });
  await expect(film).toHaveAttribute("data-mode", "player");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await shot(page, "phasefield-player-320");
});

test("a circle run plots its radius beside the sharp-interface law, with the slope's error and no grain size", async ({ browser }) => {
  test.setTimeout(120_000);
  // Without JavaScript: the plots and the scalars are the server's page, so the form is filled as soon as it is there.
  const { context, page } = await signedInPage(browser, "outside", false);
  await page.goto("/steelResearchCompute/Multiphase");
  await page.getByTestId("graphical-phase-field").click();
  await expect(page).toHaveURL(/cloudCompute\?app=phase-field/);
  await page.locator('select[name="initial"]').selectOption("circle");
  await page.locator('input[name="orderParameters"]').fill("1");
  await page.locator('input[name="n"]').fill("64");
  await page.locator('input[name="dt"]').fill("0.02");
  await page.locator('input[name="steps"]').fill("3000");
  await page.locator('input[name="snapshots"]').fill("2");
  await page.getByTestId("compute-submit").click();
  await page.waitForURL(TASK_URL);
  await expect(page.getByTestId("task-status")).toHaveText("已完成", { timeout: 60_000 });
  const chart = page.getByTestId("chart-radius");
  await expect(chart.locator("figcaption")).toHaveText("圆形晶粒的半径：相场模拟与尖锐界面理论");
  await expect(chart.locator(".ct-legend li")).toHaveCount(2);
  await expect(chart.locator(".ct-legend li").nth(1)).toContainText("尖锐界面极限 R² = R₀² − 2Lκt");
  // The law is dashed, so the phase-field curve lying on it still shows.
  await expect(chart.locator(".ct-legend li").nth(1).locator(".ct-swatch-reference")).toHaveCount(1);
  await expect(chart.locator('path.recharts-line-curve[stroke-dasharray="6 4"]')).toHaveCount(1);
  await expect(page.getByTestId("task-scalars")).toContainText("拟合斜率相对 −2Lκ 的误差");
  await expect(page.getByTestId("chart-grainSize")).toHaveCount(0);
  await expect(page.getByTestId("chart-grains")).toHaveCount(0);
  await shot(page, "phasefield-circle-1280");
  await context.close();
});
