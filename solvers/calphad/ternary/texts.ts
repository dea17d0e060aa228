/** The section script's and params' own refusals, in the platform's four languages. */
import type { Texts } from "../script/texts.ts";

const t = (zh: string, en: string, es: string, ja: string): Texts => ({ zh, en, es, ja });

export const sectionTexts = {
  threeComponents: t(
    "三元等温截面须恰好给出三个组元，如 CR,TI,V",
    "A ternary section needs exactly three components, e.g. CR,TI,V",
    "Una sección ternaria necesita exactamente tres componentes, p. ej. CR,TI,V",
    "三元系等温断面には成分元素がちょうど3つ必要です（例：CR,TI,V）",
  ),
  noComposition: t(
    "等温截面覆盖全部成分，不需要 X 或 W 行",
    "A section covers every composition: it takes no X or W line",
    "Una sección cubre todas las composiciones: no lleva líneas X ni W",
    "等温断面は全組成を扱うため、X や W の行は不要です",
  ),
  density: (min: number, max: number) =>
    t(
      `网格密度须为 ${min} 到 ${max} 之间的整数`,
      `The grid density must be a whole number from ${min} to ${max}`,
      `La densidad de la malla debe ser un número entero entre ${min} y ${max}`,
      `格子密度は ${min} から ${max} までの整数にしてください`,
    ),
  densityArguments: t("参数不正确，应为：density <整数>", "Wrong arguments, expected: density <whole number>", "Argumentos incorrectos, se esperaba: density <número entero>", "引数が正しくありません。正しくは：density <整数>"),
  noPhases: t(
    "所选相中没有能由这三个组元构成的相",
    "None of the chosen phases can be made of these three components",
    "Ninguna de las fases elegidas puede formarse con estos tres componentes",
    "選んだ相のうち、この3成分で構成できる相がありません",
  ),
};
