/**
 * The roles and genders of the specification (sections 3 and 6), without zod: the pages import these, and
 * zod in the browser would trip the Content-Security-Policy (its `new Function` probe).
 */

/** The nine roles of spec section 6, in the order the pages list them. */
export const ROLE_CODES = ["SystemAdmin", "XSystemAdmin", "InsideAdmin", "OutsideAdmin", "OutsideUser", "DataUpload", "FileTransferAdmin", "EquimentAdmin", "SGUser"] as const;
export type RoleCode = (typeof ROLE_CODES)[number];

/** Roles only a SystemAdmin grants or takes away (issue 13: a department or enterprise admin never can). */
export const ADMIN_ROLES: readonly RoleCode[] = ["SystemAdmin", "XSystemAdmin", "InsideAdmin", "OutsideAdmin"];
/** Spec section 6: OutsideUser does not see the data resources (the menu and the DataResource/* calls). */
export const NOT_OUTSIDE_USER: readonly RoleCode[] = ROLE_CODES.filter((r) => r !== "OutsideUser");

/** GenderArr of spec section 3: 0 unknown, 1 male, 9 female. */
export const GENDERS = [0, 1, 9] as const;

/** PType of section 3: how a role may use a page it sees. */
export type PType = "ReadAndWrite" | "ReadOnly";

/** One role as System/GetRoleList answers it (/systemManage/roleManage). */
export interface RoleRow {
  Code: RoleCode;
  Name: string;
  /** People holding the role (disabled ones included). */
  People: number;
  /** Pages whose grant for this role differs from the tree's default. */
  Changes: number;
  Version: number;
}

/** One page of the resource tree with a role's grant and the tree's default (System/GetRoleResources). */
export interface GrantNode {
  Code: string;
  /** The page's name in the tree (zh); the web shows its own label for the Code. */
  Name: string;
  Url: string;
  /** Reached from another page, never listed in a menu. */
  Hidden: boolean;
  /** A link to another site (the data resources). */
  External: boolean;
  Granted: PType | null;
  Default: PType | null;
  Children: GrantNode[];
}

/**
 * Test detection (docs/detection.md): the lab's people, who create and move detection projects and task
 * orders (sampleId's ReadAndWrite roles); the institute's staff, who read every order (the lab's people and
 * the read-only FileTransferAdmin and EquimentAdmin); outside users read their own enterprise's orders.
 */
export const LAB_ROLES: readonly RoleCode[] = ["SystemAdmin", "XSystemAdmin", "InsideAdmin", "DataUpload"];
export const LAB_STAFF_ROLES: readonly RoleCode[] = [...LAB_ROLES, "FileTransferAdmin", "EquimentAdmin"];
