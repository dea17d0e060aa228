import { z } from "zod";
import { isCreditCode } from "../validators.ts";
import { blankToUndefined, checkbox, idField, phoneField, requiredText, textField, versionField } from "./check.ts";
import { ENTERPRISE_LIMITS as L } from "./limits.ts";

/** An outside organisation's fields (System/SaveEnterprise, /systemManage/enterpriseManager). */
export const enterpriseSchema = z.object({
  Id: idField("invalid"),
  Name: requiredText(L.name, "nameRequired", "nameTooLong"),
  /** Unified social credit code: optional, but when given its check character must be right. */
  CreditCode: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .transform((s) => s.toUpperCase())
      .refine(isCreditCode, "creditCodeInvalid")
      .optional(),
  ),
  Contact: textField(L.contact, "contactTooLong"),
  Phone: phoneField("phoneInvalid"),
  Address: textField(L.address, "addressTooLong"),
  Disabled: z.preprocess(checkbox, z.boolean()),
  Version: versionField,
});
export type EnterpriseInput = z.infer<typeof enterpriseSchema>;

export const ENTERPRISE_ERRORS = [
  "invalid",
  "nameRequired",
  "nameTooLong",
  "creditCodeInvalid",
  "contactTooLong",
  "phoneInvalid",
  "addressTooLong",
  "nameTaken",
  "creditCodeTaken",
  "stale",
  "notFound",
  "hasPeople",
] as const;
export type EnterpriseError = (typeof ENTERPRISE_ERRORS)[number];
