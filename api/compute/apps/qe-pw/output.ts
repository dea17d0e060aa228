import fs from "node:fs/promises";
import path from "node:path";
import { texts as L } from "../../../http/messages.ts";
import type { ResultFile, ResultImage, ResultScalar, ResultSeries, ResultTable, TaskProgress, TaskResult } from "../types.ts";
import { BOHR_A, EOS_DIR, MAIN_INPUT } from "./deck.ts";
import { fitBirchMurnaghan, RY_PER_BOHR3_GPA } from "./eos.ts";
import { parsePwOutput, type PwRun } from "./pw-output.ts";
import { renderPlotSvg } from "./svg-plot.ts";

export const MAIN_OUTPUT = "pw.out";
const RY_EV = 13.605693122994;
const BOHR3_A3 = BOHR_A ** 3;

const S = {
  totalEnergyRy: L("总能量", "Total energy", "Energía total", "全エネルギー"),
  totalEnergyEv: L("总能量（eV）", "Total energy (eV)", "Energía total (eV)", "全エネルギー（eV）"),
  fermiEnergyEv: L("费米能", "Fermi energy", "Energía de Fermi", "フェルミエネルギー"),
  highestOccupiedEv: L("最高占据能级", "Highest occupied level", "Nivel ocupado más alto", "最高占有準位"),
  totalMagnetization: L("总磁矩", "Total magnetisation", "Magnetización total", "全磁化"),
  absoluteMagnetization: L("绝对磁矩", "Absolute magnetisation", "Magnetización absoluta", "絶対磁化"),
  totalForce: L("总受力", "Total force", "Fuerza total", "全力"),
  pressureKbar: L("压强", "Pressure", "Presión", "圧力"),
  scfIterations: L("自洽迭代次数", "SCF iterations", "Iteraciones SCF", "SCF 反復回数"),
  volume: L("晶胞体积", "Unit-cell volume", "Volumen de la celda", "単位胞体積"),
  eosA: L("平衡晶格常数", "Equilibrium lattice constant", "Constante de red de equilibrio", "平衡格子定数"),
  bulk: L("体模量 B0", "Bulk modulus B0", "Módulo volumétrico B0", "体積弾性率 B0"),
  bulkPrime: L("体模量压力导数 B0'", "Pressure derivative B0'", "Derivada B0'", "体積弾性率の圧力微分 B0'"),
  eosV0: L("平衡体积 V0（每晶胞）", "Equilibrium volume V0 (per cell)", "Volumen de equilibrio V0 (por celda)", "平衡体積 V0（単位胞あたり）"),
  eosE0: L("平衡能量 E0", "Equilibrium energy E0", "Energía de equilibrio E0", "平衡エネルギー E0"),
  eosRms: L("拟合残差（均方根）", "Fit residual (RMS)", "Residuo del ajuste (RMS)", "フィット残差（RMS）"),
  eosDone: L("已完成的状态方程点", "EOS points done", "Puntos de la ecuación de estado hechos", "完了した状態方程式の点"),
};
const SCF_SERIES = {
  label: L("自洽收敛（估计精度）", "SCF convergence (estimated accuracy)", "Convergencia SCF (precisión estimada)", "SCF 収束（推定精度）"),
  x: L("自洽迭代", "SCF iteration", "Iteración SCF", "SCF 反復"),
  y: L("log₁₀ 估计自洽精度", "log₁₀ estimated SCF accuracy", "log₁₀ precisión SCF estimada", "log₁₀ 推定 SCF 精度"),
};
const VOLUME_AXIS = L("晶胞体积", "Cell volume", "Volumen de la celda", "単位胞体積");
const ENERGY_AXIS = L("总能量", "Total energy", "Energía total", "全エネルギー");

const scalar = (key: keyof typeof S, value: number | undefined, unit: string, outKey: string = key): ResultScalar[] =>
  value === undefined || !Number.isFinite(value) ? [] : [{ key: outKey, label: S[key], value, unit }];

