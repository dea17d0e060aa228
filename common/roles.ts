/**
 * The roles and genders of the specification (sections 3 and 6), without zod: the pages import these, and
 * zod in the browser would trip the Content-Security-Policy (its `new Function` probe).
 */

/** The nine roles of spec section 6, in the order the pages list them. */
export const ROLE_CODES = ["SystemAdmin", "XSystemAdmin", "InsideAdmin", "OutsideAdmin", "OutsideUser", "DataUpload", "FileTransferAdmin", "EquimentAdmin", "SGUser"] as const;
export type RoleCode = (typeof ROLE_CODES)[number];

/** Roles only a SystemAdmin grants or takes away (issue 13: a department or enterprise admin never can). */
export const ADMIN_ROLES: readonly RoleCode[] = ["SystemAdmin", "XSystemAdmin", "InsideAdmin", "OutsideAdmin"];

/** GenderArr of spec section 3: 0 unknown, 1 male, 9 female. */
export const GENDERS = [0, 1, 9] as const;
