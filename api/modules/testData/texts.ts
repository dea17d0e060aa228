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
  notNumber: texts("请输入数字", "Enter a number", "Introduzca un número", "数値を入力してください"),
  recordNotYours: texts("该检测数据不存在或不是您上传的", "No such test record of yours", "No existe ese registro de ensayo suyo", "そのデータはないか、あなたのものではありません"),
  labRecord: texts("检测室的数据须在其委托单中更正并重新审核", "A laboratory record is corrected through its order and verified again", "Un registro del laboratorio se corrige en su pedido y se vuelve a verificar", "試験室のデータは依頼の中で訂正し、再度承認します"),
  stale: texts("该检测数据已被他人修改，请重新打开后再保存", "Someone else changed this record meanwhile; open it again before saving", "Otra persona cambió este registro; ábralo de nuevo antes de guardar", "このデータは他の人が変更しました。開き直してから保存してください"),
  sampleNoComposition: texts("该样品没有化学成分数据", "That sample has no measured composition", "Esa muestra no tiene composición medida", "その試料には化学成分の測定値がありません"),
} satisfies Record<string, Texts>;

/** The offline upload's refusals: of the file as a whole, and of a cell ({placeholders} filled per error). */
export const uploadTexts = {
  noFile: texts("请选择要上传的文件（.xlsx、.xls 或 .csv）", "Choose the file to upload (.xlsx, .xls or .csv)", "Elija el archivo que subir (.xlsx, .xls o .csv)", "アップロードするファイル（.xlsx、.xls、.csv）を選択してください"),
  badType: texts("只能上传 .xlsx、.xls 或 .csv 文件", "Only .xlsx, .xls or .csv files can be uploaded", "Solo se pueden subir archivos .xlsx, .xls o .csv", "アップロードできるのは .xlsx、.xls、.csv だけです"),
  notWhatItClaims: texts("文件内容与扩展名不符（{ext}）", "The file's content is not what its name says ({ext})", "El contenido del archivo no corresponde a su nombre ({ext})", "ファイルの内容が拡張子（{ext}）と一致しません"),
  unreadable: texts("无法读取该文件，请用 Excel 另存为 .xlsx 后重试", "The file cannot be read; save it from Excel as .xlsx and try again", "No se puede leer el archivo; guárdelo desde Excel como .xlsx y vuelva a intentarlo", "ファイルを読み取れません。Excel で .xlsx として保存し直してください"),
  noRows: texts("文件中没有数据行（第 1 行为表头）", "The file holds no data rows (row 1 is the header)", "El archivo no contiene filas de datos (la fila 1 es el encabezado)", "データ行がありません（1 行目は見出し）"),
  tooManyRows: texts("一次最多上传 {max} 行", "At most {max} rows per file", "Como máximo {max} filas por archivo", "1 回にアップロードできるのは {max} 行までです"),
  codeColumnMissing: texts("缺少“编号”列（请使用模板）", "The “Code” column is missing (use the template)", "Falta la columna «Código» (use la plantilla)", "「番号」列がありません（テンプレートを使ってください）"),
  unknownColumn: texts("无法识别的列“{column}”：请使用模板中的列名，如“C (%)”“Rm (MPa)”", "Unknown column “{column}”: use the template's names, such as “C (%)” or “Rm (MPa)”", "Columna desconocida «{column}»: use los nombres de la plantilla, como «C (%)» o «Rm (MPa)»", "不明な列「{column}」：テンプレートの列名（「C (%)」「Rm (MPa)」など）を使ってください"),
  unitUnknown: texts("列“{column}”的单位“{unit}”无法识别，可用：{allowed}", "Column “{column}”: the unit “{unit}” is unknown; use {allowed}", "Columna «{column}»: la unidad «{unit}» es desconocida; use {allowed}", "列「{column}」の単位「{unit}」は不明です。使える単位：{allowed}"),
  columnTwice: texts("“{key}”出现在两列（“{first}”和“{column}”），请只保留一列、统一单位", "“{key}” is in two columns (“{first}” and “{column}”): keep one, in one unit", "«{key}» está en dos columnas («{first}» y «{column}»): deje una, en una sola unidad", "「{key}」が 2 列（「{first}」と「{column}」）にあります。単位をそろえて 1 列にしてください"),
  merged: texts("表格含合并单元格（{ranges}），请取消合并后重新上传", "The sheet has merged cells ({ranges}); unmerge them and upload again", "La hoja tiene celdas combinadas ({ranges}); sepárelas y vuelva a subirla", "シートに結合セル（{ranges}）があります。結合を解除してからアップロードしてください"),
  // A cell's.
  codeRequired: texts("编号不能为空", "The code is required", "El código es obligatorio", "番号は必須です"),
  duplicateInFile: texts("与第 {row} 行编号重复", "Same code as row {row}", "Mismo código que la fila {row}", "{row} 行目と番号が重複しています"),
  codeExists: texts("编号已存在于检测数据中", "A test record with this code already exists", "Ya existe un registro de ensayo con este código", "この番号の試験記録は既にあります"),
  gradeUnknown: texts("牌号“{value}”不在牌号库中", "The grade “{value}” is not in the grade catalogue", "El grado «{value}» no está en el catálogo", "鋼種「{value}」はカタログにありません"),
  notNumber: texts("“{value}”不是数字", "“{value}” is not a number", "«{value}» no es un número", "「{value}」は数値ではありません"),
  negative: texts("不能为负数", "Cannot be negative", "No puede ser negativo", "負の値にはできません"),
  outOfRange: texts("{value} 超出物理范围（{min}–{max} {unit}）", "{value} is outside what is physically possible ({min}–{max} {unit})", "{value} está fuera de lo físicamente posible ({min}–{max} {unit})", "{value} は物理的に可能な範囲（{min}–{max} {unit}）外です"),
  dateInvalid: texts("“{value}”不是日期（YYYY-MM-DD）", "“{value}” is not a date (YYYY-MM-DD)", "«{value}» no es una fecha (AAAA-MM-DD)", "「{value}」は日付（YYYY-MM-DD）ではありません"),
  formula: texts("单元格是公式（{value}），请粘贴为数值", "The cell holds a formula ({value}); paste it as a value", "La celda contiene una fórmula ({value}); péguela como valor", "セルが数式（{value}）です。値として貼り付けてください"),
  tooLong: texts("内容过长（最多 {max} 个字符）", "Too long (at most {max} characters)", "Demasiado largo (máximo {max} caracteres)", "長すぎます（最大 {max} 文字）"),
  // The upload's own.
  uploadNotFound: texts("上传记录不存在", "No such upload", "No existe esa carga", "そのアップロードはありません"),
  notChecked: texts("该上传已导入或已撤销", "That upload was already imported or undone", "Esa carga ya se importó o se deshizo", "そのアップロードは取り込み済みか取り消し済みです"),
  hasBadRows: texts("有 {bad} 行有误：请修改后重新上传，或选择只导入无误的行", "{bad} rows are wrong: correct them and upload again, or import only the good rows", "{bad} filas tienen errores: corríjalas y vuelva a subir el archivo, o importe solo las correctas", "{bad} 行に誤りがあります。修正して再アップロードするか、正しい行だけを取り込んでください"),
  noGoodRows: texts("没有无误的行可导入", "There is no good row to import", "No hay ninguna fila correcta que importar", "取り込める正しい行がありません"),
  changed: texts("检查之后数据已变化（{bad} 行现在有误），请重新检查", "Something changed since the check ({bad} rows are now wrong); check the file again", "Algo cambió desde la comprobación ({bad} filas tienen ahora errores); compruebe el archivo de nuevo", "チェック後にデータが変わりました（{bad} 行が誤り）。もう一度チェックしてください"),
  stale: texts("该上传已被他人处理，请刷新后再试", "Someone else changed this upload meanwhile; reload and try again", "Otra persona cambió esta carga; recargue y vuelva a intentarlo", "このアップロードは他の人が変更しました。再読み込みしてください"),
  notImported: texts("只能撤销已导入的上传", "Only an imported upload can be undone", "Solo se puede deshacer una carga importada", "取り消せるのは取り込み済みのアップロードだけです"),
} satisfies Record<string, Texts>;
