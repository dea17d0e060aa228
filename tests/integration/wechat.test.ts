import { afterAll, expect, it } from "vitest";
import { startFakeWechat } from "../fakes/wechat.ts";
import { describeEachBackend } from "./harness.ts";
import { sessionFor } from "./session-helpers.ts";

const wx = await startFakeWechat({ appid: "wx-test-app", secret: "wx-test-secret" });
afterAll(() => wx.close());

describeEachBackend(
  "WeChat binding and login",
  (t) => {
    const call = (p: string, form: Record<string, string>, token?: string) => t().call(p, { form, token });

    it("an unbound WeChat cannot log in; a person binds theirs, logs in with it, and unbinds it", async () => {
      const refused = await call("Login/WxLogin", { code: wx.issueCode("o-alice", "Alice") });
      expect(refused.status).toBe(404);
      expect(refused.msg).toBe("该微信账号尚未绑定平台账号，请先使用账号密码或手机号登录后在个人中心绑定");

      const me = await sessionFor(t(), "uploader");
      const code = wx.issueCode("o-alice", "Alice");
      const bound = await call("Login/BindWx", { code }, me.token);
      expect(bound.status, bound.msg).toBe(200);
      expect(bound.returnData).toMatchObject({ Bound: true, Nickname: "Alice" });
      // A code works once (WeChat's 40163), and one WeChat belongs to one account.
      expect((await call("Login/BindWx", { code }, me.token)).msg).toBe("微信授权失败，请重新扫码");
      const other = await sessionFor(t(), "transfer");
      const taken = await call("Login/BindWx", { code: wx.issueCode("o-alice") }, other.token);
      expect(taken.status).toBe(409);
      expect(taken.msg).toBe("该微信账号已绑定其他平台账号");

      const login = await call("Login/WxLogin", { code: wx.issueCode("o-alice") });
      expect(login.status, login.msg).toBe(200);
      expect(login.returnData.userId).toBe(me.userId);
      expect((await t().call("SysMessage/GetNoReadMessageCount", { token: login.returnData.token })).status).toBe(200);

      const admin = await sessionFor(t(), "admin");
      const log = await t().call("System/GetLoginLog", { token: admin.token, query: { method: "wechat" } });
      expect(log.returnData.rows.map((r: { Success: boolean; Reason: string | null }) => [r.Success, r.Reason])).toEqual([
        [true, null],
        [false, "wx_not_bound"],
      ]);

      expect((await call("Login/UnbindWx", {}, me.token)).returnData).toMatchObject({ Bound: false });
      expect((await call("Login/UnbindWx", {}, me.token)).status).toBe(400);
      expect((await call("Login/WxLogin", { code: wx.issueCode("o-alice") })).status).toBe(404);
    });

    it("an administrator sees who is bound and unbinds within their scope, ending the sessions WeChat opened", async () => {
      const guest = await sessionFor(t(), "guest");
      expect((await call("Login/BindWx", { code: wx.issueCode("o-guest", "Guest") }, guest.token)).status).toBe(200);
      const byWechat = (await call("Login/WxLogin", { code: wx.issueCode("o-guest") })).returnData.token as string;
      const admin = await sessionFor(t(), "admin");
      const list = await t().call("System/GetPersonList", { token: admin.token, query: { keyword: "guest" } });
      const row = list.returnData.rows.find((r: { UserName: string }) => r.UserName === "guest");
      expect(row.WxBound).toBe(true);
      // The InsideAdmin's department does not hold the guest.
      const inside = await sessionFor(t(), "inside");
      expect((await call("System/UnbindPersonWx", { Id: row.Id }, inside.token)).status).not.toBe(200);
      const done = await call("System/UnbindPersonWx", { Id: row.Id }, admin.token);
      expect(done.status, done.msg).toBe(200);
      expect((await t().call("Login/GetWxBinding", { token: guest.token })).returnData).toMatchObject({ Bound: false });
      // The session WeChat opened ends with the binding (a lost phone); the others stay.
      expect((await t().call("Login/GetWxBinding", { token: byWechat })).status).toBe(208);
      const ops = await t().call("System/GetOperationLog", { token: admin.token, query: { action: "person.unbindWx" } });
      expect(ops.returnData.rows[0]).toMatchObject({ TargetId: row.Id, UserName: "admin" });
    });

    it("a code WeChat does not know or a missing code is refused, and binding needs a session", async () => {
      expect((await call("Login/WxLogin", { code: "made-up" })).status).toBe(400);
      expect((await call("Login/WxLogin", {})).status).toBe(400);
      expect((await call("Login/BindWx", { code: wx.issueCode("o-x") })).status).toBe(205);
    });
  },
  { WECHAT_APPID: "wx-test-app", WECHAT_SECRET: "wx-test-secret", WECHAT_API_BASE: wx.url },
);
