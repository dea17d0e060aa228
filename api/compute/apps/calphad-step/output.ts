import fs from "node:fs/promises";
import path from "node:path";
import { texts as t, type Texts } from "../../../http/messages.ts";
import { pointFromLine, type StepRunResult } from "../../../../solvers/calphad/step/run.ts";
import type { ResultFile, ResultScalar, ResultSeries, ResultTable, TaskProgress, TaskResult } from "../types.ts";

const OFFERED_FILES = ["result.json", "step.calphad", "database.tdb", "stdout.log", "stderr.log"];

const finite = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v);
const T_AXIS = { label: t("温度", "Temperature", "Temperatura", "温度"), unit: "K" };

const KIND: Record<string, Texts> = {
  melting: t("熔化", "melting", "fusión", "融解"),
  solidus: t("固相线", "solidus", "solidus", "固相線"),
  liquidus: t("液相线", "liquidus", "liquidus", "液相線"),
  liquid: t("液相存在下的相变", "change with liquid present", "cambio con líquido presente", "液相共存下の変化"),
  solvus: t("固溶度线（固态相变）", "solvus (solid state)", "solvus (estado sólido)", "固溶度線（固相変態）"),
};

function check(raw: unknown): StepRunResult {
  const r = raw as StepRunResult;
  const ok =
    r && typeof r === "object" && Array.isArray(r.components) && Array.isArray(r.points) && r.points.length > 0 && Array.isArray(r.transitions) &&
    r.points.every((p) => finite(p.T) && finite(p.GM) && finite(p.HM) && finite(p.SM) && Array.isArray(p.phases));
  if (!ok) throw new Error("result.json has no step (components, points with T, GM, HM, SM and phases, transitions)");
  return r;
}

const propertySeries = (key: string, label: Texts, unit: string, x: number[], y: Array<number | null>): ResultSeries => {
  const keep = y.map((v, i) => [x[i], v] as const).filter((p): p is readonly [number, number] => finite(p[1]));
  return { key, label, x: { ...T_AXIS, values: keep.map((p) => p[0]) }, y: { label, unit, values: keep.map((p) => p[1]) } };
};

const fractionLabel = (name: string) => t(`${name} 相分数`, `Fraction of ${name}`, `Fracción de ${name}`, `${name} の相分率`);

/** Fraction of every phase over the whole range (0 where absent), in order of first appearance. */
function fractionSeries(T: number[], fractions: Array<Record<string, number>>): ResultSeries[] {
  const names: string[] = [];
  for (const f of fractions) for (const n of Object.keys(f)) if (!names.includes(n)) names.push(n);
  const label = t("相分数（原子摩尔）", "Phase fraction (moles of atoms)", "Fracción de fase (moles de átomos)", "相分率（原子モル）");
  // Every phase's fraction in one plot: how the assemblage changes with T reads at a glance.
  const chart = { key: "fractions", label: t("各相分数", "Phase fractions", "Fracciones de fase", "各相の分率") };
  return names.map((n) => ({ key: `fraction:${n}`, label: fractionLabel(n), chart, x: { ...T_AXIS, values: T }, y: { label, unit: "mol/mol", values: fractions.map((f) => f[n] ?? 0) } }));
}

const H_LABEL = t("摩尔焓 H", "Molar enthalpy H", "Entalpía molar H", "モルエンタルピー H");
const S_LABEL = t("摩尔熵 S", "Molar entropy S", "Entropía molar S", "モルエントロピー S");
const CP_LABEL = t("摩尔热容 Cp", "Molar heat capacity Cp", "Capacidad calorífica molar Cp", "モル熱容量 Cp");
const G_LABEL = t("摩尔吉布斯自由能 G", "Molar Gibbs energy G", "Energía de Gibbs molar G", "モルギブズエネルギー G");

