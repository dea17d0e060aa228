import { expect, it } from "vitest";
import { describeEachBackend, type TestApi } from "./harness.ts";
import { multipart } from "./attachment-files.ts";
import { sessionFor } from "./session-helpers.ts";
import { taskCalls } from "./task-helpers.ts";

const FORBIDDEN = "当前用户没有此操作权限";
const NOT_FOUND = "项目不存在";
const UNKNOWN_ID = "6f1c2b9e-0000-4000-8000-000000000000";

interface Row {
  Id: string;
  Code: string;
  Name: string;
  Status: string;
  LeaderId: string;
  LeaderName: string;
  MyRole: string | null;
  Members: number;
  BudgetCoreHours: number | null;
  BudgetPeriod: string;
  UsedCoreHours: number;
  Tasks: number;
  CanEdit: boolean;
  Version: number;
  StartDate: string;
  EndDate: string;
}

/** A task of the user charged to the project: `cores` × `hours` core-hours once finished, created `daysAgo` days ago. */
async function projectTask(t: TestApi, user: string, projectId: string, cores: number, hours: number, daysAgo = 0): Promise<void> {
  await t.api.app.db.query(
    `insert into compute_tasks(user_id, project_id, app_id, app_version, category, mode, params, input_files, input_hash, resources, status, created_at, started_at, finished_at)
     select u.id, $2, 'lammps', '1', 'Multiphase', 'graphical', '{}'::jsonb, '{}', 'x', jsonb_build_object('cores', $3::int), 'succeeded',
            now() - make_interval(days => $5::int), now() - make_interval(days => $5::int), now() - make_interval(days => $5::int) + make_interval(secs => $4::float8 * 3600)
       from users u where u.name = $1`,
    [user, projectId, cores, hours, daysAgo],
  );
}

