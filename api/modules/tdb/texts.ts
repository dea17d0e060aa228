import { texts, type Lang, type Texts } from "../../http/messages.ts";

/** The ThermoDatabase calls' refusals, in the API's four languages. */
export const tdbTexts = {
  noFile: texts("请选择要上传的 TDB 文件", "Please choose a TDB file to upload", "Elija un archivo TDB para subir", "アップロードする TDB ファイルを選択してください"),
  notTdb: texts(
    "只能上传 .tdb 文件（TDB 格式的文本文件）",
    "Only .tdb files (TDB text) can be uploaded",
    "Solo se pueden subir archivos .tdb (texto TDB)",
    "アップロードできるのは .tdb ファイル（TDB 形式のテキスト）だけです",
  ),
  emptyFile: texts("文件内容为空", "The file is empty", "El archivo está vacío", "ファイルが空です"),
  binary: texts(
    "这不是文本文件：TDB 数据库必须是纯文本",
    "This is not a text file: a TDB database must be plain text",
    "No es un archivo de texto: una base de datos TDB debe ser texto plano",
    "テキストファイルではありません。TDB データベースはプレーンテキストである必要があります",
  ),
  noElements: texts(
    "文件中没有 ELEMENT 定义：不是可用的热力学数据库",
    "The file defines no ELEMENT: it is not a usable thermodynamic database",
    "El archivo no define ningún ELEMENT: no es una base de datos termodinámica utilizable",
    "ファイルに ELEMENT の定義がありません。使用できる熱力学データベースではありません",
  ),
  noPhases: texts(
    "文件中没有 PHASE 定义：不是可用的热力学数据库",
    "The file defines no PHASE: it is not a usable thermodynamic database",
    "El archivo no define ninguna PHASE: no es una base de datos termodinámica utilizable",
    "ファイルに PHASE の定義がありません。使用できる熱力学データベースではありません",
  ),
  badName: texts(
    "名称必须是 1 到 100 个字符",
    "The name must be 1 to 100 characters",
    "El nombre debe tener entre 1 y 100 caracteres",
    "名前は 1〜100 文字にしてください",
  ),
  badCitation: texts("引用不能超过 1000 个字符", "The citation cannot be longer than 1000 characters", "La cita no puede superar 1000 caracteres", "引用は 1000 文字以内にしてください"),
  notFound: texts("数据库不存在或无权查看", "No such database, or it is not visible to you", "No existe esa base de datos o no puede verla", "そのデータベースはないか、閲覧できません"),
  shippedFixed: texts(
    "平台自带的数据库不能删除或发布",
    "A database shipped with the platform cannot be deleted or published",
    "Una base de datos incluida en la plataforma no se puede eliminar ni publicar",
    "プラットフォーム付属のデータベースは削除・公開できません",
  ),
  notOwner: texts(
    "只能删除自己上传的数据库",
    "You can only delete databases you uploaded",
    "Solo puede eliminar las bases de datos que subió usted",
    "削除できるのは自分がアップロードしたデータベースだけです",
  ),
} satisfies Record<string, Texts>;

/** "The file cannot be larger than 2 MB" for the configured limit. */
export { tooLargeText } from "../../http/messages.ts";

/**
 * What the TDB reader's error codes mean, said to a researcher. The reader's own message (English, with the
 * offending token) follows as the detail, so a code this table does not know yet still says something useful.
 */
const PARSER_CODES: Record<string, Texts> = {
  "unterminated-command": texts("命令没有以 ! 结束", "The command is not ended by !", "La orden no termina con !", "コマンドが ! で終わっていません"),
  "unknown-keyword": texts("不是 TDB 命令", "Not a TDB command", "No es una orden TDB", "TDB のコマンドではありません"),
  "ambiguous-keyword": texts("命令缩写有歧义", "Ambiguous abbreviation of a command", "Abreviatura de orden ambigua", "コマンドの省略形があいまいです"),
  "bad-number": texts("数值格式错误", "Malformed number", "Número mal formado", "数値の形式が正しくありません"),
  "bad-expression": texts("表达式错误", "Malformed expression", "Expresión mal formada", "式の形式が正しくありません"),
  "bad-range": texts("温度区间错误", "Malformed temperature range", "Intervalo de temperatura mal formado", "温度範囲の形式が正しくありません"),
  "bad-element": texts("ELEMENT 定义错误", "Malformed ELEMENT", "ELEMENT mal formado", "ELEMENT の定義が正しくありません"),
  "bad-species": texts("SPECIES 定义错误", "Malformed SPECIES", "SPECIES mal formado", "SPECIES の定義が正しくありません"),
  "unknown-species": texts("引用了未定义的元素或物种", "Refers to an element or species that is not defined", "Se refiere a un elemento o especie no definidos", "定義されていない元素または化学種を参照しています"),
  "bad-phase": texts("PHASE 定义错误", "Malformed PHASE", "PHASE mal formado", "PHASE の定義が正しくありません"),
  "duplicate-phase": texts("相被重复定义", "The phase is defined twice", "La fase está definida dos veces", "相が二重に定義されています"),
  "unknown-phase": texts("引用了未定义的相", "Refers to a phase that is not defined", "Se refiere a una fase no definida", "定義されていない相を参照しています"),
  "bad-constituent": texts("CONSTITUENT 定义错误", "Malformed CONSTITUENT", "CONSTITUENT mal formado", "CONSTITUENT の定義が正しくありません"),
  "sublattice-mismatch": texts("亚点阵数目与相的定义不符", "The number of sublattices does not match the phase", "El número de subredes no corresponde a la fase", "副格子の数が相の定義と一致しません"),
  "bad-parameter": texts("PARAMETER 定义错误", "Malformed PARAMETER", "PARAMETER mal formado", "PARAMETER の定義が正しくありません"),
  "bad-type-definition": texts("TYPE_DEFINITION 定义错误", "Malformed TYPE_DEFINITION", "TYPE_DEFINITION mal formado", "TYPE_DEFINITION の定義が正しくありません"),
  "duplicate-function": texts("函数被重复定义", "The function is defined twice", "La función está definida dos veces", "関数が二重に定義されています"),
  "circular-function": texts("函数循环引用自身", "The function refers to itself in a circle", "La función se refiere a sí misma en círculo", "関数が循環参照しています"),
};
const UNKNOWN_CODE = texts("文件格式错误", "The file is not valid TDB", "El archivo no es TDB válido", "TDB 形式として正しくありません");

