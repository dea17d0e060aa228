import { COMPUTE_CATEGORIES } from "../compute/categories.ts";
import { EXTERNAL_DATA_RESOURCES, externalHref } from "../../../common/data-resources.ts";
import { NOT_OUTSIDE_USER } from "../../../common/roles.ts";

/**
 * The resource (menu) tree of section 2 as data: every page a logged-in user may reach, with the roles of
 * section 6. The seeder (seed-tree.ts) upserts it by Code on every start; docs/access.md is its table.
 *
 * ShowType follows MenuShowTypeArray: 1 everywhere, 3 right content area (tiles), 5 left menu bar.
 * Hidden entries are pages reached from another page (details, edit forms); they go to HideChildMenuList.
 * Grants: `roles` see the entry with PType ReadAndWrite, except those also in `readOnly` (seen, disabled).
 */
export type RoleCode =
  | "SystemAdmin"
  | "XSystemAdmin"
  | "InsideAdmin"
  | "OutsideAdmin"
  | "OutsideUser"
  | "DataUpload"
  | "FileTransferAdmin"
  | "EquimentAdmin"
  | "SGUser";

export type ShowType = 1 | 3 | 5;

export interface ResourceNode {
  code: string;
  name: string;
  /** A web path (/systemManage/constantManage), or an https link for external data resources. */
  url: string;
  icon: string;
  showType: ShowType;
  sort: number;
  hidden: boolean;
  roles: readonly RoleCode[];
  readOnly: readonly RoleCode[];
  children: ResourceNode[];
}

// ---- role sets (section 6) ----

/** Routes "open to logged-in users" go to every role. */
export const ALL_ROLES: readonly RoleCode[] = [
  "SystemAdmin",
  "XSystemAdmin",
  "InsideAdmin",
  "OutsideAdmin",
  "OutsideUser",
  "DataUpload",
  "FileTransferAdmin",
  "EquimentAdmin",
  "SGUser",
];
const SA: RoleCode[] = ["SystemAdmin"];
/** The research institute's own staff: the whole test-detection area. */
const INSIDE: RoleCode[] = ["SystemAdmin", "XSystemAdmin", "InsideAdmin", "DataUpload", "FileTransferAdmin", "EquimentAdmin"];
/** Outside users see only the my-test-data table under test detection. */
const OUTSIDE: RoleCode[] = ["OutsideAdmin", "OutsideUser"];
const SYSTEM_MANAGE: RoleCode[] = ["SystemAdmin", "InsideAdmin", "OutsideAdmin"];
const DATA_UPDATE: RoleCode[] = ["DataUpload", "SystemAdmin"];
const EQUIPMENT_EDIT: RoleCode[] = ["SystemAdmin", "InsideAdmin", "DataUpload", "EquimentAdmin"];

// ---- builders ----

interface Opts {
  showType?: ShowType;
  hidden?: boolean;
  readOnly?: readonly RoleCode[];
  /** Defaults to the union of the children's roles for a group, else required. */
  roles?: readonly RoleCode[];
}

const leaf = (code: string, name: string, url: string, icon: string, roles: readonly RoleCode[], o: Opts = {}): ResourceNode => ({
  code,
  name,
  url,
  icon,
  showType: o.showType ?? 1,
  sort: 0,
  hidden: o.hidden ?? false,
  roles: o.roles ?? roles,
  readOnly: o.readOnly ?? [],
  children: [],
});

const hidden = (code: string, name: string, url: string, roles: readonly RoleCode[], o: Opts = {}) =>
  leaf(code, name, url, "", roles, { ...o, hidden: true });

/** A group; its Sort and its children's are their positions (10, 20, ...), its roles the union of its children's unless given. */
function group(code: string, name: string, url: string, icon: string, children: ResourceNode[], o: Opts = {}): ResourceNode {
  children.forEach((c, i) => (c.sort = (i + 1) * 10));
  const union = ALL_ROLES.filter((r) => children.some((c) => c.roles.includes(r)));
  return { ...leaf(code, name, url, icon, o.roles ?? union, { showType: 5, ...o }), children };
}

