import type { z } from "zod";
import { ApiError, Status } from "../../http/envelope.ts";
import type { Lang, Texts } from "../../http/messages.ts";

export interface FieldError {
  field: string;
  message: string;
}

const t = {
  required: { zh: "必填", en: "is required", es: "es obligatorio", ja: "必須です" },
  number: { zh: "必须是数字", en: "must be a number", es: "debe ser un número", ja: "数値で入力してください" },
  integer: { zh: "必须是整数", en: "must be a whole number", es: "debe ser un número entero", ja: "整数で入力してください" },
  type: { zh: "类型不正确", en: "has the wrong type", es: "tiene un tipo incorrecto", ja: "型が正しくありません" },
  min: { zh: "不能小于 {v}", en: "must be at least {v}", es: "debe ser al menos {v}", ja: "{v} 以上にしてください" },
  above: { zh: "必须大于 {v}", en: "must be greater than {v}", es: "debe ser mayor que {v}", ja: "{v} より大きくしてください" },
  max: { zh: "不能大于 {v}", en: "must be at most {v}", es: "debe ser como máximo {v}", ja: "{v} 以下にしてください" },
  below: { zh: "必须小于 {v}", en: "must be less than {v}", es: "debe ser menor que {v}", ja: "{v} より小さくしてください" },
  oneOf: { zh: "必须是以下之一：{v}", en: "must be one of: {v}", es: "debe ser uno de: {v}", ja: "次のいずれかにしてください: {v}" },
  unknown: { zh: "未知参数", en: "is not a known parameter", es: "no es un parámetro conocido", ja: "不明なパラメータです" },
  invalid: { zh: "取值无效", en: "is not valid", es: "no es válido", ja: "値が正しくありません" },
} satisfies Record<string, Texts>;

const fill = (text: Texts, lang: Lang, v?: unknown) => text[lang].replace("{v}", String(v));

/**
 * One zod issue as a message in the caller's language. Schemas (the solvers') are written in English; the
 * platform speaks four languages, so the message comes from the issue's kind and bounds, not its text.
 * A refine's own message (a rule between fields) is kept, as only its author knows what it means.
 */
function issueMessage(issue: z.core.$ZodIssue, lang: Lang): string {
  switch (issue.code) {
    case "invalid_type":
      if (issue.input === undefined) return t.required[lang];
      return issue.expected === "number" || issue.expected === "int" ? t.number[lang] : t.type[lang];
    case "too_small":
      return fill(issue.inclusive === false ? t.above : t.min, lang, issue.minimum);
    case "too_big":
      return fill(issue.inclusive === false ? t.below : t.max, lang, issue.maximum);
    case "invalid_value":
      return fill(t.oneOf, lang, issue.values.map(String).join(", "));
    case "invalid_format":
      return t.invalid[lang];
    case "custom":
      return issue.message || t.invalid[lang];
    default:
      return issue.message && lang === "en" ? issue.message : t.invalid[lang];
  }
}

/** All refused fields of a zod failure; unrecognised keys become one error each, named. */
export function fieldErrors(error: z.ZodError, lang: Lang, prefix = ""): FieldError[] {
  const out: FieldError[] = [];
  for (const issue of error.issues) {
    const base = [prefix, ...issue.path.map(String)].filter(Boolean).join(".");
    if (issue.code === "unrecognized_keys") {
      for (const k of issue.keys) out.push({ field: [base, k].filter(Boolean).join("."), message: t.unknown[lang] });
    } else if (issue.code === "invalid_type" && issue.expected === "int") {
      out.push({ field: base, message: t.integer[lang] });
    } else {
      out.push({ field: base, message: issueMessage(issue, lang) });
    }
  }
  return out;
}

/** A 400 whose msg names the first refused field, and whose returnData lists them all. */
export function fieldErrorsApiError(fields: FieldError[]): ApiError {
  const first = fields[0];
  const msg = first ? `${first.field}: ${first.message}` : "";
  return new ApiError(Status.badRequest, msg, { fields });
}

/** One refused field with a fixed text. */
export const fieldError = (field: string, text: Texts, lang: Lang) => fieldErrorsApiError([{ field, message: text[lang] }]);
