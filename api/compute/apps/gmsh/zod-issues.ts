import type { z } from "zod";
import type { Lang } from "../../../http/messages.ts";
import { fieldErrors } from "../../tasks/field-errors.ts";
import type { InputIssue } from "../types.ts";

const LANGS: Lang[] = ["zh", "en", "es", "ja"];

/**
 * A schema's refusals as AppInputError issues, worded in every language by the platform's own zod wording, so
 * an app's validateParams (which adds rules between fields) refuses a bad field exactly as the form would.
 */
export function zodInputIssues(error: z.ZodError): InputIssue[] {
  const byLang = Object.fromEntries(LANGS.map((l) => [l, fieldErrors(error, l)])) as Record<Lang, ReturnType<typeof fieldErrors>>;
  return byLang.en.map((f, k) => ({ field: f.field, text: { zh: byLang.zh[k].message, en: f.message, es: byLang.es[k].message, ja: byLang.ja[k].message } }));
}
