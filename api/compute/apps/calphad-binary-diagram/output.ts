import fs from "node:fs/promises";
import path from "node:path";
import { texts as t } from "../../../http/messages.ts";
import { shippedDatabases } from "../../../../solvers/calphad/databases/index.ts";
import { diagramFrame } from "../../../../solvers/calphad/diagram-svg.ts";
import type { ImageAxes, ResultFile, ResultImage, ResultScalar, ResultSeries, ResultTable, TaskProgress, TaskResult } from "../types.ts";

/** result.json as the CLI writes it (solvers/calphad/mapping/run.ts), as far as the platform reads it. */
interface DiagramFile {
  components: [string, string];
  unit: "K" | "°C";
  database?: string;
  Tmin: number;
  Tmax: number;
  phasesConsidered?: string[];
  boundaries: Array<{ phases: [string, string]; points: Array<{ T: number; x1: number; x2: number }> }>;
  invariants: Array<{ T: number; reaction: string; kind: string; phases: Record<string, number> }>;
  stats?: { steps: number; tieLines: number; seconds: number };
}

export const DIAGRAM_IMAGE = "diagram.svg";
const OFFERED_FILES = ["result.json", DIAGRAM_IMAGE, "diagram.calphad", "database.tdb", "stdout.log", "stderr.log"];

const finite = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v);

function check(raw: unknown): DiagramFile {
  const r = raw as DiagramFile;
  const ok =
    r && typeof r === "object" && Array.isArray(r.components) && r.components.length === 2 && Array.isArray(r.boundaries) && Array.isArray(r.invariants) &&
    r.boundaries.every((b) => Array.isArray(b.phases) && Array.isArray(b.points) && b.points.every((p) => finite(p.T) && finite(p.x1) && finite(p.x2))) &&
    r.invariants.every((i) => finite(i.T) && typeof i.reaction === "string" && i.phases && typeof i.phases === "object");
  if (!ok) throw new Error("result.json has no binary diagram (components, boundaries, invariants)");
  return r;
}

const KINDS: Record<string, ReturnType<typeof t>> = {
  eutectic: t("共晶", "eutectic", "eutéctico", "共晶"),
  eutectoid: t("共析", "eutectoid", "eutectoide", "共析"),
  monotectic: t("偏晶", "monotectic", "monotéctico", "偏晶"),
  metatectic: t("熔晶", "metatectic", "metatéctico", "メタテクティック"),
  peritectic: t("包晶", "peritectic", "peritéctico", "包晶"),
  peritectoid: t("包析", "peritectoid", "peritectoide", "包析"),
  syntectic: t("合晶", "syntectic", "sintéctico", "シンテクティック"),
  congruent: t("同成分转变", "congruent", "congruente", "合致変態"),
  melting: t("纯组元熔化", "melting of a pure component", "fusión de un componente puro", "純成分の融解"),
  allotropic: t("纯组元同素异构转变", "allotropic transformation of a pure component", "transformación alotrópica de un componente puro", "純成分の同素変態"),
};

/** The shipped database a run used: named by id, or carried in the deck as an unchanged copy. */
async function shippedId(r: DiagramFile, workDir: string): Promise<string | undefined> {
  if (r.database && shippedDatabases.some((d) => d.id === r.database)) return r.database;
  let copy: string;
  try {
    copy = await fs.readFile(path.join(workDir, r.database && /\.tdb$/i.test(r.database) ? r.database : "database.tdb"), "utf8");
  } catch {
    return undefined;
  }
  for (const d of shippedDatabases) if ((await fs.readFile(d.path, "utf8")) === copy) return d.id;
  return undefined;
}

/**
 * The SVG's frame for reading T and x under the pointer, and — for a shipped database, which the equilibrium
 * form can name — a click that opens calphad-equilibrium at that temperature and composition.
 */
