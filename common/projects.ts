/**
 * Codes the project pages list (docs/projects.md), kept apart from the schema so a page can show them without
 * bringing zod into the browser.
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
