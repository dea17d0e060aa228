import { describe, expect, it } from "vitest";
import { deptHref, deptQuery, filterTree, flattenWithPath, parentOptions, pathTo, type DeptNode } from "./departments";

const node = (Id: string, Name: string, Children: DeptNode[] = [], extra: Partial<DeptNode> = {}): DeptNode => ({
  Id,
  ParentId: null,
  Name,
  Code: null,
  Leader: "",
  Phone: "",
  Sort: 0,
  Disabled: false,
  Version: 1,
  People: 0,
  Children,
  ...extra,
});
const ID = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;
const tree = [node(ID(1), "总院", [node(ID(2), "研究所", [node(ID(3), "高强钢室", [], { Code: "HSS" })]), node(ID(4), "检测中心", [], { Leader: "陈静" })]), node(ID(5), "合作单位")];

describe("the department page's tree helpers", () => {
  it("reads the address leniently: bad ids are absent, add may be root", () => {
    expect(deptQuery(new URLSearchParams(`q=%20钢%20&edit=${ID(3).toUpperCase()}&add=root&confirm=nope`))).toEqual({ q: "钢", at: null, edit: ID(3), add: "root", confirm: null });
    expect(deptQuery(new URLSearchParams("add=../../etc"))).toMatchObject({ add: null });
    expect(deptHref({ q: "钢" }, { edit: ID(2) })).toBe(`/systemManage/deptMangae?q=%E9%92%A2&edit=${ID(2)}`);
  });

  it("filters by name, code or leader and keeps the ancestors of each match", () => {
    const byCode = filterTree(tree, "hss");
    expect(byCode.matched).toBe(1);
    expect(flattenWithPath(byCode.tree).map((r) => r.path.join("/"))).toEqual(["总院", "总院/研究所", "总院/研究所/高强钢室"]);
    expect(filterTree(tree, "陈静").tree[0].Children.map((c) => c.Name)).toEqual(["检测中心"]);
    expect(filterTree(tree, "nothing").tree).toEqual([]);
    expect(filterTree(tree, "").matched).toBe(5);
  });

  it("offers every parent except the department itself and its descendants", () => {
    expect(parentOptions(tree, ID(2)).map((o) => o.label)).toEqual(["总院", "检测中心", "合作单位"]);
    expect(parentOptions(tree, null).map((o) => [o.label, o.depth])).toEqual([
      ["总院", 0],
      ["研究所", 1],
      ["高强钢室", 2],
      ["检测中心", 1],
      ["合作单位", 0],
    ]);
    expect(pathTo(tree, ID(3))).toEqual([ID(1), ID(2), ID(3)]);
    expect(pathTo(tree, ID(9))).toEqual([]);
  });
});