async function diagramAxes(r: DiagramFile, workDir: string): Promise<ImageAxes | undefined> {
  if (!finite(r.Tmin) || !finite(r.Tmax)) return undefined;
  const unit = r.unit === "°C" ? "°C" : "K";
  const shift = unit === "K" ? 0 : -273.15;
  const [A, B] = r.components;
  const axes: ImageAxes = {
    ...diagramFrame(),
    x: { min: 0, max: 1, label: `x(${B})` },
    y: { min: r.Tmin + shift, max: r.Tmax + shift, label: `T (${unit})` },
  };
  const id = await shippedId(r, workDir);
  if (id) {
    axes.open = {
      appId: "calphad-equilibrium",
      fields: {
        database: id,
        components: `${A},${B}`,
        phases: r.phasesConsidered?.length ? r.phasesConsidered.join(",") : "*",
        temperature: "{y}",
        temperatureUnit: unit,
        compositionUnit: "X",
        composition: `${B}={x}`,
      },
      label: t("在此点计算平衡", "Equilibrium at this point", "Equilibrio en este punto", "この点で平衡計算"),
    };
  }
  return axes;
}

/** Reads result.json of a finished calphad-binary-diagram run; throws when it is missing or malformed. */
export async function readDiagramResult(workDir: string): Promise<TaskResult> {
  let raw: unknown;
  try {
    raw = JSON.parse(await fs.readFile(path.join(workDir, "result.json"), "utf8"));
  } catch (e) {
    throw new Error(`result.json unreadable: ${(e as Error).message}`);
  }
  const r = check(raw);
  const [, B] = r.components;
  const unit = r.unit === "°C" ? "°C" : "K";
  const shown = (T: number) => (unit === "K" ? T : T - 273.15);

  const scalars: ResultScalar[] = r.invariants.map((inv, i) => ({
    key: `invariant:${i + 1}`,
    unit: "K",
    value: inv.T,
    label: t(`${inv.reaction}（${KINDS[inv.kind]?.zh ?? inv.kind}）`, `${inv.reaction} (${KINDS[inv.kind]?.en ?? inv.kind})`, `${inv.reaction} (${KINDS[inv.kind]?.es ?? inv.kind})`, `${inv.reaction}（${KINDS[inv.kind]?.ja ?? inv.kind}）`),
  }));
  if (r.stats && finite(r.stats.seconds)) {
    scalars.push({ key: "seconds", unit: "s", value: r.stats.seconds, label: t("计算用时", "Time to map the diagram", "Tiempo de cálculo del diagrama", "計算時間") });
  }

  const phaseCol = (n: number) => ({ label: t(`相 ${n}`, `Phase ${n}`, `Fase ${n}`, `相 ${n}`), unit: "" });
  const xCol = { label: t(`x(${B})`, `x(${B})`, `x(${B})`, `x(${B})`), unit: "mol/mol" };
  const tables: ResultTable[] = [
    {
      key: "invariants",
      label: t("不变反应", "Invariant reactions", "Reacciones invariantes", "不変反応"),
      columns: [
        { label: t("反应（冷却时）", "Reaction (on cooling)", "Reacción (al enfriar)", "反応（冷却時）"), unit: "" },
        { label: t("类型", "Kind", "Tipo", "種類"), unit: "" },
        { label: t("温度", "Temperature", "Temperatura", "温度"), unit: "K" },
        { label: t("温度", "Temperature", "Temperatura", "温度"), unit: "°C" },
        phaseCol(1), xCol, phaseCol(2), xCol, phaseCol(3), xCol,
      ],
      rows: r.invariants.map((inv) => {
        const cells: Array<string | number> = [inv.reaction, KINDS[inv.kind]?.en ?? inv.kind, inv.T, inv.T - 273.15];
        const entries = Object.entries(inv.phases);
        for (let k = 0; k < 3; k++) cells.push(entries[k]?.[0] ?? "", entries[k]?.[1] ?? "");
        return cells;
      }),
    },
  ];

  // Each boundary's two edges as their own curve: x(B) against T, so each downloads as a CSV of its line.
  const series: ResultSeries[] = [];
  r.boundaries.forEach((b, i) => {
    const pts = [...b.points].sort((p, q) => q.T - p.T);
    b.phases.forEach((phase, side) => {
      const other = b.phases[1 - side];
      const key = side === 0 ? "x1" : "x2";
      series.push({
        key: `boundary:${i + 1}:${side + 1}`,
        label: t(`${phase} 一侧（与 ${other} 平衡）`, `${phase} side (with ${other})`, `lado de ${phase} (con ${other})`, `${phase} 側（${other} と平衡）`),
        // Both edges of a two-phase field in one plot, as the field looks on the diagram.
        chart: { key: `boundary:${i + 1}`, label: t(`${b.phases.join(" + ")} 两相区边界`, `${b.phases.join(" + ")} field boundaries`, `Límites del campo ${b.phases.join(" + ")}`, `${b.phases.join(" + ")} 二相域の境界`) },
        x: { label: t(`x(${B})`, `x(${B})`, `x(${B})`, `x(${B})`), unit: "mol/mol", values: pts.map((p) => p[key]) },
        y: { label: t("温度", "Temperature", "Temperatura", "温度"), unit, values: pts.map((p) => shown(p.T)) },
      });
    });
  });

  const files: ResultFile[] = [];
  for (const p of OFFERED_FILES) {
    try {
      files.push({ path: p, bytes: (await fs.stat(path.join(workDir, p))).size });
    } catch {
      // A file the run did not write (an empty stderr, no database.tdb for a shipped id named in the script) is not offered.
    }
  }
  const images: ResultImage[] = files.some((f) => f.path === DIAGRAM_IMAGE)
    ? [{ key: "diagram", path: DIAGRAM_IMAGE, axes: await diagramAxes(r, workDir), label: t(`${r.components.join("–")} 二元相图`, `${r.components.join("–")} phase diagram`, `Diagrama de fases ${r.components.join("–")}`, `${r.components.join("–")} 二元系状態図`) }]
    : [];
  return { scalars, series, tables, files, images };
}

