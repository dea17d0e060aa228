import { z } from "zod";
import { blankToUndefined, checkbox, idField, phoneField, requiredText, textField, versionField } from "./check.ts";
import { DEPARTMENT_LIMITS } from "./limits.ts";

/** A department's fields (System/SaveDepartment, /systemManage/deptMangae). */


export const departmentSchema = z.object({
  /** Absent for a new department. */
  Id: idField("invalid"),
  /** Absent: a top-level department. */
  ParentId: idField("parentInvalid"),
  Name: requiredText(DEPARTMENT_LIMITS.name, "nameRequired", "nameTooLong"),
  Code: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .max(DEPARTMENT_LIMITS.code, "codeTooLong")
      .regex(/^[A-Za-z0-9_.-]+$/, "codeInvalid")
      .optional(),
  ),
  Leader: textField(DEPARTMENT_LIMITS.leader, "leaderTooLong"),
  Phone: phoneField("phoneInvalid"),
  Sort: z.preprocess((v) => blankToUndefined(v) ?? 0, z.coerce.number("sortInvalid").int("sortInvalid").min(0, "sortInvalid").max(DEPARTMENT_LIMITS.sortMax, "sortInvalid")),
  Disabled: z.preprocess(checkbox, z.boolean()),
  /** The version the editor opened; required to change an existing department (the concurrency check). */
  Version: versionField,
});
export type DepartmentInput = z.infer<typeof departmentSchema>;

/** The message keys the schema and the API's own checks can answer; each has a text in four languages. */
export const DEPARTMENT_ERRORS = [
  "invalid",
  "parentInvalid",
  "nameRequired",
  "nameTooLong",
  "codeTooLong",
  "codeInvalid",
  "leaderTooLong",
  "phoneInvalid",
  "sortInvalid",
  "nameTaken",
  "codeTaken",
  "parentMissing",
  "parentCycle",
  "stale",
  "notFound",
  "hasChildren",
  "hasPeople",
] as const;
export type DepartmentError = (typeof DEPARTMENT_ERRORS)[number];
