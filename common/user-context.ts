/**
 * The user context of Login/GetUserInfoByIdInfo (docs/api.md): the API builds it, the web reads it.
 * Plain types only, safe for the browser bundle.
 */
export interface MenuItem {
  ID: string;
  Name: string;
  Code: string;
  Url: string;
  Icon: string;
  ShowType: number;
  PType: "ReadAndWrite" | "ReadOnly";
  Sort: number;
  /** Shown children, up to three levels in all (section 3). */
  ChildMenuList: MenuItem[];
  /** Hidden routes below this item: never in a menu, but allowed. */
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
  /** The nickname of the bound WeChat account, or null when none is bound (/myInfo/bindWxResult). */
  WxNickname: string | null;
}

export interface UserContext {
  userInfo: UserInfo;
  roleList: Array<{ RoleCode: string; RoleName: string }>;
  resList: MenuItem[];
  /** The user has filled RealName and Mobile. */
  profile: boolean;
  /** An SGUser without a department must create or join one (System/CreateUnitBySG). */
  needUnit: boolean;
  /**
   * The header bell's count (as SysMessage/GetNoReadMessageCount answers it), so that a page's layout needs one
   * call, not two, on every page; null when it could not be counted.
   */
  noReadCount: number | null;
}
