import fs from "node:fs/promises";
import path from "node:path";
import type { ResultFile, ResultImage, ResultScalar, ResultSeries, TaskProgress, TaskResult } from "../types.ts";
import type { Texts } from "../../../http/messages.ts";

/** The solver's result.json (solvers/phasefield/cli.ts), as far as the platform reads it. */
interface SolverResult {
  params: { model: "allen-cahn" | "cahn-hilliard"; steps: number; dt: number };
  history: Array<{ step: number; timeS: number; energy: number; length: number; grains?: number; mean?: number }>;
  snapshots: Array<{ step: number; timeS: number; path: string }>;
  fieldFile: string;
  finalEnergy: number;
  finalLength: number;
  finalTimeS: number;
  wallTimeS: number;
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
} satisfies Record<string, Texts>;

const OFFERED_FILES = ["result.json", "phasefield.in", "progress.csv", "stdout.log", "stderr.log"];
const isNumbers = (v: unknown): v is number[] => Array.isArray(v) && v.every((x) => typeof x === "number");

function curve(key: string, label: Texts, x: number[], yLabel: Texts, yUnit: string, y: number[]): ResultSeries {
  return { key, label, x: { label: T.time, unit: "s", values: x }, y: { label: yLabel, unit: yUnit, values: y } };
}

/** Energy and length curves of a model's history (also what the live view draws from progress.csv). */
function historySeries(model: string, time: number[], energy: number[], length: number[], grains?: number[]): ResultSeries[] {
  const ac = model === "allen-cahn";
  // A length that is not defined (no grain left) is dropped with its time rather than plotted as NaN.
  const ok = length.map((v) => Number.isFinite(v));
  const out = [
    curve("energy", T.energyCurve, time, T.energy, "J/m³", energy),
    curve(ac ? "grainSize" : "length", ac ? T.grainSizeCurve : T.lengthCurve, time.filter((_, i) => ok[i]), ac ? T.grainSize : T.length, "m", length.filter((_, i) => ok[i])),
  ];
  if (ac && grains) out.push(curve("grains", T.grainsCurve, time, T.grains, "", grains));
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
  const time = h.map((p) => p.timeS);
  const energy = h.map((p) => p.energy);
  const length = h.map((p) => p.length);
  if (!isNumbers(time) || !isNumbers(energy) || !isNumbers(length)) throw new Error("result.json history is not numbers");
  const ac = r.params.model === "allen-cahn";
  const grains = ac ? h.map((p) => p.grains ?? 0) : undefined;
  const scalars: ResultScalar[] = [
    { key: "finalEnergy", label: T.finalEnergy, value: r.finalEnergy, unit: "J/m³" },
    { key: "finalLength", label: ac ? T.finalGrain : T.finalLength, value: r.finalLength, unit: "m" },
    { key: "steps", label: T.steps, value: r.params.steps, unit: "" },
    { key: "finalTime", label: T.finalTime, value: r.finalTimeS, unit: "s" },
    { key: "wallTime", label: T.wallTime, value: r.wallTimeS, unit: "s" },
  ];
  if (ac && grains) scalars.push({ key: "finalGrains", label: T.finalGrains, value: grains.at(-1)!, unit: "" });
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
    series: historySeries(r.params.model, time, energy, length, grains),
    tables: [],
    files,
    images,
    values: { model: r.params.model, finalEnergy: r.finalEnergy, finalLength: r.finalLength, time, energy, length },
  };
}

/** The live view of a running task: progress.csv so far (the solver appends a line per history point). */
export async function readPhaseFieldProgress(workDir: string): Promise<TaskProgress> {
  let text = "";
  let deck = "";
  try {
    [text, deck] = await Promise.all([fs.readFile(path.join(workDir, "progress.csv"), "utf8"), fs.readFile(path.join(workDir, "phasefield.in"), "utf8").catch(() => "")]);
  } catch {
    return { series: [], scalars: [] };
  }
  const model = /^\s*model\s*=\s*cahn-hilliard/m.test(deck) ? "cahn-hilliard" : "allen-cahn";
  const rows = text
    .split("\n")
    .slice(1)
    .map((l) => l.split(",").map(Number))
    // A line being written (or cut) has fewer fields or a non-number: skipped until it is whole.
    .filter((r) => r.length === 4 && r.slice(0, 3).every(Number.isFinite));
  if (!rows.length) return { series: [], scalars: [] };
  const last = rows[rows.length - 1];
  return {
    series: historySeries(model, rows.map((r) => r[1]), rows.map((r) => r[2]), rows.map((r) => r[3])),
    scalars: [
      { key: "stepReached", label: T.stepReached, value: last[0], unit: "" },
      { key: "energy", label: T.energy, value: last[2], unit: "J/m³" },
    ],
  };
}