/** Reads result.json of a finished calphad-step run: the curves, the transition temperatures and their table. */
export async function readStepResult(workDir: string): Promise<TaskResult> {
  let raw: unknown;
  try {
    raw = JSON.parse(await fs.readFile(path.join(workDir, "result.json"), "utf8"));
  } catch (e) {
    throw new Error(`result.json unreadable: ${(e as Error).message}`);
  }
  const r = check(raw);
  const T = r.points.map((p) => p.T);
  const series: ResultSeries[] = fractionSeries(T, r.points.map((p) => Object.fromEntries(p.phases.map((q) => [q.name, q.fraction]))));
  // Each phase's composition where it is stable (a curve per component, as a step plot shows it).
  const phaseNames = series.map((s) => s.key.slice("fraction:".length));
  for (const n of phaseNames) {
    const at = r.points.filter((p) => p.phases.some((q) => q.name === n));
    for (const el of r.components) {
      const label = t(`${n} 中 x(${el})`, `x(${el}) in ${n}`, `x(${el}) en ${n}`, `${n} 中の x(${el})`);
      // One plot per component: its content in every phase where that phase is stable.
      const chart = { key: `x:${el}`, label: t(`各相中的 x(${el})`, `x(${el}) in each phase`, `x(${el}) en cada fase`, `各相中の x(${el})`) };
      const y = t(`x(${el})`, `x(${el})`, `x(${el})`, `x(${el})`);
      series.push({ key: `x:${n}:${el}`, label, chart, x: { ...T_AXIS, values: at.map((p) => p.T) }, y: { label: y, unit: "mol/mol", values: at.map((p) => p.phases.find((q) => q.name === n)!.composition[el] ?? 0) } });
    }
  }
  series.push(
    propertySeries("HM", H_LABEL, "J/mol", T, r.points.map((p) => p.HM)),
    propertySeries("SM", S_LABEL, "J/(mol·K)", T, r.points.map((p) => p.SM)),
    propertySeries("CPM", CP_LABEL, "J/(mol·K)", T, r.points.map((p) => p.CPM)),
    propertySeries("GM", G_LABEL, "J/mol", T, r.points.map((p) => p.GM)),
  );

  // One scalar per transition, keyed by its kind ("T:solidus"; a second of one kind "T:solidus#2").
  const scalars: ResultScalar[] = [];
  const seen = new Map<string, number>();
  for (const tr of r.transitions) {
    const k = (seen.get(tr.kind) ?? 0) + 1;
    seen.set(tr.kind, k);
    const kind = KIND[tr.kind] ?? t(tr.kind, tr.kind, tr.kind, tr.kind);
    const suffix = k > 1 ? ` #${k}` : "";
    scalars.push({
      key: `T:${tr.kind}${k > 1 ? `#${k}` : ""}`,
      unit: "K",
      value: tr.T,
      label: t(`${kind.zh}温度${suffix}`, `${kind.en[0].toUpperCase()}${kind.en.slice(1)} temperature${suffix}`, `Temperatura de ${kind.es}${suffix}`, `${kind.ja}温度${suffix}`),
    });
  }
  const list = (names: string[]) => names.join(" + ") || "—";
  const tables: ResultTable[] = [
    {
      key: "transitions",
      label: t("相变（升温方向）", "Transitions (on heating)", "Transiciones (al calentar)", "相変態（昇温方向）"),
      columns: [
        { label: t("类型", "Kind", "Tipo", "種類"), unit: "" },
        { label: t("温度", "Temperature", "Temperatura", "温度"), unit: "K" },
        { label: t("温度", "Temperature", "Temperatura", "温度"), unit: "°C" },
        { label: t("低温侧的相", "Phases below", "Fases debajo", "低温側の相"), unit: "" },
        { label: t("高温侧的相", "Phases above", "Fases encima", "高温側の相"), unit: "" },
        { label: t("焓跃变 ΔH（潜热）", "Enthalpy jump ΔH (latent heat)", "Salto de entalpía ΔH (calor latente)", "エンタルピー変化 ΔH（潜熱）"), unit: "J/mol" },
      ],
      rows: r.transitions.map((tr) => [tr.kind, tr.T, +(tr.T - 273.15).toFixed(6), list(tr.below), list(tr.above), tr.deltaH]),
    },
  ];

  const files: ResultFile[] = [];
  for (const p of OFFERED_FILES) {
    try {
      files.push({ path: p, bytes: (await fs.stat(path.join(workDir, p))).size });
    } catch {
      // A file the run did not write (an empty stderr, no database.tdb for a shipped id named in the script) is not offered.
    }
  }
  return { scalars, series, tables, files };
}

/** The curves so far of a running step, from the `point` lines of its log (half-written lines skipped). */
export async function readStepProgress(workDir: string): Promise<TaskProgress> {
  let log = "";
  try {
    log = await fs.readFile(path.join(workDir, "stdout.log"), "utf8");
  } catch {
    return { series: [], scalars: [] };
  }
  const points = log.split("\n").map(pointFromLine).filter((p): p is NonNullable<typeof p> => p !== null);
  if (!points.length) return { series: [], scalars: [] };
  const T = points.map((p) => p.T);
  return {
    series: [
      ...fractionSeries(T, points.map((p) => p.fractions)),
      propertySeries("HM", H_LABEL, "J/mol", T, points.map((p) => p.HM)),
      propertySeries("CPM", CP_LABEL, "J/(mol·K)", T, points.map((p) => p.CPM)),
    ],
    scalars: [{ key: "T", unit: "K", value: T[T.length - 1], label: t("已算到的温度", "Reached temperature", "Temperatura alcanzada", "計算済みの温度") }],
  };
}
