import { z } from "zod";
import type { Lang, Texts } from "../../../http/messages.ts";
import { fieldErrors } from "../../tasks/field-errors.ts";
import { AppInputError, type InputIssue } from "../types.ts";
import { ELEMENTS, INSTALLED_POTENTIALS, POTENTIAL_FILES } from "./potentials.ts";

/**
 * The graphical inputs: flat scalars (the form only draws number, integer, enum and string fields).
 * Bounds keep a form-made run small enough for a shared machine yet let a researcher do real work.
 */
export const lammpsParamsSchema = z
  .object({
    potential: z.enum(POTENTIAL_FILES).default("Fe_mm.eam.fs"),
    element: z.enum(ELEMENTS).default("Fe"),
    solute: z.enum(["none", ...ELEMENTS]).default("none"),
    soluteFraction: z.number().min(0).max(0.5).default(0),
    lattice: z.enum(["bcc", "fcc"]).default("bcc"),
    latticeConstantA: z.number().gt(1.5).lt(8).default(2.855),
    cells: z.number().int().min(2).max(16).default(4),
    relax: z.enum(["yes", "no"]).default("yes"),
    ensemble: z.enum(["none", "nvt", "npt"]).default("nvt"),
    temperatureK: z.number().gt(0).max(5000).default(300),
    pressureBar: z.number().min(-1e6).max(1e6).default(0),
    timestepPs: z.number().gt(0).max(0.01).default(0.001),
    steps: z.number().int().min(0).max(1_000_000).default(1000),
    thermoEvery: z.number().int().min(1).max(100_000).default(10),
    seed: z.number().int().min(1).max(2_147_483_647).default(12345),
  })
  .strict();

export type LammpsParams = z.output<typeof lammpsParamsSchema>;
export type LammpsInput = z.input<typeof lammpsParamsSchema>;

/** bcc Fe with Mendelev's potential, relaxed, then a short NVT run at room temperature. */
export const lammpsExample: LammpsInput = {
  potential: "Fe_mm.eam.fs",
  element: "Fe",
  solute: "none",
  soluteFraction: 0,
  lattice: "bcc",
  latticeConstantA: 2.855,
  cells: 4,
  relax: "yes",
  ensemble: "nvt",
  temperatureK: 300,
  pressureBar: 0,
  timestepPs: 0.001,
  steps: 1000,
  thermoEvery: 10,
  seed: 12345,
};

const LANGS: Lang[] = ["zh", "en", "es", "ja"];

const fill = (t: Texts, v: string): Texts => ({ zh: t.zh.replace("{v}", v), en: t.en.replace("{v}", v), es: t.es.replace("{v}", v), ja: t.ja.replace("{v}", v) });

/** Rules between fields, which the schema alone cannot say. */
export const paramTexts = {
  elementNotInPotential: {
    zh: "该势函数不包含此元素，可选：{v}",
    en: "this potential does not describe that element; it has: {v}",
    es: "este potencial no describe ese elemento; tiene: {v}",
    ja: "このポテンシャルはその元素を含みません。含まれる元素：{v}",
  },
  soluteNotInPotential: {
    zh: "溶质必须是该势函数中除基体外的另一元素：{v}",
    en: "the solute must be the potential's other element: {v}",
    es: "el soluto debe ser el otro elemento del potencial: {v}",
    ja: "溶質はポテンシャルのもう一方の元素にしてください：{v}",
  },
  singleElementPotential: {
    zh: "该势函数只有一种元素，不能加溶质",
    en: "this potential has a single element: no solute is possible",
    es: "este potencial tiene un solo elemento: no admite soluto",
    ja: "このポテンシャルは単元素のため溶質を加えられません",
  },
  fractionWithoutSolute: {
    zh: "未选择溶质时溶质原子分数必须为 0",
    en: "must be 0 when no solute is chosen",
    es: "debe ser 0 si no se elige soluto",
    ja: "溶質を選ばない場合は 0 にしてください",
  },
  fractionZero: {
    zh: "选择了溶质时溶质原子分数必须大于 0",
    en: "must be above 0 when a solute is chosen",
    es: "debe ser mayor que 0 si se elige soluto",
    ja: "溶質を選んだ場合は 0 より大きくしてください",
  },
} satisfies Record<string, Texts>;

/** Zod's refusals in every language: the platform's own wording, one issue per field. */
function zodIssues(error: z.ZodError): InputIssue[] {
  const byLang = LANGS.map((lang) => fieldErrors(error, lang));
  return byLang[0].map((first, i) => ({
    field: first.field,
    text: { zh: byLang[0][i].message, en: byLang[1][i].message, es: byLang[2][i].message, ja: byLang[3][i].message },
  }));
}

/** The rules between potential, element and solute; [] when they hold. */
export function crossFieldIssues(p: LammpsParams): InputIssue[] {
  const issues: InputIssue[] = [];
  const elements = INSTALLED_POTENTIALS[p.potential].elements as readonly string[];
  if (!elements.includes(p.element)) issues.push({ field: "element", text: fill(paramTexts.elementNotInPotential, elements.join(", ")) });
  if (p.solute !== "none") {
    const others = elements.filter((e) => e !== p.element);
    if (elements.length < 2) issues.push({ field: "solute", text: paramTexts.singleElementPotential });
    else if (!others.includes(p.solute) || p.solute === p.element) issues.push({ field: "solute", text: fill(paramTexts.soluteNotInPotential, others.join(", ")) });
    if (p.soluteFraction <= 0) issues.push({ field: "soluteFraction", text: paramTexts.fractionZero });
  } else if (p.soluteFraction > 0) {
    issues.push({ field: "soluteFraction", text: paramTexts.fractionWithoutSolute });
  }
  return issues;
}

/** Form or API params → validated params with defaults; every refusal at once, in four languages. */
export function validateLammpsParams(raw: unknown): LammpsParams {
  const r = lammpsParamsSchema.safeParse(raw);
  if (!r.success) throw new AppInputError(zodIssues(r.error));
  const issues = crossFieldIssues(r.data);
  if (issues.length) throw new AppInputError(issues);
  return r.data;
}
