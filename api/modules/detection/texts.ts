import { DETECTION_LIMITS as L } from "../../../common/forms/limits.ts";
import type { DetectionError } from "../../../common/forms/detection.ts";
import type { OrderState } from "../../../common/detection.ts";
import { ApiError, Status } from "../../http/envelope.ts";
import { texts, type Texts } from "../../http/messages.ts";
import { departmentTexts } from "../system/texts.ts";

/** The detection calls' refusals, one per key of common/forms/detection.ts. */
export const detectionTexts: Record<DetectionError, Texts> = {
  invalid: departmentTexts.invalid,
  codeRequired: texts("请输入检测项目编号", "Enter the detection project's code", "Introduzca el código del proyecto de ensayo", "検査プロジェクト番号を入力してください"),
  codeTooLong: texts(`编号长度不能超过${L.code}`, `The code can have at most ${L.code} characters`, `El código admite como máximo ${L.code} caracteres`, `番号は${L.code}文字以内です`),
  codeInvalid: texts(
    "编号只能包含字母、数字、下划线、点和短横线，且以字母或数字开头",
    "The code may contain only letters, digits, _ . and -, starting with a letter or digit",
    "El código solo admite letras, dígitos, _ . y -, y empieza por letra o dígito",
    "番号には英数字と _ . - のみ使え、英数字で始めます",
  ),
  codeTaken: texts("检测项目编号已存在", "Another detection project already has that code", "Otro proyecto de ensayo ya tiene ese código", "その検査プロジェクト番号は既に使われています"),
  nameRequired: texts("请输入检测项目名称", "Enter the detection project's name", "Introduzca el nombre del proyecto de ensayo", "検査プロジェクト名を入力してください"),
  nameTooLong: texts(`名称长度不能超过${L.name}`, `The name can have at most ${L.name} characters`, `El nombre admite como máximo ${L.name} caracteres`, `名称は${L.name}文字以内です`),
  clientRequired: texts("请选择委托单位（部门或企业）", "Choose the client (a department or an enterprise)", "Elija el cliente (un departamento o una empresa)", "依頼元（部門または企業）を選択してください"),
  clientUnknown: texts("委托单位不存在", "That client does not exist", "Ese cliente no existe", "その依頼元は存在しません"),
  researchProjectInvalid: texts("关联的科研项目不存在", "That research project does not exist", "Ese proyecto de investigación no existe", "その研究プロジェクトは存在しません"),
  standardsTooLong: texts(`标准长度不能超过${L.standards}`, `The standards can have at most ${L.standards} characters`, `Las normas admiten como máximo ${L.standards} caracteres`, `規格は${L.standards}文字以内です`),
  dateInvalid: texts("请输入正确的日期", "Enter a valid date (YYYY-MM-DD)", "Introduzca una fecha válida (AAAA-MM-DD)", "正しい日付を入力してください（YYYY-MM-DD）"),
  leaderInvalid: texts("请选择正确的负责人", "Choose a valid person in charge", "Elija un responsable válido", "正しい責任者を選択してください"),
  lineDescriptionRequired: texts("请填写样品描述", "Describe each sample", "Describa cada muestra", "各試料の説明を入力してください"),
  lineTooLong: texts("样品信息过长", "A sample's details are too long", "Los datos de una muestra son demasiado largos", "試料の情報が長すぎます"),
  quantityInvalid: texts("样品数量须为 1 到 1000 的整数", "The quantity must be a whole number from 1 to 1000", "La cantidad debe ser un entero de 1 a 1000", "数量は 1〜1000 の整数です"),
  methodsRequired: texts("每个样品至少选择一个检测方法", "Choose at least one test method for each sample", "Elija al menos un método de ensayo para cada muestra", "各試料に試験方法を 1 つ以上選択してください"),
  methodsTooMany: texts("一个样品最多 30 个检测方法", "A sample can have at most 30 test methods", "Una muestra admite como máximo 30 métodos", "1 試料の試験方法は 30 までです"),
  methodUnknown: texts("检测方法不存在", "No such test method", "No existe ese método de ensayo", "その試験方法はありません"),
  projectRequired: texts("请选择检测项目", "Choose the detection project", "Elija el proyecto de ensayo", "検査プロジェクトを選択してください"),
  projectUnknown: texts("检测项目不存在", "That detection project does not exist", "Ese proyecto de ensayo no existe", "その検査プロジェクトは存在しません"),
  projectClosed: texts("检测项目已关闭，不能新增委托单", "The detection project is closed: no new orders", "El proyecto de ensayo está cerrado: no admite pedidos", "検査プロジェクトは終了しており、依頼書を追加できません"),
  gradeTooLong: texts(`牌号长度不能超过${L.grade}`, `The grade can have at most ${L.grade} characters`, `El grado admite como máximo ${L.grade} caracteres`, `鋼種は${L.grade}文字以内です`),
  noteTooLong: texts(`备注长度不能超过${L.note}`, `The note can have at most ${L.note} characters`, `La nota admite como máximo ${L.note} caracteres`, `備考は${L.note}文字以内です`),
  linesRequired: texts("委托单至少包含一个样品", "An order needs at least one sample", "Un pedido necesita al menos una muestra", "依頼書には試料が 1 つ以上必要です"),
  linesTooMany: texts(`一个委托单最多 ${L.lines} 个样品`, `An order can have at most ${L.lines} samples`, `Un pedido admite como máximo ${L.lines} muestras`, `1 依頼書の試料は ${L.lines} までです`),
  actionUnknown: texts("未知的操作", "Unknown action", "Acción desconocida", "不明な操作です"),
  reasonTooLong: texts(`原因长度不能超过${L.reason}`, `The reason can have at most ${L.reason} characters`, `El motivo admite como máximo ${L.reason} caracteres`, `理由は${L.reason}文字以内です`),
  reasonRequired: texts("请填写原因", "Give a reason", "Indique el motivo", "理由を入力してください"),
  stateRefused: texts(
    "委托单当前状态为“{state}”，不能执行此操作",
    "The order is {state}: this action is not allowed now",
    "El pedido está en «{state}»: esta acción no está permitida ahora",
    "依頼書は現在「{state}」のため、この操作はできません",
  ),
  samplesMissing: texts(
    "请先登记委托单的全部样品，再开始检测",
    "Register all of the order's samples before testing starts",
    "Registre todas las muestras del pedido antes de empezar el ensayo",
    "依頼書の試料をすべて登録してから試験を開始してください",
  ),
  notDraft: texts("委托单已提交，不能再修改", "The order has been submitted and can no longer be edited", "El pedido ya se envió y no puede modificarse", "依頼書は提出済みのため変更できません"),
  stale: texts(
    "该记录已被他人修改，请重新打开后再操作",
    "Someone else changed this meanwhile; reopen it and try again",
    "Otra persona lo modificó entretanto; vuelva a abrirlo e inténtelo de nuevo",
    "他のユーザーが変更しました。開き直してからやり直してください",
  ),
  notFound: texts("检测项目或委托单不存在", "No such detection project or order", "No existe ese proyecto de ensayo o pedido", "その検査プロジェクトまたは依頼書は存在しません"),
  clientLocked: texts(
    "检测项目已有委托单，不能更改委托单位",
    "The project already has orders: its client cannot change",
    "El proyecto ya tiene pedidos: su cliente no puede cambiar",
    "依頼書があるため依頼元を変更できません",
  ),
  samplePatternBad: texts(
    "样品编号模式只能由字母、数字、- _ . / 和 {YYYY} {YY} {MM} {DD} {SEQ:n} 组成，最长 40 个字符",
    "A sample ID pattern is letters, digits, - _ . / and {YYYY} {YY} {MM} {DD} {SEQ:n}, at most 40 characters",
    "Un patrón de ID de muestra admite letras, dígitos, - _ . / y {YYYY} {YY} {MM} {DD} {SEQ:n}, hasta 40 caracteres",
    "試料番号のパターンは英数字、- _ . / と {YYYY} {YY} {MM} {DD} {SEQ:n} で、40 文字以内です",
  ),
  samplePatternSeq: texts(
    "样品编号模式须包含且仅包含一个序号 {SEQ:n}（n 为 1 到 9 位）",
    "A sample ID pattern needs exactly one counter {SEQ:n} (n from 1 to 9 digits)",
    "Un patrón de ID de muestra necesita exactamente un contador {SEQ:n} (n de 1 a 9 dígitos)",
    "試料番号のパターンには連番 {SEQ:n}（n は 1〜9 桁）がちょうど 1 つ必要です",
  ),
  sampleSeqFull: texts(
    "本期样品编号的序号已用完，请使用位数更多的 {SEQ:n}",
    "This period's sample counter is used up: use a {SEQ:n} with more digits",
    "El contador de muestras de este periodo está agotado: use un {SEQ:n} con más dígitos",
    "今期の試料連番を使い切りました。桁数の多い {SEQ:n} を使ってください",
  ),
  storageTooLong: texts(`存放位置长度不能超过${L.storage}`, `The storage place can have at most ${L.storage} characters`, `El lugar de almacenamiento admite como máximo ${L.storage} caracteres`, `保管場所は${L.storage}文字以内です`),
  lineUnknown: texts("委托单中没有该样品行", "The order has no such sample line", "El pedido no tiene esa línea de muestra", "依頼書にその試料行はありません"),
  countInvalid: texts(
    "登记数量须为 1 到该样品行尚未登记的数量",
    "The count must be from 1 to the line's pieces not yet registered",
    "La cantidad debe ir de 1 a las piezas de la línea aún sin registrar",
    "登録数は 1 からその行の未登録数までです",
  ),
  nothingToRegister: texts("委托单的样品已全部登记", "Every sample of the order is already registered", "Todas las muestras del pedido ya están registradas", "依頼書の試料はすべて登録済みです"),
  sampleNotFound: texts("样品不存在", "No such sample", "No existe esa muestra", "その試料はありません"),
  labelSizeUnknown: texts("未知的标签规格", "Unknown label size", "Tamaño de etiqueta desconocido", "不明なラベルサイズです"),
  labelsTooMany: texts(`一次最多打印 ${L.labels} 个标签`, `At most ${L.labels} labels at a time`, `Como máximo ${L.labels} etiquetas a la vez`, `一度に印刷できるラベルは ${L.labels} 枚までです`),
  resultsMissing: texts(
    "请先录入全部检测结果，再提交审核",
    "Enter every result before sending the order for verification",
    "Introduzca todos los resultados antes de enviar el pedido a verificación",
    "すべての試験結果を入力してから確認に回してください",
  ),
  limitInvalid: texts(
    "限值须为数字，且下限不大于上限",
    "A limit is a number, and its minimum is not above its maximum",
    "Un límite es un número, y su mínimo no supera su máximo",
    "限度値は数値で、下限は上限以下です",
  ),
  quantityUnknown: texts("该检测方法没有此测量项", "The method measures no such quantity", "El método no mide esa magnitud", "その試験方法にその測定項目はありません"),
  equipmentTooLong: texts(`设备名称长度不能超过${L.equipment}`, `The equipment can have at most ${L.equipment} characters`, `El equipo admite como máximo ${L.equipment} caracteres`, `設備名は${L.equipment}文字以内です`),
  equipmentUnknown: texts("该设备未登记", "No such registered instrument", "No hay ningún equipo registrado así", "その装置は登録されていません"),
  equipmentOutOfService: texts(
    "该设备维护中或已停用，不能用于检测",
    "That instrument is under maintenance or retired: it cannot be used for results",
    "Ese equipo está en mantenimiento o retirado: no puede usarse para resultados",
    "その装置は保守中または廃止済みのため、試験に使えません",
  ),
  equipmentMethod: texts("该设备不能进行此检测方法", "That instrument does not run this method", "Ese equipo no realiza este método", "その装置はこの試験方法に対応していません"),
  equipmentCalibrationOverdue: texts(
    "该设备校准已过期（应于 {due} 前校准），校准后才能用于检测",
    "That instrument's calibration is overdue (due {due}): calibrate it before using it for results",
    "La calibración de ese equipo está vencida (vencía el {due}): calíbrelo antes de usarlo para resultados",
    "その装置の校正期限が過ぎています（期限 {due}）。校正してから試験に使ってください",
  ),
  valuesRequired: texts("请至少填写一个测量值", "Enter at least one value", "Introduzca al menos un valor", "測定値を 1 つ以上入力してください"),
  valueInvalid: texts("{quantity} 须为数字", "{quantity} must be a number", "{quantity} debe ser un número", "{quantity} は数値で入力してください"),
  valueOutOfRange: texts(
    "{quantity} 的数值超出可能范围（{min} 至 {max}）",
    "{quantity} is outside what it can be ({min} to {max})",
    "{quantity} está fuera de lo posible ({min} a {max})",
    "{quantity} の値がありうる範囲（{min}〜{max}）を外れています",
  ),
  textTooLong: texts(`描述长度不能超过${L.resultText}`, `A description can have at most ${L.resultText} characters`, `Una descripción admite como máximo ${L.resultText} caracteres`, `記述は${L.resultText}文字以内です`),
  methodNotOrdered: texts("委托单未要求该样品做此项检测", "The order does not ask for this test on this sample", "El pedido no pide este ensayo para esta muestra", "依頼書はこの試料にこの試験を求めていません"),
  verifierIsOperator: texts(
    "审核人不能是录入人：有结果由您录入，请由他人审核",
    "You entered some of these results: another person must verify them",
    "Usted introdujo algunos de estos resultados: debe verificarlos otra persona",
    "あなたが入力した結果があります。別の人が確認してください",
  ),
  csvInvalid: texts("无法读取 CSV 文件", "The CSV file cannot be read", "No se puede leer el archivo CSV", "CSV ファイルを読み込めません"),
  csvColumnUnknown: texts("第 1 行的列“{column}”不是该检测方法的测量项", "Column “{column}” is not a quantity of the method", "La columna «{column}» no es una magnitud del método", "列「{column}」はその試験方法の測定項目ではありません"),
  csvSampleUnknown: texts("样品编号不属于该委托单", "The sample ID is not one of the order's", "El ID de muestra no es del pedido", "試料番号はその依頼書のものではありません"),
  csvEmpty: texts(
    `CSV 文件须有表头（样品编号和测量项）以及 1 到 ${L.csvRows} 行数据`,
    `The CSV needs a header (sample ID and quantities) and 1 to ${L.csvRows} rows`,
    `El CSV necesita una cabecera (ID de muestra y magnitudes) y de 1 a ${L.csvRows} filas`,
    `CSV にはヘッダー（試料番号と測定項目）と 1〜${L.csvRows} 行のデータが必要です`,
  ),
  csvColumnTwice: texts("第 1 行的列“{column}”与前面的列是同一测量项", "Column “{column}” repeats a quantity of an earlier column", "La columna «{column}» repite una magnitud de una columna anterior", "列「{column}」は前の列と同じ測定項目です"),
  csvSampleTwice: texts("该样品在前面的行中已出现", "The sample is on an earlier row too", "La muestra ya aparece en una fila anterior", "この試料は前の行にもあります"),
  resultsUnchanged: texts(
    "复验后请至少重新录入一个结果，再提交审核",
    "After a retest, enter at least one new result before sending the order for verification",
    "Tras un reensayo, introduzca al menos un resultado nuevo antes de enviarlo a verificación",
    "再試験後は、少なくとも 1 つの結果を入力し直してから確認に回してください",
  ),
  reportedNoCancel: texts(
    "委托单已出具报告，不能取消；如需更正请修订报告",
    "The order has a report: it cannot be cancelled; correct the report instead",
    "El pedido tiene informe: no puede cancelarse; corrija el informe",
    "報告書を発行済みのため取り消せません。報告書を訂正してください",
  ),
  csvErrors: texts("CSV 文件有 {count} 处错误，未导入任何结果", "The CSV has {count} errors; nothing was imported", "El CSV tiene {count} errores; no se importó nada", "CSV に {count} 件の誤りがあり、何も取り込んでいません"),
  reissueReasonRequired: texts(
    "请填写重新出具报告的原因（如更正了什么），它会印在新版本上",
    "Give the reason for the new version (what was corrected); it is printed on it",
    "Indique el motivo de la nueva versión (qué se corrigió); se imprime en ella",
    "新しい版を発行する理由（何を訂正したか）を入力してください。新しい版に印刷されます",
  ),
  photoRequired: texts("请选择或拍摄一张照片", "Choose or take a photo", "Elija o tome una foto", "写真を選ぶか撮影してください"),
  photoType: texts("照片须为 JPG、PNG 或 WebP 图片", "A photo must be a JPG, PNG or WebP image", "Una foto debe ser una imagen JPG, PNG o WebP", "写真は JPG・PNG・WebP 画像にしてください"),
  photoTooLarge: texts(
    `照片不能超过 ${L.photoBytes / 1024 / 1024} MB`,
    `A photo can be at most ${L.photoBytes / 1024 / 1024} MB`,
    `Una foto puede tener como máximo ${L.photoBytes / 1024 / 1024} MB`,
    `写真は ${L.photoBytes / 1024 / 1024} MB 以内です`,
  ),
  photoMismatch: texts("照片内容与其文件类型不符", "The photo's content is not what its file type says", "El contenido de la foto no corresponde a su tipo de archivo", "写真の内容がファイルの種類と一致しません"),
  captionTooLong: texts(`说明长度不能超过${L.caption}`, `A caption can have at most ${L.caption} characters`, `Un pie de foto admite como máximo ${L.caption} caracteres`, `説明は${L.caption}文字以内です`),
  photoNotFound: texts("照片不存在", "No such photo", "No existe esa foto", "その写真はありません"),
  photoNotYours: texts("只能删除自己上传的照片", "You can only remove photos you added", "Solo puede quitar las fotos que usted añadió", "削除できるのは自分が追加した写真だけです"),
  reportNotFound: texts("检测报告不存在", "No such test report", "No existe ese informe de ensayo", "その試験報告書はありません"),
  reportUnknown: texts(
    "未找到与该二维码对应的检测报告：二维码可能已损坏，或该报告并非本实验室出具",
    "No test report answers this code: the QR code may be damaged, or the report was not issued by this laboratory",
    "Ningún informe de ensayo corresponde a este código: el código QR puede estar dañado o el informe no lo emitió este laboratorio",
    "このコードに対応する試験報告書はありません。QR コードが損傷しているか、当試験所が発行したものではありません",
  ),
};

