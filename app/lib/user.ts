/** Shapes of the user context as the API answers it (docs/api.md); plain types, safe for the browser. */
export interface MenuItem {
  ID: string;
  Name: string;
  Code: string;
  Url: string;
  Icon: string;
  ShowType: number;
  PType: "ReadAndWrite" | "ReadOnly" | string;
  Sort: number;
  ChildMenuList: MenuItem[];
  HideChildMenuList: MenuItem[];
}

export interface UserInfo {
  UserID: string;
  Name: string;
  RealName: string;
  UpdatePwd: boolean;
  Mobile: string | null;
  Email: string | null;
  IdCard: string | null;
  Gender: number;
  DepartmentName: string | null;
}

export interface UserContext {
  userInfo: UserInfo;
  roleList: Array<{ RoleCode: string; RoleName: string }>;
  resList: MenuItem[];
  profile: boolean;
  needUnit: boolean;
}

export const roleCodes = (u: Pick<UserContext, "roleList">) => u.roleList.map((r) => r.RoleCode);
