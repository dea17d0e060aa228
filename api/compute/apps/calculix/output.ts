import fs from "node:fs/promises";
import path from "node:path";
import { texts as t, type Texts } from "../../../http/messages.ts";
import { boundaryFaces, meshSvg, type Cell, type CellKind } from "../gmsh/mesh-view.ts";
import { offeredFiles } from "../gmsh/output.ts";
import type { ResultScalar, ResultSeries, ResultTable, TaskProgress, TaskResult } from "../types.ts";
import { datColumns, parseDat, type DatBlock } from "./dat.ts";
import { lastBlock, parseFrd, vonMises, type Frd } from "./frd.ts";

const L = {
  maxU: t("最大位移", "Maximum displacement", "Desplazamiento máximo", "最大変位"),
  maxVm: t("最大 von Mises 应力", "Maximum von Mises stress", "Tensión de von Mises máxima", "最大 von Mises 応力"),
  maxT: t("最高温度", "Maximum temperature", "Temperatura máxima", "最高温度"),
  minT: t("最低温度", "Minimum temperature", "Temperatura mínima", "最低温度"),
  nodes: t("节点数", "Nodes", "Nodos", "節点数"),
  elements: t("单元数", "Elements", "Elementos", "要素数"),
  x: t("轴线位置 x", "Position along the axis x", "Posición a lo largo del eje x", "軸方向の位置 x"),
  deflection: t("轴线挠度（z 向位移）", "Axis deflection (z displacement)", "Flecha del eje (desplazamiento z)", "軸のたわみ（z 方向変位）"),
  uz: t("z 向位移", "z displacement", "Desplazamiento z", "z 方向変位"),
  temperatureAxis: t("轴线温度分布", "Temperature along the axis", "Temperatura a lo largo del eje", "軸上の温度分布"),
  temperature: t("温度", "Temperature", "Temperatura", "温度"),
  contourVm: t("变形后的 von Mises 应力云图", "von Mises stress on the deformed shape", "Tensión de von Mises sobre la forma deformada", "変形形状上の von Mises 応力"),
  contourU: t("变形后的位移云图", "Displacement on the deformed shape", "Desplazamiento sobre la forma deformada", "変形形状上の変位"),
  contourT: t("温度云图", "Temperature field", "Campo de temperatura", "温度分布図"),
  increment: t("增量步", "Increment", "Incremento", "インクリメント"),
  totalTime: t("总时间", "Total time", "Tiempo total", "総時間"),
};

/** Units of the graphical decks (mm, N, MPa, °C); an instruction deck is read in the same units. */
const UNIT = { length: "mm", stress: "MPa", temperature: "°C" };
/** Column units of .dat tables by ccx's component names. */
const columnUnit = (c: string) => (/^v[xyz]$/i.test(c) ? UNIT.length : /^s(xx|yy|zz|xy|xz|yz|zx)$/i.test(c) ? UNIT.stress : c === "T" ? UNIT.temperature : "");
/** A .dat table longer than this is cut: the full numbers are in the .dat file offered for download. */
const MAX_TABLE_ROWS = 500;

const FRD_KIND: Record<number, [CellKind, number]> = { 1: ["hex", 8], 4: ["hex", 8], 2: ["prism", 6], 5: ["prism", 6], 3: ["tet", 4], 6: ["tet", 4], 7: ["tri", 3], 8: ["tri", 3], 9: ["quad", 4], 10: ["quad", 4] };

export function frdCells(frd: Frd): Cell[] {
  return frd.elements.filter((e) => FRD_KIND[e.type]).map((e) => ({ kind: FRD_KIND[e.type][0], corners: e.nodes.slice(0, FRD_KIND[e.type][1]) }));
}

