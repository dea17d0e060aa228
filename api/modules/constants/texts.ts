import { texts, type Texts } from "../../http/messages.ts";
import type { ConstantError } from "../../../common/forms/constant.ts";
import { CONSTANT_LIMITS as L } from "../../../common/constants.ts";

/** The constant form's messages (common/forms/constant.ts); the web has the same in its `system` namespace. */
export const constantTexts: Record<ConstantError, Texts> = {
  invalid: texts("参数错误", "Invalid value", "Valor no válido", "値が正しくありません"),
  itemUnknown: texts("常量不存在", "No such constant", "No existe esa constante", "その定数は存在しません"),
  required: texts("请填写此项", "Fill this in", "Rellene este campo", "入力してください"),
  tooLong: texts(
    `名称不超过${L.label}个字符，文字不超过${L.text}个字符`,
    `A label can have at most ${L.label} characters, a text ${L.text}`,
    `Una etiqueta admite como máximo ${L.label} caracteres, un texto ${L.text}`,
    `名称は${L.label}文字以内、文章は${L.text}文字以内です`,
  ),
  phoneInvalid: texts("请输入正确的联系电话", "Enter a valid phone number", "Introduzca un teléfono válido", "正しい電話番号を入力してください"),
  emailInvalid: texts("请输入正确的邮箱", "Enter a valid e-mail address", "Introduzca un correo electrónico válido", "正しいメールアドレスを入力してください"),
  stale: texts(
    "该常量已被他人修改，请刷新后重试",
    "Someone changed this constant since you opened it; reload it and try again",
    "Alguien cambió esta constante desde que la abrió; recárguela e inténtelo de nuevo",
    "開いた後に他のユーザーがこの定数を変更しました。再読み込みしてやり直してください",
  ),
};
