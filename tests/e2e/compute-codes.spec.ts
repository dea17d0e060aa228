import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { apiCall, apiLogin } from "./api-helpers.ts";
import { logIn, shot, signedInPage } from "./helpers.ts";

/**
 * Issue 5 in the browser: the real codes as researchers reach them. Each category lists its code with the
 * installed version; pw.x's silicon gives the reference energy from the form without JavaScript; CalculiX's
 * cantilever shows its deflection and contour picture; instruction mode takes other files beside the deck (an
 * uploaded pseudopotential) and whole cases as .tgz (an OpenFOAM cavity with its folders).
 */
test.use({ locale: "zh-CN" });

const TASK_URL = /\/steelResearchCompute\/computeTaskSource\?id=/;
const idOf = (page: Page) => new URL(page.url()).searchParams.get("id")!;

/** The task's numbers as the API has them, to compare what the page shows with. */
async function scalarsOf(user: string, id: string): Promise<Record<string, number>> {
  const { token } = await apiLogin(user);
  const r = await apiCall("CalculateTask/GetTask", { token, query: { id } });
  return Object.fromEntries(r.returnData.result.scalars.map((s: { key: string; value: number }) => [s.key, s.value]));
}

/** Every picture of the result has loaded (the browser decoded it). */
async function expectPicturesLoaded(page: Page) {
  const images = page.locator('[data-testid^="image-"] img');
  expect(await images.count()).toBeGreaterThan(0);
  await expect
    .poll(() => images.evaluateAll((all) => all.every((i) => (i as HTMLImageElement).complete && (i as HTMLImageElement).naturalWidth > 0)))
    .toBe(true);
}

test("each code's category lists it with the installed version", async ({ page }) => {
  await logIn(page, "outside");
  const where: Array<[string, string]> = [
    ["FirstPrinciples", "qe-pw"],
    ["Other", "lammps"],
    ["Limited", "calculix"],
    ["Fluid", "openfoam"],
    ["CAD", "gmsh"],
  ];
  for (const [category, app] of where) {
    await page.goto(`/steelResearchCompute/${category}`);
    const card = page.getByTestId(`app-${app}`);
    // Debian versions, e.g. 6.7-2+b1: the installed package, not a number the app made up.
    await expect(card).toContainText(/版本 \d+[\w.:~+-]*-\w/);
    await expect(card.getByTestId(`graphical-${app}`)).toBeVisible();
    await expect(page.getByTestId(`unavailable-${app}`)).toHaveCount(0);
  }
});

test("pw.x without JavaScript: the form's silicon gives −15.84452726 Ry, the SCF picture and the output files", async ({ browser }) => {
  test.setTimeout(90_000);
  const { context, page } = await signedInPage(browser, "outside", false);
  await page.goto("/steelResearchCompute/FirstPrinciples");
  await page.getByTestId("graphical-qe-pw").click();
  await expect(page).toHaveURL(/cloudCompute\?app=qe-pw/);
  await page.getByTestId("compute-submit").click();
  await page.waitForURL(TASK_URL);
  // The page refreshes itself every 3 s without JavaScript.
  await expect(page.getByTestId("task-status")).toHaveText("已完成", { timeout: 60_000 });
  const energy = page.getByTestId("task-scalars").locator('[data-key="totalEnergyRy"]');
  await expect(energy.locator("td").nth(1)).toHaveText("-15.84452726");
  await expect(energy).toContainText("Ry");
  expect((await scalarsOf("outside", idOf(page))).totalEnergyRy).toBeCloseTo(-15.84452726, 6);
  await expectPicturesLoaded(page);
  await expect(page.getByTestId("task-files")).toContainText("pw.out");
  await shot(page, "codes-qe-nojs-1280");
  await context.close();
});

test("pw.x from an uploaded cell without JavaScript: silicon's primitive POSCAR picked as a file gives the same −15.84452726 Ry", async ({ browser }) => {
  test.setTimeout(90_000);
  const { context, page } = await signedInPage(browser, "outside", false);
  await page.goto("/steelResearchCompute/cloudCompute?app=qe-pw");
  await page.locator('select[name="lattice"]').selectOption("cell");
  // The file picker fills the structure param on the server: no script needed.
  await page.getByTestId("file-structure").setInputFiles("api/compute/apps/qe-pw/fixtures/si-primitive.poscar");
  await page.getByTestId("compute-submit").click();
  await page.waitForURL(TASK_URL);
  await expect(page.getByTestId("task-status")).toHaveText("已完成", { timeout: 60_000 });
  await expect(page.getByTestId("task-scalars").locator('[data-key="totalEnergyRy"] td').nth(1)).toHaveText("-15.84452726");
  await context.close();
});

