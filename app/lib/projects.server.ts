import { z } from "zod";
import type { ProjectInput, ProjectMemberInput } from "../../common/forms/project.ts";
import { BUDGET_PERIODS, MEMBER_ROLES, PROJECT_STATUSES } from "../../common/projects.ts";
import type { ProjectInfo, ProjectOption, ProjQuery, ProjSearchQuery, ProjectRow, SourceQuery, SourceRow } from "./projects.ts";
import { api, type CallArgs } from "./upstream.server.ts";

/** The Project/* calls of the project pages (docs/projects.md). */

const role = z.enum(["leader", ...MEMBER_ROLES]);
const row = z.object({
  Id: z.string(),
  Code: z.string(),
  Name: z.string(),
  Funding: z.string(),
  StartDate: z.string(),
  EndDate: z.string(),
  Status: z.enum(PROJECT_STATUSES),
  LeaderId: z.string(),
  LeaderName: z.string(),
  MyRole: role.nullable(),
  Members: z.number(),
  BudgetCoreHours: z.number().nullable(),
  BudgetPeriod: z.enum(BUDGET_PERIODS),
  UsedCoreHours: z.number(),
  Tasks: z.number(),
  CanEdit: z.boolean(),
  Version: z.number(),
  CreatedAt: z.string(),
}) satisfies z.ZodType<ProjectRow>;

const info = row.omit({ Members: true }).extend({
  Description: z.string(),
  Members: z.array(z.object({ UserId: z.string(), UserName: z.string(), RealName: z.string(), Department: z.string(), Role: role, AddedAt: z.string() })),
  RecentTasks: z.array(z.object({ Id: z.string(), AppId: z.string(), Status: z.string(), CreatedAt: z.string(), UserName: z.string(), CoreHours: z.number() })),
  Activity: z.array(z.object({ At: z.string(), UserName: z.string(), Action: z.string() })),
  Attachments: z.array(z.object({ path: z.string(), name: z.string(), size: z.number(), type: z.string() })),
}) satisfies z.ZodType<ProjectInfo>;

const saved = z.object({ Id: z.string(), Version: z.number() });

const rows = z.object({ total: z.number(), page: z.number(), size: z.number(), rows: z.array(row) });

export const listProjects = (args: CallArgs, token: string, q: ProjQuery, pageSize: number) =>
  api(args, "Project/GetProjectList", { token, query: { ...q, pageSize }, schema: rows });

/** The administrators' search, each within their scope (docs/projects.md). */
export const searchProjects = (args: CallArgs, token: string, q: ProjSearchQuery, pageSize: number) =>
  api(args, "Project/SearchProjects", { token, query: { ...q, pageSize }, schema: rows });

export const projectInfo = (args: CallArgs, token: string, id: string) => api(args, "Project/GetProjectInfo", { token, query: { id }, schema: info });

/** Saves the fields and the documents (`attachments`: uploaded paths in order; the form always sends them). */
export const saveProject = (args: CallArgs, token: string, p: ProjectInput, attachments: string[]) =>
  api(args, "Project/SaveProject", {
    token,
    // JSON, as the documents are a list; the values are the form's strings, which the API's schema reads.
    json: {
      ...p,
      BudgetCoreHours: p.BudgetCoreHours === undefined ? "" : String(p.BudgetCoreHours),
      Version: p.Version === undefined ? undefined : String(p.Version),
      Attachments: attachments,
    },
    schema: saved,
  });

export const deleteProject = (args: CallArgs, token: string, id: string, version: string | null) =>
  api(args, "Project/DeleteProject", { token, form: { Id: id, Version: version ?? undefined } });

const member = z.object({ UserId: z.string(), UserName: z.string(), RealName: z.string(), Department: z.string(), Role: role, AddedAt: z.string() });

export const addProjectMember = (args: CallArgs, token: string, m: ProjectMemberInput) => api(args, "Project/AddProjectMember", { token, form: m, schema: member });

export const setProjectMemberRole = (args: CallArgs, token: string, projectId: string, userId: string, role: string) =>
  api(args, "Project/SetProjectMemberRole", { token, form: { ProjectId: projectId, UserId: userId, Role: role } });

export const removeProjectMember = (args: CallArgs, token: string, projectId: string, userId: string) =>
  api(args, "Project/RemoveProjectMember", { token, form: { ProjectId: projectId, UserId: userId } });

const option = z.object({ Id: z.string(), Code: z.string(), Name: z.string(), BudgetCoreHours: z.number().nullable(), BudgetPeriod: z.enum(BUDGET_PERIODS), UsedCoreHours: z.number() }) satisfies z.ZodType<ProjectOption>;

/** The active projects the caller may charge a compute task to (the compute forms, the resources page). */
export const myProjectOptions = (args: CallArgs, token: string) => api(args, "Project/GetMyProjectOptions", { token, schema: z.array(option) });

const sourceRow = z.object({
  Id: z.string(),
  Kind: z.enum(["task", "workflow"]),
  AppId: z.string(),
  Status: z.string(),
  UserName: z.string(),
  RealName: z.string(),
  CreatedAt: z.string(),
  CoreHours: z.number(),
  Mine: z.boolean(),
}) satisfies z.ZodType<SourceRow>;

/** A project's tasks and workflows, filtered and paged, with the filters' choices and the caller's tasks to add. */
export const taskDataSource = (args: CallArgs, token: string, q: SourceQuery, pageSize: number) =>
  api(args, "Project/GetTaskDataSource", {
    token,
    query: { id: q.id, kind: q.kind, app: q.app, user: q.user, from: q.from, to: q.to, page: q.page, pageSize },
    schema: z.object({
      total: z.number(),
      page: z.number(),
      size: z.number(),
      rows: z.array(sourceRow),
      Apps: z.array(z.string()),
      People: z.array(z.string()),
      Addable: z.array(z.object({ Id: z.string(), Kind: z.enum(["task", "workflow"]), AppId: z.string(), Status: z.string(), CreatedAt: z.string() })),
    }),
  });

/** Charges one of the caller's tasks to a project, or (projectId "") takes it out. */
export const setTaskProject = (args: CallArgs, token: string, taskId: string, projectId: string) =>
  api(args, "Project/SetTaskProject", { token, form: { TaskId: taskId, ProjectId: projectId } });
