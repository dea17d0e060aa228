import { expect, it } from "vitest";
import { sha256 } from "../../api/http/auth.ts";
import { flattenTree } from "../../api/modules/menus/resource-tree.ts";
import { seedResourceTree } from "../../api/modules/menus/seed-tree.ts";
import type { MenuItem as Item } from "../../common/user-context.ts";
import { describeEachBackend } from "./harness.ts";
import { sessionFor, userContextOf } from "./session-helpers.ts";

const find = (list: Item[], code: string) => list.find((m) => m.Code === code);
const walk = (list: Item[], out: Item[] = []): Item[] => {
  for (const m of list) {
    out.push(m);
    walk(m.ChildMenuList, out);
    walk(m.HideChildMenuList, out);
  }
  return out;
};

describeEachBackend("user info and menus", (t) => {
  it("admin: userInfo, roles, profile, and systemManage with constantManage", async () => {
    const ctx = await userContextOf(t(), "admin");
    expect(ctx.userInfo).toMatchObject({ Name: "admin", RealName: "系统管理员", Mobile: "13800000001", DepartmentName: "钢铁研究总院", Gender: 0, WxNickname: null });
    expect(Object.keys(ctx.userInfo).sort()).toEqual(["DepartmentName", "Email", "Gender", "IdCard", "Mobile", "Name", "RealName", "UpdatePwd", "UserID", "WxNickname"]);
    expect(ctx.roleList).toEqual([{ RoleCode: "SystemAdmin", RoleName: "系统管理员" }]);
    expect(ctx.profile).toBe(true);
    expect(ctx.needUnit).toBe(false);
    const sys = find(ctx.resList, "systemManage")!;
    expect(sys).toMatchObject({ Name: "系统管理", Url: "/systemManage", ShowType: 5, PType: "ReadAndWrite" });
    expect(find(sys.ChildMenuList, "constantManage")).toMatchObject({ Name: "常量管理", Url: "/systemManage/constantManage", PType: "ReadAndWrite" });
    expect(sys.HideChildMenuList.map((m) => m.Code)).toContain("noticeEdit");
    expect(sys.ChildMenuList.map((m) => m.Code)).not.toContain("noticeEdit");
  });

  it("every level is sorted by Sort and items have the documented shape", async () => {
    const ctx = await userContextOf(t(), "admin");
    const check = (list: Item[]) => {
      const sorts = list.map((m) => m.Sort);
      expect([...sorts].sort((a, b) => a - b)).toEqual(sorts);
      for (const m of list) {
        expect(Object.keys(m).sort()).toEqual(["ChildMenuList", "Code", "HideChildMenuList", "ID", "Icon", "Name", "PType", "ShowType", "Sort", "Url"]);
        check(m.ChildMenuList);
        check(m.HideChildMenuList);
      }
    };
    check(ctx.resList);
  });

  it("SystemAdmin reaches every Url of the tree except those section 6 reserves to other roles", async () => {
    const ctx = await userContextOf(t(), "admin");
    const got = new Set(walk(ctx.resList).map((m) => m.Url));
    const all = flattenTree();
    const reserved = all.filter((n) => !n.roles.includes("SystemAdmin")).map((n) => n.url);
    expect(reserved).toEqual(["/dataUpdate/myInstrumentData"]);
    const missing = all.filter((n) => !reserved.includes(n.url) && !got.has(n.url)).map((n) => n.url);
    expect(missing).toEqual([]);
    expect(got.has("/dataUpdate/myInstrumentData")).toBe(false);
  });

  it("guest (OutsideUser): no systemManage, no dataResource; under testDetection only myTestDataTable", async () => {
    const ctx = await userContextOf(t(), "guest");
    const codes = ctx.resList.map((m: Item) => m.Code);
    expect(codes).not.toContain("systemManage");
    expect(codes).not.toContain("dataResource");
    const td = find(ctx.resList, "testDetection")!;
    expect(td.ChildMenuList.map((m) => m.Code)).toEqual(["myTestDataTable"]);
    expect(td.HideChildMenuList).toEqual([]);
    // Seen but not usable: PType ReadOnly exercises the disabled rule; other entries stay ReadAndWrite.
    const app = find(ctx.resList, "steelApp")!;
    expect(find(app.ChildMenuList, "expertEvaApp")!.PType).toBe("ReadOnly");
    expect(find(app.ChildMenuList, "myAppTask")!.PType).toBe("ReadAndWrite");
    expect(find(ctx.resList, "myProject")!.PType).toBe("ReadAndWrite");
  });

  it("inside admin: systemManage labelled 部门管理, with personManage and dataStatistics but not constantManage", async () => {
    const ctx = await userContextOf(t(), "inside");
    const sys = find(ctx.resList, "systemManage")!;
    expect(sys.Name).toBe("部门管理");
    const kids = sys.ChildMenuList.map((m) => m.Code);
    expect(kids).toContain("personManage");
    expect(kids).toContain("dataStatistics");
    expect(kids).not.toContain("constantManage");
    expect(kids).not.toContain("noticeManager");
  });

  it("outside admin: personManage but not dataStatistics; test detection reduced to the table", async () => {
    const ctx = await userContextOf(t(), "outside");
    const sys = find(ctx.resList, "systemManage")!;
    expect(sys.ChildMenuList.map((m) => m.Code)).toEqual(["personManage"]);
    expect(find(ctx.resList, "testDetection")!.ChildMenuList.map((m) => m.Code)).toEqual(["myTestDataTable"]);
    expect(find(ctx.resList, "dataResource")).toBeDefined();
  });

  it("file transfer admin gets myInstrumentData; uploader gets the dataUpdate group but not myInstrumentData", async () => {
    const transfer = await userContextOf(t(), "transfer");
    expect(find(transfer.resList, "dataUpdate")!.ChildMenuList.map((m) => m.Code)).toEqual(["myInstrumentData"]);
    const up = await userContextOf(t(), "uploader");
    const codes = find(up.resList, "dataUpdate")!.ChildMenuList.map((m) => m.Code);
    expect(codes).toEqual(["offlineDataUpload", "myUploadData", "SaveExperimentalEquipment", "MyExperimentalEquipment"]);
    // Sample ids are issued by staff: the tile is ReadOnly for the transfer admin.
    expect(find(find(transfer.resList, "testDetection")!.ChildMenuList, "sampleId")!.PType).toBe("ReadOnly");
  });

  it("a user with two roles gets the union, and ReadAndWrite wins over ReadOnly", async () => {
    const db = t().api.app.db;
    const s = await sessionFor(t(), "guest");
    await db.query(`insert into user_roles(user_id, role_code) values ($1, 'DataUpload')`, [s.userId]);
    try {
      const r = await t().call("Login/GetUserInfoByIdInfo", { token: s.token, query: { mdId: s.userId } });
      const list: Item[] = r.returnData.resList;
      expect(find(list, "dataResource")).toBeDefined();
      expect(find(find(list, "steelApp")!.ChildMenuList, "expertEvaApp")!.PType).toBe("ReadAndWrite");
      expect(find(list, "testDetection")!.ChildMenuList.length).toBeGreaterThan(1);
    } finally {
      await db.query(`delete from user_roles where user_id = $1 and role_code = 'DataUpload'`, [s.userId]);
    }
  });

  it("sg: needUnit true, no test detection, compute categories present", async () => {
    const ctx = await userContextOf(t(), "sg");
    expect(ctx.needUnit).toBe(true);
    expect(ctx.userInfo.DepartmentName).toBeNull();
    expect(find(ctx.resList, "testDetection")).toBeUndefined();
    expect(find(ctx.resList, "steelResearchCompute")!.ChildMenuList.map((m) => m.Code).slice(0, 12)).toEqual([
      "FirstPrinciples", "CALPHAD", "Spread", "Precipitation", "Multiphase", "Limited", "Fluid", "Coupling", "DatabaseResources", "Localization", "Other", "CAD",
    ]);
  });

  it("the user's info and unread count come in one statement; a count that fails leaves the info whole, its count null", async () => {
    const db = t().api.app.db;
    const before = await userContextOf(t(), "admin");
    expect(typeof before.noReadCount).toBe("number");
    // The count reads notice_reads: without that table it fails, and the user is read again without it.
    await db.exec("alter table notice_reads rename to notice_reads_away");
    try {
      const ctx = await userContextOf(t(), "admin");
      expect(ctx.noReadCount).toBeNull();
      expect(ctx.userInfo).toEqual(before.userInfo);
      expect(ctx.roleList).toEqual(before.roleList);
      expect(ctx.resList).toEqual(before.resList);
    } finally {
      await db.exec("alter table notice_reads_away rename to notice_reads");
    }
    expect((await userContextOf(t(), "admin")).noReadCount).toBe(before.noReadCount);
  });

  it("mdId must be the caller's own id; sessions: missing 205, garbage 206, expired 207", async () => {
    const admin = await sessionFor(t(), "admin");
    const guest = await sessionFor(t(), "guest");
    const other = await t().call("Login/GetUserInfoByIdInfo", { token: guest.token, query: { mdId: admin.userId } });
    expect(other.status).toBe(403);
    expect(other.returnData).toBeNull();
    expect((await t().call("Login/GetUserInfoByIdInfo", { token: guest.token })).status).toBe(400);
    expect((await t().call("Login/GetUserInfoByIdInfo", { query: { mdId: admin.userId } })).status).toBe(205);
    expect((await t().call("Login/GetUserInfoByIdInfo", { token: "garbage", query: { mdId: admin.userId } })).status).toBe(206);
    await t().api.app.db.query(`update sessions set expires_at = now() - interval '1 minute' where token_hash = $1`, [sha256(admin.token)]);
    expect((await t().call("Login/GetUserInfoByIdInfo", { token: admin.token, query: { mdId: admin.userId } })).status).toBe(207);
  });

  it("the tree seeder is idempotent, updates by Code and replaces grants", async () => {
    const db = t().api.app.db;
    const count = async () => (await db.query<{ n: number }>(`select count(*)::int as n from resources`))[0].n;
    const before = await count();
    await db.query(`update resources set name = 'old name', sort = 999 where code = 'constantManage'`);
    await db.query(`insert into resource_grants(resource_id, role_code) select id, 'OutsideUser' from resources where code = 'constantManage'`);
    await seedResourceTree(db);
    await seedResourceTree(db);
    expect(await count()).toBe(before);
    expect(before).toBe(flattenTree().length);
    const [row] = await db.query<{ name: string; sort: number }>(`select name, sort from resources where code = 'constantManage'`);
    expect(row).toEqual({ name: "常量管理", sort: 10 });
    const grants = await db.query<{ role_code: string }>(
      `select g.role_code from resource_grants g join resources r on r.id = g.resource_id where r.code = 'constantManage'`,
    );
    expect(grants.map((g) => g.role_code)).toEqual(["SystemAdmin"]);
  });
});