// ---- the tree ----

const compute = group("steelResearchCompute", "科研计算", "/steelResearchCompute", "cpu", [
  ...COMPUTE_CATEGORIES.map((c) => leaf(c.category, c.categoryText, `/steelResearchCompute/${c.category}`, c.icon, ALL_ROLES)),
  leaf("oiIndex", "计算软件", "/steelResearchCompute/oiIndex", "order", ALL_ROLES),
  hidden("oiDetail", "软件详情", "/steelResearchCompute/oiDetail", ALL_ROLES),
  hidden("cloudCompute", "云端计算", "/steelResearchCompute/cloudCompute", ALL_ROLES),
  hidden("resourceAllocation", "资源配置", "/steelResearchCompute/resourceAllocation", ALL_ROLES),
  hidden("instructionModeCompute", "指令模式计算", "/steelResearchCompute/instructionModeCompute", ALL_ROLES),
  hidden("computeTaskSource", "计算任务数据", "/steelResearchCompute/computeTaskSource", ALL_ROLES),
]);

/** OutsideUser may look at the store but not publish or evaluate apps: ReadOnly (the steelApp entry itself stays enabled). */
const APP_RO: RoleCode[] = ["OutsideUser"];
const steelApp = group(
  "steelApp",
  "材料APP",
  "/steelApp",
  "app-store",
  [
    leaf("steelAppDashboard", "应用商店", "/steelAppDashboard/index", "shop", ALL_ROLES),
    leaf("myAppTask", "我的应用任务", "/steelApp/myAppTask", "task", ALL_ROLES),
    hidden("intructioConfirmRun", "指令确认运行", "/steelApp/intructioConfirmRun", ALL_ROLES),
    leaf("myUploadApp", "我上传的应用", "/steelApp/myUploadApp", "upload", ALL_ROLES, { readOnly: APP_RO }),
    leaf("myAppManager", "应用管理", "/steelApp/myAppManager", "manage", ALL_ROLES, { readOnly: APP_RO }),
    hidden("appUploadEdit", "编辑应用", "/steelApp/appUploadEdit", ALL_ROLES, { readOnly: APP_RO }),
    hidden("appUploadAdd", "上传应用", "/steelApp/appUploadAdd", ALL_ROLES, { readOnly: APP_RO }),
    hidden("deskAppInfo", "桌面应用详情", "/steelApp/deskAppInfo", ALL_ROLES),
    leaf("expertEvaApp", "专家评估", "/steelApp/expertEvaApp", "expert", ALL_ROLES, { readOnly: APP_RO }),
  ],
  { readOnly: APP_RO },
);

const dataResource = group("dataResource", "数据资源", "/dataResource", "database", [
  leaf("dataResourceIndex", "数据资源首页", "/dataResource/index", "home", NOT_OUTSIDE_USER),
  leaf("dataResourceList", "钢种牌号检索", "/dataResource/dataResourceList", "table", NOT_OUTSIDE_USER),
  leaf("dataResourceList2", "钢材性能检索", "/dataResource/dataResourceList2", "chart", NOT_OUTSIDE_USER),
  hidden("dataResourceDetails", "牌号详情", "/dataResource/dataResourceDetails", NOT_OUTSIDE_USER),
  hidden("dataResourceOpen", "打开外部数据库", "/dataResource/open", NOT_OUTSIDE_USER),
  hidden("dataResourceEdit", "编辑数据资源", "/dataResource/resourceEdit", ["SystemAdmin"]),
  // The four steel-database searches of the spec are our own pages (grade, property, equivalent, standard).
  // Grade and property are the two leaves above; their entries stay, hidden, so a database that listed them
  // as third-party links gets our pages instead (a release never deletes entries, seed-tree.ts).
  hidden("SteelSearch_Grade", "钢号检索", "/dataResource/dataResourceList?by=grade", NOT_OUTSIDE_USER),
  hidden("SteelSearch_Property", "材料性能检索", "/dataResource/dataResourceList2?by=property", NOT_OUTSIDE_USER),
  leaf("SteelSearch_Equivalent", "钢材牌号对照检索", "/dataResource/dataResourceList?by=equivalent", "link", NOT_OUTSIDE_USER),
  leaf("SteelSearch_Standard", "钢铁标准检索", "/dataResource/dataResourceList?by=standard", "link", NOT_OUTSIDE_USER),
  ...EXTERNAL_DATA_RESOURCES.map((e) => leaf(e.code, e.name, externalHref(e), "link", NOT_OUTSIDE_USER)),
]);

