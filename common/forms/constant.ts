import { z } from "zod";
import { CONSTANT_LIMITS as L, type ConstantFormat } from "../constants.ts";
import { blankToUndefined, requiredText } from "./check.ts";

const ref = {
  Group: z.string().regex(/^[A-Za-z]{1,40}$/, "itemUnknown"),
  Key: z.string().regex(/^[A-Za-z0-9]{1,40}$/, "itemUnknown"),
  /** The item's version when the editor opened it: 0 while it still has the release's default. */
  Version: z.preprocess(blankToUndefined, z.coerce.number("invalid").int("invalid").min(0, "invalid").optional()),
};

/**
 * One constant's edit (System/SaveConstant, /systemManage/constantManage). What is asked depends on the item's
 * format (common/constants.ts), which the web and the API both look up by Group and Key, never trusting a
 * posted one: a label or text in each of the four languages, or one phone number or e-mail for all.
 */
export function constantSchema(format: ConstantFormat) {
  if (format === "phone") {
    return z.object({ ...ref, Value: requiredText(L.phone, "required", "tooLong").pipe(z.string().regex(/^[0-9+()\- ]{3,30}$/, "phoneInvalid")) });
  }
  if (format === "email") {
    return z.object({ ...ref, Value: requiredText(L.email, "required", "tooLong").pipe(z.email("emailInvalid")) });
  }
  const max = format === "label" ? L.label : L.text;
  const text = requiredText(max, "required", "tooLong");
  return z.object({ ...ref, zh: text, en: text, es: text, ja: text });
}
export type ConstantInput = { Group: string; Key: string; Version?: number } & ({ Value: string } | { zh: string; en: string; es: string; ja: string });

/** Only which item, for "back to default" (System/ResetConstant). */
export const constantRefSchema = z.object(ref);

export const CONSTANT_ERRORS = ["invalid", "itemUnknown", "required", "tooLong", "phoneInvalid", "emailInvalid", "stale"] as const;
export type ConstantError = (typeof CONSTANT_ERRORS)[number];