/** The SCF convergence as log₁₀ of the estimated accuracy: it falls over decades, a linear axis would show one step. */
export function scfSeries(run: PwRun): ResultSeries {
  const pts = run.scfAccuracyRy.map((v, i) => [i + 1, v] as const).filter(([, v]) => v > 0);
  return {
    key: "scfAccuracy",
    label: SCF_SERIES.label,
    x: { label: SCF_SERIES.x, unit: "", values: pts.map((p) => p[0]) },
    y: { label: SCF_SERIES.y, unit: "log₁₀ Ry", values: pts.map((p) => Math.log10(p[1])) },
  };
}

/** The scalars and tables of one finished pw.x run. */
export function runResult(run: PwRun): { scalars: ResultScalar[]; tables: ResultTable[] } {
  const energy = run.finalEnergiesRy.at(-1);
  const scalars = [
    ...scalar("totalEnergyRy", energy, "Ry"),
    ...scalar("totalEnergyEv", energy === undefined ? undefined : energy * RY_EV, "eV"),
    ...scalar("fermiEnergyEv", run.fermiEnergyEv, "eV"),
    ...scalar("highestOccupiedEv", run.highestOccupiedEv, "eV"),
    ...scalar("totalMagnetization", run.totalMagnetization, "μB/cell"),
    ...scalar("absoluteMagnetization", run.absoluteMagnetization, "μB/cell"),
    ...scalar("totalForce", run.forces?.totalForce, "Ry/bohr", "totalForceRyBohr"),
    ...scalar("pressureKbar", run.stress?.pressureKbar, "kbar"),
    ...scalar("scfIterations", run.scfIterations, ""),
    ...scalar("volume", run.volumeBohr3 === undefined ? undefined : run.volumeBohr3 * BOHR3_A3, "Å³", "cellVolumeA3"),
  ];
  const tables: ResultTable[] = [];
  if (run.forces) {
    tables.push({
      key: "forces",
      label: L("原子受力", "Forces on atoms", "Fuerzas sobre los átomos", "原子に働く力"),
      columns: [
        { label: L("原子", "Atom", "Átomo", "原子"), unit: "" },
        { label: L("类型", "Type", "Tipo", "種類"), unit: "" },
        { label: L("Fx", "Fx", "Fx", "Fx"), unit: "Ry/bohr" },
        { label: L("Fy", "Fy", "Fy", "Fy"), unit: "Ry/bohr" },
        { label: L("Fz", "Fz", "Fz", "Fz"), unit: "Ry/bohr" },
        { label: L("|F|", "|F|", "|F|", "|F|"), unit: "Ry/bohr" },
      ],
      rows: run.forces.atoms.map((a) => [a.atom, a.type, ...a.f, Math.hypot(...a.f)]),
    });
  }
  if (run.stress) {
    const axis = ["x", "y", "z"];
    tables.push({
      key: "stress",
      label: L("应力张量", "Stress tensor", "Tensor de tensiones", "応力テンソル"),
      columns: [{ label: L("", "", "", ""), unit: "" }, ...axis.map((a) => ({ label: L(a, a, a, a), unit: "kbar" }))],
      rows: run.stress.kbar.map((row, i) => [axis[i], ...row]),
    });
  }
  return { scalars, tables };
}

/** One EOS point: a pw.x output's cell volume and final energy. */
export interface EosPoint {
  file: string;
  alatBohr: number;
  volumeBohr3: number;
  energyRy: number;
}

export function eosPointOf(file: string, run: PwRun): EosPoint {
  const energyRy = run.finalEnergiesRy.at(-1);
  if (energyRy === undefined || run.volumeBohr3 === undefined || run.alatBohr === undefined) throw new Error(`${file} has no final energy or cell volume`);
  // A free cell (ibrav 0, an uploaded structure) has no lattice constant of its own: its a is the cube root of
  // the volume per cell, so a0 of the fit is that too.
  const alatBohr = run.ibrav === 0 ? Math.cbrt(run.volumeBohr3) : run.alatBohr;
  return { file, alatBohr, volumeBohr3: run.volumeBohr3, energyRy };
}

