import type { Db } from "../../db/index.ts";
import { ApiError, Status } from "../../http/envelope.ts";
import type { UserContext, UserInfo } from "../../../common/user-context.ts";
import { loadResList } from "../menus/res-list.ts";
import { unreadCountSql } from "../notices/unread.ts";

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

const USER_COLUMNS = `u.id, u.name, u.real_name, u.update_pwd, u.mobile, u.email, u.id_card, u.gender, u.department_id,
            d.name as department_name, u.wx_openid, u.wx_nickname`;

async function userRow(db: Db, userId: string): Promise<UserRow> {
  const [u] = await db.query<UserRow>(
    `select ${USER_COLUMNS}
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

type ContextRow = UserRow & { role_list: Array<{ RoleCode: string; RoleName: string }> | string | null; no_read_count?: number | null };

/** The user with their roles, and with the bell's unread count unless `withCount` is false. */
const contextSql = (withCount: boolean) => {
  const count = withCount ? `, ${unreadCountSql("u.id")} as no_read_count` : "";
  return `select ${USER_COLUMNS},
              (select json_agg(json_build_object('RoleCode', r.code, 'RoleName', r.name) order by r.sort, r.code)
                 from user_roles ur join roles r on r.code = ur.role_code
                where ur.user_id = u.id) as role_list${count}
         from users u left join departments d on d.id = u.department_id
        where u.id = $1`;
};

/**
 * Everything the web's layout needs on every page (Login/GetUserInfoByIdInfo): the user, their roles and the
 * unread count in one statement (this runs for every page, and on the embedded database each statement costs
 * about a millisecond whatever it reads), then their menu (cached per set of roles). Should the count fail, the
 * user is read again without it and the count is null (the bell shows none): it must never make the user's info
 * fail, which logs the user out.
 */
export async function loadUserContext(db: Db, userId: string): Promise<UserContext> {
  let rows: ContextRow[];
  try {
    rows = await db.query<ContextRow>(contextSql(true), [userId]);
  } catch (e) {
    console.error("unread count failed:", e);
    rows = await db.query<ContextRow>(contextSql(false), [userId]);
  }
  const u = rows[0];
  if (!u) throw new ApiError(Status.tokenRevoked, "tokenRevoked");
  const listed = typeof u.role_list === "string" ? JSON.parse(u.role_list) : u.role_list;
  const roleList: Array<{ RoleCode: string; RoleName: string }> = listed ?? [];
  const roles = roleList.map((r) => r.RoleCode);
  return {
    userInfo: toUserInfo(u),
    roleList,
    resList: await loadResList(db, roles),
    profile: u.real_name.trim() !== "" && (u.mobile ?? "").trim() !== "",
    needUnit: needsUnit(roles, u.department_id),
    noReadCount: u.no_read_count == null ? null : Number(u.no_read_count),
  };
}
