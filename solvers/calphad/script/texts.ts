/**
 * What the CALPHAD condition script and its params may be, told in each language the platform speaks. The
 * solvers stay free of web and API code, so the four-language record is declared here (the API's `Texts` has
 * the same shape).
 */
export interface Texts {
  zh: string;
  en: string;
  es: string;
  ja: string;
}

const t = (zh: string, en: string, es: string, ja: string): Texts => ({ zh, en, es, ja });

/** Refusals of the script's form (keywords, arguments), before any value is judged. */
export const scriptTexts = {
  syntax: t("无法识别的行，应为“关键字 值…”", "Unreadable line, expected a keyword and its values", "Línea ilegible, se esperaba una palabra clave y sus valores", "読み取れない行です。「キーワード 値…」の形式にしてください"),
  unknownKeyword: (word: string) =>
    t(
      `未知的关键字“${word}”（可用：database、components、phases、T、P、X、W）`,
      `Unknown keyword "${word}" (known: database, components, phases, T, P, X, W)`,
      `Palabra clave desconocida "${word}" (válidas: database, components, phases, T, P, X, W)`,
      `不明なキーワード「${word}」です（使えるもの：database、components、phases、T、P、X、W）`,
    ),
  duplicate: (word: string) => t(`“${word}”重复出现`, `"${word}" is given more than once`, `"${word}" aparece más de una vez`, `「${word}」が重複しています`),
  arguments: (usage: string) => t(`参数不正确，应为：${usage}`, `Wrong arguments, expected: ${usage}`, `Argumentos incorrectos, se esperaba: ${usage}`, `引数が正しくありません。正しくは：${usage}`),
  notNumber: (v: string) => t(`“${v}”不是数字`, `"${v}" is not a number`, `"${v}" no es un número`, `「${v}」は数値ではありません`),
  temperatureUnit: (u: string) =>
    t(`未知的温度单位“${u}”（可用 K、°C、C）`, `Unknown temperature unit "${u}" (K, °C or C)`, `Unidad de temperatura desconocida "${u}" (K, °C o C)`, `不明な温度単位「${u}」です（K、°C、C）`),
  pressureUnit: (u: string) =>
    t(`未知的压力单位“${u}”（可用 Pa、bar）`, `Unknown pressure unit "${u}" (Pa or bar)`, `Unidad de presión desconocida "${u}" (Pa o bar)`, `不明な圧力単位「${u}」です（Pa、bar）`),
  mixedUnits: t(
    "成分不能同时用摩尔分数（X）和质量分数（W）给出",
    "Give the composition either as mole fractions (X) or as mass fractions (W), not both",
    "Dé la composición en fracciones molares (X) o en fracciones másicas (W), no ambas",
    "組成はモル分率（X）か質量分率（W）のどちらか一方で指定してください",
  ),
  missing: (word: string) => t(`缺少“${word}”`, `"${word}" is missing`, `Falta "${word}"`, `「${word}」がありません`),
};

