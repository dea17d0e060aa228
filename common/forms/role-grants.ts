import { z } from "zod";
import { ROLE_CODES } from "../roles.ts";
import { versionField } from "./check.ts";

/** How a role may use a page it sees (PType of section 3). */
export const GRANT_TYPES = ["ReadAndWrite", "ReadOnly"] as const;

/** A page's Code in the resource tree. */
const CODE = /^[A-Za-z][A-Za-z0-9_]{0,59}$/;

/**
 * The grants of one role as a whole (System/SaveRoleResources, /systemManage/roleManage): every page the role
 * shall see, with its PType; a page not listed is not shown. The tree rules (a page needs its group, a
 * SystemAdmin keeps this page) are the API's, which knows the tree.
 */
export const roleGrantsSchema = z.object({
  Role: z.enum(ROLE_CODES, "roleInvalid"),
  Version: versionField,
  Grants: z.record(z.string().regex(CODE, "pageUnknown"), z.enum(GRANT_TYPES, "invalid")),
});
export type RoleGrantsInput = z.infer<typeof roleGrantsSchema>;

export const ROLE_GRANT_ERRORS = ["invalid", "roleInvalid", "pageUnknown", "groupHidden", "adminLockout", "stale"] as const;
export type RoleGrantError = (typeof ROLE_GRANT_ERRORS)[number];
