/** The step script's and params' own refusals (the rest are the equilibrium script's), in four languages. */
import type { Texts } from "../script/texts.ts";

const t = (zh: string, en: string, es: string, ja: string): Texts => ({ zh, en, es, ja });

export const stepTexts = {
  temperatureLine: t(
    "温度行应为：T <起始> <终止> <步长> [K|°C]，如 T 300 1000 5 K",
    "The temperature line is: T <from> <to> <step> [K|°C], e.g. T 300 1000 5 K",
    "La línea de temperatura es: T <desde> <hasta> <paso> [K|°C], p. ej. T 300 1000 5 K",
    "温度の行は T <開始> <終了> <刻み> [K|°C] です（例：T 300 1000 5 K）",
  ),
  range: t(
    "终止温度须高于起始温度，且不超过 10000 K",
    "The end temperature must be above the start and at most 10000 K",
    "La temperatura final debe superar la inicial y ser como máximo 10000 K",
    "終了温度は開始温度より高く、10000 K 以下にしてください",
  ),
  step: (max: number) =>
    t(
      `温度步长须大于 0，且点数不超过 ${max}`,
      `The temperature step must be above 0, with at most ${max} points`,
      `El paso de temperatura debe ser mayor que 0, con ${max} puntos como máximo`,
      `温度の刻みは 0 より大きく、点数は ${max} 以下にしてください`,
    ),
};
