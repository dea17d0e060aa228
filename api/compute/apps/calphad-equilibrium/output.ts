import fs from "node:fs/promises";
import path from "node:path";
import { texts as t } from "../../../http/messages.ts";
import type { ResultFile, ResultScalar, ResultTable, TaskResult } from "../types.ts";

/** result.json as the CLI writes it (solvers/calphad/script/run.ts), as far as the platform reads it. */
interface EquilibriumFile {
  components: string[];
  phases: Array<{ name: string; fraction: number; composition: Record<string, number>; siteFractions: Array<Record<string, number>> }>;
  GM: number;
  MU: Record<string, number>;
  drivingForces: Record<string, number>;
}

const OFFERED_FILES = ["result.json", "conditions.calphad", "database.tdb", "stdout.log", "stderr.log"];

const finite = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v);

/**
 * Names for the stable phases: a phase present twice (the two sides of a miscibility gap) is FCC_A1#1 and
 * FCC_A1#2, as Thermo-Calc names composition sets; a phase present once keeps its name.
 */
export function setNames(phases: Array<{ name: string }>): string[] {
  const count = new Map<string, number>();
  for (const p of phases) count.set(p.name, (count.get(p.name) ?? 0) + 1);
  const seen = new Map<string, number>();
  return phases.map((p) => {
    if (count.get(p.name) === 1) return p.name;
    const k = (seen.get(p.name) ?? 0) + 1;
    seen.set(p.name, k);
    return `${p.name}#${k}`;
  });
}

function check(raw: unknown): EquilibriumFile {
  const r = raw as EquilibriumFile;
  const ok =
    r && typeof r === "object" && Array.isArray(r.components) && Array.isArray(r.phases) && r.phases.length > 0 && finite(r.GM) &&
    r.MU && typeof r.MU === "object" && r.drivingForces && typeof r.drivingForces === "object" &&
    r.phases.every((p) => typeof p.name === "string" && finite(p.fraction) && p.composition && Array.isArray(p.siteFractions));
  if (!ok) throw new Error("result.json has no equilibrium (components, phases, GM, MU, drivingForces)");
  return r;
}

/** Reads result.json of a finished calphad-equilibrium run into scalars and tables; throws when it is missing or malformed. */
export async function readEquilibriumResult(workDir: string): Promise<TaskResult> {
  let raw: unknown;
  try {
    raw = JSON.parse(await fs.readFile(path.join(workDir, "result.json"), "utf8"));
  } catch (e) {
    throw new Error(`result.json unreadable: ${(e as Error).message}`);
  }
  const r = check(raw);
  const names = setNames(r.phases);

  const scalars: ResultScalar[] = [{ key: "GM", unit: "J/mol", value: r.GM, label: t("摩尔吉布斯自由能 GM", "Molar Gibbs energy GM", "Energía de Gibbs molar GM", "モルギブズエネルギー GM"), }];
  for (const el of r.components) {
    if (finite(r.MU[el])) scalars.push({ key: `MU:${el}`, unit: "J/mol", value: r.MU[el], label: t(`化学势 μ(${el})`, `Chemical potential μ(${el})`, `Potencial químico μ(${el})`, `化学ポテンシャル μ(${el})`) });
  }
  r.phases.forEach((p, i) => {
    const n = names[i];
    scalars.push({ key: `fraction:${n}`, unit: "mol/mol", value: p.fraction, label: t(`${n} 相分数`, `Fraction of ${n}`, `Fracción de ${n}`, `${n} の相分率`) });
  });

  const phaseLabel = t("相", "Phase", "Fase", "相");
  const tables: ResultTable[] = [
    {
      key: "stablePhases",
      label: t("平衡相", "Stable phases", "Fases estables", "安定相"),
      columns: [
        { label: phaseLabel, unit: "" },
        { label: t("相分数（原子摩尔）", "Fraction (moles of atoms)", "Fracción (moles de átomos)", "相分率（原子モル）"), unit: "mol/mol" },
        ...r.components.map((el) => ({ label: t(`x(${el})`, `x(${el})`, `x(${el})`, `x(${el})`), unit: "mol/mol" })),
      ],
      rows: r.phases.map((p, i) => [names[i], p.fraction, ...r.components.map((el) => p.composition[el] ?? 0)]),
    },
  ];
  const metastable = Object.entries(r.drivingForces).filter(([, df]) => finite(df) && df < 0).sort((a, b) => b[1] - a[1]);
  tables.push({
    key: "drivingForces",
    label: t("亚稳相的驱动力", "Driving forces of the metastable phases", "Fuerzas motrices de las fases metaestables", "準安定相の駆動力"),
    columns: [
      { label: phaseLabel, unit: "" },
      { label: t("驱动力（负值：不析出）", "Driving force (negative: does not form)", "Fuerza motriz (negativa: no se forma)", "駆動力（負：生成しない）"), unit: "J/mol" },
    ],
    rows: metastable.map(([name, df]) => [name, df]),
  });
  tables.push({
    key: "siteFractions",
    label: t("平衡相的位置分数", "Site fractions of the stable phases", "Fracciones de sitio de las fases estables", "安定相のサイト分率"),
    columns: [
      { label: phaseLabel, unit: "" },
      { label: t("亚点阵", "Sublattice", "Subred", "副格子"), unit: "" },
      { label: t("组元", "Constituent", "Constituyente", "構成種"), unit: "" },
      { label: t("位置分数 y", "Site fraction y", "Fracción de sitio y", "サイト分率 y"), unit: "" },
    ],
    rows: r.phases.flatMap((p, i) => p.siteFractions.flatMap((sub, s) => Object.entries(sub).map(([sp, y]) => [names[i], s + 1, sp, y]))),
  });

  const files: ResultFile[] = [];
  for (const p of OFFERED_FILES) {
    try {
      files.push({ path: p, bytes: (await fs.stat(path.join(workDir, p))).size });
    } catch {
      // A file the run did not write (an empty stderr, no database.tdb for a shipped id named in the script) is not offered.
    }
  }
  // What a workflow's later step can take (steps.<id>.result.phases[name=FCC_A1].composition.ZR): the file's own shape.
  const values = {
    components: r.components,
    phases: r.phases.map((p, i) => ({ name: names[i], fraction: p.fraction, composition: p.composition })),
    GM: r.GM,
    MU: r.MU,
    drivingForces: r.drivingForces,
  };
  return { scalars, series: [], tables, files, values };
}