/** A text with its {placeholders} filled, in every language. */
export function filled(t: Texts, vars: Record<string, string | number>): Texts {
  return Object.fromEntries(Object.entries(t).map(([lang, s]) => [lang, s.replace(/\{(\w+)\}/g, (m, k: string) => (k in vars ? String(vars[k]) : m))])) as Texts;
}

/** The order states' names, for messages ({state}) and the pages. */
export const stateNames: Record<string, Texts> = {
  draft: texts("草稿", "a draft", "borrador", "下書き"),
  submitted: texts("已提交", "submitted", "enviado", "提出済み"),
  received: texts("已接收", "received", "recibido", "受付済み"),
  in_test: texts("检测中", "in test", "en ensayo", "試験中"),
  to_verify: texts("待审核", "waiting for verification", "pendiente de verificación", "確認待ち"),
  verified: texts("已审核", "verified", "verificado", "確認済み"),
  reported: texts("已出报告", "reported", "informado", "報告済み"),
  cancelled: texts("已取消", "cancelled", "cancelado", "取消済み"),
};

/** A refusal naming the order's current state in each language (409), on `field` (the action, or the order). */
export function stateRefusal(state: OrderState, field = "Action"): ApiError {
  const name = stateNames[state];
  const text = Object.fromEntries(Object.entries(detectionTexts.stateRefused).map(([lang, s]) => [lang, s.replace("{state}", name[lang as keyof Texts])])) as Texts;
  return new ApiError(Status.conflict, text, { fields: [{ field, key: "stateRefused", message: text.zh }] });
}
