import fs from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { describeEachBackend, type TestApi } from "./harness.ts";
import { sessionFor } from "./session-helpers.ts";

/** A finished task of `user` that ran `hours` on `cores`, with `bytes` of files in its directory. */
async function finishedTask(t: TestApi, user: string, app: string, category: string, cores: number, hours: number, bytes: number): Promise<string> {
  const [row] = await t.api.app.db.query<{ id: string }>(
    `insert into compute_tasks(user_id, app_id, app_version, category, mode, params, input_files, input_hash, resources, status, created_at, started_at, finished_at)
     select u.id, $2, '1', $3, 'graphical', '{}'::jsonb, '{}', 'x', jsonb_build_object('cores', $4::int), 'succeeded', now() - interval '3 hours', now() - interval '3 hours', now() - interval '3 hours' + make_interval(secs => $5::float8 * 3600)
       from users u where u.name = $1 returning id`,
    [user, app, category, cores, hours],
  );
  const dir = path.join(t.dataDir, "tasks", row.id);
  fs.mkdirSync(path.join(dir, "out"), { recursive: true });
  fs.writeFileSync(path.join(dir, "out", "result.dat"), Buffer.alloc(bytes));
  return row.id;
}

describeEachBackend("system: data statistics", (t) => {
  const stats = async (token: string, query: Record<string, string> = {}) => t().call("System/GetDataStatistics", { token, query });

  it("a SystemAdmin sees people, logins per day, tasks and core-hours by category, app and department, storage, feedback and notice reads", async () => {
    const admin = await sessionFor(t(), "admin");
    await t().login("uploader");
    const cap = await t().call("Login/getCaptcha");
    await t().call("Login/LoginMethod", { form: { name: "nobody-at-all", pwd: "x", rempwd: "false", clientSignCode: cap.returnData, clientCode: "AB12" } });
    await finishedTask(t(), "uploader", "lammps", "Multiphase", 4, 2, 1000);
    await finishedTask(t(), "guest", "qe-pw", "FirstPrinciples", 2, 1, 500);
    const db = t().api.app.db;
    await db.query(`insert into feedback(user_id, title, biz_type, type) select id, '统计测试', 1, 1 from users where name = 'uploader'`);
    const [notice] = await db.query<{ id: string }>(`insert into notices(title, published_at) values ('统计测试通知', now()) returning id`);
    await db.query(`insert into notice_reads(notice_id, user_id) select $1, id from users where name in ('uploader', 'guest')`, [notice.id]);
    const r = await stats(admin.token);
    expect(r.status, r.msg).toBe(200);
    const s = r.returnData;
    const today = s.To as string;
    expect(s.Logins.PerDay).toHaveLength(30);
    const day = s.Logins.PerDay.find((d: { Day: string }) => d.Day === today);
    expect(day.Successes).toBeGreaterThanOrEqual(1);
    expect(day.Failures).toBeGreaterThanOrEqual(1);
    expect(s.Tasks.ByCategory.map((c: { Key: string; CoreHours: number }) => [c.Key, Math.round(c.CoreHours)])).toEqual([
      ["Multiphase", 8],
      ["FirstPrinciples", 2],
    ]);
    expect(s.Tasks.ByApp[0]).toMatchObject({ Key: "lammps", Tasks: 1 });
    expect(s.Tasks.ByApp[0].Label).not.toBe("lammps");
    expect(s.Tasks.ByDepartment.length).toBeGreaterThanOrEqual(1);
    expect(s.Storage).toMatchObject({ TaskDirectories: 2, TaskFileBytes: 1500 });
    expect(s.People.Total).toBeGreaterThanOrEqual(9);
    expect(s.People.Active30).toBeGreaterThanOrEqual(1);
    expect(s.People.NewPerMonth.length).toBeGreaterThanOrEqual(1);
    expect(s.Scope).toEqual({ Kind: "all", Name: null });
    expect(s.Feedback).toMatchObject({ Total: 1, Replied: 0, ByType: [{ Type: 1, Count: 1 }] });
    expect(s.Notices.Published).toBeGreaterThanOrEqual(1);
    expect(s.Notices.Readers).toBeGreaterThanOrEqual(2);
    expect(s.Notices.Recent.find((n: { Title: string }) => n.Title === "统计测试通知")).toMatchObject({ Reads: 2 });
  });

  it("an InsideAdmin sees only their department subtree; bad ranges and other roles are refused", async () => {
    const inside = await sessionFor(t(), "inside");
    const s = (await stats(inside.token)).returnData;
    expect(s.Scope.Kind).toBe("department");
    expect(s.Scope.Name).toBeTruthy();
    // The uploader is in the InsideAdmin's department, the guest is not; a name nobody has belongs to nobody.
    expect(s.Tasks.ByCategory.map((c: { Key: string }) => c.Key)).toEqual(["Multiphase"]);
    expect(s.Storage).toMatchObject({ TaskDirectories: 1, TaskFileBytes: 1000 });
    expect(s.Notices.Recent.find((n: { Title: string }) => n.Title === "统计测试通知")).toMatchObject({ Reads: 1 });
    expect(s.Feedback.Total).toBe(1);
    const admin = await sessionFor(t(), "admin");
    const all = (await stats(admin.token)).returnData;
    expect(s.People.Total).toBeLessThan(all.People.Total);
    expect(s.Logins.Failures).toBeLessThan(all.Logins.Failures);

    const day = (await stats(admin.token, { from: "2026-01-01", to: "2026-01-01" })).returnData;
    expect(day.Logins.PerDay).toEqual([{ Day: "2026-01-01", Successes: 0, Failures: 0 }]);
    expect(day.People.NewPerMonth).toEqual([{ Month: "2026-01", Count: 0 }]);
    for (const query of [{ from: "2026-02-01", to: "2026-01-01" }, { from: "2020-01-01", to: "2026-01-01" }, { from: "soon" }] as Array<Record<string, string>>) {
      const r = await stats(admin.token, query);
      expect(r.status, JSON.stringify(query)).toBe(400);
    }
    expect((await stats(admin.token, { from: "2026-02-01", to: "2026-01-01" })).msg).toBe("开始日期不能晚于结束日期");
    for (const name of ["outside", "guest"]) expect((await stats((await sessionFor(t(), name)).token)).status, name).toBe(403);
  });
});
