import { expect, it } from "vitest";
import { describeEachBackend } from "./harness.ts";
import { sessionFor } from "./session-helpers.ts";

const FORBIDDEN = "当前用户没有此操作权限";

describeEachBackend("system: enterprises", (t) => {
  const db = () => t().api.app.db;
  const list = async (token: string, query: Record<string, string> = {}) => {
    const r = await t().call("System/GetEnterpriseList", { token, query });
    expect(r.status, r.msg).toBe(200);
    return r.returnData as { total: number; page: number; size: number; rows: Array<{ Id: string; Name: string; CreditCode: string | null; People: number; Disabled: boolean; Version: number }> };
  };
  const save = (token: string, form: Record<string, string>) => t().call("System/SaveEnterprise", { token, form });

  it("GetEnterpriseList: filters, whitelisted sort, server paging with the total; SystemAdmin only", async () => {
    const admin = await sessionFor(t(), "admin");
    const all = await list(admin.token);
    expect(all.total).toBe(3);
    expect(all.rows.find((r) => r.Name === "合作单位")).toMatchObject({ CreditCode: "91110000MA0000001L", People: 2 });
    expect((await list(admin.token, { sort: "-people" })).rows[0].Name).toBe("合作单位");
    expect((await list(admin.token, { keyword: "示范" })).rows.map((r) => r.Name).sort()).toEqual(["华北特钢示范有限公司", "材料科学示范大学"]);
    expect((await list(admin.token, { keyword: "0000002T" })).rows.map((r) => r.Name)).toEqual(["材料科学示范大学"]);
    const p2 = await list(admin.token, { pageSize: "2", page: "2", sort: "name" });
    expect([p2.total, p2.size, p2.rows.length]).toEqual([3, 2, 1]);
    expect((await list(admin.token, { status: "disabled" })).total).toBe(0);
    for (const query of <Array<Record<string, string>>>[{ sort: "password_hash" }, { sort: "name;drop table users" }, { pageSize: "101" }, { status: "maybe" }]) {
      const r = await t().call("System/GetEnterpriseList", { token: admin.token, query });
      expect(r.status, JSON.stringify(query)).toBe(400);
    }
    for (const name of ["inside", "outside", "guest"]) {
      const s = await sessionFor(t(), name);
      const r = await t().call("System/GetEnterpriseList", { token: s.token });
      expect([r.status, r.msg], name).toEqual([403, FORBIDDEN]);
    }
  });

  it("SaveEnterprise checks the credit code's check character, unique name and code, and the version; every write is logged", async () => {
    const admin = await sessionFor(t(), "admin");
    const before = await db().query(`select * from enterprises order by id`);
    const cases: Array<[Record<string, string>, string, string, number]> = [
      [{ Name: "" }, "Name", "请输入企业名称", 400],
      [{ Name: "新企业", CreditCode: "91110000MA0000001X" }, "CreditCode", "请输入正确的统一社会信用代码", 400],
      [{ Name: "新企业", CreditCode: "9111" }, "CreditCode", "请输入正确的统一社会信用代码", 400],
      [{ Name: "合作单位" }, "Name", "已有同名企业", 409],
      [{ Name: "新企业", CreditCode: "91110000ma0000001l" }, "CreditCode", "该统一社会信用代码已被其他企业使用", 409],
      [{ Name: "新企业", Address: "址".repeat(201) }, "Address", "地址长度不能超过200", 400],
    ];
    for (const [form, field, msg, status] of cases) {
      const r = await save(admin.token, form);
      expect([r.status, r.msg, r.returnData?.fields?.[0]?.field], JSON.stringify(form)).toEqual([status, msg, field]);
    }
    expect(await db().query(`select * from enterprises order by id`)).toEqual(before);

    const ok = await save(admin.token, { Name: "东北示范钢厂", Contact: "孙丽", Phone: "024-1234567" });
    expect(ok.status, ok.msg).toBe(200);
    const id = ok.returnData.Id;
    const stale = await save(admin.token, { Id: id, Version: "2", Name: "东北示范钢厂" });
    expect([stale.status, stale.msg]).toEqual([409, "该企业已被他人修改，请刷新后重试"]);
    const upd = await save(admin.token, { Id: id, Version: "1", Name: "东北示范钢厂", Disabled: "true" });
    expect([upd.status, upd.returnData.Version]).toEqual([200, 2]);
    expect((await list(admin.token, { status: "disabled" })).rows.map((r) => r.Name)).toEqual(["东北示范钢厂"]);
    const log = await db().query<{ action: string }>(`select action from operation_log where target_id = $1 order by id`, [id]);
    expect(log.map((l) => l.action)).toEqual(["enterprise.create", "enterprise.update"]);

    const inside = await sessionFor(t(), "inside");
    expect((await save(inside.token, { Name: "内部" })).status).toBe(403);
  });

  it("DeleteEnterprise: only without people, else it says how many", async () => {
    const admin = await sessionFor(t(), "admin");
    const rows = (await list(admin.token)).rows;
    const partner = rows.find((r) => r.Name === "合作单位")!;
    const refused = await t().call("System/DeleteEnterprise", { token: admin.token, form: { Id: partner.Id } });
    expect([refused.status, refused.msg]).toEqual([409, "该企业下还有 2 名人员，不能删除"]);
    const uni = rows.find((r) => r.Name === "材料科学示范大学")!;
    const ok = await t().call("System/DeleteEnterprise", { token: admin.token, form: { Id: uni.Id, Version: String(uni.Version) } });
    expect(ok.status).toBe(200);
    expect((await list(admin.token)).rows.map((r) => r.Name)).not.toContain("材料科学示范大学");
    const info = await t().call("System/GetEnterpriseInfo", { token: admin.token, query: { id: uni.Id } });
    expect([info.status, info.msg]).toEqual([404, "企业不存在"]);
  });

  it("GetEnterpriseUsage: the enterprise's people with their tasks and core-hours, heaviest first, and the totals", async () => {
    const admin = await sessionFor(t(), "admin");
    const [partner] = await db().query<{ id: string }>(`select id from enterprises where name = '合作单位'`);
    const [guest] = await db().query<{ id: string }>(`select id from users where name = 'guest'`);
    // Two finished runs of the guest: 4 cores × 30 min and 2 cores × 15 min = 2.5 core-hours; a queued one counts as a task only.
    await db().query(
      `insert into compute_tasks(user_id, app_id, app_version, category, mode, params, input_files, input_hash, resources, status, started_at, finished_at)
       values ($1, 'carburizing', '1', 'Spread', 'graphical', '{}', '{}', '', '{"cores": 4}', 'succeeded', now() - interval '40 minutes', now() - interval '10 minutes'),
              ($1, 'carburizing', '1', 'Spread', 'graphical', '{}', '{}', '', '{"cores": 2}', 'failed', now() - interval '20 minutes', now() - interval '5 minutes'),
              ($1, 'carburizing', '1', 'Spread', 'graphical', '{}', '{}', '', '{"cores": 8}', 'queued', null, null)`,
      [guest.id],
    );
    const r = await t().call("System/GetEnterpriseUsage", { token: admin.token, query: { id: partner.id } });
    expect(r.status, r.msg).toBe(200);
    expect([r.returnData.total, r.returnData.Tasks]).toEqual([2, 3]);
    expect(r.returnData.CoreHours).toBeCloseTo(2.5, 6);
    expect(r.returnData.rows.map((p: { UserName: string; Tasks: number }) => [p.UserName, p.Tasks])).toEqual([
      ["guest", 3],
      ["outside", 0],
    ]);
    expect((await t().call("System/GetEnterpriseUsage", { token: admin.token, query: { id: "6f1c2b9e-0000-4000-8000-000000000000" } })).status).toBe(404);
    expect((await t().call("System/GetEnterpriseUsage", { token: (await sessionFor(t(), "outside")).token, query: { id: partner.id } })).status).toBe(403);
  });
});
