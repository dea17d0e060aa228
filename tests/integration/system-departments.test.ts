import { expect, it } from "vitest";
import { describeEachBackend } from "./harness.ts";
import { sessionFor } from "./session-helpers.ts";

const FORBIDDEN = "当前用户没有此操作权限";

interface Node {
  Id: string;
  ParentId: string | null;
  Name: string;
  Code: string | null;
  Version: number;
  People: number;
  Disabled: boolean;
  Children: Node[];
}
const find = (tree: Node[], name: string): Node | undefined => {
  for (const n of tree) {
    if (n.Name === name) return n;
    const c = find(n.Children, name);
    if (c) return c;
  }
};

describeEachBackend("system: departments", (t) => {
  const db = () => t().api.app.db;
  const tree = async (token: string) => {
    const r = await t().call("System/GetDepartmentTree", { token });
    expect(r.status, r.msg).toBe(200);
    return r.returnData as Node[];
  };
  const save = (token: string, form: Record<string, string>, lang = "zh-CN") => t().call("System/SaveDepartment", { token, form, headers: { "accept-language": lang } });
  const del = (token: string, form: Record<string, string>) => t().call("System/DeleteDepartment", { token, form });
  const snapshot = async () => ({
    departments: await db().query(`select * from departments order by id`),
    log: await db().query(`select count(*)::int as n from operation_log`),
  });

  it("GetDepartmentTree: the whole tree for a SystemAdmin, the own subtree for an InsideAdmin, nothing for others", async () => {
    const admin = await sessionFor(t(), "admin");
    const all = await tree(admin.token);
    const root = find(all, "钢铁研究总院")!;
    expect(root).toMatchObject({ ParentId: null, Code: "CISRI" });
    expect(root.Children.map((c) => c.Name)).toEqual(["先进钢铁材料研究所", "计算材料研究室", "检测中心"]);
    expect(find(all, "高强钢研究室")!.ParentId).toBe(find(all, "先进钢铁材料研究所")!.Id);
    // admin, xadmin, inside, uploader, transfer, equip belong to the root.
    expect(root.People).toBe(6);
    expect(find(all, "合作单位")).toMatchObject({ ParentId: null, People: 2 });

    // The InsideAdmin's department is 钢铁研究总院: they see it and below, not 合作单位.
    const inside = await sessionFor(t(), "inside");
    const mine = await tree(inside.token);
    expect(mine.map((n) => n.Name)).toEqual(["钢铁研究总院"]);
    expect(find(mine, "合作单位")).toBeUndefined();
    expect(find(mine, "化学分析室")).toBeDefined();

    for (const name of ["outside", "guest", "uploader", "xadmin"]) {
      const s = await sessionFor(t(), name);
      const r = await t().call("System/GetDepartmentTree", { token: s.token });
      expect([r.status, r.msg], name).toEqual([403, FORBIDDEN]);
    }
    expect((await t().call("System/GetDepartmentTree")).status).toBe(205);
  });

  it("SaveDepartment adds, renames, moves and disables; each write has its operation-log row with before and after", async () => {
    const admin = await sessionFor(t(), "admin");
    const parent = find(await tree(admin.token), "计算材料研究室")!;
    const add = await save(admin.token, { ParentId: parent.Id, Name: "  第一性原理组 ", Code: "CM-DFT", Leader: "赵敏", Phone: "010-6218 2000", Sort: "2" });
    expect(add.status, add.msg).toBe(200);
    expect(add.returnData).toEqual({ Id: expect.any(String), Version: 1 });
    const id = add.returnData.Id as string;
    expect(find(await tree(admin.token), "第一性原理组")).toMatchObject({ ParentId: parent.Id, Code: "CM-DFT", Version: 1, Disabled: false });

    // Move it under 检测中心, rename, disable.
    const lab = find(await tree(admin.token), "检测中心")!;
    const upd = await save(admin.token, { Id: id, Version: "1", ParentId: lab.Id, Name: "计算检测组", Code: "TC-CALC", Leader: "", Phone: "", Sort: "9", Disabled: "true" });
    expect(upd.status, upd.msg).toBe(200);
    expect(upd.returnData.Version).toBe(2);
    const moved = find(await tree(admin.token), "计算检测组")!;
    expect(moved).toMatchObject({ ParentId: lab.Id, Disabled: true, Version: 2 });

    const log = await db().query<{ action: string; user_name: string; target_id: string; before: any; after: any }>(
      `select action, user_name, target_id, before, after from operation_log where target_id = $1 order by id`,
      [id],
    );
    expect(log.map((l) => l.action)).toEqual(["department.create", "department.update"]);
    expect(log[0]).toMatchObject({ user_name: "admin", before: null, after: { Name: "第一性原理组", ParentId: parent.Id } });
    expect(log[1].before).toMatchObject({ Name: "第一性原理组", Version: 1 });
    expect(log[1].after).toMatchObject({ Name: "计算检测组", ParentId: lab.Id, Disabled: true, Version: 2 });

    const ops = await t().call("System/GetOperationLog", { token: admin.token, query: { targetType: "department", keyword: "计算检测组" } });
    expect(ops.status).toBe(200);
    expect(ops.returnData.rows.map((r: { Action: string }) => r.Action)).toEqual(["department.update"]);
  });

  it("bad input is refused by field in the caller's language and changes nothing", async () => {
    const admin = await sessionFor(t(), "admin");
    const all = await tree(admin.token);
    const root = find(all, "钢铁研究总院")!;
    const before = await snapshot();
    const cases: Array<[Record<string, string>, string, string, number]> = [
      [{ Name: " " }, "Name", "请输入部门名称", 400],
      [{ Name: "部".repeat(51) }, "Name", "部门名称长度不能超过50", 400],
      [{ Name: "ok", Code: "有 空格" }, "Code", "部门编码只能包含字母、数字、下划线、点和短横线", 400],
      [{ Name: "ok", Phone: "call me" }, "Phone", "请输入正确的联系电话", 400],
      [{ Name: "ok", Sort: "-1" }, "Sort", "排序须为 0 到 9999 的整数", 400],
      [{ Name: "ok", Sort: "1.5" }, "Sort", "排序须为 0 到 9999 的整数", 400],
      [{ Name: "ok", ParentId: "not-an-id" }, "ParentId", "请选择正确的上级部门", 400],
      [{ Name: "ok", ParentId: "00000000-0000-4000-8000-000000000000" }, "ParentId", "上级部门不存在", 400],
      // Names are unique among siblings, case-insensitively; codes across the tree.
      [{ Name: "先进钢铁材料研究所", ParentId: root.Id }, "Name", "同一上级部门下已有同名部门", 409],
      [{ Name: "合作单位" }, "Name", "同一上级部门下已有同名部门", 409],
      [{ Name: "新部门", Code: "cisri" }, "Code", "部门编码已被使用", 409],
      // A move under itself or a descendant.
      [{ Id: root.Id, Version: String(root.Version), Name: root.Name, ParentId: find(all, "高强钢研究室")!.Id }, "ParentId", "不能将部门移动到它自己或它的下级部门之下", 400],
      [{ Id: root.Id, Version: String(root.Version), Name: root.Name, ParentId: root.Id }, "ParentId", "不能将部门移动到它自己或它的下级部门之下", 400],
      // The concurrency check: an old version, or none, changes nothing.
      [{ Id: root.Id, Version: String(root.Version + 5), Name: "改名" }, "Version", "该部门已被他人修改，请刷新后重试", 409],
      [{ Id: root.Id, Name: "改名" }, "Version", "该部门已被他人修改，请刷新后重试", 409],
      [{ Id: "00000000-0000-4000-8000-000000000000", Version: "1", Name: "x" }, "Id", "部门不存在", 404],
    ];
    for (const [form, field, msg, status] of cases) {
      const r = await save(admin.token, form);
      expect([r.status, r.msg], JSON.stringify(form)).toEqual([status, msg]);
      expect(r.returnData.fields[0].field).toBe(field);
    }
    // The same name under another parent is fine; the message follows the caller's language.
    const en = await save(admin.token, { Name: "先进钢铁材料研究所", ParentId: root.Id }, "en-US");
    expect([en.status, en.msg]).toEqual([409, "A department of that name already exists under the same parent"]);
    const es = await save(admin.token, { Name: " " }, "es");
    expect(es.msg).toBe("Introduzca el nombre del departamento");
    expect(await snapshot()).toEqual(before);
  });

  it("two editors of one version: one saves, the other is told and changes nothing", async () => {
    const admin = await sessionFor(t(), "admin");
    const d = find(await tree(admin.token), "耐热钢研究室")!;
    const [a, b] = await Promise.all([
      save(admin.token, { Id: d.Id, Version: String(d.Version), ParentId: d.ParentId!, Name: "耐热钢研究室A" }),
      save(admin.token, { Id: d.Id, Version: String(d.Version), ParentId: d.ParentId!, Name: "耐热钢研究室B" }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const now = (await db().query<{ name: string; version: number }>(`select name, version from departments where id = $1`, [d.Id]))[0];
    expect(now.version).toBe(d.Version + 1);
    expect(now.name).toBe(a.status === 200 ? "耐热钢研究室A" : "耐热钢研究室B");
    expect((await db().query(`select 1 from operation_log where target_id = $1`, [d.Id])).length).toBe(1);
  });

  it("DeleteDepartment: only without sub-departments and people, else it says why; only SystemAdmins change the tree", async () => {
    const admin = await sessionFor(t(), "admin");
    const all = await tree(admin.token);
    const withChildren = await del(admin.token, { Id: find(all, "先进钢铁材料研究所")!.Id });
    expect([withChildren.status, withChildren.msg]).toEqual([409, "该部门下还有 2 个下级部门，不能删除"]);
    const root = find(all, "合作单位")!;
    const withPeople = await del(admin.token, { Id: root.Id });
    expect([withPeople.status, withPeople.msg]).toEqual([409, "该部门下还有 2 名人员，不能删除"]);
    const leaf = find(all, "力学性能室")!;
    const stale = await del(admin.token, { Id: leaf.Id, Version: String(leaf.Version + 1) });
    expect(stale.status).toBe(409);

    const inside = await sessionFor(t(), "inside");
    for (const [call, form] of [
      ["System/SaveDepartment", { Name: "内部新增" }],
      ["System/DeleteDepartment", { Id: leaf.Id }],
      ["System/GetOperationLog", null],
    ] as const) {
      const r = await t().call(call, form ? { token: inside.token, form } : { token: inside.token });
      expect([r.status, r.msg], call).toEqual([403, FORBIDDEN]);
    }
    expect(find(await tree(admin.token), "力学性能室")).toBeDefined();

    const ok = await del(admin.token, { Id: leaf.Id, Version: String(leaf.Version) });
    expect([ok.status, ok.returnData]).toEqual([200, true]);
    expect(find(await tree(admin.token), "力学性能室")).toBeUndefined();
    const [log] = await db().query<{ action: string; before: any; after: any }>(`select action, before, after from operation_log where target_id = $1`, [leaf.Id]);
    expect(log).toMatchObject({ action: "department.delete", before: { Name: "力学性能室" }, after: null });
    expect((await del(admin.token, { Id: leaf.Id })).status).toBe(404);
  });

  it("CreateUnitBySG adds a top-level department of the same tree, logged as the user's operation", async () => {
    const s = await sessionFor(t(), "sg");
    const r = await t().call("System/CreateUnitBySG", { token: s.token, form: { DepartmentName: "超算中心" } });
    expect(r.status, r.msg).toBe(200);
    const admin = await sessionFor(t(), "admin");
    expect(find(await tree(admin.token), "超算中心")).toMatchObject({ ParentId: null, People: 1 });
    const [log] = await db().query<{ action: string; user_name: string }>(`select action, user_name from operation_log where action = 'department.createBySG'`);
    expect(log).toEqual({ action: "department.createBySG", user_name: "sg" });
  });

  it("the tree is kept between calls and follows every writer: people joining, moving and leaving, and departments changed outside the pages", async () => {
    const admin = await sessionFor(t(), "admin");
    const cache = async () => ((await t().call("System/GetCacheList", { token: admin.token })).returnData as Array<{ Name: string; Hits: number; Misses: number }>).find((c) => c.Name === "departmentTree")!;
    await tree(admin.token);
    const before = await cache();
    const people = async (name: string) => find(await tree(admin.token), name)!.People;
    const lab = find(await tree(admin.token), "检测中心")!;
    // Unchanged: the second read is the kept tree.
    expect((await cache()).Hits).toBeGreaterThan(before.Hits);
    const n = await people("检测中心");
    // Writes the pages never see (another module, another API instance, SQL): the database's triggers tell the cache.
    const [u] = await db().query<{ id: string }>(`insert into users(name, real_name, password_hash, department_id) values ('cache-probe', '缓存', '!', $1) returning id`, [lab.Id]);
    expect(await people("检测中心")).toBe(n + 1);
    await db().query(`update users set department_id = (select id from departments where name = '合作单位') where id = $1`, [u.id]);
    expect(await people("检测中心")).toBe(n);
    await db().query(`delete from users where id = $1`, [u.id]);
    await db().query(`update departments set name = '检测中心（新）' where id = $1`, [lab.Id]);
    expect(find(await tree(admin.token), "检测中心（新）")).toMatchObject({ Id: lab.Id, People: n });
    // Other writes to users (a login, a status) leave the kept tree alone.
    const kept = await cache();
    await db().query(`update users set updated_at = now() where name = 'admin'`);
    await tree(admin.token);
    expect(await cache()).toMatchObject({ Misses: kept.Misses, Hits: kept.Hits + 1 });
  });
});
