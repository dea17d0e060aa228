/** The binary-diagram script's and params' own refusals, in the platform's four languages. */
import type { Texts } from "../script/texts.ts";

const t = (zh: string, en: string, es: string, ja: string): Texts => ({ zh, en, es, ja });

export const diagramTexts = {
  unknownKeyword: (word: string) =>
    t(
      `未知的关键字“${word}”（可用：database、components、phases、T、step、P）`,
      `Unknown keyword "${word}" (known: database, components, phases, T, step, P)`,
      `Palabra clave desconocida "${word}" (válidas: database, components, phases, T, step, P)`,
      `不明なキーワード「${word}」です（使えるもの：database、components、phases、T、step、P）`,
    ),
  twoComponents: t(
    "二元相图须恰好给出两个组元，如 PB,SN",
    "A binary diagram needs exactly two components, e.g. PB,SN",
    "Un diagrama binario necesita exactamente dos componentes, p. ej. PB,SN",
    "二元系状態図には成分元素がちょうど2つ必要です（例：PB,SN）",
  ),
  temperatureRange: t(
    "温度范围须满足 0 K < 下限 < 上限 ≤ 10000 K",
    "The temperature range must satisfy 0 K < lower < upper ≤ 10000 K",
    "El intervalo de temperatura debe cumplir 0 K < inferior < superior ≤ 10000 K",
    "温度範囲は 0 K < 下限 < 上限 ≤ 10000 K にしてください",
  ),
  step: (maxSteps: number) =>
    t(
      `温度步长须大于 0，且温度范围内不超过 ${maxSteps} 步`,
      `The temperature step must be above 0 and give at most ${maxSteps} steps over the range`,
      `El paso de temperatura debe ser mayor que 0 y dar como máximo ${maxSteps} pasos en el intervalo`,
      `温度刻みは 0 より大きく、範囲内で ${maxSteps} 刻み以下にしてください`,
    ),
  noPhases: t(
    "所选相中没有能由这两个组元构成的相",
    "None of the chosen phases can be made of these two components",
    "Ninguna de las fases elegidas puede formarse con estos dos componentes",
    "選んだ相のうち、この2成分で構成できる相がありません",
  ),
};