test("CalculiX with JavaScript: the cantilever's tip deflection within 1% of PL³/3EI, with its contour picture", async ({ page }) => {
  test.setTimeout(90_000);
  await logIn(page, "outside");
  await page.goto("/steelResearchCompute/Limited");
  await page.getByTestId("graphical-calculix").click();
  await expect(page).toHaveURL(/cloudCompute\?app=calculix/);
  await page.getByTestId("compute-submit").click();
  await page.waitForURL(TASK_URL);
  await expect(page.getByTestId("task-status")).toHaveText("已完成", { timeout: 60_000 });
  const shown = Number(await page.getByTestId("task-scalars").locator('[data-key="maxDisplacementMm"] td').nth(1).textContent());
  const exact = (100 * 100 ** 3) / (3 * 210_000 * (10 * 10 ** 3 / 12));
  expect(Math.abs(shown - exact) / exact).toBeLessThan(0.01);
  await expectPicturesLoaded(page);
  await shot(page, "codes-calculix-1280");
  // A phone reads the same page: the pictures shrink to the screen, nothing scrolls sideways.
  await page.setViewportSize({ width: 320, height: 800 });
  await page.reload();
  await expectPicturesLoaded(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await shot(page, "codes-calculix-320");
});

test("instruction mode: pw.x reads a pseudopotential uploaded beside its deck", async ({ page }) => {
  test.setTimeout(90_000);
  await logIn(page, "outside");
  await page.goto("/steelResearchCompute/instructionModeCompute?app=qe-pw");
  // The example deck names Si.pz-vbc.UPF; this one names a file only the upload provides.
  const deck = (await page.getByTestId("deck-text").inputValue()).replace(/Si\.pz-vbc\.UPF/g, "MySi.UPF");
  expect(deck).toContain("MySi.UPF");
  await page.getByTestId("deck-text").fill(deck);
  await page.getByTestId("extra-files").setInputFiles({ name: "MySi.UPF", mimeType: "text/plain", buffer: fs.readFileSync("/usr/share/espresso/pseudo/Si.pz-vbc.UPF") });
  await page.getByTestId("compute-submit").click();
  await page.waitForURL(TASK_URL);
  await expect(page.getByTestId("task-status")).toHaveText("已完成", { timeout: 60_000 });
  await expect(page.getByTestId("task-scalars").locator('[data-key="totalEnergyRy"] td').nth(1)).toHaveText("-15.84452726");
  await expect(page.getByTestId("task-files")).toContainText("pw.out");
});

test("instruction mode: the OpenFOAM example case, downloaded as .tar.gz and uploaded again with its folders, runs with residuals and the velocity picture", async ({ page }) => {
  test.setTimeout(90_000);
  await logIn(page, "outside");
  await page.goto("/steelResearchCompute/instructionModeCompute?app=openfoam");
  // The textarea holds only system/controlDict; the link gives the whole case (system/, constant/, 0/).
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("example-deck").click()]);
  expect(download.suggestedFilename()).toBe("openfoam-example.tar.gz");
  const archive = path.join(os.tmpdir(), `openfoam-example-${Date.now()}.tar.gz`);
  await download.saveAs(archive);
  const listed = execFileSync("tar", ["-tzf", archive], { encoding: "utf8" });
  expect(listed).toContain("openfoam-example/system/blockMeshDict");
  expect(listed).toContain("openfoam-example/0/U");

  await page.getByTestId("extra-files").setInputFiles(archive);
  await page.getByTestId("compute-submit").click();
  await page.waitForURL(TASK_URL);
  await expect(page.getByTestId("task-status")).toHaveText("已完成", { timeout: 60_000 });
  await expect(page.locator('[data-testid^="chart-"]').first()).toBeVisible();
  await expectPicturesLoaded(page);
  await shot(page, "codes-openfoam-upload-1280");
  fs.rmSync(archive, { force: true });
});
