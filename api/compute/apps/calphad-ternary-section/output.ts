import fs from "node:fs/promises";
import path from "node:path";
import { texts as t } from "../../../http/messages.ts";
import type { ResultFile, ResultImage, ResultScalar, ResultTable, TaskResult } from "../types.ts";

/** result.json as the CLI writes it (solvers/calphad/ternary/run.ts), as far as the platform reads it. */
interface SectionFile {
  components: [string, string, string];
  T: number;
  twoPhase: Array<{ phases: [string, string]; tieLines: Array<[Record<string, number>, Record<string, number>]> }>;
  threePhase: Array<{ phases: [string, string, string]; vertices: Array<Record<string, number>> }>;
  singlePhase: Array<{ phase: string; label: Record<string, number> }>;
  stats: { seconds: number; samples: number; refined: number };
}

const OFFERED_FILES = ["section.svg", "result.json", "section.calphad", "database.tdb", "stdout.log", "stderr.log"];

function check(raw: unknown): SectionFile {
  const r = raw as SectionFile;
  const ok =
    r && typeof r === "object" && Array.isArray(r.components) && r.components.length === 3 && Array.isArray(r.twoPhase) &&
    Array.isArray(r.threePhase) && Array.isArray(r.singlePhase) && typeof r.T === "number" &&
    r.threePhase.every((x) => Array.isArray(x.phases) && x.phases.length === 3 && Array.isArray(x.vertices) && x.vertices.length === 3);
  if (!ok) throw new Error("result.json has no ternary section (components, twoPhase, threePhase, singlePhase)");
  return r;
}

/** The balance component's fraction from the other two, as the tables show all three. */
const full = (components: string[], c: Record<string, number>) => [1 - c[components[1]] - c[components[2]], c[components[1]], c[components[2]]];

/** Reads a finished section: the picture, tables of triangles, fields and regions, and the counts. */
export async function readSectionResult(workDir: string): Promise<TaskResult> {
  let raw: unknown;
  try {
    raw = JSON.parse(await fs.readFile(path.join(workDir, "result.json"), "utf8"));
  } catch (e) {
    throw new Error(`result.json unreadable: ${(e as Error).message}`);
  }
  const r = check(raw);
  const els = r.components;
  const phaseLabel = t("相", "Phase", "Fase", "相");
  const xColumns = els.map((el) => ({ label: t(`x(${el})`, `x(${el})`, `x(${el})`, `x(${el})`), unit: "mol/mol" }));

  const scalars: ResultScalar[] = [
    { key: "threePhase", unit: "", value: r.threePhase.length, label: t("三相区数", "Three-phase triangles", "Triángulos trifásicos", "三相三角形の数") },
    { key: "twoPhase", unit: "", value: r.twoPhase.length, label: t("两相区数", "Two-phase fields", "Campos bifásicos", "二相領域の数") },
    { key: "singlePhase", unit: "", value: r.singlePhase.length, label: t("单相区数", "Single-phase regions", "Regiones monofásicas", "単相領域の数") },
    { key: "seconds", unit: "s", value: r.stats?.seconds ?? 0, label: t("计算时间", "Computing time", "Tiempo de cálculo", "計算時間") },
  ];
  const tables: ResultTable[] = [
    {
      key: "threePhase",
      label: t("三相三角形（顶点成分）", "Three-phase triangles (corner compositions)", "Triángulos trifásicos (composiciones de los vértices)", "三相三角形（頂点の組成）"),
      columns: [{ label: t("三角形", "Triangle", "Triángulo", "三角形"), unit: "" }, { label: phaseLabel, unit: "" }, ...xColumns],
      rows: r.threePhase.flatMap((tri, i) => tri.phases.map((p, k) => [`${i + 1}: ${tri.phases.join(" + ")}`, p, ...full(els, tri.vertices[k])])),
    },
    {
      key: "twoPhase",
      label: t("两相区（连结线端点）", "Two-phase fields (tie-line ends)", "Campos bifásicos (extremos de las líneas de enlace)", "二相領域（タイラインの端点）"),
      columns: [
        { label: t("两相区", "Field", "Campo", "二相領域"), unit: "" },
        ...els.map((el) => ({ label: t(`x(${el}) 端 1`, `x(${el}) end 1`, `x(${el}) extremo 1`, `x(${el}) 端点1`), unit: "mol/mol" })),
        ...els.map((el) => ({ label: t(`x(${el}) 端 2`, `x(${el}) end 2`, `x(${el}) extremo 2`, `x(${el}) 端点2`), unit: "mol/mol" })),
      ],
      rows: r.twoPhase.flatMap((f, i) => f.tieLines.map(([a, b]) => [`${i + 1}: ${f.phases.join(" + ")}`, ...full(els, a), ...full(els, b)])),
    },
    {
      key: "singlePhase",
      label: t("单相区（标注点）", "Single-phase regions (label points)", "Regiones monofásicas (puntos de etiqueta)", "単相領域（ラベル位置）"),
      columns: [{ label: phaseLabel, unit: "" }, ...xColumns],
      rows: r.singlePhase.map((s) => [s.phase, ...full(els, s.label)]),
    },
  ];
  const files: ResultFile[] = [];
  for (const p of OFFERED_FILES) {
    try {
      files.push({ path: p, bytes: (await fs.stat(path.join(workDir, p))).size });
    } catch {
      // A file the run did not write (an empty log, no database.tdb for a shipped id named in the script) is not offered.
    }
  }
  const images: ResultImage[] = files.some((f) => f.path === "section.svg")
    ? [{ key: "section", path: "section.svg", label: t(`${els.join("–")} ${r.T} K 等温截面`, `${els.join("–")} isothermal section at ${r.T} K`, `Sección isotérmica ${els.join("–")} a ${r.T} K`, `${els.join("–")} ${r.T} K 等温断面`) }]
    : [];
  return { scalars, series: [], tables, files, images };
}