/** File-transfer and equipment admins may see sample ids but not issue them. */
const SAMPLE_RO: RoleCode[] = ["FileTransferAdmin", "EquimentAdmin"];
const tile = (code: string, name: string, url: string, icon: string, roles: readonly RoleCode[], o: Opts = {}) =>
  leaf(code, name, url, icon, roles, { showType: 3, ...o });

const testDetection = group("testDetection", "试验检测", "/testDetection", "flask", [
  tile("sampleId", "样品编号", "/testDetection/sampleId", "barcode", INSIDE, { readOnly: SAMPLE_RO }),
  tile("myTestDataTable", "我的检测数据", "/testDetection/myTestData/myTestDataTable", "table", [...INSIDE, ...OUTSIDE]),
  tile("testDataSourse", "检测数据源", "/testDetection/testDataSourse", "source", INSIDE),
  tile("documentData", "文献数据", "/testDetection/documentData", "document", INSIDE),
  tile("testReport", "检测报告", "/testDetection/myTestData/testReport", "report", INSIDE),
  tile("mySimilardataTable", "相似数据", "/testDetection/myTestData/mySimilardataTable", "similar", INSIDE),
  hidden("mySimilardataTable2", "相似数据（成分）", "/testDetection/myTestData/mySimilardataTable2", INSIDE),
  hidden("mySimilardataTable3", "相似数据（性能）", "/testDetection/myTestData/mySimilardataTable3", INSIDE),
  hidden("mySimilardataTable4", "相似数据（牌号）", "/testDetection/myTestData/mySimilardataTable4", INSIDE),
  tile("steelNky", "钢研纳克检测", "/testDetection/steelNky", "lab", INSIDE),
  tile("newCloudEquip", "云端设备", "/testDetection/newCloudEquip", "cloud", INSIDE),
  tile("operationMaterial", "材料管理", "/testDetection/operationMaterial", "material", INSIDE),
  hidden("editMaterial", "编辑材料", "/testDetection/editMaterial", INSIDE),
  hidden("materialDetails", "材料详情", "/testDetection/materialDetails", INSIDE),
]);

/** The mobile variant: tiles in the content area of the mobile home, never in the desktop left menu. */
const testDetectionMobile = group(
  "testDetectionMobile",
  "试验检测（移动端）",
  "/testDetectionMobile",
  "flask",
  [
    tile("mobileSampleId", "样品编号", "/testDetectionMobile/sampleId", "barcode", INSIDE, { readOnly: SAMPLE_RO }),
    tile("mobileMyTestDataTable", "我的检测数据", "/testDetectionMobile/myTestData/myTestDataTable", "table", [...INSIDE, ...OUTSIDE]),
    tile("mobileDataSource", "检测数据源", "/testDetectionMobile/myTestData/dataSource", "source", INSIDE),
    hidden("mobileMyTestDataModify", "修改检测数据", "/testDetectionMobile/myTestData/myTestDataModify", INSIDE),
    tile("myUploadDataMobile", "我的上传数据", "/testDetectionMobile/myUploadDataMobile", "upload", DATA_UPDATE),
    tile("mobileTestReport", "检测报告", "/testDetectionMobile/testReport", "report", INSIDE),
  ],
  { showType: 3 },
);

