import { texts, type Texts } from "../../http/messages.ts";
import { departmentTexts } from "../system/texts.ts";

/** The test-data calls' refusals (records, the similar-data search), in the four languages. */
export const testDataTexts = {
  invalid: departmentTexts.invalid,
  quantityUnknown: texts("未知的元素或性能", "Unknown element or property", "Elemento o propiedad desconocidos", "不明な元素または特性です"),
  elementUnknown: texts("未知的元素", "Unknown element", "Elemento desconocido", "不明な元素です"),
  boundRequired: texts("请填写最小值或最大值", "Give a minimum or a maximum", "Indique un mínimo o un máximo", "最小値か最大値を入力してください"),
  targetRequired: texts("请填写目标含量", "Give the target content", "Indique el contenido buscado", "目標含有量を入力してください"),
  rangeOrder: texts("最小值不能大于最大值", "The minimum cannot be above the maximum", "El mínimo no puede superar al máximo", "最小値は最大値以下にしてください"),
  outOfRange: texts("数值超出物理范围", "The value is outside what is physically possible", "El valor está fuera de lo físicamente posible", "値が物理的に可能な範囲外です"),
  weightInvalid: texts("权重须为大于 0 且不超过 10 的数", "The weight must be a number above 0, at most 10", "El peso debe ser un número mayor que 0 y como máximo 10", "重みは 0 より大きく 10 以下の数です"),
  quantityTwice: texts("同一元素或性能只能填写一次", "Each element or property can be given once", "Cada elemento o propiedad se indica una sola vez", "同じ元素・特性は一度だけ指定できます"),
  criteriaRequired: texts("请至少填写一个条件", "Give at least one condition", "Indique al menos una condición", "条件を一つ以上入力してください"),
  gradeUnknown: texts("未找到该牌号", "No grade of that name in the catalogue", "No hay ningún grado con ese nombre en el catálogo", "その鋼種はカタログにありません"),
  sampleUnknown: texts("未找到该样品的检测数据", "No test record of that sample", "No hay registro de ensayo de esa muestra", "その試料の試験記録はありません"),
  sampleNoComposition: texts("该样品没有化学成分数据", "That sample has no measured composition", "Esa muestra no tiene composición medida", "その試料には化学成分の測定値がありません"),
} satisfies Record<string, Texts>;