/** The Birch–Murnaghan fit of the points as scalars, series, a table and an SVG (returned as text). */
export function eosResult(points: EosPoint[]): { scalars: ResultScalar[]; series: ResultSeries[]; tables: ResultTable[]; svg: string } {
  const sorted = [...points].sort((a, b) => a.volumeBohr3 - b.volumeBohr3);
  const fit = fitBirchMurnaghan(sorted.map((p) => p.volumeBohr3), sorted.map((p) => p.energyRy));
  // Every point has the same shape (only a changes), so V ∝ a³: a0 from any point's a and V.
  const ref = sorted[0];
  const a0Bohr = ref.alatBohr * Math.cbrt(fit.v0 / ref.volumeBohr3);
  const vA3 = sorted.map((p) => p.volumeBohr3 * BOHR3_A3);
  const lo = sorted[0].volumeBohr3;
  const hi = sorted.at(-1)!.volumeBohr3;
  const curveV = Array.from({ length: 61 }, (_, i) => lo + ((hi - lo) * i) / 60);
  const xAxis = { label: VOLUME_AXIS, unit: "Å³" };
  const yAxis = { label: ENERGY_AXIS, unit: "Ry" };
  const series: ResultSeries[] = [
    { key: "eosPoints", label: L("E–V 计算点", "E–V points (pw.x)", "Puntos E–V (pw.x)", "E–V 計算点"), x: { ...xAxis, values: vA3 }, y: { ...yAxis, values: sorted.map((p) => p.energyRy) } },
    {
      key: "eosFit",
      label: L("Birch–Murnaghan 拟合", "Birch–Murnaghan fit", "Ajuste de Birch–Murnaghan", "Birch–Murnaghan フィット"),
      x: { ...xAxis, values: curveV.map((v) => v * BOHR3_A3) },
      y: { ...yAxis, values: curveV.map((v) => fit.energyAt(v)) },
    },
  ];
  const scalars: ResultScalar[] = [
    { key: "eosLatticeConstantA", label: S.eosA, value: a0Bohr * BOHR_A, unit: "Å" },
    { key: "bulkModulusGPa", label: S.bulk, value: fit.b0 * RY_PER_BOHR3_GPA, unit: "GPa" },
    { key: "bulkModulusDerivative", label: S.bulkPrime, value: fit.b0Prime, unit: "" },
    { key: "eosVolumeA3", label: S.eosV0, value: fit.v0 * BOHR3_A3, unit: "Å³" },
    { key: "eosEnergyRy", label: S.eosE0, value: fit.e0, unit: "Ry" },
    { key: "eosFitRmsRy", label: S.eosRms, value: fit.rms, unit: "Ry" },
  ];
  const table: ResultTable = {
    key: "eos",
    label: L("状态方程计算点", "EOS points", "Puntos de la ecuación de estado", "状態方程式の計算点"),
    columns: [
      { label: L("文件", "File", "Archivo", "ファイル"), unit: "" },
      { label: L("晶格常数", "Lattice constant", "Constante de red", "格子定数"), unit: "Å" },
      { label: VOLUME_AXIS, unit: "Å³" },
      { label: ENERGY_AXIS, unit: "Ry" },
    ],
    rows: sorted.map((p, i) => [p.file, p.alatBohr * BOHR_A, vA3[i], p.energyRy]),
  };
  const svg = renderPlotSvg({
    title: `E(V), Birch–Murnaghan: a0 = ${(a0Bohr * BOHR_A).toFixed(4)} Å, B0 = ${(fit.b0 * RY_PER_BOHR3_GPA).toFixed(1)} GPa`,
    xLabel: "V / Å³ (cell)",
    yLabel: "E / Ry",
    layers: [
      { name: "BM3 fit", kind: "line", x: series[1].x.values, y: series[1].y.values, color: "#d62728" },
      { name: "pw.x", kind: "points", x: vA3, y: sorted.map((p) => p.energyRy), color: "#1f77b4" },
    ],
  });
  return { scalars, series, tables: [table], svg };
}

const readText = (file: string) => fs.readFile(file, "utf8");