/** Refusals of a value, each naming what is wrong so the user can fix it without the documentation. */
export const valueTexts = {
  database: (v: string, known: string[]) =>
    t(
      `未知的数据库“${v}”（可用：${known.join("、")}，或 file 加上传的 TDB 文件名）`,
      `Unknown database "${v}" (known: ${known.join(", ")}, or file and the name of an uploaded TDB)`,
      `Base de datos desconocida "${v}" (disponibles: ${known.join(", ")}, o file y el nombre de un TDB subido)`,
      `不明なデータベース「${v}」です（使えるもの：${known.join("、")}、または file とアップロードした TDB のファイル名）`,
    ),
  databaseFile: t(
    "TDB 文件名须为任务目录内的相对路径并以 .tdb 结尾，且仅在 database 为 file 时给出",
    "The TDB file must be a relative path inside the task ending in .tdb, given only when database is file",
    "El archivo TDB debe ser una ruta relativa dentro de la tarea que termine en .tdb, y solo con database file",
    "TDB ファイルはタスク内の相対パスで .tdb で終わる名前にし、database が file のときだけ指定してください",
  ),
  fileInGraphical: t(
    "图形界面只能选用平台提供的数据库；自己的 TDB 文件请在指令模式下与条件脚本一起上传",
    "The form offers the shipped databases only; upload your own TDB together with the condition script in instruction mode",
    "El formulario ofrece solo las bases de datos incluidas; suba su propio TDB junto con el guion de condiciones en el modo de instrucciones",
    "フォームでは同梱のデータベースのみ選べます。独自の TDB は指示モードで条件スクリプトと一緒にアップロードしてください",
  ),
  databaseFileMissing: (f: string) =>
    t(`任务文件中没有条件脚本所指的 TDB 文件“${f}”`, `The TDB file "${f}" the script names is not among the task's files`, `El archivo TDB "${f}" que nombra el guion no está entre los archivos de la tarea`, `スクリプトが指定する TDB ファイル「${f}」がタスクのファイルにありません`),
  databaseUnreadable: (f: string, line: number, detail: string) =>
    t(`TDB 文件“${f}”第 ${line} 行无法读取：${detail}`, `The TDB file "${f}" cannot be read at line ${line}: ${detail}`, `El archivo TDB "${f}" no se puede leer en la línea ${line}: ${detail}`, `TDB ファイル「${f}」の ${line} 行目が読めません：${detail}`),
  componentsEmpty: t("至少给出一个组元（元素）", "Give at least one component (element)", "Indique al menos un componente (elemento)", "成分元素を少なくとも1つ指定してください"),
  componentsTooMany: (max: number) => t(`组元最多 ${max} 个`, `At most ${max} components`, `Como máximo ${max} componentes`, `成分元素は最大 ${max} 個です`),
  componentName: (v: string) => t(`“${v}”不是元素名`, `"${v}" is not an element name`, `"${v}" no es un nombre de elemento`, `「${v}」は元素名ではありません`),
  componentDuplicate: (v: string) => t(`组元 ${v} 重复出现`, `Component ${v} is given twice`, `El componente ${v} aparece dos veces`, `成分元素 ${v} が重複しています`),
  unknownElements: (els: string[], known: string[]) =>
    t(
      `数据库中没有元素 ${els.join("、")}（有：${known.join("、")}）`,
      `The database has no element ${els.join(", ")} (it has ${known.join(", ")})`,
      `La base de datos no tiene el elemento ${els.join(", ")} (tiene ${known.join(", ")})`,
      `データベースに元素 ${els.join("、")} はありません（あるもの：${known.join("、")}）`,
    ),
  phasesEmpty: t("给出 * 表示全部相，或列出相名", "Give * for all phases, or list their names", "Indique * para todas las fases, o enumere sus nombres", "すべての相なら *、または相の名前を列挙してください"),
  phaseName: (v: string) => t(`“${v}”不是相名`, `"${v}" is not a phase name`, `"${v}" no es un nombre de fase`, `「${v}」は相の名前ではありません`),
  unknownPhases: (ps: string[], known: string[]) =>
    t(
      `数据库中没有相 ${ps.join("、")}（有：${known.join("、")}）`,
      `The database has no phase ${ps.join(", ")} (it has ${known.join(", ")})`,
      `La base de datos no tiene la fase ${ps.join(", ")} (tiene ${known.join(", ")})`,
      `データベースに相 ${ps.join("、")} はありません（あるもの：${known.join("、")}）`,
    ),
  temperature: t(
    "温度须高于绝对零度（0 K，−273.15 °C）且不超过 10000 K",
    "The temperature must be above absolute zero (0 K, −273.15 °C) and at most 10000 K",
    "La temperatura debe estar por encima del cero absoluto (0 K, −273,15 °C) y como máximo 10000 K",
    "温度は絶対零度（0 K、−273.15 °C）より高く 10000 K 以下にしてください",
  ),
  pressure: t("压力须大于 0 且不超过 10¹⁰ Pa", "The pressure must be above 0 and at most 10¹⁰ Pa", "La presión debe ser mayor que 0 y como máximo 10¹⁰ Pa", "圧力は 0 より大きく 10¹⁰ Pa 以下にしてください"),
  compositionSyntax: (v: string) =>
    t(`无法读取成分“${v}”，应为“元素=分数”，多个用逗号分隔（如 CR=0.1,TI=0.2）`, `Cannot read the composition "${v}": expected element=fraction, several separated by commas (e.g. CR=0.1,TI=0.2)`, `No se puede leer la composición "${v}": se esperaba elemento=fracción, varias separadas por comas (p. ej. CR=0.1,TI=0.2)`, `組成「${v}」が読めません。「元素=分率」をカンマ区切りで指定してください（例：CR=0.1,TI=0.2）`),
  compositionElement: (el: string) =>
    t(`成分中的 ${el} 不是所选组元之一`, `${el} in the composition is not one of the chosen components`, `${el} en la composición no es uno de los componentes elegidos`, `組成の ${el} は選んだ成分元素に含まれていません`),
  compositionDuplicate: (el: string) => t(`成分中 ${el} 重复出现`, `${el} appears twice in the composition`, `${el} aparece dos veces en la composición`, `組成に ${el} が重複しています`),
  compositionRange: (el: string) =>
    t(`${el} 的分数须严格介于 0 和 1 之间`, `The fraction of ${el} must lie strictly between 0 and 1`, `La fracción de ${el} debe estar estrictamente entre 0 y 1`, `${el} の分率は 0 と 1 の間（両端を除く）にしてください`),
  compositionCount: (need: string[]) =>
    t(
      `须给出除一个组元外所有组元的分数（缺少 ${need.join("、")} 中的一部分）`,
      `Give the fraction of every component but one (some of ${need.join(", ")} are missing)`,
      `Indique la fracción de todos los componentes salvo uno (faltan algunos de ${need.join(", ")})`,
      `1つを除くすべての成分元素の分率を指定してください（${need.join("、")} の一部が不足しています）`,
    ),
  compositionSum: (sum: number, all: boolean) =>
    all
      ? t(`全部组元的分数之和为 ${sum}，应为 1`, `The fractions of all components sum to ${sum}, not 1`, `Las fracciones de todos los componentes suman ${sum}, no 1`, `全成分元素の分率の和が ${sum} で、1 ではありません`)
      : t(`分数之和为 ${sum}，须小于 1（余量为其余组元）`, `The fractions sum to ${sum}; they must stay below 1 (the rest is the remaining component)`, `Las fracciones suman ${sum}; deben quedar por debajo de 1 (el resto es el componente restante)`, `分率の和が ${sum} です。1 未満にしてください（残りが残りの成分元素です）`),
  notNumberField: t("此值须为数字", "This value must be a number", "Este valor debe ser un número", "この値は数値にしてください"),
  badValue: t("此值不正确", "This value is not valid", "Este valor no es válido", "この値は正しくありません"),
};
