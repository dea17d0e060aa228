import type { EquipmentError } from "../../../common/forms/equipment.ts";
import { EQUIPMENT_LIMITS as L } from "../../../common/forms/limits.ts";
import { texts, type Texts } from "../../http/messages.ts";
import { departmentTexts } from "../system/texts.ts";

/** The equipment calls' refusals, one per key of common/forms/equipment.ts. */
export const equipmentTexts: Record<EquipmentError, Texts> = {
  invalid: departmentTexts.invalid,
  nameRequired: texts("请输入设备名称", "Enter the instrument's name", "Introduzca el nombre del equipo", "装置名を入力してください"),
  nameTooLong: texts(`名称长度不能超过${L.name}`, `The name can have at most ${L.name} characters`, `El nombre admite como máximo ${L.name} caracteres`, `名称は${L.name}文字以内です`),
  tooLong: texts("内容过长", "Too long", "Demasiado largo", "長すぎます"),
  departmentUnknown: texts("所属部门不存在或不在您的管理范围内", "That department does not exist or is outside your scope", "Ese departamento no existe o está fuera de su ámbito", "その部門は存在しないか管理範囲外です"),
  keeperUnknown: texts("保管人不存在", "That keeper does not exist", "Ese responsable no existe", "その管理者は存在しません"),
  methodUnknown: texts("检测方法不存在", "Unknown test method", "Método de ensayo desconocido", "不明な試験方法です"),
  methodsTooMany: texts(`最多选择 ${L.methods} 个检测方法`, `At most ${L.methods} methods`, `Como máximo ${L.methods} métodos`, `試験方法は ${L.methods} 個までです`),
  dateInvalid: texts("请输入正确的日期", "Enter a valid date (YYYY-MM-DD)", "Introduzca una fecha válida (AAAA-MM-DD)", "正しい日付を入力してください（YYYY-MM-DD）"),
  dueBeforeCalibration: texts("下次校准日期不能早于校准日期", "The next calibration cannot be before the last one", "La próxima calibración no puede ser anterior a la última", "次回校正日は校正日より後にしてください"),
  statusInvalid: texts("状态无效", "Invalid status", "Estado no válido", "状態が正しくありません"),
  serialTaken: texts("该厂家的此出厂编号已登记", "An instrument of this maker with this serial number is already registered", "Ya hay un equipo de este fabricante con ese número de serie", "このメーカーの同じ製造番号の装置は登録済みです"),
  filesTooMany: texts(`最多 ${L.files} 个文件`, `At most ${L.files} files`, `Como máximo ${L.files} archivos`, `ファイルは ${L.files} 個までです`),
  fileUnknown: texts("文件不存在或不是您上传的", "That file does not exist or is not yours", "Ese archivo no existe o no es suyo", "そのファイルは存在しないか、あなたのものではありません"),
  notFound: texts("设备不存在", "No such instrument", "No existe ese equipo", "その装置はありません"),
  stale: texts("该设备已被他人修改，请重新打开后再保存", "Someone else changed this instrument meanwhile; open it again before saving", "Otra persona cambió este equipo; ábralo de nuevo antes de guardar", "この装置は他の人が変更しました。開き直してから保存してください"),
};
