/**
 * Codes the project pages list and the shapes of the Project/* answers (docs/projects.md): one definition for
 * the API and the pages, kept apart from the schema so a page can use them without bringing zod into the browser.
 */

/** ProjectDataLevel of spec section 3: 0 all my projects, 1 the ones I lead (leader or co-lead), 2 the ones I take part in as a member. */
export const PROJECT_LEVELS = ["0", "1", "2"] as const;
export type ProjectLevel = (typeof PROJECT_LEVELS)[number];

export const PROJECT_STATUSES = ["active", "closed"] as const;
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];

/** The period a core-hour budget covers: the whole project, each calendar year, or each calendar month. */
export const BUDGET_PERIODS = ["project", "year", "month"] as const;
export type BudgetPeriod = (typeof BUDGET_PERIODS)[number];

/** A member's part: a participant reads the project and charges tasks to it; a co-lead also edits it. */
export const MEMBER_ROLES = ["member", "colead"] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];

/** How the caller stands to a project. */
export type ProjectRole = "leader" | MemberRole | null;

/** One project as the list shows it (Project/GetProjectList, SearchProjects); the details add to it (GetProjectInfo). */
export interface ProjectRow {
  Id: string;
  Code: string;
  Name: string;
  Funding: string;
  StartDate: string;
  EndDate: string;
  Status: ProjectStatus;
  LeaderId: string;
  LeaderName: string;
  /** Null for an administrator reading a project they take no part in. */
  MyRole: ProjectRole;
  /** People in the project, the leader included. */
  Members: number;
  BudgetCoreHours: number | null;
  BudgetPeriod: BudgetPeriod;
  /** Core-hours used in the current budget period. */
  UsedCoreHours: number;
  /** All its compute tasks. */
  Tasks: number;
  CanEdit: boolean;
  Version: number;
  CreatedAt: string;
}

export interface ProjectMember {
  UserId: string;
  UserName: string;
  RealName: string;
  Department: string;
  Role: "leader" | MemberRole;
  AddedAt: string;
}

export interface ProjectInfo extends Omit<ProjectRow, "Members"> {
  Description: string;
  /** The leader first, then the co-leads, then the members, each group by name. */
  Members: ProjectMember[];
  RecentTasks: Array<{ Id: string; AppId: string; Status: string; CreatedAt: string; UserName: string; CoreHours: number }>;
  Activity: Array<{ At: string; UserName: string; Action: string }>;
  /** The project's documents, in the order its form lists them. */
  Attachments: Array<{ path: string; name: string; size: number; type: string }>;
}

/** A project the caller may charge a task to (Project/GetMyProjectOptions). */
export interface ProjectOption {
  Id: string;
  Code: string;
  Name: string;
  BudgetCoreHours: number | null;
  BudgetPeriod: BudgetPeriod;
  UsedCoreHours: number;
}

/** One task (or workflow) of a project, as /myProject/taskDataSource lists it (Project/GetTaskDataSource). */
export interface SourceRow {
  Id: string;
  Kind: "task" | "workflow";
  AppId: string;
  Status: string;
  UserName: string;
  RealName: string;
  CreatedAt: string;
  /** Used so far: a task's finished run, or the sum of a workflow's steps. */
  CoreHours: number;
  /** The caller's own: they may take it out of the project. */
  Mine: boolean;
}

/** One of the caller's own tasks not charged to any project, which they may add to one. */
export interface AddableTask {
  Id: string;
  Kind: "task" | "workflow";
  AppId: string;
  Status: string;
  CreatedAt: string;
}
