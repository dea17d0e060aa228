import { expect, it } from "vitest";
import { desEncrypt, DEFAULT_DES_IV, DEFAULT_DES_KEY } from "../../common/des.ts";
import { describeEachBackend, TEST_CAPTCHA } from "./harness.ts";
import { sessionFor } from "./session-helpers.ts";

describeEachBackend("system: login log, operation log, online sessions", (t) => {
  const failLogin = async (name: string) => {
    const cap = await t().call("Login/getCaptcha");
    const form = { name, pwd: desEncrypt("Wrong-pass-1", DEFAULT_DES_KEY, DEFAULT_DES_IV), rempwd: "false", clientSignCode: cap.returnData, clientCode: TEST_CAPTCHA };
    return t().call("Login/LoginMethod", { form, headers: { "user-agent": "Mozilla/5.0 (Windows NT 10.0) Chrome/131.0 Safari/537.36" } });
  };

  it("GetLoginLog: every attempt with method, address, browser and reason, newest first, filtered; SystemAdmin only", async () => {
    const admin = await sessionFor(t(), "admin");
    expect((await failLogin("uploader")).status).not.toBe(200);
    await t().login("uploader");
    const all = await t().call("System/GetLoginLog", { token: admin.token, query: { user: "upl" } });
    expect(all.status, all.msg).toBe(200);
    expect(all.returnData.rows.map((r: { Success: boolean; Reason: string | null }) => [r.Success, r.Reason])).toEqual([
      [true, null],
      [false, "bad_password"],
    ]);
    expect(all.returnData.rows[1]).toMatchObject({ Method: "password", UserName: "uploader", UserAgent: expect.stringContaining("Chrome/131") });
    const failed = await t().call("System/GetLoginLog", { token: admin.token, query: { user: "upl", result: "failure" } });
    expect(failed.returnData.total).toBe(1);
    const today = new Date().toISOString().slice(0, 10);
    expect((await t().call("System/GetLoginLog", { token: admin.token, query: { user: "upl", from: "2000-01-01", to: "2000-01-02" } })).returnData.total).toBe(0);
    expect((await t().call("System/GetLoginLog", { token: admin.token, query: { user: "upl", from: today } })).returnData.total).toBeGreaterThanOrEqual(2);
    for (const query of <Array<Record<string, string>>>[{ method: "telepathy" }, { from: "yesterday" }, { result: "maybe" }]) {
      expect((await t().call("System/GetLoginLog", { token: admin.token, query })).status, JSON.stringify(query)).toBe(400);
    }
    for (const name of ["inside", "guest"]) {
      expect((await t().call("System/GetLoginLog", { token: (await sessionFor(t(), name)).token })).status, name).toBe(403);
    }
  });

  it("GetOperationLog lists administrative writes with the row before and after", async () => {
    const admin = await sessionFor(t(), "admin");
    const saved = await t().call("System/SaveEnterprise", { token: admin.token, form: { Name: "日志测试企业" } });
    await t().call("System/SaveEnterprise", { token: admin.token, form: { Id: saved.returnData.Id, Version: "1", Name: "日志测试企业二" } });
    const log = await t().call("System/GetOperationLog", { token: admin.token, query: { keyword: "日志测试企业", targetType: "enterprise" } });
    expect(log.returnData.rows.map((r: { Action: string }) => r.Action)).toEqual(["enterprise.update", "enterprise.create"]);
    expect(log.returnData.rows[0]).toMatchObject({ UserName: "admin", Before: { Name: "日志测试企业" }, After: { Name: "日志测试企业二" } });
  });

  it("GetOnlineSessions and EndSession: a force logout ends that session only; one's own is ended by logging out", async () => {
    const admin = await sessionFor(t(), "admin");
    const a = await t().login("transfer");
    const b = await t().login("transfer");
    const list = await t().call("System/GetOnlineSessions", { token: admin.token, query: { keyword: "transfer" } });
    expect(list.status, list.msg).toBe(200);
    const rows = list.returnData.rows as Array<{ Id: string; UserName: string; Mine: boolean; Method: string }>;
    expect(rows.length).toBeGreaterThanOrEqual(2);
    expect(rows.every((r) => r.UserName === "transfer" && !r.Mine && r.Id.length === 64)).toBe(true);
    const { createHash } = await import("node:crypto");
    const idOf = (token: string) => createHash("sha256").update(token).digest("hex");
    const end = await t().call("System/EndSession", { token: admin.token, form: { Id: idOf(a.token) } });
    expect(end.status, end.msg).toBe(200);
    expect((await t().call("SysMessage/GetNoReadMessageCount", { token: a.token })).status).toBe(208);
    expect((await t().call("SysMessage/GetNoReadMessageCount", { token: b.token })).status).toBe(200);
    const again = await t().call("System/EndSession", { token: admin.token, form: { Id: idOf(a.token) } });
    expect([again.status, again.msg]).toEqual([404, "该会话不存在或已结束"]);
    const own = await t().call("System/EndSession", { token: admin.token, form: { Id: idOf(admin.token) } });
    expect([own.status, own.msg]).toEqual([409, "不能在此结束自己的当前会话，请使用退出登录"]);
    expect((await t().call("System/EndSession", { token: admin.token, form: { Id: "x" } })).status).toBe(400);
    const mine = (await t().call("System/GetOnlineSessions", { token: admin.token, query: { keyword: "admin" } })).returnData.rows as Array<{ Mine: boolean }>;
    expect(mine.filter((r) => r.Mine)).toHaveLength(1);
    const logged = await t().api.app.db.query<{ action: string; target_name: string }>(`select action, target_name from operation_log where action = 'session.end'`);
    expect(logged).toEqual([{ action: "session.end", target_name: "文件传输管理员 (transfer)" }]);
    expect((await t().call("System/GetOnlineSessions", { token: (await sessionFor(t(), "inside")).token })).status).toBe(403);
  });
});
