import { z } from "zod";
import type { Lang, Texts } from "../../../http/messages.ts";
import { fieldErrors } from "../../tasks/field-errors.ts";
import { AppInputError, type InputIssue } from "../types.ts";
import { INSTALLED_PSEUDOS } from "./pseudos.ts";
import { chooseSpeciesPseudos } from "./species-pseudos.ts";
import { parseStructure, type CellStructure } from "./structure.ts";

/** `cell`: the uploaded structure (POSCAR or extended XYZ) with any of its elements, instead of one element's lattice. */
export const LATTICES = ["bcc", "fcc", "hcp", "diamond", "cell"] as const;
/** The largest uploaded structure text, as the form's file picker bounds it (fieldLabels.structure.multiline). */
export const STRUCTURE_MAX_BYTES = 65536;
export const SMEARINGS = ["none", "gaussian", "mv", "mp", "fd"] as const;
const YES_NO = ["yes", "no"] as const;

/** zod wants a non-empty tuple; with nothing installed the field still exists (the app is unavailable then). */
const enumOrString = (values: readonly string[]) =>
  values.length ? z.enum([...new Set(values)] as [string, ...string[]]) : z.string().min(1);

const PSEUDO_FILES = INSTALLED_PSEUDOS.map((p) => p.file);
const ELEMENTS = [...new Set(INSTALLED_PSEUDOS.map((p) => p.element))].sort();
/** QE's own first example (PW/example01) is silicon with Si.pz-vbc.UPF: the default when it is installed. */
const DEFAULT_PSEUDO = PSEUDO_FILES.includes("Si.pz-vbc.UPF") ? "Si.pz-vbc.UPF" : PSEUDO_FILES[0];
const DEFAULT_ELEMENT = INSTALLED_PSEUDOS.find((p) => p.file === DEFAULT_PSEUDO)?.element ?? "Si";

/** The graphical form: one crystal of one element, flat scalars only (the form is derived from this schema). */
export const qeParamsSchema = z
  .object({
    calculation: z.enum(["scf"]).default("scf"),
    lattice: z.enum(LATTICES).default("diamond"),
    latticeConstantA: z.number().min(1).max(20).default(5.43),
    cOverA: z.number().min(0.5).max(4).default(1.633),
    element: enumOrString(ELEMENTS).default(DEFAULT_ELEMENT),
    pseudopotential: enumOrString(PSEUDO_FILES).default(DEFAULT_PSEUDO ?? ""),
    ecutwfc: z.number().min(5).max(300).default(30),
    ecutrho: z.number().min(20).max(3000).optional(),
    kpoints: z.number().int().min(1).max(16).default(4),
    kShifted: z.enum(YES_NO).default("yes"),
    smearing: z.enum(SMEARINGS).default("none"),
    degauss: z.number().min(0.0001).max(0.2).default(0.02),
    spinPolarized: z.enum(YES_NO).default("no"),
    startingMagnetization: z.number().min(-1).max(1).default(0.5),
    convThr: z.number().gt(0).max(0.01).default(1e-8),
    mixingBeta: z.number().min(0.05).max(1).default(0.7),
    eosPoints: z.number().int().min(0).max(11).default(0),
    eosSpreadPercent: z.number().gt(0).max(10).default(3),
    structure: z.string().max(STRUCTURE_MAX_BYTES).optional(),
  })
  .strict();

export type QeParams = z.output<typeof qeParamsSchema>;

/** What instruction mode keeps of the user's own pw.x input: what it could read, for the task list and page. */
export interface QeDeckSummary {
  source: "deck";
  calculation: string;
  ibrav: number;
  nat: number;
  ntyp: number;
  ecutwfc: number;
  ecutrho?: number;
  nspin: number;
  occupations: string;
  kpoints: string;
  species: string[];
  pseudopotentials: string[];
}

export type QeTaskParams = QeParams | QeDeckSummary;

export const isDeckSummary = (p: QeTaskParams): p is QeDeckSummary => (p as QeDeckSummary).source === "deck";

/** The example the form starts with: QE's PW/example01 silicon (celldm(1) = 10.20 bohr = 5.3976 Å, 18 Ry, 4×4×4 shifted). */
export const qeExample = {
  lattice: "diamond",
  latticeConstantA: 5.3976075,
  element: "Si",
  pseudopotential: "Si.pz-vbc.UPF",
  ecutwfc: 18,
  kpoints: 4,
  kShifted: "yes",
  smearing: "none",
  spinPolarized: "no",
  convThr: 1e-8,
  mixingBeta: 0.7,
  eosPoints: 0,
};

