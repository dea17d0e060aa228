import { z } from "zod";

/**
 * The one way a form is checked (docs/pages.md): a zod schema per form, in `common/forms/`, whose messages
 * are message keys, not texts. The web's action runs it to show each error under its field in the user's
 * language (`errors.<key>` in the page's namespace) without calling the API; the API runs the same schema
 * again (it never trusts the web) and answers the key with its text (the module's texts).
 */
export type FieldErrors = Record<string, string>;

export type Checked<T> = { ok: true; data: T } | { ok: false; errors: FieldErrors };

/** A zod issue whose message is not one of ours (a wrong type, say) is reported as `invalid`. */
const KEY = /^[a-z][A-Za-z]*$/;

export function checkForm<S extends z.ZodType>(schema: S, input: unknown): Checked<z.infer<S>> {
  const r = schema.safeParse(input);
  if (r.success) return { ok: true, data: r.data };
  const errors: FieldErrors = {};
  for (const issue of r.error.issues) {
    const field = issue.path.length ? String(issue.path[0]) : "_form";
    if (!(field in errors)) errors[field] = KEY.test(issue.message) ? issue.message : "invalid";
  }
  return { ok: false, errors };
}

/** Form fields arrive as strings (or absent); an empty field is absent, so `.optional()` means "may be left empty". */
export const blankToUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);

/** A checkbox or a JSON boolean: "on", "true", "1", true → true; absent → false. */
export const checkbox = (v: unknown) => v === true || v === "on" || v === "true" || v === "1";

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An optional id field (empty = absent), lower-cased; `key` when it is not a uuid. */
export const idField = (key: string) => z.preprocess(blankToUndefined, z.string().trim().regex(UUID, key).transform((s) => s.toLowerCase()).optional());

/** An optional text field (absent = ""), trimmed, at most `max` characters (`key` beyond). */
export const textField = (max: number, key: string) => z.preprocess((v) => (v == null ? "" : v), z.string().trim().max(max, key));

/** A required text field: `required` when empty, `tooLong` beyond `max`. */
export const requiredText = (max: number, required: string, tooLong: string) => z.preprocess((v) => (v == null ? "" : v), z.string().trim().min(1, required).max(max, tooLong));

/** An optional phone number: digits, spaces and + - ( ), 3–20 characters. */
export const phoneField = (key: string) => textField(20, key).pipe(z.string().regex(/^(|[0-9+()\- ]{3,20})$/, key));

/** The version an editor opened (the optimistic concurrency check); required by the API to change a row. */
export const versionField = z.preprocess(blankToUndefined, z.coerce.number("invalid").int("invalid").min(1, "invalid").optional());

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
/** A calendar date written YYYY-MM-DD that exists (not 2026-02-30). */
export const realDate = (s: string) => ISO_DATE.test(s) && !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s);

/** A code people type and other records cite (a project's, a detection project's): letters, digits and _ . -, from a letter or digit. */
export const codeField = (max: number, keys: { required: string; tooLong: string; invalid: string }) =>
  z.preprocess(
    (v) => (v == null ? "" : v),
    z
      .string()
      .trim()
      .min(1, keys.required)
      .max(max, keys.tooLong)
      .regex(/^[A-Za-z0-9][A-Za-z0-9_.\-]*$/, keys.invalid),
  );
