import fs from "node:fs/promises";
import path from "node:path";
import { texts as t, type Texts } from "../../../http/messages.ts";
import type { KwnRunResult } from "../../../../solvers/precipitation/index.ts";
import type { KwnState } from "../../../../solvers/precipitation/kwn.ts";
import type { ResultFile, ResultScalar, ResultSeries, ResultTable, TaskProgress, TaskResult } from "../types.ts";

const OFFERED_FILES = ["result.json", "kwn.in", "stdout.log", "stderr.log"];

const finite = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v);

/**
 * Precipitation runs span decades of time (nucleation in seconds, coarsening over hundreds of hours), and the
 * task page's plots have linear x axes: the curves are drawn against log₁₀(t / s), so each decade gets the same
 * width. The history table keeps the plain times.
 */
/** Time in seconds: spanning many decades, the page draws it on a log axis (SeriesChart), and the CSV keeps seconds. */
const TIME = { label: t("时间", "Time", "Tiempo", "時間"), unit: "s" };

interface Curve {
  key: string;
  label: Texts;
  unit: string;
  value: (s: KwnState) => number;
  chart?: { key: string; label: Texts };
}

const RADII = { key: "radii", label: t("平均半径与临界半径", "Mean and critical radius", "Radio medio y crítico", "平均半径と臨界半径") };

const CURVES: Curve[] = [
  { key: "numberDensity", label: t("数密度", "Number density", "Densidad numérica", "数密度"), unit: "m⁻³", value: (s) => s.numberDensity },
  { key: "meanRadius", label: t("平均半径", "Mean radius", "Radio medio", "平均半径"), unit: "nm", value: (s) => s.meanRadiusM * 1e9, chart: RADII },
  { key: "criticalRadius", label: t("临界半径", "Critical radius", "Radio crítico", "臨界半径"), unit: "nm", value: (s) => s.criticalRadiusM * 1e9, chart: RADII },
  { key: "volumeFraction", label: t("体积分数", "Volume fraction", "Fracción de volumen", "体積分率"), unit: "%", value: (s) => s.volumeFraction * 100 },
  { key: "matrixX", label: t("基体溶质摩尔分数", "Matrix solute mole fraction", "Fracción molar de soluto en la matriz", "母相の溶質モル分率"), unit: "mol/mol", value: (s) => s.x },
  { key: "drivingForce", label: t("形核驱动力", "Nucleation driving force", "Fuerza motriz de nucleación", "核生成駆動力"), unit: "J/mol", value: (s) => s.drivingForce },
  { key: "nucleationRate", label: t("形核率", "Nucleation rate", "Tasa de nucleación", "核生成速度"), unit: "m⁻³·s⁻¹", value: (s) => s.nucleationRate },
];
const TEMPERATURE: Curve = { key: "temperature", label: t("温度", "Temperature", "Temperatura", "温度"), unit: "K", value: (s) => s.temperatureK };

/** Curves against time; a radius before any particle exists (0) is left out rather than drawn as 0. */
function curves(history: KwnState[], withTemperature: boolean): ResultSeries[] {
  const states = history.filter((s) => s.timeS > 0);
  const out: ResultSeries[] = [];
  for (const c of withTemperature ? [...CURVES, TEMPERATURE] : CURVES) {
    const keep = states.filter((s) => finite(c.value(s)) && (c.key !== "meanRadius" && c.key !== "criticalRadius" ? true : c.value(s) > 0));
    if (keep.length < 2) continue;
    out.push({
      key: c.key,
      label: c.label,
      ...(c.chart ? { chart: c.chart } : {}),
      x: { ...TIME, values: keep.map((s) => s.timeS) },
      y: { label: c.label, unit: c.unit, values: keep.map(c.value) },
    });
  }
  return out;
}

const hoursText = (s: number) => {
  const h = s / 3600;
  return h >= 1 ? `${+h.toPrecision(4)} h` : `${+s.toPrecision(4)} s`;
};