/** The group is DataUpload's and SystemAdmin's; file-transfer and equipment pages widen who sees the group itself. */
const dataUpdate = group("dataUpdate", "数据上传", "/dataUpdate", "upload", [
  leaf("offlineDataUpload", "离线数据上传", "/dataUpdate/offlineDataUpload", "upload", DATA_UPDATE),
  leaf("myUploadData", "我的上传数据", "/dataUpdate/myUploadData", "list", DATA_UPDATE),
  leaf("myInstrumentData", "我的仪器数据", "/dataUpdate/myInstrumentData", "instrument", ["FileTransferAdmin"]),
  leaf("SaveExperimentalEquipment", "实验设备登记", "/dataUpdate/SaveExperimentalEquipment", "equipment", EQUIPMENT_EDIT),
  leaf("MyExperimentalEquipment", "我的实验设备", "/dataUpdate/MyExperimentalEquipment", "equipment", EQUIPMENT_EDIT),
  // Not in section 2: issue 16 adds it (use of each instrument, by department and month).
  leaf("equipmentStatistics", "设备统计", "/dataUpdate/equipmentStatistics", "chart", ["SystemAdmin", "EquimentAdmin"]),
]);

const myProject = group("myProject", "项目管理", "/myProject", "project", [
  leaf("myProjectList", "我的项目", "/myProject/myProjectList", "list", ALL_ROLES),
  leaf("addMyProject", "新建项目", "/myProject/addMyProject", "add", ALL_ROLES),
  hidden("editMyProject", "编辑项目", "/myProject/editMyProject", ALL_ROLES),
  hidden("myProjectInfo", "项目详情", "/myProject/myProjectInfo", ALL_ROLES),
  hidden("taskDataSource", "任务数据源", "/myProject/taskDataSource", ALL_ROLES),
]);

const taskManagement = group("TaskManagement", "任务管理", "/TaskManagement", "task", [
  leaf("myAllTask", "全部任务", "/myAllTask/index", "list", ALL_ROLES),
  leaf("ComputeTask", "计算任务", "/TaskManagement/ComputeTask", "cpu", ALL_ROLES),
  leaf("AppTask", "应用任务", "/TaskManagement/AppTask", "app", ALL_ROLES),
]);

const resourceManagement = group("ResourceManagement", "资源统计", "/ResourceManagement", "chart", [
  leaf("SoftwareUsageStatistics", "软件使用统计", "/ResourceManagement/SoftwareUsageStatistics", "chart", ALL_ROLES),
  leaf("APPUsageStatistics", "APP使用统计", "/ResourceManagement/APPUsageStatistics", "chart", ALL_ROLES),
]);

const infoCenter = group("infoCenter", "消息中心", "/infoCenter", "bell", [
  leaf("infoCenterIndex", "我的消息", "/infoCenter/index", "message", ALL_ROLES),
  leaf("noticeCenter", "通知公告", "/infoCenter/noticeCenter", "notice", ALL_ROLES),
  hidden("noticeDetail", "通知详情", "/infoCenter/noticeDetail", ALL_ROLES),
  hidden("UserInfoDetail", "消息详情", "/infoCenter/UserInfoDetail", ALL_ROLES),
  // The document viewer (docs/documents.md), reached from the "view" links of notices, feedback and task files.
  // The resource list cannot hide a top-level entry, so it hangs here, hidden; its URL stays /DocumentView.
  hidden("DocumentView", "文档查看", "/DocumentView", ALL_ROLES),
]);

const myInfo = group("myInfo", "个人中心", "/myInfo", "user", [
  leaf("myInfoIndex", "个人信息", "/myInfo/index", "user", ALL_ROLES),
  hidden("bindWxResult", "微信绑定结果", "/myInfo/bindWxResult", ALL_ROLES),
]);

