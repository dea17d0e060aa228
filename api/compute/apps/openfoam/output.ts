import fs from "node:fs/promises";
import path from "node:path";
import { texts as t4 } from "../../../http/messages.ts";
import type { ResultFile, ResultImage, ResultScalar, ResultSeries, TaskProgress, TaskResult } from "../types.ts";
import { magnitude, readVectorField, type Vec } from "./field.ts";
import { parseSolverLog, type SolverLog } from "./solver-log.ts";
import { velocitySvg } from "./velocity-svg.ts";

/** The solver's log: the job script runs it with stdout to the platform's stdout.log. */
export const SOLVER_LOG = "stdout.log";
export const VELOCITY_SVG = "velocity.svg";
/**
 * Below this every field's initial residual at the last step counts as converged: the cavity's U solver
 * tolerance (1e-5), so the next step would not even iterate on U.
 */
export const CONVERGED_RESIDUAL = 1e-5;
/** The live view reads at most this much of the log's end: a long run's log is large and read every few seconds. */
const PROGRESS_MAX_BYTES = 8 * 1024 * 1024;


const TIME_AXIS = t4("时间", "Time", "Tiempo", "時間");
const RESIDUAL_AXIS = t4("初始残差", "Initial residual", "Residuo inicial", "初期残差");

export function residualSeries(log: SolverLog): ResultSeries[] {
  return log.fields.map((f) => ({
    key: `residual-${f.field}`,
    label: t4(`${f.field} 初始残差`, `${f.field} initial residual`, `Residuo inicial de ${f.field}`, `${f.field} の初期残差`),
    x: { label: TIME_AXIS, unit: "s", values: f.times },
    y: { label: RESIDUAL_AXIS, unit: "", values: f.initial },
  }));
}

function logScalars(log: SolverLog): ResultScalar[] {
  const out: ResultScalar[] = [];
  if (log.steps.length) {
    out.push({ key: "steps", label: t4("时间步数", "Time steps", "Pasos de tiempo", "時間ステップ数"), value: log.steps.length, unit: "" });
    out.push({ key: "time", label: t4("最后时间", "Last time", "Último tiempo", "最終時刻"), value: log.steps[log.steps.length - 1], unit: "s" });
  }
  for (const f of log.fields) {
    out.push({
      key: `finalResidual-${f.field}`,
      label: t4(`${f.field} 最后一步初始残差`, `${f.field} initial residual at the last step`, `Residuo inicial de ${f.field} en el último paso`, `${f.field} の最終ステップの初期残差`),
      value: f.initial[f.initial.length - 1],
      unit: "",
    });
  }
  if (log.courantMax !== null) out.push({ key: "courantMax", label: t4("最大库朗数", "Max Courant number", "Número de Courant máximo", "最大クーラン数"), value: log.courantMax, unit: "" });
  return out;
}

/** Numeric time folders of the case (0, 0.5, 1e-05…), ascending. */
async function timeDirs(workDir: string): Promise<string[]> {
  const names = await fs.readdir(workDir, { withFileTypes: true }).catch(() => []);
  return names
    .filter((d) => d.isDirectory() && /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(d.name))
    .map((d) => d.name)
    .sort((a, b) => Number(a) - Number(b));
}

const readText = (p: string) => fs.readFile(p, "utf8").catch(() => null);

/** Cell centres: written by postProcess into the start time's folder, the same mesh as the last time's. */
async function cellCentres(workDir: string, dirs: string[]): Promise<Vec[] | null> {
  for (const d of [...dirs].reverse()) {
    const text = await readText(path.join(workDir, d, "C"));
    if (text) return readVectorField(text);
  }
  return null;
}

/** Reads a finished run: residuals from the log, |U| and the picture from the last time folder, the files to offer. */
export async function readOpenFoamResult(workDir: string): Promise<TaskResult> {
  const logText = await readText(path.join(workDir, SOLVER_LOG));
  if (logText === null) throw new Error(`${SOLVER_LOG} missing`);
  const log = parseSolverLog(logText);
  if (!log.completed) throw new Error("the solver log has no End: the run did not reach its end time");

  const scalars = logScalars(log);
  if (log.fields.length) {
    const worst = Math.max(...log.fields.map((f) => f.initial[f.initial.length - 1]));
    scalars.unshift({
      key: "converged",
      label: t4(
        `已收敛（各场最后一步初始残差 < ${CONVERGED_RESIDUAL}，1 = 是）`,
        `Converged (every field's last initial residual < ${CONVERGED_RESIDUAL}; 1 = yes)`,
        `Convergido (último residuo inicial de cada campo < ${CONVERGED_RESIDUAL}; 1 = sí)`,
        `収束（各場の最終初期残差 < ${CONVERGED_RESIDUAL}、1 = はい）`,
      ),
      value: worst < CONVERGED_RESIDUAL ? 1 : 0,
      unit: "",
    });
  }
  if (log.executionTime !== null) scalars.push({ key: "executionTime", label: t4("求解器 CPU 时间", "Solver CPU time", "Tiempo de CPU del solver", "ソルバー CPU 時間"), value: log.executionTime, unit: "s" });

  const dirs = await timeDirs(workDir);
  const last = dirs.at(-1);
  const images: ResultImage[] = [];
  const offered = [SOLVER_LOG, "stderr.log", "log.blockMesh", "system/controlDict"];
  if (last) {
    offered.push(`${last}/U`, `${last}/p`, `${last}/T`);
    const uText = await readText(path.join(workDir, last, "U"));
    const centres = await cellCentres(workDir, dirs);
    const velocity = uText ? readVectorField(uText, centres?.length) : null;
    if (velocity?.length) {
      scalars.push({ key: "maxVelocity", label: t4("最大速度大小 |U|", "Max velocity magnitude |U|", "Velocidad máxima |U|", "最大速度の大きさ |U|"), value: Math.max(...velocity.map(magnitude)), unit: "m/s" });
      if (centres && centres.length === velocity.length) {
        await fs.writeFile(path.join(workDir, VELOCITY_SVG), velocitySvg({ centres, velocity, title: `|U| and direction at t = ${last} s` }));
        images.push({ key: "velocity", label: t4("速度场", "Velocity field", "Campo de velocidad", "速度場"), path: VELOCITY_SVG });
        offered.push(VELOCITY_SVG);
      }
    }
  }

  const files: ResultFile[] = [];
  for (const p of offered) {
    const st = await fs.stat(path.join(workDir, p)).catch(() => null);
    // An empty stderr or a field this solver does not have is simply not offered.
    if (st?.isFile() && st.size > 0) files.push({ path: p, bytes: st.size });
  }
  return { scalars, series: residualSeries(log), tables: [], files, images };
}

/** The residual curves so far, from the end of a log still being written; never throws. */
export async function readOpenFoamProgress(workDir: string): Promise<TaskProgress> {
  try {
    const fh = await fs.open(path.join(workDir, SOLVER_LOG), "r");
    try {
      const { size } = await fh.stat();
      const start = Math.max(0, size - PROGRESS_MAX_BYTES);
      const buf = Buffer.alloc(size - start);
      await fh.read(buf, 0, buf.length, start);
      let text = buf.toString("utf8");
      // Reading from the middle: drop the cut first line so it is not misread.
      if (start > 0) text = text.slice(text.indexOf("\n") + 1);
      const log = parseSolverLog(text);
      return { series: residualSeries(log), scalars: logScalars(log) };
    } finally {
      await fh.close();
    }
  } catch {
    return { series: [], scalars: [] };
  }
}
