import { parse as parseYaml } from "yaml";
import { z } from "zod";
import type { Lang, Texts } from "../../http/messages.ts";
import { texts } from "../../http/messages.ts";
import { COMPUTE_CATEGORIES } from "../compute/categories.ts";
import { appError, listIn, type AppStoreError, type Checked } from "./errors.ts";
import { packagePath } from "./package-path.ts";

export { packagePath };

/**
 * The manifest of a contributed app (`ferrum-app.json`, or `.yaml`/`.yml`: the project ships the `yaml`
 * package): what the app is, the form it asks for, how it runs and what it returns. docs/app-store.md has a
 * full example. Every mistake comes back as its own error with a code and four-language text, so an author
 * fixes them all in one round rather than one per upload.
 */

export const MANIFEST_NAMES = ["ferrum-app.json", "ferrum-app.yaml", "ferrum-app.yml"] as const;
/** A manifest is a page of text; anything bigger is not one (and YAML alias bombs grow from small files). */
export const MAX_MANIFEST_BYTES = 256 * 1024;

const LANGS: readonly Lang[] = ["zh", "en", "es", "ja"];
/** The category codes of the twelve compute categories, the same list the menu and the database use. */
export const CATEGORY_CODES = COMPUTE_CATEGORIES.map((c) => c.category) as [string, ...string[]];
export const RUNTIMES = ["python3", "bash", "node"] as const;
export const INPUT_KINDS = ["number", "integer", "choice", "text", "file", "boolean"] as const;
export const OUTPUT_KINDS = ["scalar", "series", "table", "file", "image"] as const;

