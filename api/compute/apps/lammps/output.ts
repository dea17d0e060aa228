import fs from "node:fs/promises";
import path from "node:path";
import type { Texts } from "../../../http/messages.ts";
import type { ResultFile, ResultImage, ResultScalar, ResultSeries, TaskProgress, TaskResult } from "../types.ts";
import { readLammpsLog, type LammpsLog, type ThermoBlock } from "./log.ts";
import { stackedThermoSvg } from "./thermo-svg.ts";

export const LOG_FILE = "log.lammps";
/** The picture parseOutput draws of the MD: temperature over total energy against the step. */
export const THERMO_PICTURE = "thermo.svg";

type Quantity = "temperature" | "energy" | "pressure" | "volume" | "length";

/** Units of LAMMPS's unit styles (manual, "units" command); lj and unknown styles are reduced units, shown bare. */
const UNITS: Record<string, Record<Quantity, string>> = {
  metal: { temperature: "K", energy: "eV", pressure: "bar", volume: "Å³", length: "Å" },
  real: { temperature: "K", energy: "kcal/mol", pressure: "atm", volume: "Å³", length: "Å" },
  si: { temperature: "K", energy: "J", pressure: "Pa", volume: "m³", length: "m" },
  cgs: { temperature: "K", energy: "erg", pressure: "dyn/cm²", volume: "cm³", length: "cm" },
};
const unitOf = (style: string, q: Quantity) => UNITS[style]?.[q] ?? "";

/** Thermo columns worth a curve: LAMMPS's header name → key, label, quantity. */
const COLUMNS: Record<string, { key: string; label: Texts; quantity: Quantity }> = {
  Temp: { key: "temperature", quantity: "temperature", label: { zh: "温度", en: "Temperature", es: "Temperatura", ja: "温度" } },
  TotEng: { key: "totalEnergy", quantity: "energy", label: { zh: "总能量", en: "Total energy", es: "Energía total", ja: "全エネルギー" } },
  PotEng: { key: "potentialEnergy", quantity: "energy", label: { zh: "势能", en: "Potential energy", es: "Energía potencial", ja: "ポテンシャルエネルギー" } },
  KinEng: { key: "kineticEnergy", quantity: "energy", label: { zh: "动能", en: "Kinetic energy", es: "Energía cinética", ja: "運動エネルギー" } },
  E_pair: { key: "pairEnergy", quantity: "energy", label: { zh: "对势能", en: "Pair energy", es: "Energía de pares", ja: "ペアエネルギー" } },
  Enthalpy: { key: "enthalpy", quantity: "energy", label: { zh: "焓", en: "Enthalpy", es: "Entalpía", ja: "エンタルピー" } },
  Press: { key: "pressure", quantity: "pressure", label: { zh: "压力", en: "Pressure", es: "Presión", ja: "圧力" } },
  Volume: { key: "volume", quantity: "volume", label: { zh: "体积", en: "Volume", es: "Volumen", ja: "体積" } },
  Lx: { key: "lx", quantity: "length", label: { zh: "盒长 Lx", en: "Box length Lx", es: "Longitud de caja Lx", ja: "セル長 Lx" } },
};

const STEP_LABEL: Texts = { zh: "时间步", en: "Step", es: "Paso", ja: "ステップ" };

/** Known results the graphical deck prints; a user's own RESULT lines keep their key as label. */
const RESULTS: Record<string, { label: Texts; unit: string }> = {
  latticeConstantA: { unit: "Å", label: { zh: "弛豫后晶格常数", en: "Relaxed lattice constant", es: "Parámetro de red relajado", ja: "緩和後の格子定数" } },
  cohesiveEnergyEvPerAtom: { unit: "eV/atom", label: { zh: "结合能（每原子势能）", en: "Cohesive energy (potential energy per atom)", es: "Energía de cohesión (energía potencial por átomo)", ja: "凝集エネルギー（原子あたりのポテンシャルエネルギー）" } },
  atoms: { unit: "", label: { zh: "原子数", en: "Atoms", es: "Átomos", ja: "原子数" } },
  soluteFraction: { unit: "", label: { zh: "实际溶质原子分数", en: "Solute atomic fraction (as placed)", es: "Fracción atómica de soluto (colocada)", ja: "実際の溶質原子分率" } },
};

const same = (s: string): Texts => ({ zh: s, en: s, es: s, ja: s });

/** A block's curves against Step, one per known column. */
export function thermoSeries(block: ThermoBlock, units: string): ResultSeries[] {
  const step = block.columns.indexOf("Step");
  return block.columns.flatMap((name, i) => {
    const c = COLUMNS[name];
    if (!c || i === step) return [];
    return [{
      key: c.key,
      label: c.label,
      x: { label: STEP_LABEL, unit: "", values: block.rows.map((r) => r[step]) },
      y: { label: c.label, unit: unitOf(units, c.quantity), values: block.rows.map((r) => r[i]) },
    }];
  });
}

/** The MD the result shows: the last run's table (a minimize only when nothing else ran). */
export function mdBlock(log: LammpsLog): ThermoBlock | undefined {
  const withRows = log.blocks.filter((b) => b.rows.length > 0);
  return withRows.filter((b) => !b.minimization).at(-1) ?? withRows.at(-1);
}