export const paramTexts = {
  pseudoElement: {
    zh: "赝势 {p} 对应元素 {e1}，与所选元素 {e2} 不一致",
    en: "the pseudopotential {p} is for {e1}, not for the chosen element {e2}",
    es: "el pseudopotencial {p} es de {e1}, no del elemento elegido {e2}",
    ja: "擬ポテンシャル {p} は {e1} 用で、選択した元素 {e2} とは一致しません",
  },
  pseudoUnknown: {
    zh: "赝势 {p} 未安装",
    en: "the pseudopotential {p} is not installed",
    es: "el pseudopotencial {p} no está instalado",
    ja: "擬ポテンシャル {p} はインストールされていません",
  },
  ecutrhoLow: {
    zh: "电荷密度截断能必须至少为波函数截断能的 4 倍（{v} Ry）",
    en: "the charge density cutoff must be at least 4 × the wavefunction cutoff ({v} Ry)",
    es: "el corte de la densidad de carga debe ser al menos 4 × el corte de las funciones de onda ({v} Ry)",
    ja: "電荷密度のカットオフは波動関数のカットオフの 4 倍（{v} Ry）以上にしてください",
  },
  spinNeedsSmearing: {
    zh: "自旋极化计算需要展宽（smearing 不能为 none），否则 pw.x 要求固定总磁矩",
    en: "a spin-polarised run needs smearing (not none); without it pw.x demands a fixed total magnetisation",
    es: "un cálculo con espín polarizado necesita ensanchamiento (no none); sin él pw.x exige una magnetización total fija",
    ja: "スピン分極計算にはスメアリングが必要です（none 以外）。ない場合 pw.x は全磁化の固定を求めます",
  },
  eosPoints: {
    zh: "状态方程点数为 0 或 1（单点计算）或 5–11",
    en: "EOS points must be 0 or 1 (a single point) or 5–11",
    es: "los puntos de la ecuación de estado deben ser 0 o 1 (un solo punto) o de 5 a 11",
    ja: "状態方程式の点数は 0 または 1（単点計算）、または 5–11 にしてください",
  },
  structureRequired: {
    zh: "晶格选 cell 时需要结构文件（VASP 5 POSCAR 或带 Lattice= 的扩展 XYZ）",
    en: "lattice = cell needs a structure (a VASP 5 POSCAR or an extended XYZ with Lattice=)",
    es: "la red cell necesita una estructura (un POSCAR de VASP 5 o un XYZ extendido con Lattice=)",
    ja: "格子 cell には構造（VASP 5 の POSCAR または Lattice= 付きの拡張 XYZ）が必要です",
  },
  structureBytes: {
    zh: "结构文件超过 {max} 字节",
    en: "the structure is larger than {max} bytes",
    es: "la estructura ocupa más de {max} bytes",
    ja: "構造が {max} バイトを超えています",
  },
  noPseudoForElement: {
    zh: "结构中的元素 {e} 没有已安装的赝势",
    en: "no pseudopotential is installed for the element {e} of the structure",
    es: "no hay ningún pseudopotencial instalado para el elemento {e} de la estructura",
    ja: "構造の元素 {e} にはインストール済みの擬ポテンシャルがありません",
  },
} satisfies Record<string, Texts>;

export const fillTexts = (t: Texts, vars: Record<string, string | number>): Texts => {
  const fill = (s: string) => s.replace(/\{(\w+)\}/g, (m, k: string) => (k in vars ? String(vars[k]) : m));
  return { zh: fill(t.zh), en: fill(t.en), es: fill(t.es), ja: fill(t.ja) };
};

const LANGS: Lang[] = ["zh", "en", "es", "ja"];

/** zod's refusals worded by the platform in each language, as the task service would for an app without validateParams. */
function zodIssues(error: z.ZodError): InputIssue[] {
  const byLang = LANGS.map((l) => fieldErrors(error, l));
  return byLang[0].map((f, i) => ({
    field: f.field,
    text: { zh: byLang[0][i].message, en: byLang[1][i].message, es: byLang[2][i].message, ja: byLang[3][i].message },
  }));
}

/** The uploaded structure of lattice = cell: present, readable, within bounds, and every element with an installed pseudopotential. */
function cellIssues(p: QeParams, installed: readonly { file: string; element: string }[]): InputIssue[] {
  if (!p.structure?.trim()) return [{ field: "structure", text: paramTexts.structureRequired }];
  if (Buffer.byteLength(p.structure, "utf8") > STRUCTURE_MAX_BYTES) return [{ field: "structure", text: fillTexts(paramTexts.structureBytes, { max: STRUCTURE_MAX_BYTES }) }];
  let cell: CellStructure;
  try {
    cell = parseStructure(p.structure);
  } catch (e) {
    if (e instanceof AppInputError) return e.issues;
    throw e;
  }
  return chooseSpeciesPseudos(cell.species, p.pseudopotential, installed).missing.map((e) => ({ field: "structure", text: fillTexts(paramTexts.noPseudoForElement, { e }) }));
}

/** Form params → validated params; the rules between fields (pseudopotential's element, cutoffs, spin) in four languages. */
export function validateQeParams(raw: unknown, installed = INSTALLED_PSEUDOS): QeParams {
  const r = qeParamsSchema.safeParse(raw);
  if (!r.success) throw new AppInputError(zodIssues(r.error));
  const p = r.data;
  const issues: InputIssue[] = [];
  const pseudo = installed.find((x) => x.file === p.pseudopotential);
  if (!pseudo) issues.push({ field: "pseudopotential", text: fillTexts(paramTexts.pseudoUnknown, { p: p.pseudopotential }) });
  else if (p.lattice === "cell") issues.push(...cellIssues(p, installed));
  // With a cell the element field is unused: the chosen pseudopotential only names the family for every species.
  else if (pseudo.element !== p.element)
    issues.push({ field: "pseudopotential", text: fillTexts(paramTexts.pseudoElement, { p: p.pseudopotential, e1: pseudo.element, e2: p.element }) });
  if (p.ecutrho !== undefined && p.ecutrho < 4 * p.ecutwfc) issues.push({ field: "ecutrho", text: fillTexts(paramTexts.ecutrhoLow, { v: 4 * p.ecutwfc }) });
  if (p.spinPolarized === "yes" && p.smearing === "none") issues.push({ field: "smearing", text: paramTexts.spinNeedsSmearing });
  if (p.eosPoints >= 2 && p.eosPoints <= 4) issues.push({ field: "eosPoints", text: paramTexts.eosPoints });
  if (issues.length) throw new AppInputError(issues);
  return p;
}
