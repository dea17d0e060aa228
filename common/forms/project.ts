import { z } from "zod";
import { BUDGET_PERIODS, MEMBER_ROLES, PROJECT_STATUSES } from "../projects.ts";
import { blankToUndefined, codeField, idField, realDate, requiredText, textField, versionField } from "./check.ts";
import { PROJECT_LIMITS as L } from "./limits.ts";

const dateField = (required: string, invalid: string) => z.preprocess((v) => (v == null ? "" : v), z.string().trim().min(1, required).refine(realDate, invalid));

/**
 * A research project's fields (Project/SaveProject, /myProject/addMyProject and editMyProject). The
 * description is rich text: the API sanitises it as the feedback's is. The budget is optional (empty: no limit).
 */
export const projectSchema = z
  .object({
    Id: idField("invalid"),
    Code: codeField(L.code, { required: "codeRequired", tooLong: "codeTooLong", invalid: "codeInvalid" }),
    Name: requiredText(L.name, "nameRequired", "nameTooLong"),
    Funding: textField(L.funding, "fundingTooLong"),
    StartDate: dateField("startRequired", "dateInvalid"),
    EndDate: dateField("endRequired", "dateInvalid"),
    /** Absent on a new project: the caller leads it. */
    LeaderId: idField("leaderInvalid"),
    Description: z.preprocess((v) => (v == null ? "" : v), z.string().max(L.description, "descriptionTooLong")),
    BudgetCoreHours: z.preprocess(
      blankToUndefined,
      z.coerce.number("budgetInvalid").finite("budgetInvalid").min(0, "budgetInvalid").max(L.budgetMax, "budgetInvalid").optional(),
    ),
    BudgetPeriod: z.preprocess((v) => blankToUndefined(v) ?? "project", z.enum(BUDGET_PERIODS, "invalid")),
    Status: z.preprocess((v) => blankToUndefined(v) ?? "active", z.enum(PROJECT_STATUSES, "invalid")),
    Version: versionField,
  })
  .superRefine((p, ctx) => {
    if (p.EndDate < p.StartDate) ctx.addIssue({ code: "custom", path: ["EndDate"], message: "datesOrder" });
  });
export type ProjectInput = z.infer<typeof projectSchema>;

/** Adding a member (Project/AddProjectMember): a person named by user name or mobile, and their part. */
export const projectMemberSchema = z.object({
  ProjectId: idField("invalid").pipe(z.string("invalid")),
  User: requiredText(30, "userRequired", "userUnknown"),
  Role: z.preprocess((v) => blankToUndefined(v) ?? "member", z.enum(MEMBER_ROLES, "invalid")),
});
export type ProjectMemberInput = z.infer<typeof projectMemberSchema>;

/** The message keys the schemas and the API's own checks can answer; each has a text in four languages. */
export const PROJECT_ERRORS = [
  "invalid",
  "codeRequired",
  "codeTooLong",
  "codeInvalid",
  "codeTaken",
  "nameRequired",
  "nameTooLong",
  "fundingTooLong",
  "startRequired",
  "endRequired",
  "dateInvalid",
  "datesOrder",
  "leaderInvalid",
  "descriptionTooLong",
  "budgetInvalid",
  "budgetBelowUsed",
  "stale",
  "notFound",
  "notAllowed",
  "userRequired",
  "userUnknown",
  "memberTwice",
  "leaderIsMember",
  "hasTasks",
] as const;
export type ProjectError = (typeof PROJECT_ERRORS)[number];
