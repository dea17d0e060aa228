import fs from "node:fs/promises";
import path from "node:path";
import type { ResultFile, ResultImage, ResultScalar, ResultSeries, TaskProgress, TaskResult } from "../types.ts";
import type { Texts } from "../../../http/messages.ts";
import { sharpInterfaceLifetime, sharpInterfaceRadius, type CircleLawFit } from "../../../../solvers/phasefield/circleRadius.ts";
import { parsePhaseFieldDeck, resolvePhaseField, type ResolvedPhaseField } from "../../../../solvers/phasefield/params.ts";
import { readProgressCsv } from "../../../../solvers/phasefield/progress.ts";

/** What the curves depend on: the model, whether it is a circle run, and the law's L and κ. */
type Run = Pick<ResolvedPhaseField, "model" | "initial" | "mobility" | "kappa">;

/** The solver's result.json (solvers/phasefield/cli.ts), as far as the platform reads it. */
interface SolverResult {
  params: Run & { steps: number; dt: number };
  history: Array<{ step: number; timeS: number; energy: number; length?: number; grains?: number; radius?: number; mean?: number }>;
  snapshots: Array<{ step: number; timeS: number; path: string }>;
  fieldFile: string;
  finalEnergy: number;
  /** Runs from nuclei or noise. */
  finalLength?: number;
  /** Circle runs; circleLaw for Allen–Cahn only, null when too few points were fit. */
  finalRadius?: number;
  circleLaw?: CircleLawFit | null;
  finalTimeS: number;
  wallTimeS: number;
}

/** The history's columns, from result.json or from progress.csv so far. */
interface HistoryColumns {
  timeS: number[];
  energy: number[];
  length?: number[];
  grains?: number[];
  radius?: number[];
}

