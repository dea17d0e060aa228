import { describe, expect, it } from "vitest";
import { budgetTree, deptHref, deptQuery, filterTree, flattenWithPath, parentOptions, pathTo, type DeptNode } from "./departments";

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

describe("budgetTree", () => {
  // 3 roots × 4 children × 5 grandchildren: 3 + 12 + 60 departments.
  const big = ["A", "B", "C"].map((r) => node(r, r, [1, 2, 3, 4].map((i) => node(`${r}${i}`, `${r}${i}`, [1, 2, 3, 4, 5].map((j) => node(`${r}${i}${j}`, `${r}${i}${j}`))))));
  const rendered = (t: DeptNode[]): number => t.reduce((s, n) => s + 1 + rendered(n.Children), 0);

  it("keeps a small tree whole", () => {
    const t = budgetTree(big, new Set(), 1000);
    expect(rendered(t)).toBe(75);
    expect(t[0].Children[0].Hidden).toBe(0);
  });

  it("renders the roots, then breadth-first while the budget lasts; the rest is counted, not sent", () => {
    const t = budgetTree(big, new Set(), 20);
    // The 12 children fit (8 left), then one group of 5 (3 left), not the next.
    expect(rendered(t)).toBe(3 + 12 + 5);
    expect(t[0].Children[0].Children).toHaveLength(5);
    expect(t[0].Children[1]).toMatchObject({ Children: [], Hidden: 5 });
  });

  it("always opens the way to the department the user is at, whatever the budget", () => {
    const t = budgetTree(big, new Set(["C", "C4"]), 0);
    expect(t[0]).toMatchObject({ Children: [], Hidden: 4 });
    expect(t[2].Children[3].Children.map((n) => n.Name)).toEqual(["C41", "C42", "C43", "C44", "C45"]);
    expect(rendered(budgetTree(big, "all", 0))).toBe(75);
  });
});