function check(raw: unknown): KwnRunResult {
  const r = raw as KwnRunResult;
  const ok =
    r && typeof r === "object" && r.final && finite(r.final.numberDensity) && finite(r.final.meanRadiusM) && finite(r.final.volumeFraction) &&
    finite(r.final.matrixX) && Array.isArray(r.history) && r.history.length > 0 && Array.isArray(r.psd);
  if (!ok) throw new Error("result.json has no KWN result (final N, r, f, x, history and size distributions)");
  return r;
}

const scalar = (key: string, label: Texts, unit: string, value: number | undefined): ResultScalar[] => (finite(value) ? [{ key, label, unit, value }] : []);

/** Reads result.json of a finished KWN run: curves over log time, size distributions, scalars, the history table. */
export async function readKwnResult(workDir: string): Promise<TaskResult> {
  let raw: unknown;
  try {
    raw = JSON.parse(await fs.readFile(path.join(workDir, "result.json"), "utf8"));
  } catch (e) {
    throw new Error(`result.json unreadable: ${(e as Error).message}`);
  }
  const r = check(raw);
  const f = r.final;
  const temperatures = r.history.map((h) => h.temperatureK);
  const nonIsothermal = Math.max(...temperatures) !== Math.min(...temperatures);
  const series = curves(r.history, nonIsothermal);
  // Every requested time's size distribution in one plot: how it shifts and widens reads at a glance.
  const psdChart = { key: "psd", label: t("尺寸分布", "Size distribution", "Distribución de tamaños", "粒径分布") };
  for (const p of r.psd) {
    const keep = p.radiusM.map((R, i) => [R * 1e9, p.density[i] * 1e-9] as const);
    series.push({
      key: `psd:${p.timeS}`,
      label: t(`${hoursText(p.timeS)} 时`, `At ${hoursText(p.timeS)}`, `A ${hoursText(p.timeS)}`, `${hoursText(p.timeS)} 時点`),
      chart: psdChart,
      x: { label: t("半径", "Radius", "Radio", "半径"), unit: "nm", values: keep.map((k) => k[0]) },
      y: { label: t("数密度分布", "Number density per radius", "Densidad numérica por radio", "半径あたりの数密度"), unit: "m⁻³·nm⁻¹", values: keep.map((k) => k[1]) },
    });
  }
  const scalars: ResultScalar[] = [
    ...scalar("numberDensity", t("最终数密度", "Final number density", "Densidad numérica final", "最終数密度"), "m⁻³", f.numberDensity),
    ...scalar("meanRadiusNm", t("最终平均半径", "Final mean radius", "Radio medio final", "最終平均半径"), "nm", f.meanRadiusM * 1e9),
    ...scalar("volumeFractionPercent", t("最终体积分数", "Final volume fraction", "Fracción de volumen final", "最終体積分率"), "%", f.volumeFraction * 100),
    ...scalar("matrixX", t("最终基体溶质摩尔分数", "Final matrix solute fraction", "Fracción de soluto final en la matriz", "最終の母相溶質モル分率"), "mol/mol", f.matrixX),
    ...scalar("criticalRadiusNm", t("最终临界半径", "Final critical radius", "Radio crítico final", "最終臨界半径"), "nm", f.criticalRadiusM * 1e9),
    ...scalar("initialCriticalRadiusNm", t("初始临界半径", "Initial critical radius", "Radio crítico inicial", "初期臨界半径"), "nm", r.initialCriticalRadiusM * 1e9),
    ...scalar("initialDrivingForce", t("初始形核驱动力", "Initial driving force", "Fuerza motriz inicial", "初期駆動力"), "J/mol", r.initialDrivingForce),
    ...scalar("equilibriumVolumeFractionPercent", t("平衡体积分数", "Equilibrium volume fraction", "Fracción de volumen de equilibrio", "平衡体積分率"), "%", r.equilibrium?.volumeFraction * 100),
    ...scalar("equilibriumMatrixX", t("平衡基体溶质摩尔分数", "Equilibrium matrix solute fraction", "Fracción de soluto de equilibrio en la matriz", "平衡母相溶質モル分率"), "mol/mol", r.equilibrium?.x),
    ...scalar("steps", t("时间步数", "Time steps", "Pasos de tiempo", "時間ステップ数"), "", r.steps),
  ];
  const tables: ResultTable[] = [
    {
      key: "history",
      label: t("析出过程", "Precipitation history", "Historia de la precipitación", "析出の経過"),
      columns: [
        { label: t("时间", "Time", "Tiempo", "時間"), unit: "s" },
        { label: t("时间", "Time", "Tiempo", "時間"), unit: "h" },
        { label: t("温度", "Temperature", "Temperatura", "温度"), unit: "K" },
        { label: t("数密度", "Number density", "Densidad numérica", "数密度"), unit: "m⁻³" },
        { label: t("平均半径", "Mean radius", "Radio medio", "平均半径"), unit: "nm" },
        { label: t("体积分数", "Volume fraction", "Fracción de volumen", "体積分率"), unit: "%" },
        { label: t("基体溶质摩尔分数", "Matrix solute fraction", "Fracción de soluto en la matriz", "母相の溶質モル分率"), unit: "mol/mol" },
      ],
      rows: r.history
        .filter((_, i, all) => i % Math.max(1, Math.ceil(all.length / 100)) === 0 || i === all.length - 1)
        .map((h) => [+h.timeS.toPrecision(6), +(h.timeS / 3600).toPrecision(6), +h.temperatureK.toPrecision(6), +h.numberDensity.toPrecision(5), +(h.meanRadiusM * 1e9).toPrecision(5), +(h.volumeFraction * 100).toPrecision(5), +h.x.toPrecision(5)]),
    },
  ];
  const files: ResultFile[] = [];
  for (const p of OFFERED_FILES) {
    try {
      files.push({ path: p, bytes: (await fs.stat(path.join(workDir, p))).size });
    } catch {
      // A file the run did not write (an empty stderr may be absent) is not offered.
    }
  }
  return {
    scalars,
    series,
    tables,
    files,
    values: {
      final: { numberDensity: f.numberDensity, meanRadiusM: f.meanRadiusM, volumeFraction: f.volumeFraction, matrixX: f.matrixX },
      initialDrivingForce: r.initialDrivingForce,
      criticalRadiusM: f.criticalRadiusM,
      equilibrium: r.equilibrium,
    },
  };
}