const T = {
  time: { zh: "时间", en: "Time", es: "Tiempo", ja: "時間" },
  energy: { zh: "自由能密度（区域平均）", en: "Free energy density (domain mean)", es: "Densidad de energía libre (media del dominio)", ja: "自由エネルギー密度（領域平均）" },
  energyCurve: { zh: "自由能随时间变化", en: "Free energy over time", es: "Energía libre en el tiempo", ja: "自由エネルギーの時間変化" },
  grainSize: { zh: "平均晶粒直径", en: "Mean grain diameter", es: "Diámetro medio de grano", ja: "平均結晶粒径" },
  grainSizeCurve: { zh: "平均晶粒直径随时间变化", en: "Mean grain diameter over time", es: "Diámetro medio de grano en el tiempo", ja: "平均結晶粒径の時間変化" },
  length: { zh: "特征长度 2π/⟨k⟩", en: "Characteristic length 2π/⟨k⟩", es: "Longitud característica 2π/⟨k⟩", ja: "特性長さ 2π/⟨k⟩" },
  lengthCurve: { zh: "特征长度随时间变化", en: "Characteristic length over time", es: "Longitud característica en el tiempo", ja: "特性長さの時間変化" },
  grains: { zh: "晶粒数", en: "Grains", es: "Granos", ja: "結晶粒数" },
  grainsCurve: { zh: "晶粒数随时间变化", en: "Number of grains over time", es: "Número de granos en el tiempo", ja: "結晶粒数の時間変化" },
  finalEnergy: { zh: "最终自由能密度", en: "Final free energy density", es: "Densidad de energía libre final", ja: "最終自由エネルギー密度" },
  finalGrain: { zh: "最终平均晶粒直径", en: "Final mean grain diameter", es: "Diámetro medio de grano final", ja: "最終平均結晶粒径" },
  finalLength: { zh: "最终特征长度", en: "Final characteristic length", es: "Longitud característica final", ja: "最終特性長さ" },
  finalGrains: { zh: "最终晶粒数", en: "Grains at the end", es: "Granos al final", ja: "最終結晶粒数" },
  meanDrift: { zh: "平均浓度漂移", en: "Drift of the mean concentration", es: "Deriva de la concentración media", ja: "平均濃度のずれ" },
  steps: { zh: "时间步数", en: "Time steps", es: "Pasos de tiempo", ja: "時間ステップ数" },
  stepReached: { zh: "已完成步数", en: "Steps done", es: "Pasos hechos", ja: "完了ステップ数" },
  finalTime: { zh: "模拟时间", en: "Simulated time", es: "Tiempo simulado", ja: "シミュレーション時間" },
  wallTime: { zh: "计算用时", en: "Wall time", es: "Tiempo de cálculo", ja: "計算時間" },
  film: { zh: "组织演变", en: "Microstructure evolution", es: "Evolución de la microestructura", ja: "組織の変化" },
  frame: { zh: "快照", en: "Snapshot", es: "Instantánea", ja: "スナップショット" },
  radius: { zh: "半径 R = √(A/π)", en: "Radius R = √(A/π)", es: "Radio R = √(A/π)", ja: "半径 R = √(A/π)" },
  radiusNow: { zh: "当前半径", en: "Radius now", es: "Radio actual", ja: "現在の半径" },
  grainRadiusChart: {
    zh: "圆形晶粒的半径：相场模拟与尖锐界面理论",
    en: "Radius of the circular grain: phase field and sharp-interface law",
    es: "Radio del grano circular: campo de fase y ley de interfaz delgada",
    ja: "円形粒の半径：フェーズフィールドと鋭い界面の理論",
  },
  grainRadius: {
    zh: "相场模拟：R = √(A/π)，A 为该晶粒的面积（η 高于两相中间值处）",
    en: "Phase field: R = √(A/π), A the grain's area (where η is above halfway between the two grains)",
    es: "Campo de fase: R = √(A/π), A el área del grano (donde η supera el valor intermedio entre los dos granos)",
    ja: "フェーズフィールド：R = √(A/π)、A は粒の面積（η が二つの粒の中間値を超える領域）",
  },
  law: {
    zh: "尖锐界面极限 R² = R₀² − 2Lκt：曲率驱动的界面运动 v = −Lκ/R，由本次计算的 L、κ 与 R₀ 算出",
    en: "Sharp-interface law R² = R₀² − 2Lκt: motion by curvature v = −Lκ/R, from this run's L, κ and R₀",
    es: "Ley de interfaz delgada R² = R₀² − 2Lκt: movimiento por curvatura v = −Lκ/R, con L, κ y R₀ de este cálculo",
    ja: "鋭い界面の極限 R² = R₀² − 2Lκt：曲率駆動の界面移動 v = −Lκ/R（この計算の L、κ、R₀ による）",
  },
  precipitateRadius: {
    zh: "析出相半径（c > ½ 的面积）：先向基体释放溶质而略微缩小（Gibbs–Thomson 效应），随后保持不变（质量守恒）",
    en: "Precipitate radius (area where c > ½): shrinks a little as it gives solute to the matrix (Gibbs–Thomson), then holds, as the mass is conserved",
    es: "Radio del precipitado (área donde c > ½): se encoge un poco al ceder soluto a la matriz (Gibbs–Thomson) y luego se mantiene, pues la masa se conserva",
    ja: "析出物の半径（c > ½ の面積）：母相へ溶質を放出して少し縮み（Gibbs–Thomson 効果）、その後は一定（質量保存）",
  },
  initialRadius: { zh: "初始半径 R₀", en: "Initial radius R₀", es: "Radio inicial R₀", ja: "初期半径 R₀" },
  finalRadius: { zh: "最终半径", en: "Final radius", es: "Radio final", ja: "最終半径" },
  r2Slope: {
    zh: "R² 对时间的拟合斜率（R 不小于 4 倍界面宽度时）",
    en: "Fitted slope of R² against time (while R is at least 4 interface widths)",
    es: "Pendiente ajustada de R² frente al tiempo (mientras R es al menos 4 anchos de interfaz)",
    ja: "R² の時間に対するフィット勾配（R が界面幅の 4 倍以上の間）",
  },
  lawSlope: { zh: "尖锐界面斜率 −2Lκ", en: "Sharp-interface slope −2Lκ", es: "Pendiente de interfaz delgada −2Lκ", ja: "鋭い界面の勾配 −2Lκ" },
  slopeError: {
    zh: "拟合斜率相对 −2Lκ 的误差",
    en: "Error of the fitted slope against −2Lκ",
    es: "Error de la pendiente ajustada frente a −2Lκ",
    ja: "フィット勾配の −2Lκ に対する誤差",
  },
} satisfies Record<string, Texts>;

const OFFERED_FILES = ["result.json", "phasefield.in", "progress.csv", "stdout.log", "stderr.log"];
const isNumbers = (v: unknown): v is number[] => Array.isArray(v) && v.every((x) => typeof x === "number");

