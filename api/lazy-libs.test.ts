import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { projectPath } from "../common/project-path.ts";
import { excelJs, pdfLibs } from "./lazy-libs.ts";

const LAZY = ["exceljs", "pdfkit", "bwip-js", "qrcode"];

/** Every .ts file under `dir` but the tests (a test may load these libraries as it likes). */
const sources = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === "node_modules" ? [] : sources(p);
    return e.name.endsWith(".ts") && !e.name.endsWith(".test.ts") ? [p] : [];
  });

describe("libraries the API loads on first use", () => {
  it("are imported as values only by lazy-libs.ts, so starting the API does not load them", () => {
    const eager = [...sources(projectPath("api")), ...sources(projectPath("common"))].flatMap((file) => {
      if (file.endsWith(`${path.sep}lazy-libs.ts`)) return [];
      const text = fs.readFileSync(file, "utf8");
      return LAZY.filter((lib) => new RegExp(`^import (?!type )[^;]*from "${lib}(/[^"]*)?";`, "m").test(text)).map((lib) => `${path.relative(projectPath(), file)}: ${lib}`);
    });
    expect(eager).toEqual([]);
  });

  it("load once and give the libraries themselves", async () => {
    expect(excelJs()).toBe(excelJs());
    const ExcelJS = await excelJs();
    expect(new ExcelJS.Workbook().addWorksheet("a").name).toBe("a");
    const { PDFDocument, bwipjs, QRCode } = await pdfLibs();
    expect(new PDFDocument({ size: "A4" }).page.width).toBeCloseTo(595.28);
    expect(QRCode.create("F-1", { errorCorrectionLevel: "M" }).modules.size).toBe(21);
    expect((bwipjs.raw("code128", "F-1", "") as { sbs: number[] }[])[0].sbs.length).toBeGreaterThan(0);
  });
});
