import { describe, expect, it } from "vitest";
import { isPathAllowed, normalisePath, resourcePaths } from "./access.ts";
import type { MenuItem } from "./user.ts";

const item = (Url: string, children: MenuItem[] = [], hidden: MenuItem[] = []): MenuItem => ({
  ID: Url,
  Name: Url,
  Code: Url,
  Url,
  Icon: "",
  ShowType: 1,
  PType: "ReadAndWrite",
  Sort: 0,
  ChildMenuList: children,
  HideChildMenuList: hidden,
});

const admin = [item("/systemManage", [item("/systemManage/constantManage")], [item("/systemManage/noticeEdit")])];
const guest = [item("/testDetection", [item("/testDetection/myTestData/myTestDataTable")])];

describe("page access (section 5)", () => {
  it("lowercases and trims paths", () => {
    expect(normalisePath("/SystemManage/ConstantManage/?x=1")).toBe("/systemmanage/constantmanage");
    expect(normalisePath("")).toBe("/");
  });
  it("allows every Url in the tree, hidden ones included", () => {
    expect(resourcePaths(admin)).toEqual(new Set(["/systemmanage", "/systemmanage/constantmanage", "/systemmanage/noticeedit"]));
    expect(isPathAllowed("/systemManage/constantManage", admin)).toBe(true);
    expect(isPathAllowed("/SYSTEMMANAGE/NOTICEEDIT", admin)).toBe(true);
  });
  it("refuses what the role's tree lacks", () => {
    expect(isPathAllowed("/systemManage/constantManage", guest)).toBe(false);
    expect(isPathAllowed("/testDetection/myTestData/myTestDataTable", guest)).toBe(true);
  });
  it("allows the whitelist to everyone and the compute menu from the category list", () => {
    expect(isPathAllowed("/myInfo/index", guest)).toBe(true);
    expect(isPathAllowed("/computeDynamicRoute/index", [])).toBe(true);
    expect(isPathAllowed("/steelResearchCompute/CALPHAD", guest, ["CALPHAD", "Spread"])).toBe(true);
    expect(isPathAllowed("/steelResearchCompute/Unknown", guest, ["CALPHAD"])).toBe(false);
  });
});