function curve(key: string, label: Texts, x: number[], yLabel: Texts, yUnit: string, y: number[]): ResultSeries {
  return { key, label, x: { label: T.time, unit: "s", values: x }, y: { label: yLabel, unit: yUnit, values: y } };
}

/** The circle runs' plot: the radius, and for Allen–Cahn the law beside it. */
const RADIUS_CHART = { key: "radius", label: T.grainRadiusChart };

/**
 * A circle run's radius over time (docs/phasefield.md, "The circle case"). For Allen–Cahn, on the same plot, the
 * sharp-interface law from the run's own L and κ and its first measured radius, drawn until the law's circle is
 * gone; for Cahn–Hilliard there is no such law at fixed mass, and the curve's title says what it shows.
 */
function radiusSeries(run: Run, time: number[], radius: number[]): ResultSeries[] {
  if (!radius.length) return [];
  if (run.model === "cahn-hilliard") return [curve("radius", T.precipitateRadius, time, T.radius, "m", radius)];
  const r0 = radius[0];
  const gone = sharpInterfaceLifetime(r0, run.mobility, run.kappa);
  const lawTime = time.filter((t) => t < gone);
  const law = lawTime.map((t) => sharpInterfaceRadius(r0, run.mobility, run.kappa, t));
  if (gone <= time[time.length - 1]) {
    lawTime.push(gone);
    law.push(0);
  }
  return [
    { ...curve("radius", T.grainRadius, time, T.radius, "m", radius), chart: RADIUS_CHART },
    { ...curve("sharpInterfaceRadius", T.law, lawTime, T.radius, "m", law), chart: RADIUS_CHART, reference: true },
  ];
}

/**
 * The curves of a run's history (also what the live view draws from progress.csv): the energy, then a circle run's
 * radius, or the length scale (and grain count) of a run from nuclei or noise. Each means something for its case:
 * one circle has no grain size, and its grain count is that of the box.
 */
function historySeries(run: Run, h: HistoryColumns): ResultSeries[] {
  const out = [curve("energy", T.energyCurve, h.timeS, T.energy, "J/m³", h.energy)];
  if (run.initial === "circle") return [...out, ...radiusSeries(run, h.timeS, h.radius ?? [])];
  if (!h.length) return out;
  const ac = run.model === "allen-cahn";
  // A length that is not defined (no grain left) is dropped with its time rather than plotted as NaN.
  const ok = h.length.map((v) => Number.isFinite(v));
  const length = h.length.filter((_, i) => ok[i]);
  out.push(curve(ac ? "grainSize" : "length", ac ? T.grainSizeCurve : T.lengthCurve, h.timeS.filter((_, i) => ok[i]), ac ? T.grainSize : T.length, "m", length));
  if (ac && h.grains) out.push(curve("grains", T.grainsCurve, h.timeS, T.grains, "", h.grains));
  return out;
}

/** A circle run's scalars: its radius at both ends, and for Allen–Cahn the fitted slope of R² against the law's. */
function circleScalars(r: SolverResult, radius: number[]): ResultScalar[] {
  const out: ResultScalar[] = [
    { key: "initialRadius", label: T.initialRadius, value: radius[0], unit: "m" },
    { key: "finalRadius", label: T.finalRadius, value: radius[radius.length - 1], unit: "m" },
  ];
  const fit = r.circleLaw;
  if (r.params.model === "allen-cahn" && fit) {
    out.push(
      { key: "r2Slope", label: T.r2Slope, value: fit.slope, unit: "m²/s" },
      { key: "lawSlope", label: T.lawSlope, value: fit.lawSlope, unit: "m²/s" },
      { key: "slopeErrorPercent", label: T.slopeError, value: fit.relativeError * 100, unit: "%" },
    );
  }
  return out;
}