// Loops, not Math.max(...values): a large mesh has more nodes than a call may take arguments.
const maxOf = (m: Map<number, number>) => {
  let v = -Infinity;
  for (const x of m.values()) v = Math.max(v, x);
  return v;
};
const minOf = (m: Map<number, number>) => -maxOf(new Map([...m].map(([k, v]) => [k, -v])));
/** The largest side of the box around the nodes. */
function extent(nodes: Map<number, [number, number, number]>): number {
  const lo = [Infinity, Infinity, Infinity];
  const hi = [-Infinity, -Infinity, -Infinity];
  for (const p of nodes.values()) for (let k = 0; k < 3; k++) [lo[k], hi[k]] = [Math.min(lo[k], p[k]), Math.max(hi[k], p[k])];
  return Math.max(hi[0] - lo[0], hi[1] - lo[1], hi[2] - lo[2]);
}

/** What the results say node by node: displacement magnitude, von Mises stress, temperature (those present). */
export function nodalFields(frd: Frd) {
  const disp = lastBlock(frd, "DISP");
  const stress = lastBlock(frd, "STRESS");
  const temp = lastBlock(frd, "NDTEMP");
  const mag = disp && new Map([...disp.values].map(([id, v]) => [id, Math.hypot(v[0], v[1], v[2])]));
  const vm = stress && new Map([...stress.values].map(([id, v]) => [id, vonMises(v)]));
  const temperature = temp && new Map([...temp.values].map(([id, v]) => [id, v[0]]));
  return { disp, mag, vm, temperature };
}

/** The contour picture: deformed (scaled to show) when displacements exist, coloured by the main field. */
function contour(frd: Frd, fields: ReturnType<typeof nodalFields>): { svg: string; label: Texts } | null {
  const values = fields.vm ?? fields.mag ?? fields.temperature;
  if (!values || !frd.elements.length) return null;
  let nodes = frd.nodes;
  let note: string | undefined;
  if (fields.disp && fields.mag) {
    const size = extent(frd.nodes);
    const umax = maxOf(fields.mag);
    const scale = umax > 0 ? Number(((0.08 * size) / umax).toPrecision(2)) : 1;
    nodes = new Map([...frd.nodes].map(([id, p]) => {
      const u = fields.disp!.values.get(id) ?? [0, 0, 0];
      return [id, [p[0] + scale * u[0], p[1] + scale * u[1], p[2] + scale * u[2]] as [number, number, number]];
    }));
    note = `u × ${scale}`;
  }
  const unit = fields.vm ? UNIT.stress : fields.mag ? UNIT.length : UNIT.temperature;
  const svg = meshSvg({ nodes, faces: boundaryFaces(frdCells(frd)), values, unit, note });
  return { svg, label: fields.vm ? L.contourVm : fields.mag ? L.contourU : L.contourT };
}

/** Curves along the axis node set (NAXIS, as the graphical decks print it): deflection or temperature against x. */
function axisSeries(blocks: DatBlock[], frd: Frd): ResultSeries[] {
  const out: ResultSeries[] = [];
  const onAxis = (b: DatBlock) => b.set.toUpperCase() === "NAXIS" && b.rows.length > 1;
  const pick = (q: string) => blocks.filter((b) => b.quantity === q && onAxis(b)).at(-1);
  const xy = (b: DatBlock, col: number) => {
    const rows = b.rows.filter((r) => frd.nodes.has(r[0])).map((r) => [frd.nodes.get(r[0])![0], r[col]]).sort((a, c) => a[0] - c[0]);
    return { x: rows.map((r) => r[0]), y: rows.map((r) => r[1]) };
  };
  const u = pick("displacements");
  if (u && u.rows[0].length >= 4) {
    const { x, y } = xy(u, 3);
    out.push({ key: "deflection", label: L.deflection, x: { label: L.x, unit: UNIT.length, values: x }, y: { label: L.uz, unit: UNIT.length, values: y } });
  }
  const temp = pick("temperatures");
  if (temp && temp.rows[0].length >= 2) {
    const { x, y } = xy(temp, 1);
    out.push({ key: "temperature", label: L.temperatureAxis, x: { label: L.x, unit: UNIT.length, values: x }, y: { label: L.temperature, unit: UNIT.temperature, values: y } });
  }
  return out;
}

