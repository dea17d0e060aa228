import type { MaterialError } from "../../../common/forms/material.ts";
import { MATERIAL_LIMITS as L } from "../../../common/forms/limits.ts";
import { texts, type Texts } from "../../http/messages.ts";
import { departmentTexts } from "../system/texts.ts";

/** The material calls' refusals, one per key of common/forms/material.ts. */
export const materialTexts: Record<MaterialError, Texts> = {
  invalid: departmentTexts.invalid,
  codeRequired: texts("请输入材料编号", "Enter the material's code", "Introduzca el código del material", "材料番号を入力してください"),
  codeTaken: texts("该材料编号已存在", "A material with this code already exists", "Ya existe un material con ese código", "この材料番号は既にあります"),
  tooLong: texts("内容过长", "Too long", "Demasiado largo", "長すぎます"),
  stepsTooMany: texts(`工艺步骤最多 ${L.steps} 步`, `At most ${L.steps} process steps`, `Como máximo ${L.steps} pasos de proceso`, `工程は ${L.steps} 件までです`),
  kindInvalid: texts("请选择工艺类型", "Choose what the step is", "Elija qué es el paso", "工程の種類を選択してください"),
  temperatureInvalid: texts(
    "温度须为 −273 至 3000 °C 之间的数",
    "The temperature must be a number from −273 to 3000 °C",
    "La temperatura debe ser un número entre −273 y 3000 °C",
    "温度は −273〜3000 °C の数値です",
  ),
  durationInvalid: texts(
    "时间须为 0 至 525600 分钟之间的数",
    "The time must be a number from 0 to 525,600 minutes",
    "El tiempo debe ser un número entre 0 y 525 600 minutos",
    "時間は 0〜525600 分の数値です",
  ),
  potentialInvalid: texts(
    "碳势须为 0 至 2 wt% 之间的数",
    "The carbon potential must be a number from 0 to 2 wt%",
    "El potencial de carbono debe ser un número entre 0 y 2 % en peso",
    "カーボンポテンシャルは 0〜2 wt% の数値です",
  ),
  dateInvalid: texts("请输入正确的日期", "Enter a valid date (YYYY-MM-DD)", "Introduzca una fecha válida (AAAA-MM-DD)", "正しい日付を入力してください（YYYY-MM-DD）"),
  notFound: texts("材料不存在", "No such material", "No existe ese material", "その材料はありません"),
  stale: texts(
    "该材料已被他人修改，请重新打开后再保存",
    "Someone else changed this material meanwhile; open it again before saving",
    "Otra persona cambió este material; ábralo de nuevo antes de guardar",
    "この材料は他の人が変更しました。開き直してから保存してください",
  ),
};
