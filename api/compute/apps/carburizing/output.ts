import fs from "node:fs/promises";
import path from "node:path";
import type { ResultFile, ResultScalar, TaskResult } from "../types.ts";

/** The solver's result.json, as far as the platform reads it. */
interface SolverResult {
  profile: { xMm: number[]; cWt: number[] };
  caseDepthMm: number | null;
  [key: string]: unknown;
}

/** Scalars the solver may report besides the profile, with their labels and units. */
const SCALARS: Array<Omit<ResultScalar, "value">> = [
  { key: "caseDepthMm", unit: "mm", label: { zh: "有效渗碳层深度", en: "Case depth", es: "Profundidad de capa", ja: "有効浸炭深さ" } },
  { key: "diffusionLengthMm", unit: "mm", label: { zh: "扩散长度 2√(Dt)", en: "Diffusion length 2√(Dt)", es: "Longitud de difusión 2√(Dt)", ja: "拡散長 2√(Dt)" } },
  { key: "uptakeKgM2", unit: "kg/m²", label: { zh: "单位面积渗碳量", en: "Carbon uptake per area", es: "Carbono absorbido por área", ja: "単位面積あたりの浸炭量" } },
  { key: "surfaceFluxKgM2s", unit: "kg/(m²·s)", label: { zh: "表面碳通量（结束时）", en: "Surface flux at the end", es: "Flujo superficial al final", ja: "終了時の表面炭素流束" } },
  { key: "dSurfaceM2s", unit: "m²/s", label: { zh: "表面扩散系数", en: "D at the surface", es: "D en la superficie", ja: "表面での拡散係数" } },
  { key: "dCoreM2s", unit: "m²/s", label: { zh: "心部扩散系数", en: "D in the core", es: "D en el núcleo", ja: "心部での拡散係数" } },
  { key: "steps", unit: "", label: { zh: "时间步数", en: "Time steps", es: "Pasos de tiempo", ja: "時間ステップ数" } },
  { key: "timeStepS", unit: "s", label: { zh: "时间步长", en: "Time step", es: "Paso de tiempo", ja: "時間ステップ幅" } },
];

const OFFERED_FILES = ["result.json", "carburize.in", "stdout.log", "stderr.log"];

const isNumbers = (v: unknown): v is number[] => Array.isArray(v) && v.every((x) => typeof x === "number" && Number.isFinite(x));

/** Reads result.json of a finished carburizing run; throws with a plain reason when it is missing or malformed. */
export async function readCarburizingResult(workDir: string, sizeOf: (p: string) => Promise<number>): Promise<TaskResult> {
  let raw: unknown;
  try {
    raw = JSON.parse(await fs.readFile(path.join(workDir, "result.json"), "utf8"));
  } catch (e) {
    throw new Error(`result.json unreadable: ${(e as Error).message}`);
  }
  const r = raw as SolverResult;
  if (!r || typeof r !== "object" || !r.profile || !isNumbers(r.profile.xMm) || !isNumbers(r.profile.cWt) || r.profile.xMm.length !== r.profile.cWt.length || r.profile.xMm.length < 2) {
    throw new Error("result.json has no profile (xMm[], cWt[] of equal length)");
  }
  const scalars: ResultScalar[] = [];
  for (const s of SCALARS) {
    const v = r[s.key];
    if (typeof v === "number" && Number.isFinite(v)) scalars.push({ ...s, value: v });
  }
  const files: ResultFile[] = [];
  for (const p of OFFERED_FILES) {
    try {
      files.push({ path: p, bytes: await sizeOf(p) });
    } catch {
      // A file the run did not write (an empty stderr may be absent) is simply not offered.
    }
  }
  // The profile for a workflow's later steps (`steps.carb.result.carbonMoleFraction@0.6`): wt% as computed, and the
  // mole fraction of carbon in iron a thermodynamic or kinetic step takes (x = (w/M_C) / (w/M_C + (100 − w)/M_Fe)).
  const moleFraction = r.profile.cWt.map((w) => w / 12.011 / (w / 12.011 + (100 - w) / 55.845));
  const values = { carbonWt: { x: r.profile.xMm, y: r.profile.cWt }, carbonMoleFraction: { x: r.profile.xMm, y: moleFraction } };
  return {
    values,
    scalars,
    series: [
      {
        key: "profile",
        label: { zh: "碳浓度分布", en: "Carbon profile", es: "Perfil de carbono", ja: "炭素濃度分布" },
        x: { label: { zh: "距表面深度", en: "Depth below the surface", es: "Profundidad bajo la superficie", ja: "表面からの深さ" }, unit: "mm", values: r.profile.xMm },
        y: { label: { zh: "碳含量", en: "Carbon", es: "Carbono", ja: "炭素濃度" }, unit: "wt%", values: r.profile.cWt },
      },
    ],
    tables: [],
    files,
  };
}