function datTables(blocks: DatBlock[]): ResultTable[] {
  return blocks.filter((b) => b.rows.length).map((b, k) => ({
    key: `dat${k + 1}`,
    label: t(`${b.quantity}（集合 ${b.set}，时间 ${b.time}）`, `${b.quantity} (set ${b.set}, time ${b.time})`, `${b.quantity} (conjunto ${b.set}, tiempo ${b.time})`, `${b.quantity}（セット ${b.set}、時間 ${b.time}）`),
    columns: datColumns(b).map((c) => ({ label: t(c, c, c, c), unit: columnUnit(c) })),
    rows: b.rows.slice(0, MAX_TABLE_ROWS),
  }));
}

/** The job name ccx runs under: the main input without ".inp". */
export const JOB = "model";

/** Reads a finished ccx run: scalars and the contour from the .frd, curves and tables from the .dat. */
export async function readCalculixResult(workDir: string): Promise<TaskResult> {
  let frdText: string;
  try {
    frdText = await fs.readFile(path.join(workDir, `${JOB}.frd`), "utf8");
  } catch (e) {
    throw new Error(`${JOB}.frd unreadable (did ccx stop on an error? see the log): ${(e as Error).message}`);
  }
  const frd = parseFrd(frdText);
  if (!frd.blocks.length) throw new Error(`${JOB}.frd holds no results: the deck asks for no *NODE FILE / *EL FILE output, or ccx stopped early`);
  const blocks = parseDat(await fs.readFile(path.join(workDir, `${JOB}.dat`), "utf8").catch(() => ""));
  const f = nodalFields(frd);
  const scalars: ResultScalar[] = [];
  if (f.mag) scalars.push({ key: "maxDisplacementMm", label: L.maxU, value: maxOf(f.mag), unit: UNIT.length });
  if (f.vm) scalars.push({ key: "maxVonMisesMpa", label: L.maxVm, value: maxOf(f.vm), unit: UNIT.stress });
  if (f.temperature) {
    scalars.push({ key: "maxTemperature", label: L.maxT, value: maxOf(f.temperature), unit: UNIT.temperature });
    scalars.push({ key: "minTemperature", label: L.minT, value: minOf(f.temperature), unit: UNIT.temperature });
  }
  scalars.push({ key: "nodes", label: L.nodes, value: frd.nodes.size, unit: "" }, { key: "elements", label: L.elements, value: frd.elements.length, unit: "" });

  const picture = contour(frd, f);
  if (picture) await fs.writeFile(path.join(workDir, "contour.svg"), picture.svg);
  return {
    scalars,
    series: axisSeries(blocks, frd),
    tables: datTables(blocks),
    files: await offeredFiles(workDir, [`${JOB}.inp`, `${JOB}.frd`, `${JOB}.dat`, `${JOB}.sta`, "model.geo", "mesh.inp", "contour.svg", "stdout.log", "stderr.log"]),
    images: picture ? [{ key: "contour", label: picture.label, path: "contour.svg" }] : [],
  };
}

/** While ccx runs: its increments so far from the .sta file (total time per increment); never throws. */
export async function readCalculixProgress(workDir: string): Promise<TaskProgress> {
  const sta = await fs.readFile(path.join(workDir, `${JOB}.sta`), "utf8").catch(() => "");
  const rows = sta
    .split(/\r?\n/)
    .map((l) => l.trim().split(/\s+/).map(Number))
    .filter((r) => r.length >= 7 && r.every(Number.isFinite));
  if (!rows.length) return { series: [], scalars: [] };
  return {
    series: [{ key: "increments", label: L.totalTime, x: { label: L.increment, unit: "", values: rows.map((_, k) => k + 1) }, y: { label: L.totalTime, unit: "", values: rows.map((r) => r[4]) } }],
    scalars: [{ key: "totalTime", label: L.totalTime, value: rows[rows.length - 1][4], unit: "" }],
  };
}
