import { z } from "zod";
import type { Texts } from "../../../http/messages.ts";
import { AppInputError, type InputIssue } from "../types.ts";

/**
 * The solvers an uploaded case may name in controlDict's `application`: incompressible and scalar solvers of
 * the Debian openfoam package (v1912) that run a plain case without compiling anything.
 */
export const FOAM_SOLVERS = [
  "icoFoam",
  "simpleFoam",
  "pisoFoam",
  "pimpleFoam",
  "potentialFoam",
  "laplacianFoam",
  "scalarTransportFoam",
  "buoyantBoussinesqSimpleFoam",
  "buoyantBoussinesqPimpleFoam",
] as const;
export type FoamSolver = (typeof FOAM_SOLVERS)[number];

/** The lid-driven cavity of the graphical form: lid speed and side are fixed, so Re alone sets ν = U·L/Re. */
export const LID_SPEED = 1;
export const CAVITY_SIDE = 0.1;
/** More steps than this is a mistake in the form (a 0.5 s run at 1e-6 s), not a cavity study. */
export const MAX_STEPS = 100_000;

export const openFoamParamsSchema = z.object({
  solver: z.enum(FOAM_SOLVERS).default("icoFoam"),
  reynolds: z.number().min(0.1).max(10_000).default(10),
  cellsPerSide: z.number().int().min(4).max(200).default(20),
  endTime: z.number().positive().max(1000).default(0.5),
  deltaT: z.number().positive().max(10).default(0.005),
  writeInterval: z.number().int().min(1).max(MAX_STEPS).default(20),
});

/**
 * Params of a task. The cavity fields are set in graphical mode; an uploaded case only yields what its
 * controlDict says (solver, end time, time step, write interval when counted in steps).
 */
export interface OpenFoamParams {
  solver: FoamSolver;
  reynolds?: number;
  cellsPerSide?: number;
  endTime: number;
  deltaT: number;
  writeInterval?: number;
}
export type CavityParams = z.output<typeof openFoamParamsSchema>;

export const openFoamExample: CavityParams = { solver: "icoFoam", reynolds: 10, cellsPerSide: 20, endTime: 0.5, deltaT: 0.005, writeInterval: 20 };

/** Courant number of the cavity at the lid speed: Co = U·Δt/Δx with Δx = L/n. */
export const cavityCourant = (p: Pick<CavityParams, "deltaT" | "cellsPerSide">) => (LID_SPEED * p.deltaT * p.cellsPerSide) / CAVITY_SIDE;

const fmt = (v: number) => String(Number(v.toPrecision(4)));

const courantTooHigh = (co: number, maxDt: number): Texts => ({
  zh: `库朗数 Co = U·Δt/Δx = ${fmt(co)} 大于 1，icoFoam 会发散：请将时间步长减小到 ${fmt(maxDt)} s 以下，或减少网格数`,
  en: `Courant number Co = U·Δt/Δx = ${fmt(co)} is above 1 and icoFoam would diverge: make the time step at most ${fmt(maxDt)} s, or use fewer cells`,
  es: `El número de Courant Co = U·Δt/Δx = ${fmt(co)} supera 1 e icoFoam divergiría: use un paso de tiempo de como máximo ${fmt(maxDt)} s, o menos celdas`,
  ja: `クーラン数 Co = U·Δt/Δx = ${fmt(co)} が 1 を超えており icoFoam は発散します。時間刻みを ${fmt(maxDt)} s 以下にするか、セル数を減らしてください`,
});

const tooManySteps = (steps: number): Texts => ({
  zh: `时间步数 ${steps} 超过上限 ${MAX_STEPS}：请增大时间步长或缩短结束时间`,
  en: `${steps} time steps is more than the limit of ${MAX_STEPS}: use a larger time step or an earlier end time`,
  es: `${steps} pasos de tiempo superan el límite de ${MAX_STEPS}: use un paso mayor o un tiempo final menor`,
  ja: `時間ステップ数 ${steps} が上限 ${MAX_STEPS} を超えています。時間刻みを大きくするか終了時刻を早めてください`,
});

const onlyIcoFoam: Texts = {
  zh: "图形模式的方腔算例使用 icoFoam；其他求解器请在指令模式下上传完整算例",
  en: "The cavity of the graphical form runs icoFoam; other solvers take an uploaded case (instruction mode)",
  es: "La cavidad del formulario gráfico usa icoFoam; los demás solvers necesitan un caso subido (modo de instrucciones)",
  ja: "グラフィカルモードのキャビティは icoFoam で解きます。他のソルバーは指示モードでケースをアップロードしてください",
};

/** The rules zod cannot state alone: icoFoam for the cavity, Co ≤ 1, a bounded number of steps. */
export function cavityIssues(p: CavityParams): InputIssue[] {
  const issues: InputIssue[] = [];
  if (p.solver !== "icoFoam") issues.push({ field: "solver", text: onlyIcoFoam });
  const co = cavityCourant(p);
  // A small tolerance: the tutorial's 0.005 s on 20 cells is Co = 1 exactly, up to rounding.
  if (co > 1 + 1e-9) issues.push({ field: "deltaT", text: courantTooHigh(co, CAVITY_SIDE / (LID_SPEED * p.cellsPerSide)) });
  const steps = Math.round(p.endTime / p.deltaT);
  if (steps > MAX_STEPS) issues.push({ field: "deltaT", text: tooManySteps(steps) });
  return issues;
}

const fieldInvalid = (detail: string): Texts => ({
  zh: `取值无效（${detail}）`,
  en: `invalid value (${detail})`,
  es: `valor no válido (${detail})`,
  ja: `値が無効です（${detail}）`,
});

/** Graphical params → the cavity with defaults filled in; every refusal is an AppInputError naming its field. */
export function validateCavityParams(raw: unknown): CavityParams {
  const r = openFoamParamsSchema.safeParse(raw);
  if (!r.success) {
    throw new AppInputError(r.error.issues.map((i) => ({ field: i.path.join("."), text: fieldInvalid(i.message) })));
  }
  const issues = cavityIssues(r.data);
  if (issues.length) throw new AppInputError(issues);
  return r.data;
}
