import type { UserContext } from "../../common/user-context.ts";

export type { MenuItem, UserContext, UserInfo } from "../../common/user-context.ts";

export const roleCodes = (u: Pick<UserContext, "roleList">) => u.roleList.map((r) => r.RoleCode);