const ID = /^[a-z][a-z0-9-]+$/;
// semver.org's own pattern without build metadata: x.y.z with an optional pre-release (1.2.0-beta.1).
const SEMVER = /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-(?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*)(?:\.(?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*))*)?$/;
const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;
// SPDX identifiers and expressions ("MIT", "Apache-2.0 OR MIT", "LicenseRef-Lab-1.0"); the list itself is not checked.
const LICENSE = /^[A-Za-z0-9][A-Za-z0-9.+\-()]*(?: (?:AND|OR|WITH) \(?[A-Za-z0-9][A-Za-z0-9.+\-()]*)*$/;
const EXTENSION = /^\.[A-Za-z0-9]{1,10}$/;
// Control characters would make a tag or name print oddly (or invisibly) in lists.
const PRINTABLE = /^[^\u0000-\u001f\u007f]*$/;

/** A text in the four languages: zh is required (the platform's default language), the others fall back to it. */
const localized = (max: number) =>
  z.strictObject({
    zh: z.string().trim().min(1).max(max).regex(PRINTABLE),
    en: z.string().trim().min(1).max(max).regex(PRINTABLE).optional(),
    es: z.string().trim().min(1).max(max).regex(PRINTABLE).optional(),
    ja: z.string().trim().min(1).max(max).regex(PRINTABLE).optional(),
  });
export type Localized = z.infer<ReturnType<typeof localized>>;

const choiceSchema = z.union([z.string().min(1).max(64), z.strictObject({ value: z.string().min(1).max(64), label: localized(80) })]);

/**
 * One field of the graphical form, in the vocabulary the built-in apps' forms use (common/compute-form.ts):
 * number/integer with min/max and a unit, choice = an enum with labelled options, text = a string (multiline),
 * file = a small uploaded file, boolean = yes/no. A field with a default may be left empty.
 */
const inputSchema = z.strictObject({
  name: z.string().max(40).regex(IDENTIFIER, { error: "input-name-format" }),
  kind: z.enum(INPUT_KINDS, { error: "input-kind-unknown" }),
  label: localized(80),
  help: localized(300).optional(),
  unit: z.string().trim().min(1).max(32).optional(),
  min: z.number().optional(),
  max: z.number().optional(),
  default: z.union([z.number(), z.string().max(10_000), z.boolean()]).optional(),
  choices: z.array(choiceSchema).max(100).optional(),
  accept: z.array(z.string().regex(EXTENSION, { error: "input-accept-format" })).max(20).optional(),
  required: z.boolean().optional(),
});
export type ManifestInput = z.infer<typeof inputSchema>;

const outputSchema = z.strictObject({
  name: z.string().max(40).regex(IDENTIFIER, { error: "output-name-format" }),
  kind: z.enum(OUTPUT_KINDS, { error: "output-kind-unknown" }),
  label: localized(80),
  unit: z.string().trim().min(1).max(32).optional(),
});
export type ManifestOutput = z.infer<typeof outputSchema>;

const inputsSchema = z.array(inputSchema).max(50);

const manifestSchema = z.strictObject({
  id: z.string().min(3, { error: "id-format" }).max(40, { error: "id-format" }).regex(ID, { error: "id-format" }),
  version: z.string().max(64, { error: "version-semver" }).regex(SEMVER, { error: "version-semver" }),
  names: localized(80),
  descriptions: localized(2000),
  category: z.enum(CATEGORY_CODES, { error: "category-unknown" }),
  inputs: inputsSchema,
  deckTemplate: z.string().max(64 * 1024).optional(),
  runtime: z.enum(RUNTIMES, { error: "runtime-unknown" }),
  command: z.string().min(1).max(255),
  resources: z.strictObject({
    cores: z.int().min(1).max(8),
    memoryMiB: z.int().min(64).max(8192),
    walltimeMin: z.int().min(1).max(1440),
  }),
  outputs: z.array(outputSchema).min(1).max(100),
  example: z.record(z.string(), z.unknown()),
  license: z.string().max(64, { error: "license-format" }).regex(LICENSE, { error: "license-format" }),
  docs: z.string().min(1).max(255).optional(),
  authors: z.array(z.string().trim().min(1).max(100).regex(PRINTABLE)).min(1, { error: "authors-empty" }).max(20),
  changelog: z.string().max(20_000).optional(),
  tags: z.array(z.string().trim().min(1).max(24, { error: "tag-too-long" }).regex(PRINTABLE)).max(10, { error: "tags-too-many" }).default([]),
});
export type AppManifest = z.infer<typeof manifestSchema>;

/* ------------------------------------------------------------------ messages */

type Params = Record<string, string | number | readonly (string | number)[]>;

const TYPE_WORDS: Record<string, Texts> = {
  string: texts("文本", "a string", "un texto", "文字列"),
  number: texts("数字", "a number", "un número", "数値"),
  int: texts("整数", "an integer", "un entero", "整数"),
  boolean: texts("true 或 false", "true or false", "true o false", "true か false"),
  array: texts("数组", "an array", "una lista", "配列"),
  object: texts("对象", "an object", "un objeto", "オブジェクト"),
};

/** Each code's text; `p.path` is the manifest path, the rest depends on the code. */
const MESSAGES: Record<string, (p: Params, lang: Lang) => string> = {
  "manifest-not-object": (_, l) => pick(l, "清单必须是一个对象（JSON 的 {…}）", "The manifest must be an object ({…} in JSON)", "El manifiesto debe ser un objeto ({…} en JSON)", "マニフェストはオブジェクト（JSON の {…}）でなければなりません"),
  "manifest-syntax": (p, l) => pick(l, `清单文件 ${p.file} 无法解析：${p.detail}`, `The manifest ${p.file} cannot be parsed: ${p.detail}`, `No se puede leer el manifiesto ${p.file}: ${p.detail}`, `マニフェスト ${p.file} を解析できません：${p.detail}`),
  "manifest-too-large": (p, l) => pick(l, `清单文件不能超过 ${p.limit}`, `The manifest cannot be larger than ${p.limit}`, `El manifiesto no puede superar ${p.limit}`, `マニフェストは ${p.limit} 以下にしてください`),
  "field-required": (p, l) => pick(l, `缺少必填字段 ${p.path}`, `${p.path} is required`, `Falta el campo obligatorio ${p.path}`, `必須項目 ${p.path} がありません`),
  "field-wrong-type": (p, l) => pick(l, `${p.path} 应为${TYPE_WORDS[String(p.expected)]?.zh ?? p.expected}`, `${p.path} must be ${TYPE_WORDS[String(p.expected)]?.en ?? p.expected}`, `${p.path} debe ser ${TYPE_WORDS[String(p.expected)]?.es ?? p.expected}`, `${p.path} は${TYPE_WORDS[String(p.expected)]?.ja ?? p.expected}でなければなりません`),
  "field-unknown": (p, l) => pick(l, `不认识的字段：${listIn(l, p.keys as string[])}（请检查拼写）`, `Unknown field: ${listIn(l, p.keys as string[])} (check the spelling)`, `Campo desconocido: ${listIn(l, p.keys as string[])} (revise la ortografía)`, `不明な項目：${listIn(l, p.keys as string[])}（綴りを確認してください）`),
  "field-too-long": (p, l) => pick(l, `${p.path} 最多 ${p.max} 个${p.origin === "array" ? "条目" : "字符"}`, `${p.path} can have at most ${p.max} ${p.origin === "array" ? "items" : "characters"}`, `${p.path} admite como máximo ${p.max} ${p.origin === "array" ? "elementos" : "caracteres"}`, `${p.path} は最大 ${p.max} ${p.origin === "array" ? "件" : "文字"}です`),
  "field-too-short": (p, l) => pick(l, `${p.path} 不能为空`, `${p.path} cannot be empty`, `${p.path} no puede estar vacío`, `${p.path} は空にできません`),
  "field-out-of-range": (p, l) => pick(l, `${p.path} 必须在 ${p.min} 到 ${p.max} 之间`, `${p.path} must be between ${p.min} and ${p.max}`, `${p.path} debe estar entre ${p.min} y ${p.max}`, `${p.path} は ${p.min} から ${p.max} の間でなければなりません`),
  "field-invalid": (p, l) => pick(l, `${p.path} 的值不正确`, `${p.path} has an invalid value`, `${p.path} tiene un valor no válido`, `${p.path} の値が正しくありません`),
  "field-control-chars": (p, l) => pick(l, `${p.path} 不能包含换行或控制字符`, `${p.path} cannot contain line breaks or control characters`, `${p.path} no puede contener saltos de línea ni caracteres de control`, `${p.path} に改行や制御文字は使えません`),
  "id-format": (_, l) => pick(l, "应用标识（id）必须是 3–40 个字符，以小写字母开头，只含小写字母、数字和连字符，如 heat-treatment", "The id must be 3–40 characters: a lowercase letter, then lowercase letters, digits or hyphens (e.g. heat-treatment)", "El id debe tener 3–40 caracteres: una letra minúscula y luego minúsculas, cifras o guiones (p. ej. heat-treatment)", "id は 3～40 文字で、小文字で始まり、小文字・数字・ハイフンのみ使えます（例：heat-treatment）"),
  "version-semver": (_, l) => pick(l, "版本号必须是语义化版本，如 1.2.0 或 1.2.0-beta.1", "The version must be a semantic version such as 1.2.0 or 1.2.0-beta.1", "La versión debe ser semántica, como 1.2.0 o 1.2.0-beta.1", "バージョンはセマンティックバージョン（例：1.2.0、1.2.0-beta.1）でなければなりません"),
  "name-zh-required": (_, l) => pick(l, "必须提供应用的中文名称（names.zh）", "The app needs a Chinese name (names.zh)", "La aplicación necesita un nombre en chino (names.zh)", "アプリの中国語名（names.zh）が必要です"),
  "description-zh-required": (_, l) => pick(l, "必须提供应用的中文简介（descriptions.zh）", "The app needs a Chinese description (descriptions.zh)", "La aplicación necesita una descripción en chino (descriptions.zh)", "アプリの中国語の説明（descriptions.zh）が必要です"),
  "label-zh-required": (p, l) => pick(l, `${p.path} 必须有中文文字（zh）`, `${p.path} needs a Chinese text (zh)`, `${p.path} necesita un texto en chino (zh)`, `${p.path} には中国語（zh）が必要です`),
  "category-unknown": (p, l) => pick(l, `类别“${p.value}”不存在，可选：${listIn(l, CATEGORY_CODES)}`, `There is no category "${p.value}"; choose one of ${listIn(l, CATEGORY_CODES)}`, `No existe la categoría "${p.value}"; elija una de ${listIn(l, CATEGORY_CODES)}`, `カテゴリ「${p.value}」はありません。次から選んでください：${listIn(l, CATEGORY_CODES)}`),
  "runtime-unknown": (p, l) => pick(l, `运行环境“${p.value}”不受支持，必须是 python3、bash 或 node`, `The runtime "${p.value}" is not supported; use python3, bash or node`, `El entorno "${p.value}" no está admitido; use python3, bash o node`, `実行環境「${p.value}」は使えません。python3、bash、node のいずれかにしてください`),
  "command-outside": (p, l) => pick(l, `${p.path} 必须是应用包内的相对路径，不能以 / 开头，也不能包含 ..`, `${p.path} must be a path inside the package: relative, without a leading / or ..`, `${p.path} debe ser una ruta dentro del paquete: relativa, sin / inicial ni ..`, `${p.path} はパッケージ内の相対パスでなければならず、/ で始めたり .. を含めたりできません`),
  "command-missing": (p, l) => pick(l, `应用包中找不到入口文件 ${p.value}`, `The package has no entry file ${p.value}`, `El paquete no contiene el archivo de entrada ${p.value}`, `パッケージにエントリファイル ${p.value} がありません`),
  "docs-missing": (p, l) => pick(l, `应用包中找不到说明文档 ${p.value}`, `The package has no documentation file ${p.value}`, `El paquete no contiene el documento ${p.value}`, `パッケージに説明ファイル ${p.value} がありません`),
  "docs-not-markdown": (p, l) => pick(l, `说明文档必须是 Markdown 文件（.md），而不是 ${p.value}`, `The documentation must be a Markdown file (.md), not ${p.value}`, `La documentación debe ser un archivo Markdown (.md), no ${p.value}`, `説明は Markdown ファイル（.md）でなければなりません：${p.value}`),
  "input-name-format": (p, l) => pick(l, `${p.path} 必须是标识符：字母或下划线开头，只含字母、数字和下划线，如 temperature_c`, `${p.path} must be an identifier: a letter or _, then letters, digits or _ (e.g. temperature_c)`, `${p.path} debe ser un identificador: letra o _, luego letras, cifras o _ (p. ej. temperature_c)`, `${p.path} は識別子（英字か _ で始まり、英数字と _ のみ。例：temperature_c）でなければなりません`),
  "input-kind-unknown": (p, l) => pick(l, `${p.path} 必须是 ${listIn(l, INPUT_KINDS)} 之一`, `${p.path} must be one of ${listIn(l, INPUT_KINDS)}`, `${p.path} debe ser uno de ${listIn(l, INPUT_KINDS)}`, `${p.path} は ${listIn(l, INPUT_KINDS)} のいずれかでなければなりません`),
  "input-duplicate-name": (p, l) => pick(l, `输入名称“${p.value}”重复了`, `The input name "${p.value}" is used twice`, `El nombre de entrada "${p.value}" está repetido`, `入力名「${p.value}」が重複しています`),
  "input-min-above-max": (p, l) => pick(l, `${p.path}：最小值 ${p.min} 大于最大值 ${p.max}`, `${p.path}: min ${p.min} is greater than max ${p.max}`, `${p.path}: el mínimo ${p.min} es mayor que el máximo ${p.max}`, `${p.path}：最小値 ${p.min} が最大値 ${p.max} より大きくなっています`),
  "input-range-not-numeric": (p, l) => pick(l, `${p.path}：只有 number 和 integer 类型的输入可以设置 min/max`, `${p.path}: only number and integer inputs can have min/max`, `${p.path}: solo las entradas number e integer admiten min/max`, `${p.path}：min/max を指定できるのは number と integer の入力だけです`),
  "input-range-not-integer": (p, l) => pick(l, `${p.path}：integer 类型的 min/max 必须是整数`, `${p.path}: min/max of an integer input must be integers`, `${p.path}: min/max de una entrada integer deben ser enteros`, `${p.path}：integer 入力の min/max は整数でなければなりません`),
  "input-choice-without-choices": (p, l) => pick(l, `${p.path}：choice 类型的输入必须列出可选项（choices）`, `${p.path}: a choice input must list its choices`, `${p.path}: una entrada choice debe enumerar sus opciones (choices)`, `${p.path}：choice 入力には選択肢（choices）が必要です`),
  "input-choices-not-choice": (p, l) => pick(l, `${p.path}：只有 choice 类型的输入可以有 choices`, `${p.path}: only a choice input can have choices`, `${p.path}: solo una entrada choice puede tener choices`, `${p.path}：choices を持てるのは choice 入力だけです`),
  "input-duplicate-choice": (p, l) => pick(l, `${p.path}：可选项“${p.value}”重复了`, `${p.path}: the choice "${p.value}" is listed twice`, `${p.path}: la opción "${p.value}" está repetida`, `${p.path}：選択肢「${p.value}」が重複しています`),
  "input-accept-not-file": (p, l) => pick(l, `${p.path}：只有 file 类型的输入可以设置 accept`, `${p.path}: only a file input can have accept`, `${p.path}: solo una entrada file puede tener accept`, `${p.path}：accept を指定できるのは file 入力だけです`),
  "input-accept-format": (p, l) => pick(l, `${p.path} 必须是文件扩展名，如 .csv`, `${p.path} must be a file extension such as .csv`, `${p.path} debe ser una extensión de archivo como .csv`, `${p.path} は .csv のような拡張子でなければなりません`),
  "input-default-invalid": (p, l) => pick(l, `${p.path}：默认值不符合该输入的定义（${p.detail}）`, `${p.path}: the default does not fit the input (${p.detail})`, `${p.path}: el valor por defecto no encaja con la entrada (${p.detail})`, `${p.path}：既定値が入力の定義に合いません（${p.detail}）`),
  "output-name-format": (p, l) => pick(l, `${p.path} 必须是标识符，如 case_depth`, `${p.path} must be an identifier such as case_depth`, `${p.path} debe ser un identificador como case_depth`, `${p.path} は case_depth のような識別子でなければなりません`),
  "output-kind-unknown": (p, l) => pick(l, `${p.path} 必须是 ${listIn(l, OUTPUT_KINDS)} 之一`, `${p.path} must be one of ${listIn(l, OUTPUT_KINDS)}`, `${p.path} debe ser uno de ${listIn(l, OUTPUT_KINDS)}`, `${p.path} は ${listIn(l, OUTPUT_KINDS)} のいずれかでなければなりません`),
  "output-duplicate-name": (p, l) => pick(l, `输出名称“${p.value}”重复了`, `The output name "${p.value}" is used twice`, `El nombre de salida "${p.value}" está repetido`, `出力名「${p.value}」が重複しています`),
  "license-format": (_, l) => pick(l, "许可证必须是 SPDX 标识，如 MIT、Apache-2.0 或 GPL-3.0-only", "The license must be an SPDX identifier such as MIT, Apache-2.0 or GPL-3.0-only", "La licencia debe ser un identificador SPDX como MIT, Apache-2.0 o GPL-3.0-only", "ライセンスは MIT、Apache-2.0、GPL-3.0-only のような SPDX 識別子でなければなりません"),
  "authors-empty": (_, l) => pick(l, "至少要写一位作者", "List at least one author", "Indique al menos un autor", "作者を少なくとも 1 人記入してください"),
  "tags-too-many": (p, l) => pick(l, `标签最多 10 个，现在有 ${p.count} 个`, `At most 10 tags, not ${p.count}`, `Como máximo 10 etiquetas, no ${p.count}`, `タグは最大 10 個です（現在 ${p.count} 個）`),
  "tag-too-long": (p, l) => pick(l, `${p.path}：每个标签最多 24 个字符`, `${p.path}: a tag has at most 24 characters`, `${p.path}: una etiqueta tiene como máximo 24 caracteres`, `${p.path}：タグは 24 文字以内です`),
  "example-invalid": (p, l) => pick(l, `示例输入（example）不符合输入定义：${p.detail}`, `The example does not fit the inputs: ${p.detail}`, `El ejemplo no encaja con las entradas: ${p.detail}`, `例（example）が入力の定義に合いません：${p.detail}`),
  // A user's values (validateInputs): the field is named by its label in the reader's language.
  "input-unknown": (p, l) => pick(l, `没有名为 ${p.name} 的输入`, `There is no input named ${p.name}`, `No hay ninguna entrada llamada ${p.name}`, `${p.name} という入力はありません`),
  "input-required": (p, l) => pick(l, `请填写“${p.label}”`, `"${p.label}" is required`, `"${p.label}" es obligatorio`, `「${p.label}」を入力してください`),
  "input-not-number": (p, l) => pick(l, `“${p.label}”必须是数字`, `"${p.label}" must be a number`, `"${p.label}" debe ser un número`, `「${p.label}」は数値でなければなりません`),
  "input-not-integer": (p, l) => pick(l, `“${p.label}”必须是整数`, `"${p.label}" must be a whole number`, `"${p.label}" debe ser un número entero`, `「${p.label}」は整数でなければなりません`),
  "input-below-min": (p, l) => pick(l, `“${p.label}”不能小于 ${p.min}${p.unit}`, `"${p.label}" cannot be less than ${p.min}${p.unit}`, `"${p.label}" no puede ser menor que ${p.min}${p.unit}`, `「${p.label}」は ${p.min}${p.unit} 以上にしてください`),
  "input-above-max": (p, l) => pick(l, `“${p.label}”不能大于 ${p.max}${p.unit}`, `"${p.label}" cannot be more than ${p.max}${p.unit}`, `"${p.label}" no puede ser mayor que ${p.max}${p.unit}`, `「${p.label}」は ${p.max}${p.unit} 以下にしてください`),
  "input-not-choice": (p, l) => pick(l, `“${p.label}”必须是以下之一：${listIn(l, p.choices as string[])}`, `"${p.label}" must be one of ${listIn(l, p.choices as string[])}`, `"${p.label}" debe ser uno de ${listIn(l, p.choices as string[])}`, `「${p.label}」は次のいずれかにしてください：${listIn(l, p.choices as string[])}`),
  "input-not-text": (p, l) => pick(l, `“${p.label}”必须是文本`, `"${p.label}" must be text`, `"${p.label}" debe ser texto`, `「${p.label}」はテキストでなければなりません`),
  "input-text-too-long": (p, l) => pick(l, `“${p.label}”最多 ${p.max} 个字符`, `"${p.label}" can have at most ${p.max} characters`, `"${p.label}" admite como máximo ${p.max} caracteres`, `「${p.label}」は最大 ${p.max} 文字です`),
  "input-not-boolean": (p, l) => pick(l, `“${p.label}”必须是“是”或“否”`, `"${p.label}" must be yes or no`, `"${p.label}" debe ser sí o no`, `「${p.label}」は「はい」か「いいえ」でなければなりません`),
  "input-file-name": (p, l) => pick(l, `“${p.label}”必须是上传文件的文件名（不含目录和 ..）`, `"${p.label}" must be the name of an uploaded file (no folders or ..)`, `"${p.label}" debe ser el nombre de un archivo subido (sin carpetas ni ..)`, `「${p.label}」はアップロードしたファイルの名前（フォルダや .. なし）でなければなりません`),
  "input-file-extension": (p, l) => pick(l, `“${p.label}”只接受 ${listIn(l, p.accept as string[])} 文件`, `"${p.label}" accepts only ${listIn(l, p.accept as string[])} files`, `"${p.label}" solo admite archivos ${listIn(l, p.accept as string[])}`, `「${p.label}」には ${listIn(l, p.accept as string[])} ファイルだけが使えます`),
};

function pick(lang: Lang, zh: string, en: string, es: string, ja: string): string {
  return { zh, en, es, ja }[lang];
}

/** The error for `code` at `path`, worded in all four languages. */
export function manifestError(path: string, code: string, params: Params = {}): AppStoreError {
  const fn = MESSAGES[code] ?? MESSAGES["field-invalid"];
  const p = { path, ...params };
  return appError(path, code, { zh: fn(p, "zh"), en: fn(p, "en"), es: fn(p, "es"), ja: fn(p, "ja") });
}

/** An error whose text wraps another's (an example value's, a default's) in each language. */
function wrapped(path: string, code: string, inner: Texts): AppStoreError {
  const fn = MESSAGES[code];
  return appError(path, code, { zh: fn({ path, detail: inner.zh }, "zh"), en: fn({ path, detail: inner.en }, "en"), es: fn({ path, detail: inner.es }, "es"), ja: fn({ path, detail: inner.ja }, "ja") });
}

/** An input's label in a language: the author's zh stands in for a language they did not write. */
export const labelIn = (label: Localized, lang: Lang): string => label[lang] ?? label.zh;

/* ------------------------------------------------------------------ parsing */

/** `inputs[2].label.zh`: a manifest path as an author reads it. */
export function formatPath(path: readonly PropertyKey[]): string {
  let out = "";
  for (const seg of path) out += typeof seg === "number" ? `[${seg}]` : `${out ? "." : ""}${String(seg)}`;
  return out;
}

function valueAt(raw: unknown, path: readonly PropertyKey[]): unknown {
  let v: unknown = raw;
  for (const seg of path) {
    if (v === null || typeof v !== "object") return undefined;
    v = (v as Record<PropertyKey, unknown>)[seg as string];
  }
  return v;
}

/** One zod issue as the author's error: our own code when the schema named one, else the generic kind of mistake. */
function fromIssue(issue: z.core.$ZodIssue, raw: unknown): AppStoreError {
  const path = formatPath(issue.path);
  const value = valueAt(raw, issue.path);
  const last = issue.path[issue.path.length - 1];
  const zhMissing = last === "zh" && (value === undefined || (issue.code === "too_small" && typeof value === "string"));
  if (zhMissing) {
    const code = issue.path[0] === "names" ? "name-zh-required" : issue.path[0] === "descriptions" ? "description-zh-required" : "label-zh-required";
    return manifestError(formatPath(issue.path.slice(0, -1)), code);
  }
  // A field that is not there at all (zod calls it a type or, for enums, a value mistake).
  if (value === undefined && (issue.code === "invalid_type" || issue.code === "invalid_value")) return manifestError(path, "field-required");
  if (MESSAGES[issue.message]) {
    const params: Params = {};
    if (typeof value === "string" || typeof value === "number") params.value = value;
    if (issue.message === "tags-too-many" && Array.isArray(value)) params.count = value.length;
    return manifestError(path, issue.message, params);
  }
  switch (issue.code) {
    case "invalid_type":
      return manifestError(path, "field-wrong-type", { expected: issue.expected });
    case "unrecognized_keys":
      return manifestError(path, "field-unknown", { keys: issue.keys.map((k) => (path ? `${path}.${k}` : k)) });
    case "too_big":
    case "too_small": {
      if (issue.origin === "number") {
        const bounds = numberBounds(issue.path);
        return manifestError(path, "field-out-of-range", bounds ?? { min: "…", max: "…" });
      }
      if (issue.code === "too_small") return manifestError(path, "field-too-short");
      return manifestError(path, "field-too-long", { max: Number(issue.maximum), origin: issue.origin });
    }
    case "invalid_format":
      if (issue.format === "regex" && typeof value === "string" && !PRINTABLE.test(value)) return manifestError(path, "field-control-chars");
      return manifestError(path, "field-invalid");
    default:
      return manifestError(path, "field-invalid");
  }
}

/** The whole range of a bounded number of the manifest (resources), so the message gives both ends. */
function numberBounds(path: readonly PropertyKey[]): Params | null {
  const key = `${String(path[0])}.${String(path[1])}`;
  const ranges: Record<string, [number, number]> = { "resources.cores": [1, 8], "resources.memoryMiB": [64, 8192], "resources.walltimeMin": [1, 1440] };
  const r = ranges[key];
  return r ? { min: r[0], max: r[1] } : null;
}

/** Checks one input's own coherence: ranges, choices, accept, the default. */
function checkInput(input: ManifestInput, at: string): AppStoreError[] {
  const errors: AppStoreError[] = [];
  const numeric = input.kind === "number" || input.kind === "integer";
  if ((input.min !== undefined || input.max !== undefined) && !numeric) errors.push(manifestError(at, "input-range-not-numeric"));
  if (numeric && input.min !== undefined && input.max !== undefined && input.min > input.max) errors.push(manifestError(at, "input-min-above-max", { min: input.min, max: input.max }));
  if (input.kind === "integer" && [input.min, input.max].some((v) => v !== undefined && !Number.isInteger(v))) errors.push(manifestError(at, "input-range-not-integer"));
  if (input.kind === "choice" && !input.choices?.length) errors.push(manifestError(at, "input-choice-without-choices"));
  if (input.kind !== "choice" && input.choices) errors.push(manifestError(`${at}.choices`, "input-choices-not-choice"));
  if (input.kind !== "file" && input.accept) errors.push(manifestError(`${at}.accept`, "input-accept-not-file"));
  const seen = new Set<string>();
  for (const c of input.choices ?? []) {
    const v = typeof c === "string" ? c : c.value;
    if (seen.has(v)) errors.push(manifestError(`${at}.choices`, "input-duplicate-choice", { value: v }));
    seen.add(v);
  }
  if (input.default !== undefined && errors.length === 0) {
    const problem = normalise(input, input.default).problem;
    if (problem) errors.push(wrapped(`${at}.default`, "input-default-invalid", valueError(input, problem.code, problem.params).message));
  }
  return errors;
}

/**
 * Validates a parsed manifest (JSON or YAML already read) against the package's files (paths relative to
 * its root, `/`-separated). Every mistake found is returned, not just the first.
 */
export function validateManifest(raw: unknown, files: Set<string>): Checked<{ manifest: AppManifest }> {
  if (raw === null || typeof raw !== "object" || Array.isArray(raw)) return { ok: false, errors: [manifestError("", "manifest-not-object")] };
  const errors: AppStoreError[] = [];
  const parsed = manifestSchema.safeParse(raw);
  if (!parsed.success) errors.push(...parsed.error.issues.map((i) => fromIssue(i, raw)));
  const obj = raw as Record<string, unknown>;

  // The checks zod cannot express: paths against the package, the inputs' coherence, the example.
  for (const key of ["command", "docs"] as const) {
    const v = obj[key];
    if (typeof v !== "string" || v === "") continue;
    const norm = packagePath(v);
    if (!norm) errors.push(manifestError(key, "command-outside"));
    else if (!files.has(norm)) errors.push(manifestError(key, key === "command" ? "command-missing" : "docs-missing", { value: v }));
    else if (key === "docs" && !/\.md$/i.test(norm)) errors.push(manifestError(key, "docs-not-markdown", { value: v }));
  }
  const inputs = inputsSchema.safeParse(obj.inputs);
  let inputsCoherent = inputs.success;
  if (inputs.success) {
    const names = new Set<string>();
    inputs.data.forEach((input, i) => {
      if (names.has(input.name)) errors.push(manifestError(`inputs[${i}].name`, "input-duplicate-name", { value: input.name }));
      names.add(input.name);
      const own = checkInput(input, `inputs[${i}]`);
      if (own.length) inputsCoherent = false;
      errors.push(...own);
    });
  }
  const outputs = z.array(outputSchema).safeParse(obj.outputs);
  if (outputs.success) {
    const names = new Set<string>();
    outputs.data.forEach((o, i) => {
      if (names.has(o.name)) errors.push(manifestError(`outputs[${i}].name`, "output-duplicate-name", { value: o.name }));
      names.add(o.name);
    });
  }
  // The example is checked only against coherent inputs: otherwise its errors would only echo theirs.
  if (inputs.success && inputsCoherent && obj.example && typeof obj.example === "object" && !Array.isArray(obj.example)) {
    const ex = validateInputs({ inputs: inputs.data }, obj.example);
    if (!ex.ok) {
      for (const e of ex.errors) errors.push(wrapped(`example${e.path ? `.${e.path}` : ""}`, "example-invalid", e.message));
    }
  }
  if (errors.length || !parsed.success) return { ok: false, errors };
  const manifest = parsed.data;
  manifest.command = packagePath(manifest.command)!;
  if (manifest.docs) manifest.docs = packagePath(manifest.docs)!;
  return { ok: true, manifest };
}

/** Parses a manifest file's text by its name (JSON, or YAML for .yaml/.yml). */
export function parseManifestText(name: string, text: string): Checked<{ raw: unknown }> {
  if (Buffer.byteLength(text) > MAX_MANIFEST_BYTES) return { ok: false, errors: [manifestError(name, "manifest-too-large", { limit: "256 KiB" })] };
  try {
    const body = text.replace(/^\uFEFF/, "");
    // yaml's default maxAliasCount (100) stops an alias bomb; JSON has no aliases.
    const raw = /\.ya?ml$/.test(name) ? parseYaml(body, { prettyErrors: false }) : JSON.parse(body);
    return { ok: true, raw };
  } catch (e) {
    return { ok: false, errors: [manifestError(name, "manifest-syntax", { file: name, detail: String((e as Error).message).split("\n")[0].slice(0, 200) })] };
  }
}

/* ------------------------------------------------------------------ a user's values */

const MAX_TEXT = 64 * 1024;

function choiceValues(input: ManifestInput): string[] {
  return (input.choices ?? []).map((c) => (typeof c === "string" ? c : c.value));
}

/** A form value as a number: numbers, and strings that are exactly a number (forms post text). */
function asNumber(v: unknown): number | null {
  if (typeof v === "number") return Number.isFinite(v) ? v : null;
  if (typeof v === "string" && v.trim() !== "" && /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(v.trim())) {
    const n = Number(v.trim());
    return Number.isFinite(n) ? n : null;
  }
  return null;
}

/** One value as the input takes it (a number from a numeric string…), or the code and params of its problem. */
function normalise(input: ManifestInput, v: unknown): { value?: unknown; problem: { code: string; params?: Params } | null } {
  switch (input.kind) {
    case "number":
    case "integer": {
      const n = asNumber(v);
      if (n === null) return { problem: { code: "input-not-number" } };
      if (input.kind === "integer" && !Number.isInteger(n)) return { problem: { code: "input-not-integer" } };
      if (input.min !== undefined && n < input.min) return { problem: { code: "input-below-min", params: { min: input.min } } };
      if (input.max !== undefined && n > input.max) return { problem: { code: "input-above-max", params: { max: input.max } } };
      return { value: n, problem: null };
    }
    case "choice": {
      const values = choiceValues(input);
      const s = typeof v === "number" ? String(v) : v;
      if (typeof s !== "string" || !values.includes(s)) return { problem: { code: "input-not-choice", params: { choices: values } } };
      return { value: s, problem: null };
    }
    case "text":
      if (typeof v !== "string") return { problem: { code: "input-not-text" } };
      if (v.length > MAX_TEXT) return { problem: { code: "input-text-too-long", params: { max: MAX_TEXT } } };
      return { value: v, problem: null };
    case "boolean":
      if (typeof v === "boolean") return { value: v, problem: null };
      if (v === "true" || v === "false") return { value: v === "true", problem: null };
      return { problem: { code: "input-not-boolean" } };
    case "file": {
      // The value names a file the user uploaded with the task: a bare name the work dir will hold.
      if (typeof v !== "string" || !/^[^/\\\0]{1,255}$/.test(v) || v === "." || v === ".." || v.startsWith(".")) return { problem: { code: "input-file-name" } };
      if (input.accept?.length && !input.accept.some((ext) => v.toLowerCase().endsWith(ext.toLowerCase()))) return { problem: { code: "input-file-extension", params: { accept: input.accept } } };
      return { value: v, problem: null };
    }
  }
}

/** The message of a value problem, naming the field by its label in each language. */
function valueError(input: ManifestInput, code: string, params: Params = {}): AppStoreError {
  const fn = MESSAGES[code];
  const unit = input.unit ? ` ${input.unit}` : "";
  const text = (lang: Lang) => fn({ ...params, unit, name: input.name, label: labelIn(input.label, lang) }, lang);
  return appError(input.name, code, { zh: text("zh"), en: text("en"), es: text("es"), ja: text("ja") });
}

/**
 * Checks a user's values against the manifest's inputs (type, range, choice, file extension) and returns them
 * normalised: numbers from numeric strings, defaults filled in, optional empty fields left out.
 */
export function validateInputs(manifest: Pick<AppManifest, "inputs">, values: unknown): Checked<{ values: Record<string, unknown> }> {
  const errors: AppStoreError[] = [];
  const out: Record<string, unknown> = {};
  const given = values && typeof values === "object" && !Array.isArray(values) ? (values as Record<string, unknown>) : {};
  const known = new Set(manifest.inputs.map((i) => i.name));
  for (const name of Object.keys(given)) {
    if (!known.has(name)) errors.push(appError(name, "input-unknown", Object.fromEntries(LANGS.map((l) => [l, MESSAGES["input-unknown"]({ name }, l)])) as Texts));
  }
  for (const input of manifest.inputs) {
    const v = given[input.name];
    if (v === undefined || v === null || v === "") {
      if (input.default !== undefined) out[input.name] = normalise(input, input.default).value ?? input.default;
      else if (input.required !== false) errors.push(valueError(input, "input-required"));
      continue;
    }
    const r = normalise(input, v);
    if (r.problem) errors.push(valueError(input, r.problem.code, r.problem.params));
    else out[input.name] = r.value;
  }
  return errors.length ? { ok: false, errors } : { ok: true, values: out };
}
