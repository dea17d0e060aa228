import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { EXTERNAL_DATA_RESOURCES } from "../../../common/data-resources.ts";
import { ALL_ROLES, flattenTree, RESOURCE_PATHS, RESOURCE_TREE, RESOURCE_URLS } from "./resource-tree.ts";
import { menuName } from "./res-list.ts";

/** Every route of the specification's section 2 that a logged-in user reaches through the resource list. */
const SECTION_2_ROUTES = [
  // open to logged-in users
  "/myInfo/index",
  "/myInfo/bindWxResult",
  "/myAllTask/index",
  "/computeDynamicRoute/index",
  "/supercomputeResource/index",
  "/testDetectionDashboard/index",
  "/steelAppDashboard/index",
  "/DocumentView",
  "/infoCenter/index",
  "/infoCenter/noticeCenter",
  "/infoCenter/noticeDetail",
  "/infoCenter/UserInfoDetail",
  "/dataResource/index",
  "/dataResource/dataResourceList",
  "/dataResource/dataResourceList2",
  "/dataResource/dataResourceDetails",
  "/steelApp/myAppTask",
  "/steelApp/intructioConfirmRun",
  "/steelApp/myUploadApp",
  "/steelApp/myAppManager",
  "/steelApp/appUploadEdit",
  "/steelApp/appUploadAdd",
  "/steelApp/deskAppInfo",
  "/steelApp/expertEvaApp",
  "/myProject/myProjectList",
  "/myProject/addMyProject",
  "/myProject/editMyProject",
  "/myProject/myProjectInfo",
  "/myProject/taskDataSource",
  "/ResourceManagement/SoftwareUsageStatistics",
  "/ResourceManagement/APPUsageStatistics",
  "/TaskManagement/ComputeTask",
  "/TaskManagement/AppTask",
  // dynamic compute routes
  "/steelResearchCompute",
  ...["FirstPrinciples", "CALPHAD", "Spread", "Precipitation", "Multiphase", "Limited", "Fluid", "Coupling", "DatabaseResources", "Other", "CAD", "Localization"].map(
    (c) => `/steelResearchCompute/${c}`,
  ),
  "/steelResearchCompute/oiIndex",
  "/steelResearchCompute/oiDetail",
  "/steelResearchCompute/cloudCompute",
  "/steelResearchCompute/resourceAllocation",
  "/steelResearchCompute/instructionModeCompute",
  "/steelResearchCompute/computeTaskSource",
  // added by permission
  "/testDetection",
  "/testDetection/sampleId",
  "/testDetection/myTestData/myTestDataTable",
  "/testDetection/testDataSourse",
  "/testDetection/documentData",
  "/testDetection/myTestData/testReport",
  "/testDetection/myTestData/mySimilardataTable",
  "/testDetection/myTestData/mySimilardataTable2",
  "/testDetection/myTestData/mySimilardataTable3",
  "/testDetection/myTestData/mySimilardataTable4",
  "/testDetection/steelNky",
  "/testDetection/newCloudEquip",
  "/testDetection/editMaterial",
  "/testDetection/operationMaterial",
  "/testDetection/materialDetails",
  "/testDetectionMobile",
  "/testDetectionMobile/myTestData/dataSource",
  "/testDetectionMobile/myTestData/myTestDataModify",
  "/testDetectionMobile/myUploadDataMobile",
  "/dataUpdate",
  "/dataUpdate/offlineDataUpload",
  "/dataUpdate/myUploadData",
  "/dataUpdate/myInstrumentData",
  "/dataUpdate/SaveExperimentalEquipment",
  "/dataUpdate/MyExperimentalEquipment",
  "/systemManage",
  ...["constantManage", "dataStatistics", "deptMangae", "enterpriseManager", "personManage", "feedback", "noticeManager", "cacheManage"].map(
    (c) => `/systemManage/${c}`,
  ),
  ...["enterpriseInfo", "noticeEdit", "myProjectSearch", "myTestDataTableSearch", "mySoftDataTableSearch"].map((c) => `/systemManage/${c}`),
];

/** The external data resources section 2 names. */
const SECTION_2_EXTERNAL = ["Matdao_Steel", "Matdao_Welding", "CNKI", "Data_zscj", "Data_MSCzhgk", "Data_jsfz", "Data_wxcl", "Data_zsfwpt"];

