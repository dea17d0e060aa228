import { z } from "zod";
import { isIdCard, isMobile } from "../validators.ts";
import { blankToUndefined, idField, versionField } from "./check.ts";
import { PERSON_LIMITS as L } from "./limits.ts";
import { GENDERS, ROLE_CODES } from "../roles.ts";

export { ADMIN_ROLES, GENDERS, ROLE_CODES, type RoleCode } from "../roles.ts";

/** A user name: letters, digits and . _ - @, starting with a letter or digit (it is typed at every login). */
const USER_NAME = /^[A-Za-z0-9][A-Za-z0-9._@-]*$/;

/** Roles arrive as repeated checkboxes (joined with commas by the web) or as a JSON array. */
const roleList = (v: unknown) => (Array.isArray(v) ? v : typeof v === "string" ? v.split(",").map((s) => s.trim()).filter(Boolean) : []);

/**
 * A person's fields (System/SavePerson, /systemManage/personManage), with the section 5 rules: the mobile,
 * e-mail and ID card messages are the spec's. The password is never part of it: a new person gets a one-time
 * password the admin sees once (or none, when imported), and must choose their own at the first login.
 */
export const personSchema = z.object({
  Id: idField("invalid"),
  UserName: z.preprocess((v) => (v == null ? "" : v), z.string().trim().min(1, "usernameRequired").max(L.userName, "userNameTooLong").regex(USER_NAME, "userNameInvalid")),
  RealName: z.preprocess((v) => (v == null ? "" : v), z.string().trim().min(1, "realNameRequired").max(L.realName, "realNameTooLong")),
  Mobile: z.preprocess(blankToUndefined, z.string().trim().refine(isMobile, "mobileInvalid").optional()),
  Email: z.preprocess(blankToUndefined, z.string().trim().max(L.email, "emailInvalid").regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, "emailInvalid").optional()),
  IdCard: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .transform((s) => s.toUpperCase())
      .refine(isIdCard, "idCardInvalid")
      .optional(),
  ),
  Gender: z.preprocess((v) => blankToUndefined(v) ?? 0, z.coerce.number("genderInvalid").refine((n) => (GENDERS as readonly number[]).includes(n), "genderInvalid")),
  DepartmentId: idField("departmentInvalid"),
  EnterpriseId: idField("enterpriseInvalid"),
  Roles: z.preprocess(
    roleList,
    z
      .array(z.enum(ROLE_CODES, "rolesInvalid"))
      .min(1, "rolesRequired")
      .transform((r) => ROLE_CODES.filter((c) => r.includes(c))),
  ),
  Version: versionField,
});
export type PersonInput = z.infer<typeof personSchema>;

/** The message keys of the form and of the API's own checks; each has a text in four languages. */
export const PERSON_ERRORS = [
  "invalid",
  "usernameRequired",
  "userNameTooLong",
  "userNameInvalid",
  "realNameRequired",
  "realNameTooLong",
  "mobileInvalid",
  "emailInvalid",
  "idCardInvalid",
  "genderInvalid",
  "departmentInvalid",
  "enterpriseInvalid",
  "rolesInvalid",
  "rolesRequired",
  "userNameTaken",
  "mobileTaken",
  "departmentMissing",
  "enterpriseMissing",
  "outOfScope",
  "rolesForbidden",
  "lastSystemAdmin",
  "notSelf",
  "mobileRequiredForSms",
  "stale",
  "notFound",
] as const;
export type PersonError = (typeof PERSON_ERRORS)[number];