/** systemManage is labelled 部门管理 for department admins (see res-list.ts). */
const systemManage = group(
  "systemManage",
  "系统管理",
  "/systemManage",
  "settings",
  [
    leaf("constantManage", "常量管理", "/systemManage/constantManage", "constant", SA),
    leaf("dataStatistics", "数据统计", "/systemManage/dataStatistics", "chart", ["SystemAdmin", "InsideAdmin"]),
    leaf("deptMangae", "部门管理", "/systemManage/deptMangae", "department", SA),
    leaf("enterpriseManager", "企业管理", "/systemManage/enterpriseManager", "enterprise", SA),
    leaf("personManage", "人员管理", "/systemManage/personManage", "people", SYSTEM_MANAGE),
    leaf("roleManage", "角色权限", "/systemManage/roleManage", "settings", SA),
    leaf("feedback", "意见反馈", "/systemManage/feedback", "feedback", SA),
    leaf("noticeManager", "通知管理", "/systemManage/noticeManager", "notice", SA),
    leaf("cacheManage", "缓存管理", "/systemManage/cacheManage", "cache", SA),
    // The logs of issue 13: who logged in (or failed to), who changed what, who is logged in now.
    leaf("loginLog", "登录日志", "/systemManage/loginLog", "clock", SA),
    leaf("operationLog", "操作日志", "/systemManage/operationLog", "document", SA),
    leaf("onlineSessions", "在线会话", "/systemManage/onlineSessions", "user", SA),
    hidden("enterpriseInfo", "企业信息", "/systemManage/enterpriseInfo", SA),
    hidden("noticeEdit", "编辑通知", "/systemManage/noticeEdit", SA),
    hidden("myProjectSearch", "项目查询", "/systemManage/myProjectSearch", SYSTEM_MANAGE),
    hidden("myTestDataTableSearch", "检测数据查询", "/systemManage/myTestDataTableSearch", SYSTEM_MANAGE),
    hidden("mySoftDataTableSearch", "软件数据查询", "/systemManage/mySoftDataTableSearch", SYSTEM_MANAGE),
  ],
  { roles: SYSTEM_MANAGE },
);

const top = (code: string, name: string, url: string, icon: string) => leaf(code, name, url, icon, ALL_ROLES, { showType: 5 });

/** The top level, in menu order. */
export const RESOURCE_TREE: ResourceNode[] = [
  top("computeDynamicRoute", "首页", "/computeDynamicRoute/index", "home"),
  compute,
  top("supercomputeResource", "超算资源", "/supercomputeResource/index", "server"),
  steelApp,
  dataResource,
  top("testDetectionDashboard", "检测数据中心", "/testDetectionDashboard/index", "dashboard"),
  testDetection,
  testDetectionMobile,
  dataUpdate,
  myProject,
  taskManagement,
  resourceManagement,
  infoCenter,
  myInfo,
  systemManage,
];
RESOURCE_TREE.forEach((n, i) => (n.sort = (i + 1) * 10));

/** Every node with its parent's code and its depth (1 = top level), depth first. */
export function flattenTree(nodes: readonly ResourceNode[] = RESOURCE_TREE): Array<ResourceNode & { parent: string | null; depth: number }> {
  const out: Array<ResourceNode & { parent: string | null; depth: number }> = [];
  const walk = (list: readonly ResourceNode[], parent: string | null, depth: number) => {
    for (const n of list) {
      out.push({ ...n, parent, depth });
      walk(n.children, n.code, depth + 1);
    }
  };
  walk(nodes, null, 1);
  return out;
}

/** Every Url of the tree (web paths and external links), for the web's "every route is in the tree" test. */
export const RESOURCE_URLS: readonly string[] = flattenTree().map((n) => n.url);
/** The web paths only (no external links). */
export const RESOURCE_PATHS: readonly string[] = RESOURCE_URLS.filter((u) => u.startsWith("/"));