/** The envelope's msg for a refused file: "第 12 行：语法错误（…detail…）" in each language. */
export function parserErrorText(error: { line: number; code: string; message: string }): Texts {
  const what = PARSER_CODES[error.code] ?? UNKNOWN_CODE;
  const detail = error.message.trim();
  const line: Record<Lang, (n: number) => string> = {
    zh: (n) => `第 ${n} 行`,
    en: (n) => `Line ${n}`,
    es: (n) => `Línea ${n}`,
    ja: (n) => `${n} 行目`,
  };
  const out = {} as Texts;
  for (const lang of ["zh", "en", "es", "ja"] as const) {
    const sep = lang === "zh" || lang === "ja" ? "：" : ": ";
    const tail = detail ? (lang === "zh" || lang === "ja" ? `（${detail}）` : ` (${detail})`) : "";
    out[lang] = `${line[lang](error.line)}${sep}${what[lang]}${tail}`;
  }
  return out;
}

export const knownParserCodes = () => Object.keys(PARSER_CODES);

/** What the reader's warnings mean: the file is accepted, but this part of it is not used as written. */
const WARNING_CODES: Record<string, Texts> = {
  "extra-text": texts("多余的文字被忽略", "Extra text is ignored", "Se ignora texto sobrante", "余分な文字は無視されます"),
  "no-constituents": texts("相没有 CONSTITUENT，无法使用", "The phase has no CONSTITUENT and cannot be used", "La fase no tiene CONSTITUENT y no se puede usar", "相に CONSTITUENT がなく、使用できません"),
  "duplicate-parameter": texts("参数重复，使用后一个", "The parameter repeats; the later one is used", "El parámetro se repite; se usa el último", "パラメータが重複しています。後のものを使います"),
  "parameter-unknown-phase": texts("参数所属的相未定义，不被使用", "The parameter's phase is not defined; it is not used", "La fase del parámetro no está definida; no se usa", "パラメータの相が定義されていないため、使用されません"),
  "parameter-sublattices": texts("参数的亚点阵数与相不符，不被使用", "The parameter's sublattices do not match its phase; it is not used", "Las subredes del parámetro no corresponden a su fase; no se usa", "パラメータの副格子数が相と一致しないため、使用されません"),
  "type-definition-ignored": texts("该类型定义不影响吉布斯能模型，被忽略", "This type definition does not change the Gibbs energy models and is ignored", "Esta definición de tipo no cambia los modelos de energía de Gibbs y se ignora", "この型定義はギブズエネルギーのモデルに影響しないため無視されます"),
  "undefined-type-code": texts("类型代码没有 TYPE_DEFINITION", "The type code has no TYPE_DEFINITION", "El código de tipo no tiene TYPE_DEFINITION", "型コードに TYPE_DEFINITION がありません"),
  "undefined-function": texts("函数未定义，按 0 计", "The function is not defined and counts as 0", "La función no está definida y cuenta como 0", "関数が定義されていないため 0 とみなします"),
  "text-after-end": texts("! 之后的文字被忽略", "Text after ! is ignored", "Se ignora el texto después de !", "! の後の文字は無視されます"),
};
const UNKNOWN_WARNING = texts("读取时的提示", "Note from the reader", "Aviso del lector", "読み込み時の注意");

/** A reader warning in one language: what it means, then the reader's own detail. */
export function warningText(w: { code: string; message: string }, lang: Lang): string {
  const what = (WARNING_CODES[w.code] ?? UNKNOWN_WARNING)[lang];
  const detail = w.message.trim();
  if (!detail) return what;
  return lang === "zh" || lang === "ja" ? `${what}（${detail}）` : `${what} (${detail})`;
}
