import type { Db } from "../../db/index.ts";
import { ApiError, Status } from "../../http/envelope.ts";
import type { UserContext, UserInfo } from "../../../common/user-context.ts";
import { loadResList } from "../menus/res-list.ts";
import { unreadCount } from "../notices/unread.ts";

export type { UserContext, UserInfo };

interface UserRow {
  id: string;
  name: string;
  real_name: string;
  update_pwd: boolean;
  mobile: string | null;
  email: string | null;
  id_card: string | null;
  gender: number;
  department_id: string | null;
  department_name: string | null;
  wx_openid: string | null;
  wx_nickname: string;
}

async function userRow(db: Db, userId: string): Promise<UserRow> {
  const [u] = await db.query<UserRow>(
    `select u.id, u.name, u.real_name, u.update_pwd, u.mobile, u.email, u.id_card, u.gender, u.department_id,
            d.name as department_name, u.wx_openid, u.wx_nickname
       from users u left join departments d on d.id = u.department_id
      where u.id = $1`,
    [userId],
  );
  // The session was valid a moment ago; a user deleted since is a revoked session.
  if (!u) throw new ApiError(Status.tokenRevoked, "tokenRevoked");
  return u;
}

const toUserInfo = (u: UserRow): UserInfo => ({
  UserID: u.id,
  Name: u.name,
  RealName: u.real_name,
  UpdatePwd: u.update_pwd,
  Mobile: u.mobile,
  Email: u.email,
  IdCard: u.id_card,
  Gender: Number(u.gender),
  DepartmentName: u.department_name,
  WxNickname: u.wx_openid ? u.wx_nickname : null,
});

export async function loadUserInfo(db: Db, userId: string): Promise<UserInfo> {
  return toUserInfo(await userRow(db, userId));
}

export const needsUnit = (roles: readonly string[], departmentId: string | null) => roles.includes("SGUser") && departmentId == null;

/**
 * Everything the web's layout needs on every page (Login/GetUserInfoByIdInfo): the user, their roles and the
 * unread count at once, then their menu (cached per set of roles). A count that fails is null (the bell shows
 * none): it must never make the user's info fail, which logs the user out.
 */
export async function loadUserContext(db: Db, userId: string): Promise<UserContext> {
  const [u, roleList, noReadCount] = await Promise.all([
    userRow(db, userId),
    db.query<{ RoleCode: string; RoleName: string }>(
      `select r.code as "RoleCode", r.name as "RoleName"
         from user_roles ur join roles r on r.code = ur.role_code
        where ur.user_id = $1 order by r.sort, r.code`,
      [userId],
    ),
    unreadCount(db, userId).catch((e: unknown) => {
      console.error("unread count failed:", e);
      return null;
    }),
  ]);
  const roles = roleList.map((r) => r.RoleCode);
  return {
    userInfo: toUserInfo(u),
    roleList,
    resList: await loadResList(db, roles),
    profile: u.real_name.trim() !== "" && (u.mobile ?? "").trim() !== "",
    needUnit: needsUnit(roles, u.department_id),
    noReadCount,
  };
}