interface ProgressFile {
  fraction: number;
  steps: number;
  state: KwnState;
  history: KwnState[];
}

/** The curves so far of a running task, from progress.json (written whole and renamed by the CLI). */
export async function readKwnProgress(workDir: string): Promise<TaskProgress> {
  let p: ProgressFile;
  try {
    p = JSON.parse(await fs.readFile(path.join(workDir, "progress.json"), "utf8")) as ProgressFile;
  } catch {
    return { series: [], scalars: [] };
  }
  if (!p || !Array.isArray(p.history) || !p.state) return { series: [], scalars: [] };
  const s = p.state;
  return {
    series: curves(p.history, false).filter((c) => ["numberDensity", "meanRadius", "volumeFraction"].includes(c.key)),
    scalars: [
      ...scalar("timeH", t("已算到的时间", "Time reached", "Tiempo alcanzado", "計算済みの時間"), "h", s.timeS / 3600),
      ...scalar("numberDensity", t("数密度", "Number density", "Densidad numérica", "数密度"), "m⁻³", s.numberDensity),
      ...scalar("meanRadiusNm", t("平均半径", "Mean radius", "Radio medio", "平均半径"), "nm", s.meanRadiusM * 1e9),
      ...scalar("volumeFractionPercent", t("体积分数", "Volume fraction", "Fracción de volumen", "体積分率"), "%", s.volumeFraction * 100),
    ],
  };
}