/** Means of a run's second half (the first is equilibration): column, key, label. */
const MEANS: Array<{ column: string; key: string; label: Texts }> = [
  { column: "Temp", key: "meanTemperature", label: { zh: "平均温度（后半段）", en: "Mean temperature (second half)", es: "Temperatura media (segunda mitad)", ja: "平均温度（後半）" } },
  { column: "Press", key: "meanPressure", label: { zh: "平均压力（后半段）", en: "Mean pressure (second half)", es: "Presión media (segunda mitad)", ja: "平均圧力（後半）" } },
  { column: "Volume", key: "meanVolume", label: { zh: "平均体积（后半段）", en: "Mean volume (second half)", es: "Volumen medio (segunda mitad)", ja: "平均体積（後半）" } },
  { column: "TotEng", key: "meanTotalEnergy", label: { zh: "平均总能量（后半段）", en: "Mean total energy (second half)", es: "Energía total media (segunda mitad)", ja: "平均全エネルギー（後半）" } },
];

function meanScalars(block: ThermoBlock, units: string): ResultScalar[] {
  if (block.minimization || block.rows.length < 2) return [];
  const half = block.rows.slice(Math.floor(block.rows.length / 2));
  return MEANS.flatMap((m) => {
    const i = block.columns.indexOf(m.column);
    if (i < 0) return [];
    const value = half.reduce((s, r) => s + r[i], 0) / half.length;
    return [{ key: m.key, label: m.label, value, unit: unitOf(units, COLUMNS[m.column].quantity) }];
  });
}

function resultScalars(log: LammpsLog): ResultScalar[] {
  // A key printed twice (a loop) keeps its last value.
  const byKey = new Map(log.results.map((r) => [r.key, r.value]));
  return [...byKey].map(([key, value]) => ({ key, value, label: RESULTS[key]?.label ?? same(key), unit: RESULTS[key]?.unit ?? "" }));
}

/** The files a run leaves that are worth downloading: everything but the executor's own bookkeeping. */
async function offeredFiles(workDir: string): Promise<ResultFile[]> {
  const entries = await fs.readdir(workDir, { withFileTypes: true });
  const skip = new Set(["job.sh", "job.state", "job.exit", "result.json"]);
  const files: ResultFile[] = [];
  for (const e of entries.filter((x) => x.isFile() && !skip.has(x.name)).sort((a, b) => a.name.localeCompare(b.name))) {
    files.push({ path: e.name, bytes: (await fs.stat(path.join(workDir, e.name))).size });
  }
  return files;
}

/** Temperature above total energy (or potential energy) of a run, when its table has them; else null. */
function thermoPicture(block: ThermoBlock, units: string): string | null {
  const col = (name: string) => block.columns.indexOf(name);
  const energy = col("TotEng") >= 0 ? "TotEng" : col("PotEng") >= 0 ? "PotEng" : null;
  if (col("Temp") < 0 || !energy) return null;
  const withUnit = (symbol: string, unit: string) => (unit ? `${symbol} (${unit})` : symbol);
  const steps = block.rows.map((r) => r[col("Step")]);
  return stackedThermoSvg(steps, [
    { title: withUnit("T", unitOf(units, "temperature")), y: block.rows.map((r) => r[col("Temp")]), colour: "#c0392b" },
    { title: withUnit(energy === "TotEng" ? "E total" : "E pot", unitOf(units, "energy")), y: block.rows.map((r) => r[col(energy)]), colour: "#1f5fa8" },
  ]);
}

/** A finished run's result: RESULT scalars, the MD's means and curves, the files. Throws when log.lammps says nothing. */
export async function readLammpsResult(workDir: string): Promise<TaskResult> {
  let text: string;
  try {
    text = await fs.readFile(path.join(workDir, LOG_FILE), "utf8");
  } catch (e) {
    throw new Error(`${LOG_FILE} unreadable: ${(e as Error).message}`);
  }
  const log = readLammpsLog(text);
  if (log.error) throw new Error(`LAMMPS stopped: ${log.error}`);
  const block = mdBlock(log);
  if (!block && log.results.length === 0) throw new Error(`${LOG_FILE} has no thermo output and no RESULT lines`);
  const images: ResultImage[] = [];
  if (block && !block.minimization && block.rows.length > 1) {
    const svg = thermoPicture(block, log.units);
    if (svg) {
      await fs.writeFile(path.join(workDir, THERMO_PICTURE), svg);
      images.push({ key: "thermo", path: THERMO_PICTURE, label: { zh: "分子动力学：温度与总能量", en: "MD: temperature and total energy", es: "DM: temperatura y energía total", ja: "MD：温度と全エネルギー" } });
    }
  }
  return {
    images,
    scalars: [...resultScalars(log), ...(block ? meanScalars(block, log.units) : [])],
    series: block ? thermoSeries(block, log.units) : [],
    tables: [],
    files: await offeredFiles(workDir),
  };
}

/** A running task's curves: the table being written now (a minimize or a run), and the RESULT lines so far. */
export async function readLammpsProgress(workDir: string): Promise<TaskProgress> {
  let text = "";
  try {
    text = await fs.readFile(path.join(workDir, LOG_FILE), "utf8");
  } catch {
    return { series: [], scalars: [] };
  }
  const log = readLammpsLog(text);
  const block = log.blocks.filter((b) => b.rows.length > 0).at(-1);
  return { series: block ? thermoSeries(block, log.units) : [], scalars: resultScalars(log) };
}