const HIDDEN = [
  "/dataResource/dataResourceDetails",
  "/steelApp/intructioConfirmRun",
  "/steelApp/appUploadEdit",
  "/steelApp/appUploadAdd",
  "/steelApp/deskAppInfo",
  "/myProject/editMyProject",
  "/myProject/myProjectInfo",
  "/myProject/taskDataSource",
  "/steelResearchCompute/oiDetail",
  "/steelResearchCompute/cloudCompute",
  "/steelResearchCompute/resourceAllocation",
  "/steelResearchCompute/instructionModeCompute",
  "/steelResearchCompute/computeTaskSource",
  "/systemManage/enterpriseInfo",
  "/systemManage/noticeEdit",
  "/systemManage/myProjectSearch",
  "/systemManage/myTestDataTableSearch",
  "/systemManage/mySoftDataTableSearch",
];

const flat = flattenTree();
const byUrl = new Map(flat.map((n) => [n.url, n]));
const byCode = new Map(flat.map((n) => [n.code, n]));

describe("resource tree", () => {
  it("covers every route of section 2", () => {
    const missing = SECTION_2_ROUTES.filter((r) => !RESOURCE_PATHS.includes(r));
    expect(missing).toEqual([]);
  });

  it("has the named external data resources (https links, single-sign-on partners through our redirect) and the four steel-database searches as our pages", () => {
    for (const code of SECTION_2_EXTERNAL) expect(byCode.get(code)?.url, code).toMatch(/^(https:\/\/|\/dataResource\/open\?code=)/);
    expect(byCode.get("Matdao_Steel")?.url).toBe("/dataResource/open?code=Matdao_Steel");
    expect(byCode.get("CNKI")?.url).toBe("https://www.cnki.net/");
    for (const e of EXTERNAL_DATA_RESOURCES) expect(byCode.get(e.code)?.parent).toBe("dataResource");
    for (const code of ["SteelSearch_Grade", "SteelSearch_Property", "SteelSearch_Equivalent", "SteelSearch_Standard"]) {
      expect(byCode.get(code)?.url, code).toMatch(/^\/dataResource\/dataResourceList2?\?by=/);
    }
  });

  it("codes and urls are unique; every url is a web path or an https link", () => {
    expect(new Set(flat.map((n) => n.code)).size).toBe(flat.length);
    expect(new Set(RESOURCE_URLS).size).toBe(RESOURCE_URLS.length);
    for (const n of flat) expect(n.url).toMatch(/^(\/[A-Za-z0-9/]+(\?[a-z]+=[A-Za-z_]+)?|https:\/\/[^\s]+)$/);
  });

  it("is at most three levels deep", () => {
    expect(Math.max(...flat.map((n) => n.depth))).toBeLessThanOrEqual(3);
  });

  it("every entry has a zh name, an icon unless hidden, a valid ShowType and a distinct Sort among its siblings", () => {
    for (const n of flat) {
      expect(n.name.trim(), n.code).not.toBe("");
      if (!n.hidden) expect(n.icon, n.code).not.toBe("");
      expect([1, 3, 5]).toContain(n.showType);
      expect(n.sort).toBeGreaterThan(0);
    }
    const siblings = (p: string | null) => flat.filter((n) => n.parent === p).map((n) => n.sort);
    for (const p of [null, ...flat.map((n) => n.code)]) expect(new Set(siblings(p)).size).toBe(siblings(p).length);
  });

  it("marks the hidden routes of section 2 hidden, and only pages (never groups) are hidden", () => {
    for (const u of HIDDEN) expect(byUrl.get(u)?.hidden, u).toBe(true);
    for (const n of flat) if (n.hidden) expect(n.children).toEqual([]);
    expect(byUrl.get("/systemManage/constantManage")?.hidden).toBe(false);
  });

  it("test-detection entries are tiles (ShowType 3); menu groups are ShowType 5", () => {
    for (const n of flat.filter((n) => n.parent === "testDetection" && !n.hidden)) expect(n.showType, n.code).toBe(3);
    for (const code of ["systemManage", "steelApp", "dataResource", "testDetection", "dataUpdate", "myProject"]) expect(byCode.get(code)?.showType).toBe(5);
  });

  it("a child's roles are within its parent's, and ReadOnly grants are within the roles", () => {
    for (const n of flat) {
      for (const r of n.readOnly) expect(n.roles, n.code).toContain(r);
      if (n.parent) for (const r of n.roles) expect(byCode.get(n.parent)!.roles, `${n.code} ${r}`).toContain(r);
    }
  });

  it("follows section 6", () => {
    const roles = (code: string) => [...byCode.get(code)!.roles].sort();
    expect(roles("systemManage")).toEqual(["InsideAdmin", "OutsideAdmin", "SystemAdmin"]);
    for (const c of ["constantManage", "deptMangae", "enterpriseManager", "enterpriseInfo", "noticeManager", "cacheManage"]) expect(roles(c)).toEqual(["SystemAdmin"]);
    expect(roles("dataStatistics")).toEqual(["InsideAdmin", "SystemAdmin"]);
    for (const c of ["personManage", "myProjectSearch", "myTestDataTableSearch", "mySoftDataTableSearch"]) {
      expect(roles(c)).toEqual(["InsideAdmin", "OutsideAdmin", "SystemAdmin"]);
    }
    for (const c of ["offlineDataUpload", "myUploadData"]) expect(roles(c)).toEqual(["DataUpload", "SystemAdmin"]);
    expect(roles("myInstrumentData")).toEqual(["FileTransferAdmin"]);
    for (const c of ["SaveExperimentalEquipment", "MyExperimentalEquipment"]) expect(roles(c)).toEqual(["DataUpload", "EquimentAdmin", "InsideAdmin", "SystemAdmin"]);
    expect(roles("equipmentStatistics")).toEqual(["EquimentAdmin", "SystemAdmin"]);
    // Outside users: under test detection only the my-test-data table.
    for (const r of ["OutsideUser", "OutsideAdmin"] as const) {
      const seen = flat.filter((n) => (n.parent === "testDetection" || n.parent === "testDetectionMobile") && n.roles.includes(r)).map((n) => n.code);
      expect(seen.sort()).toEqual(["mobileMyTestDataTable", "myTestDataTable"]);
    }
    // OutsideUser has no dataResource at all.
    expect(flat.filter((n) => (n.code === "dataResource" || n.parent === "dataResource") && n.roles.includes("OutsideUser"))).toEqual([]);
    // Routes open to logged-in users go to every role.
    for (const u of ["/myInfo/index", "/myAllTask/index", "/infoCenter/noticeCenter", "/steelApp/expertEvaApp", "/TaskManagement/ComputeTask", "/steelResearchCompute/CALPHAD"]) {
      expect([...byUrl.get(u)!.roles].sort(), u).toEqual([...ALL_ROLES].sort());
    }
    // Some entries are seen but disabled, so the PType rule is exercised.
    expect(byCode.get("expertEvaApp")!.readOnly).toContain("OutsideUser");
  });

  it("labels systemManage 部门管理 for department admins only", () => {
    expect(menuName("systemManage", "系统管理", ["SystemAdmin"])).toBe("系统管理");
    expect(menuName("systemManage", "系统管理", ["InsideAdmin"])).toBe("部门管理");
    expect(menuName("systemManage", "系统管理", ["OutsideAdmin"])).toBe("部门管理");
    expect(menuName("systemManage", "系统管理", ["OutsideAdmin", "SystemAdmin"])).toBe("系统管理");
    expect(menuName("constantManage", "常量管理", ["InsideAdmin"])).toBe("常量管理");
  });

  it("docs/access.md lists every url with exactly its roles", () => {
    const doc = fs.readFileSync(new URL("../../../docs/access.md", import.meta.url), "utf8");
    const rows = new Map<string, { roles: string[]; readOnly: string[]; showType: number }>();
    for (const line of doc.split("\n")) {
      const cells = line.split("|").map((c) => c.trim());
      // | Url | Code | Name | ShowType | Roles[; ReadOnly: roles] |
      if (cells.length < 7 || !cells[1].startsWith("`")) continue;
      const [granted, readOnly = ""] = cells[5].split(/;\s*ReadOnly:\s*/);
      const list = (s: string) => s.split(/,\s*/).filter(Boolean);
      const roles = granted === "all" ? [...ALL_ROLES] : granted.startsWith("all but ") ? ALL_ROLES.filter((r) => r !== granted.slice(8)) : list(granted);
      rows.set(cells[1].replace(/`/g, ""), { roles: roles.sort(), readOnly: list(readOnly).sort(), showType: Number(cells[4]) });
    }
    for (const n of flat) {
      expect(rows.get(n.url), n.url).toEqual({ roles: [...n.roles].sort(), readOnly: [...n.readOnly].sort(), showType: n.showType });
    }
    expect(rows.size).toBe(flat.length);
  });

  it("top level is sorted by Sort", () => {
    const sorts = RESOURCE_TREE.map((n) => n.sort);
    expect([...sorts].sort((a, b) => a - b)).toEqual(sorts);
  });
});