/** Reads result.json of a finished phase-field run; throws with a plain reason when it is missing or malformed. */
export async function readPhaseFieldResult(workDir: string): Promise<TaskResult> {
  let r: SolverResult;
  try {
    r = JSON.parse(await fs.readFile(path.join(workDir, "result.json"), "utf8"));
  } catch (e) {
    throw new Error(`result.json unreadable: ${(e as Error).message}`);
  }
  if (!r || !Array.isArray(r.history) || r.history.length < 2 || !Array.isArray(r.snapshots) || !r.params) {
    throw new Error("result.json has no history or snapshots");
  }
  const h = r.history;
  const run = r.params;
  const circle = run.initial === "circle";
  const ac = run.model === "allen-cahn";
  const timeS = h.map((p) => p.timeS);
  const energy = h.map((p) => p.energy);
  // A circle run measures its radius; the others their length scale.
  const measured = h.map((p) => (circle ? p.radius : p.length));
  if (!isNumbers(timeS) || !isNumbers(energy) || !isNumbers(measured)) throw new Error("result.json history is not numbers");
  const cols: HistoryColumns = {
    timeS,
    energy,
    ...(circle ? { radius: measured } : { length: measured }),
    ...(ac && !circle ? { grains: h.map((p) => p.grains ?? 0) } : {}),
  };
  const scalars: ResultScalar[] = [
    { key: "finalEnergy", label: T.finalEnergy, value: r.finalEnergy, unit: "J/m³" },
    ...(circle ? circleScalars(r, cols.radius!) : [{ key: "finalLength", label: ac ? T.finalGrain : T.finalLength, value: r.finalLength!, unit: "m" }]),
    { key: "steps", label: T.steps, value: run.steps, unit: "" },
    { key: "finalTime", label: T.finalTime, value: r.finalTimeS, unit: "s" },
    { key: "wallTime", label: T.wallTime, value: r.wallTimeS, unit: "s" },
  ];
  if (cols.grains) scalars.push({ key: "finalGrains", label: T.finalGrains, value: cols.grains.at(-1)!, unit: "" });
  if (!ac) {
    const means = h.map((p) => p.mean ?? Number.NaN);
    scalars.push({ key: "meanDrift", label: T.meanDrift, value: Math.max(...means.map((m) => Math.abs(m - means[0]))), unit: "" });
  }
  const images: ResultImage[] = r.snapshots.map((s, i) => ({
    key: `snapshot-${i}`,
    label: { zh: `${T.frame.zh} ${i + 1}`, en: `${T.frame.en} ${i + 1}`, es: `${T.frame.es} ${i + 1}`, ja: `${T.frame.ja} ${i + 1}` },
    path: s.path,
    sequence: { key: "evolution", label: T.film, at: `t = ${Number(s.timeS.toPrecision(6))} s · ${s.step}` },
  }));
  const files: ResultFile[] = [];
  for (const p of [...OFFERED_FILES, r.fieldFile, ...r.snapshots.map((s) => s.path)]) {
    try {
      files.push({ path: p, bytes: (await fs.stat(path.join(workDir, p))).size });
    } catch {
      // A file the run did not write (an empty stderr may be absent) is simply not offered.
    }
  }
  return {
    scalars: scalars.filter((s) => Number.isFinite(s.value)),
    series: historySeries(run, cols),
    tables: [],
    files,
    images,
    values: {
      model: run.model,
      finalEnergy: r.finalEnergy,
      time: cols.timeS,
      energy: cols.energy,
      ...(circle
        ? { radius: cols.radius, finalRadius: r.finalRadius, ...(r.circleLaw ? { slopeError: r.circleLaw.relativeError } : {}) }
        : { length: cols.length, finalLength: r.finalLength }),
    },
  };
}

/** The run's params from its deck, as the solver resolved them; null if the deck cannot be read. */
async function readRun(workDir: string): Promise<Run | null> {
  try {
    return resolvePhaseField(parsePhaseFieldDeck(await fs.readFile(path.join(workDir, "phasefield.in"), "utf8")));
  } catch {
    return null;
  }
}

/** The live view of a running task: progress.csv so far (the solver appends a line per history point). */
export async function readPhaseFieldProgress(workDir: string): Promise<TaskProgress> {
  let text: string;
  try {
    text = await fs.readFile(path.join(workDir, "progress.csv"), "utf8");
  } catch {
    return { series: [], scalars: [] };
  }
  const { step, timeS, energy, length, radius } = readProgressCsv(text);
  if (!step?.length || !timeS || !energy) return { series: [], scalars: [] };
  const run = await readRun(workDir);
  const last = step.length - 1;
  return {
    // Without a readable deck (it was checked at submission, so hardly ever) the energy alone, which every run has.
    series: run ? historySeries(run, { timeS, energy, length, radius }) : [curve("energy", T.energyCurve, timeS, T.energy, "J/m³", energy)],
    scalars: [
      { key: "stepReached", label: T.stepReached, value: step[last], unit: "" },
      { key: "energy", label: T.energy, value: energy[last], unit: "J/m³" },
      ...(radius ? [{ key: "radius", label: T.radiusNow, value: radius[last], unit: "m" }] : []),
    ],
  };
}
