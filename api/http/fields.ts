import type { z } from "zod";
import { checkForm } from "../../common/forms/check.ts";
import { ApiError, Status } from "./envelope.ts";
import { messages, type Texts } from "./messages.ts";

/** A refused field: the envelope's msg is the text in the caller's language, returnData names the field. */
export const fieldError = (field: string, text: Texts) => new ApiError(Status.badRequest, text, { fields: [{ field, message: text.zh }] });

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An id from a query or body: a malformed one is bad input (400), never a database error. */
export function requireId(value: unknown, field: string): string {
  const v = typeof value === "string" ? value.trim() : "";
  if (!UUID.test(v)) throw new ApiError(Status.badRequest, "badInput", { fields: [{ field, message: "invalid id" }] });
  return v.toLowerCase();
}

/** The calls name their id `id` or `Id` (section 7 mixes both); either is read. */
export const idOf = (body: Record<string, unknown>, field: "id" | "Id") => requireId(body[field] ?? body[field === "id" ? "Id" : "id"], field);

/** Characters as the database counts them (char_length), not UTF-16 units. */
export const charLength = (s: string) => [...s].length;

export const iso = (d: Date | string | null | undefined) => (d == null ? null : new Date(d).toISOString());

/**
 * Checks a body with a form's shared schema (common/forms/): the first refused field is the envelope's msg in
 * the caller's language, and returnData lists every refused field with its message key (the web shows its own
 * text for the key under the field) and zh text. Nothing is changed.
 */
export function checkBody<S extends z.ZodType>(schema: S, body: unknown, textsOf: Record<string, Texts>): z.infer<S> {
  const r = checkForm(schema, body);
  if (r.ok) return r.data;
  const fields = Object.entries(r.errors).map(([field, key]) => ({ field, key, message: (textsOf[key] ?? messages.badInput).zh }));
  throw new ApiError(Status.badRequest, textsOf[fields[0].key] ?? "badInput", { fields });
}

/** A refused field by message key, in the shape checkBody answers. */
export function keyedFieldError(field: string, key: string, textsOf: Record<string, Texts>, status: number = Status.badRequest): ApiError {
  const text = textsOf[key] ?? messages.badInput;
  return new ApiError(status, text, { fields: [{ field, key, message: text.zh }] });
}

/** A unique index refused the write (a race the pre-check could not see); `index` names which one. */
export function isUniqueViolation(e: unknown, index: string): boolean {
  const err = e as { code?: string; constraint?: string; message?: string } | null;
  return err?.code === "23505" && (err.constraint === index || String(err.message ?? "").includes(index));
}
