import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activeCodes, breadcrumbFor, buildSidebar, cutTitle, displayWidth, labelKeyFor } from "./menu.ts";
import { IMPLEMENTED_PAGES } from "./pages.ts";
import type { MenuItem } from "./user.ts";

// Pages of this test only, so the rules are checked whatever the real page list holds at the time.
const PAGES = ["/t/a", "/t/b", "/t/c", "/t/deep", "/t/ro", "/steelapp/myapptask", "/t/home"];
beforeAll(() => PAGES.forEach((p) => IMPLEMENTED_PAGES.add(p)));
afterAll(() => PAGES.forEach((p) => IMPLEMENTED_PAGES.delete(p)));

let id = 0;
function item(Code: string, Url: string, o: Partial<MenuItem> = {}): MenuItem {
  return {
    ID: String(++id),
    Name: `N-${Code}`,
    Code,
    Url,
    Icon: "",
    ShowType: 1,
    PType: "ReadAndWrite",
    Sort: 0,
    ChildMenuList: [],
    HideChildMenuList: [],
    ...o,
  };
}

describe("displayWidth and cutTitle", () => {
  it("counts non-ASCII characters as 2", () => {
    expect(displayWidth("abc")).toBe(3);
    expect(displayWidth("系统管理")).toBe(8);
    expect(displayWidth("APP使用统计")).toBe(11);
    expect(displayWidth("")).toBe(0);
  });

  it("keeps titles of at most 16 display characters", () => {
    expect(cutTitle("1234567890123456", 16)).toBe("1234567890123456");
    expect(cutTitle("科研装备与技术资源", 16)).toBe("科研装备与技术资…");
    expect(cutTitle("科研装备与技术资", 16)).toBe("科研装备与技术资");
  });

  it("cuts longer titles and ends them with an ellipsis", () => {
    expect(cutTitle("12345678901234567", 16)).toBe("1234567890123456…");
    expect(cutTitle("科研装备与技术资源库", 16)).toBe("科研装备与技术资…");
    // A wide character that would cross the limit is left out, not split.
    expect(cutTitle("123456789012345材料", 16)).toBe("123456789012345…");
    expect(displayWidth(cutTitle("Matdao钢铁材料数据库", 16).replace("…", ""))).toBeLessThanOrEqual(16);
  });
});

describe("buildSidebar", () => {
  it("shows ShowType 1 and 5, hides 3, sorted by Sort", () => {
    const list = [
      item("b", "/t/b", { Sort: 20, ShowType: 5 }),
      item("a", "/t/a", { Sort: 10 }),
      item("c", "/t/c", { Sort: 15, ShowType: 3 }),
    ];
    expect(buildSidebar(list, []).map((i) => i.code)).toEqual(["a", "b"]);
  });

  it("sorts children recursively and stops at three levels", () => {
    const deep = item("l3", "/t/deep", {
      ChildMenuList: [item("l4", "/t/a")],
    });
    const tree = [
      item("g1", "/g1", {
        ShowType: 5,
        ChildMenuList: [
          item("y", "/t/b", { Sort: 2 }),
          item("g2", "/g2", { Sort: 1, ChildMenuList: [deep] }),
        ],
      }),
    ];
    const [g1] = buildSidebar(tree, []);
    expect(g1.children.map((c) => c.code)).toEqual(["g2", "y"]);
    // Level 3 has a child in the data, but a fourth level is never built: level 3 is a leaf.
    const l3 = g1.children[0].children[0];
    expect(l3.code).toBe("l3");
    expect(l3.children).toEqual([]);
  });

  it("lists only pages that exist, keeps external links, drops empty groups", () => {
    const tree = [
      item("missing", "/t/not-built"),
      item("ext", "https://www.cnki.net/"),
      item("group", "/group", { ChildMenuList: [item("m1", "/t/nope"), item("m2", "/t/nope2")] }),
      item("half", "/half", { ChildMenuList: [item("m3", "/t/nope"), item("ok", "/t/a")] }),
    ];
    const out = buildSidebar(tree, []);
    expect(out.map((i) => i.code)).toEqual(["ext", "half"]);
    expect(out[0].external).toBe(true);
    expect(out[1].children.map((c) => c.code)).toEqual(["ok"]);
  });

  it("shows a group whose children are all elsewhere (tiles) as an entry for its own page", () => {
    const tiles = [item("tile1", "/t/b", { ShowType: 3 }), item("tile2", "/t/c", { ShowType: 3 })];
    const out = buildSidebar([item("withPage", "/t/a", { ChildMenuList: tiles }), item("noPage", "/t/none", { ChildMenuList: tiles })], []);
    expect(out.map((i) => i.code)).toEqual(["withPage"]);
    expect(out[0].children).toEqual([]);
  });

  it("disables everything but ReadAndWrite, except the materials app entry", () => {
    const tree = [
      item("ro", "/t/ro", { PType: "ReadOnly" }),
      item("rw", "/t/a"),
      item("steelApp", "/steelApp", { PType: "ReadOnly", ChildMenuList: [item("myAppTask", "/steelApp/myAppTask", { PType: "ReadOnly" })] }),
    ];
    const out = buildSidebar(tree, []);
    expect(out.find((i) => i.code === "ro")?.disabled).toBe(true);
    expect(out.find((i) => i.code === "rw")?.disabled).toBe(false);
    const app = out.find((i) => i.code === "steelApp")!;
    expect(app.disabled).toBe(false);
    expect(app.children[0].disabled).toBe(true);
  });

  it("labels by Code with the API name as fallback", () => {
    const [a] = buildSidebar([item("a", "/t/a", { Name: "甲" })], []);
    expect(a.labelKey).toBe("menu.a");
    expect(a.name).toBe("甲");
  });
});

