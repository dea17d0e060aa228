import { ApiError, Status } from "../../http/envelope.ts";
import type { Texts } from "../../http/messages.ts";

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