/**
 * The live view of a running diagram: how far the temperature scan has come and how many tie-lines it has
 * found, read from the CLI's log lines ("progress f", "T scanned to … K: n tie-lines so far").
 */
export async function readDiagramProgress(workDir: string): Promise<TaskProgress> {
  let log = "";
  try {
    log = await fs.readFile(path.join(workDir, "stdout.log"), "utf8");
  } catch {
    return { series: [], scalars: [] };
  }
  let fraction: number | undefined;
  const Ts: number[] = [];
  const ties: number[] = [];
  for (const line of log.split("\n")) {
    const p = /^progress ([\d.]+)$/.exec(line);
    if (p) fraction = Number(p[1]);
    const s = /^T scanned to ([\d.+-]+) K: (\d+) tie-lines so far$/.exec(line);
    if (s) {
      Ts.push(Number(s[1]));
      ties.push(Number(s[2]));
    }
  }
  const scalars: ResultScalar[] = [];
  if (fraction !== undefined) scalars.push({ key: "progress", unit: "", value: fraction, label: t("完成比例", "Fraction done", "Fracción completada", "進捗") });
  if (ties.length) scalars.push({ key: "tieLines", unit: "", value: ties[ties.length - 1], label: t("已找到的连结线", "Tie-lines found so far", "Líneas de unión halladas", "見つかったタイライン") });
  const series: ResultSeries[] = Ts.length >= 2
    ? [{
        key: "tieLines",
        label: t("已找到的连结线", "Tie-lines found so far", "Líneas de unión halladas", "見つかったタイライン"),
        x: { label: t("已扫描到的温度", "Temperature scanned to", "Temperatura alcanzada", "走査済みの温度"), unit: "K", values: Ts },
        y: { label: t("连结线数", "Tie-lines", "Líneas de unión", "タイライン数"), unit: "", values: ties },
      }]
    : [];
  return { series, scalars };
}