describeEachBackend("projects", (t) => {
  const db = () => t().api.app.db;
  const tokens = new Map<string, string>();
  const as = async (name: string) => {
    if (!tokens.has(name)) tokens.set(name, (await sessionFor(t(), name)).token);
    return tokens.get(name)!;
  };
  const call = async (name: string, path: string, form?: Record<string, string>, query?: Record<string, string>) => t().call(path, { token: await as(name), form, query });
  const save = (name: string, form: Record<string, string>) => call(name, "Project/SaveProject", form);
  const info = (name: string, id: string) => call(name, "Project/GetProjectInfo", undefined, { id });
  const list = async (name: string, query: Record<string, string> = {}) => {
    const r = await call(name, "Project/GetProjectList", undefined, query);
    expect(r.status, r.msg).toBe(200);
    return r.returnData as { total: number; page: number; size: number; rows: Row[] };
  };
  const addMember = (name: string, projectId: string, user: string, role = "member") => call(name, "Project/AddProjectMember", { ProjectId: projectId, User: user, Role: role });
  const idOf = async (userName: string) => (await db().query<{ id: string }>(`select id from users where name = $1`, [userName]))[0].id;
  const snapshot = () => db().query(`select * from projects order by id`);
  const base = { Funding: "国家自然科学基金", StartDate: "2026-01-01", EndDate: "2028-12-31" };
  const ids: Record<string, string> = {};

  it("SaveProject creates a project the caller leads, sanitised and logged; bad input is refused in zh and changes nothing", async () => {
    const r = await save("uploader", {
      ...base,
      Code: "NSFC-2026-01",
      Name: "高强钢氢脆机理",
      Description: '<p>研究<script>alert(1)</script><img src="https://evil.example/x.png"></p>',
      BudgetCoreHours: "100",
    });
    expect([r.status, r.msg, r.returnData?.Version]).toEqual([200, "", 1]);
    ids.p1 = r.returnData.Id;
    const [row] = await db().query<Record<string, unknown>>(`select leader_id, created_by, description, budget_core_hours::float8 as budget, budget_period, status from projects where id = $1`, [ids.p1]);
    const uploader = await idOf("uploader");
    expect(row).toEqual({ leader_id: uploader, created_by: uploader, description: "<p>研究</p>", budget: 100, budget_period: "project", status: "active" });
    const log = await db().query<{ action: string; target_type: string; target_name: string; user_name: string }>(
      `select action, target_type, target_name, user_name from operation_log where target_id = $1`,
      [ids.p1],
    );
    expect(log).toEqual([{ action: "project.create", target_type: "project", target_name: "高强钢氢脆机理", user_name: "uploader" }]);

    const before = await snapshot();
    const cases: Array<[Record<string, string>, string, string, number]> = [
      [{ ...base, Code: "", Name: "x" }, "Code", "请输入项目编号", 400],
      [{ ...base, Code: "有 空格", Name: "x" }, "Code", "项目编号只能包含字母、数字、下划线、点和短横线，且以字母或数字开头", 400],
      [{ ...base, Code: "X-1", Name: "" }, "Name", "请输入项目名称", 400],
      [{ ...base, Code: "X-1", Name: "x", EndDate: "2025-12-31" }, "EndDate", "结束日期不能早于开始日期", 400],
      [{ ...base, Code: "X-1", Name: "x", StartDate: "2026-02-30" }, "StartDate", "请输入正确的日期", 400],
      [{ ...base, Code: "X-1", Name: "x", StartDate: "0000-01-01" }, "StartDate", "请输入正确的日期", 400],
      [{ ...base, Code: "X-1", Name: "x", BudgetCoreHours: "-1" }, "BudgetCoreHours", "核时预算须为 0 到 10000000 之间的数字", 400],
      [{ ...base, Code: "X-1", Name: "x", BudgetCoreHours: "lots" }, "BudgetCoreHours", "核时预算须为 0 到 10000000 之间的数字", 400],
      [{ ...base, Code: "X-1", Name: "x", BudgetPeriod: "week" }, "BudgetPeriod", "参数错误", 400],
      [{ ...base, Code: "X-1", Name: "x", LeaderId: UNKNOWN_ID }, "LeaderId", "请选择正确的项目负责人", 400],
      [{ ...base, Code: "nsfc-2026-01", Name: "x" }, "Code", "项目编号已存在", 409],
    ];
    for (const [form, field, msg, status] of cases) {
      const res = await save("uploader", form);
      expect([res.status, res.msg, res.returnData?.fields?.[0]?.field], JSON.stringify(form)).toEqual([status, msg, field]);
    }
    expect(await snapshot()).toEqual(before);

    // A project led by someone else: LeaderId names them (an enabled user); the caller only created it.
    const g = await save("admin", { ...base, Code: "COOP-7", Name: "合作单位渗碳工艺", LeaderId: await idOf("guest"), BudgetPeriod: "month", BudgetCoreHours: "10" });
    expect(g.status, g.msg).toBe(200);
    ids.g1 = g.returnData.Id;
    expect((await info("guest", ids.g1)).returnData).toMatchObject({ MyRole: "leader", LeaderName: "访客", CanEdit: true, BudgetPeriod: "month", BudgetCoreHours: 10 });
  });

  it("GetProjectList: levels, keyword, status, sort and paging, only the caller's projects; bad parameters name the field", async () => {
    for (const [code, name, status] of [
      ["ABC-2", "耐热钢蠕变", "closed"],
      ["MOST-3", "钢中夹杂物", "active"],
    ]) {
      const r = await save("uploader", { ...base, Code: code, Name: name, Status: status });
      expect(r.status, r.msg).toBe(200);
      ids[code] = r.returnData.Id;
    }
    // equip leads two: uploader co-leads one and is a plain member of the other.
    for (const [code, name, role] of [
      ["EQ-1", "设备能耗", "colead"],
      ["EQ-2", "设备寿命", "member"],
    ]) {
      const r = await save("equip", { ...base, Code: code, Name: name, StartDate: "2025-06-01" });
      expect(r.status, r.msg).toBe(200);
      ids[code] = r.returnData.Id;
      const m = await addMember("equip", r.returnData.Id, "uploader", role);
      expect(m.status, m.msg).toBe(200);
    }

    const all = await list("uploader", { sort: "code" });
    expect(all.total).toBe(5);
    expect(all.rows.map((r) => [r.Code, r.MyRole, r.CanEdit, r.Members])).toEqual([
      ["ABC-2", "leader", true, 1],
      ["EQ-1", "colead", true, 2],
      ["EQ-2", "member", false, 2],
      ["MOST-3", "leader", true, 1],
      ["NSFC-2026-01", "leader", true, 1],
    ]);
    expect(all.rows.find((r) => r.Code === "EQ-1")).toMatchObject({ LeaderName: "设备管理员", StartDate: "2025-06-01", EndDate: "2028-12-31", BudgetCoreHours: null, UsedCoreHours: 0, Tasks: 0 });
    expect((await list("uploader", { level: "1", sort: "code" })).rows.map((r) => r.Code)).toEqual(["ABC-2", "EQ-1", "MOST-3", "NSFC-2026-01"]);
    expect((await list("uploader", { level: "2" })).rows.map((r) => r.Code)).toEqual(["EQ-2"]);
    expect((await list("uploader", { keyword: "nsfc" })).rows.map((r) => r.Code)).toEqual(["NSFC-2026-01"]);
    expect((await list("uploader", { keyword: "钢" })).total).toBe(3);
    expect((await list("uploader", { keyword: "100%_" })).total).toBe(0);
    expect((await list("uploader", { status: "closed" })).rows.map((r) => r.Code)).toEqual(["ABC-2"]);
    expect((await list("uploader", { status: "active" })).total).toBe(4);
    expect((await list("uploader")).rows[0].Code).toBe("EQ-2");
    expect((await list("uploader", { sort: "-startDate" })).rows.at(-1)!.Code).toMatch(/^EQ-/);
    const p3 = await list("uploader", { sort: "-code", pageSize: "2", page: "3" });
    expect([p3.total, p3.page, p3.size, p3.rows.map((r) => r.Code)]).toEqual([5, 3, 2, ["ABC-2"]]);
    // equip sees only its own two; a person in no project sees none.
    expect((await list("equip")).rows.map((r) => r.Code).sort()).toEqual(["EQ-1", "EQ-2"]);
    expect((await list("xadmin")).total).toBe(0);

    for (const [query, field] of [
      [{ level: "3" }, "level"],
      [{ status: "maybe" }, "status"],
      [{ sort: "leader_id" }, "sort"],
      [{ sort: "name;drop table projects" }, "sort"],
      [{ pageSize: "101" }, "size"], // parsePaging's own name for pageSize/size
    ] as Array<[Record<string, string>, string]>) {
      const r = await call("uploader", "Project/GetProjectList", undefined, query);
      expect([r.status, r.returnData?.fields?.[0]?.field], JSON.stringify(query)).toEqual([400, field]);
    }
  });

  it("members: added by user name or mobile, never twice, never the leader; co-leads edit, members read and leave; admins by scope", async () => {
    const p1 = ids.p1;
    expect((await addMember("uploader", p1, "transfer")).returnData).toMatchObject({ UserName: "transfer", RealName: "文件传输管理员", Department: "钢铁研究总院", Role: "member" });
    const byMobile = await addMember("uploader", p1, "13800000005", "colead");
    expect([byMobile.status, byMobile.returnData?.UserName]).toEqual([200, "guest"]);
    const refusals: Array<[string, string, number]> = [
      ["transfer", "该人员已是项目成员", 409],
      ["13800000001", "", 200], // admin, by mobile: allowed (then removed below)
      ["nobody", "未找到该用户", 400],
      ["13899999999", "未找到该用户", 400],
      ["uploader", "项目负责人无需添加为成员", 400],
    ];
    for (const [user, msg, status] of refusals) {
      const r = await addMember("uploader", p1, user);
      expect([r.status, r.msg, status === 200 ? undefined : r.returnData?.fields?.[0]?.field], user).toEqual([status, msg, status === 200 ? undefined : "User"]);
    }
    await db().query(`update users set disabled = true where name = 'sg'`);
    expect((await addMember("uploader", p1, "sg")).msg).toBe("未找到该用户");
    await db().query(`update users set disabled = false where name = 'sg'`);
    expect((await addMember("uploader", p1, "")).msg).toBe("请输入用户名或手机号");

    const full = await info("uploader", p1);
    expect(full.status, full.msg).toBe(200);
    expect(full.returnData.Members.map((m: { UserName: string; Role: string }) => [m.UserName, m.Role])).toEqual([
      ["uploader", "leader"],
      ["guest", "colead"],
      ["transfer", "member"], // 文件传输管理员 before 系统管理员: by name, code point order
      ["admin", "member"],
    ]);
    const admin = await idOf("admin");
    expect((await call("uploader", "Project/RemoveProjectMember", { ProjectId: p1, UserId: admin })).status).toBe(200);

    // The co-lead edits (and a member change did not move the version).
    const g = await info("guest", p1);
    expect(g.returnData).toMatchObject({ MyRole: "colead", CanEdit: true, Version: 1 });
    const edited = await save("guest", { ...base, Id: p1, Version: "1", Code: "NSFC-2026-01", Name: "高强钢氢脆机理研究", BudgetCoreHours: "100" });
    expect([edited.status, edited.returnData?.Version]).toEqual([200, 2]);

    // The member reads but may not change anything.
    const transfer = await idOf("transfer");
    const m = await info("transfer", p1);
    expect(m.returnData).toMatchObject({ MyRole: "member", CanEdit: false, Name: "高强钢氢脆机理研究" });
    const before = await snapshot();
    const memberTries: Array<[string, Record<string, string>]> = [
      ["Project/SaveProject", { ...base, Id: p1, Version: "2", Code: "NSFC-2026-01", Name: "改名" }],
      ["Project/AddProjectMember", { ProjectId: p1, User: "equip" }],
      ["Project/SetProjectMemberRole", { ProjectId: p1, UserId: transfer, Role: "colead" }],
      ["Project/RemoveProjectMember", { ProjectId: p1, UserId: await idOf("guest") }],
      ["Project/DeleteProject", { Id: p1 }],
    ];
    for (const [path, form] of memberTries) {
      const r = await call("transfer", path, form);
      expect([r.status, r.msg], path).toEqual([403, FORBIDDEN]);
    }
    // Nobody else learns the project exists.
    for (const [path, form] of memberTries) {
      const r = await call("xadmin", path, form);
      expect([r.status, r.msg], path).toEqual([404, NOT_FOUND]);
    }
    expect(await snapshot()).toEqual(before);
    expect([(await info("xadmin", p1)).status, (await info("xadmin", p1)).msg]).toEqual([404, NOT_FOUND]);
    expect((await info("xadmin", UNKNOWN_ID)).status).toBe(404);
    expect((await call("xadmin", "Project/GetProjectInfo", undefined, { id: "not-an-id" })).status).toBe(400);

    // A co-lead made by an editor edits; set back, they read only again.
    expect((await call("uploader", "Project/SetProjectMemberRole", { ProjectId: p1, UserId: transfer, Role: "colead" })).status).toBe(200);
    expect((await info("transfer", p1)).returnData.CanEdit).toBe(true);
    expect((await call("uploader", "Project/SetProjectMemberRole", { ProjectId: p1, UserId: transfer, Role: "member" })).status).toBe(200);
    const badRole = await call("uploader", "Project/SetProjectMemberRole", { ProjectId: p1, UserId: transfer, Role: "leader" });
    expect([badRole.status, badRole.returnData?.fields?.[0]?.field]).toEqual([400, "Role"]);
    const leaderRole = await call("uploader", "Project/SetProjectMemberRole", { ProjectId: p1, UserId: await idOf("uploader"), Role: "member" });
    expect([leaderRole.status, leaderRole.msg]).toEqual([400, "项目负责人无需添加为成员"]);
    const stranger = await call("uploader", "Project/SetProjectMemberRole", { ProjectId: p1, UserId: await idOf("equip"), Role: "member" });
    expect([stranger.status, stranger.msg]).toEqual([404, "未找到该用户"]);

    // The InsideAdmin of the leader's department reads and edits, but does not delete.
    const ins = await info("inside", p1);
    expect(ins.returnData).toMatchObject({ MyRole: null, CanEdit: true });
    expect((await save("inside", { ...base, Id: p1, Version: "2", Code: "NSFC-2026-01", Name: "高强钢氢脆机理研究", Funding: "国家重点研发计划", BudgetCoreHours: "100" })).status).toBe(200);
    expect((await call("inside", "Project/DeleteProject", { Id: p1 })).status).toBe(403);
    // …not a project led by someone outside their subtree; the guest's enterprise admin reads that one only.
    expect((await info("inside", ids.g1)).status).toBe(404);
    expect((await info("outside", ids.g1)).returnData).toMatchObject({ MyRole: null, CanEdit: false });
    expect((await save("outside", { ...base, Id: ids.g1, Version: "1", Code: "COOP-7", Name: "改名" })).msg).toBe(FORBIDDEN);
    expect((await info("outside", p1)).status).toBe(404);
    expect((await info("admin", ids.g1)).returnData).toMatchObject({ MyRole: null, CanEdit: true });
    expect((await list("inside")).total).toBe(0);

    // The member leaves, and no longer sees it.
    expect((await call("transfer", "Project/RemoveProjectMember", { ProjectId: p1, UserId: transfer })).status).toBe(200);
    expect((await info("transfer", p1)).status).toBe(404);

    const done = (await info("uploader", p1)).returnData;
    expect(done.Members.map((x: { UserName: string }) => x.UserName)).toEqual(["uploader", "guest"]);
    expect(done.Activity.map((a: { Action: string }) => a.Action)).toEqual([
      "project.member.remove",
      "project.update",
      "project.member.role",
      "project.member.role",
      "project.update",
      "project.member.remove",
      "project.member.add",
      "project.member.add",
      "project.member.add",
      "project.create",
    ]);
    const [added] = await db().query<{ target_name: string; after: { UserName: string; Role: string } }>(
      `select target_name, after from operation_log where target_id = $1 and action = 'project.member.add' order by id limit 1`,
      [p1],
    );
    expect(added).toMatchObject({ target_name: "高强钢氢脆机理", after: { UserName: "transfer", Role: "member" } });
  });

  it("SaveProject: a stale version is a 409, a budget below what the period used is refused, the leader can be handed over", async () => {
    const p1 = ids.p1;
    const cur = (await info("uploader", p1)).returnData as Row;
    const form = { ...base, Id: p1, Code: "NSFC-2026-01", Name: "高强钢氢脆机理研究", Funding: "国家重点研发计划" };
    const before = await snapshot();
    const stale = await save("uploader", { ...form, Version: String(cur.Version - 1), BudgetCoreHours: "50" });
    expect([stale.status, stale.msg, stale.returnData?.fields?.[0]?.field]).toEqual([409, "该项目已被他人修改，请刷新后重试", "Version"]);

    // 2 core-hours this year and 10 more 400 days ago, in the project's tasks.
    await projectTask(t(), "uploader", p1, 4, 0.5);
    await projectTask(t(), "guest", p1, 10, 1, 400);
    const low = await save("uploader", { ...form, Version: String(cur.Version), BudgetCoreHours: "11.5" });
    expect([low.status, low.msg, low.returnData?.fields?.[0]?.field]).toEqual([400, "预算不能低于已使用的 12 核时", "BudgetCoreHours"]);
    const yearly = await save("uploader", { ...form, Version: String(cur.Version), BudgetCoreHours: "1.5", BudgetPeriod: "year" });
    expect(yearly.msg).toBe("预算不能低于已使用的 2 核时");
    expect(await snapshot()).toEqual(before);
    const ok = await save("uploader", { ...form, Version: String(cur.Version), BudgetCoreHours: "2", BudgetPeriod: "year" });
    expect([ok.status, ok.returnData?.Version]).toEqual([200, cur.Version + 1]);
    const row = (await list("uploader", { keyword: "NSFC" })).rows[0];
    expect(row).toMatchObject({ BudgetCoreHours: 2, BudgetPeriod: "year", Tasks: 2, Members: 2 });
    expect(row.UsedCoreHours).toBeCloseTo(2, 6);
    const detail = (await info("uploader", p1)).returnData;
    expect(detail.RecentTasks.map((x: { UserName: string; CoreHours: number }) => [x.UserName, Math.round(x.CoreHours)])).toEqual([
      ["uploader", 2],
      ["guest", 10],
    ]);
    expect(detail.UsedCoreHours).toBeCloseTo(2, 6);

    // Handing MOST-3 to equip, who was a member: equip leads it and is no longer also a member; uploader stays, as a co-lead.
    const most = ids["MOST-3"];
    expect((await addMember("uploader", most, "equip")).status).toBe(200);
    const handed = await save("uploader", { ...base, Id: most, Version: "1", Code: "MOST-3", Name: "钢中夹杂物", LeaderId: await idOf("equip") });
    expect(handed.status, handed.msg).toBe(200);
    expect(await db().query(`select user_id, role from project_members where project_id = $1`, [most])).toEqual([{ user_id: await idOf("uploader"), role: "colead" }]);
    expect((await info("equip", most)).returnData).toMatchObject({ MyRole: "leader", LeaderName: "设备管理员" });
    expect((await info("uploader", most)).returnData).toMatchObject({ MyRole: "colead", CanEdit: true });

    // Two saves taking the same code at once: the unique index refuses the second with the same message.
    const [a, b] = await Promise.all([
      save("uploader", { ...base, Code: "RACE-1", Name: "甲" }),
      save("equip", { ...base, Code: "race-1", Name: "乙" }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect([a.msg, b.msg]).toContain("项目编号已存在");
  });

  it("DeleteProject: the leader or a SystemAdmin, only without tasks; GetMyProjectOptions lists the caller's active projects", async () => {
    const refused = await call("uploader", "Project/DeleteProject", { Id: ids.p1 });
    expect([refused.status, refused.msg]).toEqual([409, "该项目已有 2 个计算任务，不能删除，可将其结题"]);
    expect((await call("equip", "Project/DeleteProject", { Id: ids["EQ-1"] })).status).toBe(200);
    expect((await call("uploader", "Project/DeleteProject", { Id: ids["EQ-2"] })).msg).toBe(FORBIDDEN);
    const abc = ids["ABC-2"];
    expect((await call("uploader", "Project/DeleteProject", { Id: abc, Version: "2" })).status).toBe(409);
    expect((await call("admin", "Project/DeleteProject", { Id: abc, Version: "1" })).status).toBe(200);
    expect((await info("uploader", abc)).status).toBe(404);
    const log = await db().query<{ action: string; user_name: string }>(`select action, user_name from operation_log where target_id = $1 order by id`, [abc]);
    expect(log).toEqual([
      { action: "project.create", user_name: "uploader" },
      { action: "project.delete", user_name: "admin" },
    ]);

    const opts = await call("uploader", "Project/GetMyProjectOptions");
    expect(opts.status, opts.msg).toBe(200);
    // Active projects the caller is in, by name (code point order on both databases); not the deleted or others'
    // (MOST-3, handed over, keeps its old leader as a co-lead).
    const codes = opts.returnData.map((o: { Code: string }) => o.Code);
    const names = opts.returnData.map((o: { Name: string }) => o.Name);
    expect(codes).toEqual(expect.arrayContaining(["NSFC-2026-01", "EQ-2", "MOST-3"]));
    expect(codes.filter((c: string) => !c.startsWith("RACE"))).toHaveLength(3);
    expect(names).toEqual([...names].sort());
    const nsfc = opts.returnData.find((o: { Code: string }) => o.Code === "NSFC-2026-01");
    expect(nsfc).toMatchObject({ BudgetCoreHours: 2, BudgetPeriod: "year" });
    expect(nsfc.UsedCoreHours).toBeCloseTo(2, 6);
    await save("equip", { ...base, Id: ids["EQ-2"], Version: "1", Code: "EQ-2", Name: "设备寿命", Status: "closed" });
    expect((await call("uploader", "Project/GetMyProjectOptions")).returnData.map((o: { Code: string }) => o.Code)).not.toContain("EQ-2");
    expect((await call("sg", "Project/GetMyProjectOptions")).returnData).toEqual([]);
  });

  it("tasks charge a project: only its people, only while active, refused beyond the budget (what ran plus what is held), the real core-hours charged", async () => {
    const { submit, finished } = taskCalls(t);
    const CARB = { c0: 0.2, cs: 0.9, temperatureC: 925, timeH: 2, depthMm: 3, nodes: 201, diffusivity: "constant" };
    const made = await save("uploader", { ...base, Code: "CHG-1", Name: "渗碳预算", BudgetCoreHours: "1", BudgetPeriod: "month" });
    expect(made.status, made.msg).toBe(200);
    const project = made.returnData.Id as string;
    expect((await addMember("uploader", project, "equip")).status).toBe(200);
    const task = (walltimeMin: number, projectId: string = project) => ({ appId: "carburizing", mode: "graphical", params: CARB, resources: { cores: 1, walltimeMin }, projectId });

    // A member charges it: half an hour of one core is held while the task is unfinished, then its real use is charged.
    const first = await submit(await as("equip"), task(30));
    expect(first.status, first.msg).toBe(200);
    // 0.5 held + 40 min > 1 core-hour: refused, saying how much is left and why, and nothing is stored.
    const tasksBefore = await db().query(`select count(*)::int as n from compute_tasks`);
    const over = await submit(await as("uploader"), task(40));
    expect(over.status).toBe(400);
    expect(over.returnData.fields).toEqual([{ field: "projectId", message: expect.stringContaining("超出项目核时预算：本任务最多需 0.67 核时，项目“渗碳预算”本期还剩") }]);
    expect(await db().query(`select count(*)::int as n from compute_tasks`)).toEqual(tasksBefore);
    const done = await finished(await as("equip"), first.returnData.taskId);
    expect(done.status).toBe("succeeded");
    const [{ charged }] = await db().query<{ charged: number }>(
      `select (extract(epoch from finished_at - started_at) / 3600)::float8 as charged from compute_tasks where id = $1 and project_id = $2`,
      [first.returnData.taskId, project],
    );
    const detail = (await info("uploader", project)).returnData;
    expect(detail.UsedCoreHours).toBeCloseTo(charged, 6);
    expect(detail.Tasks).toBe(1);
    expect(detail.RecentTasks[0]).toMatchObject({ Id: first.returnData.taskId, AppId: "carburizing", UserName: "equip" });
    // The hold is released once the task ended: 40 minutes fit now.
    expect((await submit(await as("uploader"), task(40))).status).toBe(200);

    // Someone outside the project, an unknown id, and a closed project are refused on the same field.
    for (const [who, id] of [["guest", project], ["uploader", UNKNOWN_ID], ["uploader", "not-an-id"]] as const) {
      const r = await submit(await as(who), task(1, id));
      expect([r.status, r.returnData.fields[0].field, r.returnData.fields[0].message], `${who} ${id}`).toEqual([400, "projectId", "只能计入你参与的、进行中的项目"]);
    }
    const version = (await info("uploader", project)).returnData.Version;
    expect((await save("uploader", { ...base, Id: project, Version: String(version), Code: "CHG-1", Name: "渗碳预算", BudgetCoreHours: "1", BudgetPeriod: "month", Status: "closed" })).status).toBe(200);
    const closed = await submit(await as("equip"), task(1));
    expect(closed.returnData.fields[0].message).toBe("项目“渗碳预算”已结题，不能再计入任务");
    // Without a project, nothing is checked.
    expect((await submit(await as("guest"), { ...task(1), projectId: undefined })).status).toBe(200);
  });

  it("GetTaskDataSource lists a project's tasks with filters for its readers; an owner adds and takes out their own tasks (SetTaskProject)", async () => {
    const { submit, finished } = taskCalls(t);
    const CARB = { c0: 0.2, cs: 0.9, temperatureC: 925, timeH: 2, depthMm: 3, nodes: 201, diffusivity: "constant" };
    const made = await save("uploader", { ...base, Code: "SRC-1", Name: "任务来源" });
    const project = made.returnData.Id as string;
    expect((await addMember("uploader", project, "equip")).status).toBe(200);
    const source = async (who: string, query: Record<string, string> = {}) => call(who, "Project/GetTaskDataSource", undefined, { id: project, ...query });
    const mine = await submit(await as("uploader"), { appId: "carburizing", mode: "graphical", params: CARB, resources: { cores: 1, walltimeMin: 5 } });
    const theirs = await submit(await as("equip"), { appId: "carburizing", mode: "graphical", params: CARB, resources: { cores: 1, walltimeMin: 5 }, projectId: project });
    await finished(await as("uploader"), mine.returnData.taskId);
    await finished(await as("equip"), theirs.returnData.taskId);

    // Not yet in the project: the owner is offered it to add.
    let r = await source("uploader");
    expect(r.status, r.msg).toBe(200);
    expect(r.returnData).toMatchObject({ total: 1, Apps: ["carburizing"], People: ["equip"] });
    expect(r.returnData.Addable.map((a: { Id: string }) => a.Id)).toContain(mine.returnData.taskId);
    const add = await call("uploader", "Project/SetTaskProject", { TaskId: mine.returnData.taskId, ProjectId: project });
    expect([add.status, add.returnData], add.msg).toEqual([200, { ProjectId: project }]);
    r = await source("equip");
    expect(r.returnData.total).toBe(2);
    expect(r.returnData.rows.map((x: { UserName: string; Mine: boolean }) => [x.UserName, x.Mine]).sort()).toEqual([["equip", true], ["uploader", false]]);
    expect(r.returnData.rows.every((x: { CoreHours: number; Kind: string }) => x.CoreHours > 0 && x.Kind === "task")).toBe(true);
    expect((await source("uploader", { user: "equip" })).returnData.total).toBe(1);
    expect((await source("uploader", { kind: "workflow" })).returnData.total).toBe(0);
    expect((await source("uploader", { from: "2000-01-01", to: "2000-01-02" })).returnData.total).toBe(0);
    expect((await source("uploader", { from: "yesterday" })).status).toBe(400);
    // Someone else's task cannot be moved; an outsider cannot read the list.
    const steal = await call("equip", "Project/SetTaskProject", { TaskId: mine.returnData.taskId, ProjectId: "" });
    expect([steal.status, steal.returnData.fields[0].message]).toEqual([400, "未找到该任务"]);
    expect([(await source("guest")).status, (await source("guest")).msg]).toEqual([404, NOT_FOUND]);
    // Taken out: off the list, offered again, and both moves are in the project's activity.
    expect((await call("uploader", "Project/SetTaskProject", { TaskId: mine.returnData.taskId, ProjectId: "" })).returnData).toEqual({ ProjectId: null });
    r = await source("uploader");
    expect(r.returnData.total).toBe(1);
    expect(r.returnData.Addable.map((a: { Id: string }) => a.Id)).toContain(mine.returnData.taskId);
    expect((await info("uploader", project)).returnData.Activity.map((a: { Action: string }) => a.Action).slice(0, 2)).toEqual(["project.task.remove", "project.task.add"]);
  });

  it("SearchProjects: every project for a SystemAdmin, those led from their department subtree for an InsideAdmin, their enterprise's for an OutsideAdmin; nobody else", async () => {
    const a = (await save("uploader", { ...base, Code: "SCOPE-IN", Name: "院内项目" })).returnData.Id as string;
    const b = (await save("guest", { ...base, Code: "SCOPE-OUT", Name: "合作项目" })).returnData.Id as string;
    const search = async (who: string, query: Record<string, string> = {}) => {
      const r = await call(who, "Project/SearchProjects", undefined, { pageSize: "100", ...query });
      expect(r.status, `${who}: ${r.msg}`).toBe(200);
      return (r.returnData.rows as Array<{ Id: string; MyRole: string | null; LeaderName: string }>).map((x) => x.Id);
    };
    expect(await search("admin")).toEqual(expect.arrayContaining([a, b]));
    const inside = await search("inside");
    expect(inside).toContain(a);
    expect(inside).not.toContain(b);
    const outside = await search("outside");
    expect(outside).toContain(b);
    expect(outside).not.toContain(a);
    // The keyword also finds a project by its leader's name.
    expect(await search("admin", { keyword: "访客" })).toContain(b);
    for (const who of ["uploader", "guest", "xadmin"]) expect((await call(who, "Project/SearchProjects")).status, who).toBe(403);
  });

  it("documents: the leader attaches files, a co-lead saves keeping them, someone else's file is refused, a file the project uses cannot be deleted", async () => {
    const upload = async (who: string, name: string) => {
      const m = await multipart({ name, data: Buffer.from(`${name}\n`), type: "text/plain" });
      const r = await t().call("Attachment/UploadFile", { method: "POST", token: await as(who), body: m.body, headers: { "content-type": m.contentType } });
      expect(r.status, r.msg).toBe(200);
      return r.returnData.AttachmentPath as string;
    };
    const json = async (who: string, body: Record<string, unknown>) => t().call("Project/SaveProject", { token: await as(who), json: body });
    const proposal = await upload("uploader", "proposal.txt");
    const created = await json("uploader", { ...base, Code: "DOC-1", Name: "文档项目", Attachments: [proposal] });
    expect(created.status, created.msg).toBe(200);
    const id = created.returnData.Id as string;
    expect((await addMember("uploader", id, "equip", "colead")).status).toBe(200);
    const shown = await info("equip", id);
    expect(shown.returnData.Attachments.map((a: { name: string }) => a.name)).toEqual(["proposal.txt"]);

    // The co-lead keeps the leader's file and adds theirs; a file of a third person is refused, changing nothing.
    const report = await upload("equip", "report.txt");
    const strangers = await upload("inside", "secret.txt");
    const refused = await json("equip", { ...base, Id: id, Version: shown.returnData.Version, Code: "DOC-1", Name: "文档项目", Attachments: [proposal, strangers] });
    expect(refused.status).toBe(400);
    expect(refused.returnData.fields[0].field).toBe("Attachments");
    const kept = await json("equip", { ...base, Id: id, Version: shown.returnData.Version, Code: "DOC-1", Name: "文档项目", Attachments: [report, proposal] });
    expect(kept.status, kept.msg).toBe(200);
    expect((await info("uploader", id)).returnData.Attachments.map((a: { name: string }) => a.name)).toEqual(["report.txt", "proposal.txt"]);
    // A save without the field (the old form) keeps the documents.
    expect((await save("uploader", { ...base, Id: id, Version: String(kept.returnData.Version), Code: "DOC-1", Name: "文档项目 二" })).status).toBe(200);
    expect((await info("uploader", id)).returnData.Attachments).toHaveLength(2);
    // In use: the owner cannot delete the file from under the project.
    const del = await t().call("Attachment/DeleteFile", { token: await as("uploader"), form: { path: proposal } });
    expect(del.status).toBe(409);
    const [log] = await db().query<{ after: { Files: string[] } }>(`select after from operation_log where target_id = $1 and action = 'project.update' order by id limit 1`, [id]);
    expect(log.after.Files).toEqual(["report.txt", "proposal.txt"]);
  });
});