describe("the systemManage label (section 6)", () => {
  it("is 系统管理 for SystemAdmin, 部门管理 for a department admin without it", () => {
    expect(labelKeyFor("systemManage", ["SystemAdmin"])).toBe("menu.systemManage");
    expect(labelKeyFor("systemManage", ["SystemAdmin", "InsideAdmin"])).toBe("menu.systemManage");
    expect(labelKeyFor("systemManage", ["InsideAdmin"])).toBe("menu.systemManageDept");
    expect(labelKeyFor("systemManage", ["OutsideAdmin"])).toBe("menu.systemManageDept");
    expect(labelKeyFor("systemManage", ["OutsideUser"])).toBe("menu.systemManage");
    expect(labelKeyFor("personManage", ["InsideAdmin"])).toBe("menu.personManage");
  });

  it("applies in the built sidebar", () => {
    const tree = [item("systemManage", "/systemManage", { ChildMenuList: [item("a", "/t/a")] })];
    expect(buildSidebar(tree, ["InsideAdmin"])[0].labelKey).toBe("menu.systemManageDept");
    expect(buildSidebar(tree, ["SystemAdmin"])[0].labelKey).toBe("menu.systemManage");
  });
});

describe("breadcrumbFor", () => {
  const tree = [
    item("home", "/t/home"),
    item("steelApp", "/steelApp", {
      Sort: 2,
      ChildMenuList: [item("myAppTask", "/steelApp/myAppTask")],
      HideChildMenuList: [item("deskAppInfo", "/steelApp/deskAppInfo")],
    }),
  ];

  it("gives the ancestors and the item itself", () => {
    expect(breadcrumbFor("/steelApp/myAppTask", tree).map((c) => c.code)).toEqual(["steelApp", "myAppTask"]);
    expect(breadcrumbFor("/t/home", tree).map((c) => c.code)).toEqual(["home"]);
  });

  it("matches case-insensitively, ignoring a trailing slash and the query", () => {
    expect(breadcrumbFor("/steelapp/MYAPPTASK/?x=1", tree).map((c) => c.code)).toEqual(["steelApp", "myAppTask"]);
  });

  it("finds hidden pages under their section", () => {
    expect(breadcrumbFor("/steelApp/deskAppInfo", tree).map((c) => c.code)).toEqual(["steelApp", "deskAppInfo"]);
    expect([...activeCodes("/steelApp/deskAppInfo", tree)]).toEqual(["steelApp", "deskAppInfo"]);
  });

  it("is empty for a path outside the tree", () => {
    expect(breadcrumbFor("/nowhere", tree)).toEqual([]);
  });

  it("uses the department label for systemManage when the roles call for it", () => {
    const t = [item("systemManage", "/systemManage", { ChildMenuList: [item("personManage", "/systemManage/personManage")] })];
    expect(breadcrumbFor("/systemManage/personManage", t, ["OutsideAdmin"])[0].labelKey).toBe("menu.systemManageDept");
  });
});