/** eos/pNN.out files present, in name order. */
async function eosOutputs(workDir: string): Promise<string[]> {
  try {
    return (await fs.readdir(path.join(workDir, EOS_DIR))).filter((n) => /^p\d+\.out$/.test(n)).sort().map((n) => `${EOS_DIR}/${n}`);
  } catch {
    return [];
  }
}

/** A finished work dir → the task's result; throws with the reason when pw.out has no final energy. */
export async function readQeResult(workDir: string): Promise<TaskResult> {
  let text: string;
  try {
    text = await readText(path.join(workDir, MAIN_OUTPUT));
  } catch (e) {
    throw new Error(`${MAIN_OUTPUT} unreadable: ${(e as Error).message}`);
  }
  const run = parsePwOutput(text);
  if (!run.finalEnergiesRy.length) throw new Error(`${MAIN_OUTPUT} has no final total energy (line starting with "!"): the SCF did not converge or pw.x stopped`);
  const { scalars, tables } = runResult(run);
  const series = [scfSeries(run)];
  const images: ResultImage[] = [];
  const scf = series[0];
  if (scf.x.values.length) {
    await fs.writeFile(
      path.join(workDir, "scf.svg"),
      renderPlotSvg({
        title: "SCF convergence (pw.out)",
        xLabel: "SCF iteration",
        yLabel: "estimated scf accuracy / Ry",
        logY: true,
        layers: [{ name: "pw.x", kind: "line", x: scf.x.values, y: run.scfAccuracyRy.filter((v) => v > 0), color: "#1f77b4" }],
      }),
    );
    images.push({ key: "scf", label: SCF_SERIES.label, path: "scf.svg" });
  }
  const eosFiles = await eosOutputs(workDir);
  if (eosFiles.length) {
    const points = [eosPointOf(MAIN_OUTPUT, run)];
    for (const f of eosFiles) points.push(eosPointOf(f, parsePwOutput(await readText(path.join(workDir, f)))));
    const eos = eosResult(points);
    scalars.unshift(...eos.scalars);
    series.push(...eos.series);
    tables.push(...eos.tables);
    await fs.writeFile(path.join(workDir, "eos.svg"), eos.svg);
    images.unshift({ key: "eos", label: L("能量–体积曲线", "Energy–volume curve", "Curva energía–volumen", "エネルギー–体積曲線"), path: "eos.svg" });
  }
  const files: ResultFile[] = [];
  const eosInputs = eosFiles.map((f) => f.replace(/\.out$/, ".in"));
  for (const p of [MAIN_INPUT, MAIN_OUTPUT, ...eosInputs, ...eosFiles, "CRASH", "stdout.log", "stderr.log", "eos.svg", "scf.svg"]) {
    try {
      const st = await fs.stat(path.join(workDir, p));
      if (st.isFile()) files.push({ path: p, bytes: st.size });
    } catch {
      // Not written by this run (an empty stderr, no CRASH): not offered.
    }
  }
  return { scalars, series, tables, files, images };
}

/** The live view: SCF convergence of pw.out so far, and for an EOS scan the points finished. Never throws. */
export async function readQeProgress(workDir: string): Promise<TaskProgress> {
  const text = await readText(path.join(workDir, MAIN_OUTPUT)).catch(() => "");
  const run = parsePwOutput(text);
  const scalars: ResultScalar[] = [];
  const energy = run.finalEnergiesRy.at(-1);
  if (energy !== undefined) scalars.push({ key: "totalEnergyRy", label: S.totalEnergyRy, value: energy, unit: "Ry" });
  let series = [scfSeries(run)];
  const eosFiles = await eosOutputs(workDir).catch(() => []);
  if (eosFiles.length) {
    let done = run.jobDone ? 1 : 0;
    for (const f of eosFiles) {
      const eosRun = parsePwOutput(await readText(path.join(workDir, f)).catch(() => ""));
      if (eosRun.jobDone) done++;
      // The point being computed is the one to watch.
      else if (eosRun.scfAccuracyRy.length) series = [scfSeries(eosRun)];
    }
    scalars.push({ key: "eosPointsDone", label: S.eosDone, value: done, unit: "" });
  }
  return { series, scalars };
}
