import { expect, it } from "vitest";
import { describeEachBackend } from "./harness.ts";
import { ageCodes, auditRows, DEMO_MOBILE, des, from, lastCode, passwordLogin, readOutbox } from "./login-helpers.ts";

describeEachBackend(
  "login: SMS codes, SMS login and password reset (outbox provider)",
  (api) => {
    const requestCode = (mobile: string, purpose?: string, ip = "192.0.2.10") =>
      api().call("Login/GetLoginMobileValidateCode", { query: { mobile, ...(purpose ? { purpose } : {}) }, headers: from(ip) });

    it("writes the code to the outbox and logs in with it, once", async () => {
      const t = api();
      const mobile = DEMO_MOBILE.admin;
      const r = await requestCode(mobile);
      expect(r.status).toBe(200);
      expect(r.returnData).toMatch(/^[A-Za-z0-9_-]{32}$/);
      const line = readOutbox(t).find((l) => l.mobile === mobile)!;
      expect(line.code).toMatch(/^\d{6}$/);
      expect(new Date(line.at).toISOString()).toBe(line.at);
      // Stored only hashed, expiring in 5 minutes.
      const [row] = await t.api.app.db.query<{ code_hash: string; ttl: number }>(
        `select code_hash, extract(epoch from expires_at - created_at)::int as ttl from sms_codes where verification_string = $1`,
        [r.returnData],
      );
      expect(row.ttl).toBe(300);
      expect(row.code_hash).not.toContain(line.code);

      const form = { mobile, verificationCode: line.code, verificationString: r.returnData };
      const login = await t.call("Login/MobileLoginMethod", { form, headers: from("192.0.2.10") });
      expect(login.status).toBe(200);
      expect(login.returnData).toMatchObject({ first: true, needUnit: false });
      const [admin] = await t.api.app.db.query<{ id: string }>(`select id from users where mobile = $1`, [mobile]);
      expect(login.returnData.userId).toBe(admin.id);
      const out = await t.call("Login/Logout", { method: "POST", token: login.returnData.token });
      expect(out.returnData).toBe(true);

      const again = await t.call("Login/MobileLoginMethod", { form, headers: from("192.0.2.10") });
      expect(again).toMatchObject({ status: 400, msg: "验证码错误或已失效" });
      const rows = await auditRows(t, "mobile = $1", [mobile]);
      expect(rows.map((x) => [x.method, x.success, x.reason, x.user_name])).toEqual([
        ["sms", true, null, "admin"],
        ["sms", false, "bad_sms_code", null],
      ]);
    });

    it("refuses a second code within 60 seconds and says how long to wait", async () => {
      const t = api();
      const mobile = DEMO_MOBILE.xadmin;
      expect((await requestCode(mobile)).status).toBe(200);
      const again = await requestCode(mobile);
      expect(again.status).toBe(429);
      const seconds = Number(/请(\d+)秒后再获取验证码/.exec(again.msg)?.[1]);
      expect(seconds).toBeGreaterThan(50);
      expect(seconds).toBeLessThanOrEqual(60);
      const en = await t.call("Login/GetLoginMobileValidateCode", { query: { mobile }, headers: { "accept-language": "en" } });
      expect(en.msg).toMatch(/^Please wait \d+ seconds/);
      expect(readOutbox(t).filter((l) => l.mobile === mobile)).toHaveLength(1);
    });

    it("caps codes per number per day", async () => {
      const t = api();
      const mobile = DEMO_MOBILE.outside;
      for (let i = 0; i < 3; i++) {
        expect((await requestCode(mobile)).status).toBe(200);
        await ageCodes(t, mobile);
      }
      const capped = await requestCode(mobile);
      expect(capped).toMatchObject({ status: 429, msg: "该手机号今日获取验证码次数已达上限，请明天再试" });
    });

    it("caps codes per address per day, whatever the numbers", async () => {
      const t = api();
      // Fill the address's day with 50 earlier codes for other numbers.
      await t.api.app.db.query(
        `insert into sms_codes(mobile, purpose, code_hash, verification_string, ip, expires_at, created_at)
         select '139' || lpad(g::text, 8, '0'), 'login', 'x', 'vs-' || g, '192.0.2.99', now(), now() - interval '1 hour'
           from generate_series(1, 50) g`,
      );
      const r = await requestCode(DEMO_MOBILE.uploader, undefined, "192.0.2.99");
      expect(r).toMatchObject({ status: 429, msg: "当前网络今日获取验证码次数过多，请明天再试" });
      expect((await requestCode(DEMO_MOBILE.uploader, undefined, "192.0.2.98")).status).toBe(200);
    });

    it("asks for a valid mobile number", async () => {
      for (const mobile of ["12345", "23800000001", "1380000000a", "138000000011", "' or 1=1 --"]) {
        const r = await requestCode(mobile);
        expect(r).toMatchObject({ status: 400, msg: "请输入正确手机号", returnData: null });
      }
      expect((await requestCode("")).msg).toBe("请输入手机号");
      expect((await api().call("Login/GetLoginMobileValidateCode")).msg).toBe("请输入手机号");
      const login = await api().call("Login/MobileLoginMethod", { form: { mobile: "555", verificationCode: "1", verificationString: "x" } });
      expect(login).toMatchObject({ status: 400, msg: "请输入正确手机号" });
      const purpose = await api().call("Login/GetLoginMobileValidateCode", { query: { mobile: "13900000001", purpose: "admin" } });
      expect(purpose.status).toBe(400);
    });

    it("answers an unregistered number like a registered one, sends nothing, and the login fails generically", async () => {
      const t = api();
      const mobile = "13912345678";
      const r = await requestCode(mobile);
      expect(r.status).toBe(200);
      expect(r.returnData).toMatch(/^[A-Za-z0-9_-]{32}$/);
      expect(readOutbox(t).some((l) => l.mobile === mobile)).toBe(false);
      expect((await requestCode(mobile)).status).toBe(429);
      const login = await t.call("Login/MobileLoginMethod", {
        form: { mobile, verificationCode: "123456", verificationString: r.returnData },
        headers: from("192.0.2.10"),
      });
      expect(login).toMatchObject({ status: 400, msg: "验证码错误或已失效" });
    });

    it("refuses an expired code", async () => {
      const t = api();
      const mobile = DEMO_MOBILE.guest;
      const r = await requestCode(mobile);
      await t.api.app.db.query(`update sms_codes set expires_at = now() - interval '1 second' where verification_string = $1`, [r.returnData]);
      const login = await t.call("Login/MobileLoginMethod", {
        form: { mobile, verificationCode: lastCode(t, mobile)!, verificationString: r.returnData },
        headers: from("192.0.2.11"),
      });
      expect(login).toMatchObject({ status: 400, msg: "验证码错误或已失效" });
    });

    it("burns a code after 5 wrong attempts, and a code only works for its own number and purpose", async () => {
      const t = api();
      const mobile = DEMO_MOBILE.transfer;
      const r = await requestCode(mobile);
      const code = lastCode(t, mobile)!;
      const wrong = code === "000000" ? "000001" : "000000";
      const ip = from("192.0.2.12");
      const other = await t.call("Login/MobileLoginMethod", { form: { mobile: DEMO_MOBILE.admin, verificationCode: code, verificationString: r.returnData }, headers: ip });
      expect(other.status).toBe(400);
      const reset = await t.call("Login/ResetPasswordBySms", {
        form: { mobile, verificationCode: code, verificationString: r.returnData, newPwd: des("Another2026x") },
        headers: ip,
      });
      expect(reset.status).toBe(400);
      for (let i = 0; i < 5; i++) {
        const bad = await t.call("Login/MobileLoginMethod", { form: { mobile, verificationCode: wrong, verificationString: r.returnData }, headers: ip });
        expect(bad.msg).toBe("验证码错误或已失效");
      }
      const late = await t.call("Login/MobileLoginMethod", { form: { mobile, verificationCode: code, verificationString: r.returnData }, headers: ip });
      expect(late).toMatchObject({ status: 400, msg: "验证码错误或已失效" });
    });

    it("resets the password by SMS: weak passwords refused, old sessions end (208), the new password works", async () => {
      const t = api();
      const mobile = DEMO_MOBILE.inside;
      const session = await t.login("inside");
      const r = await requestCode(mobile, "reset");
      const code = lastCode(t, mobile)!;
      const form = { mobile, verificationCode: code, verificationString: r.returnData };

      // A reset code does not log in.
      const asLogin = await t.call("Login/MobileLoginMethod", { form, headers: from("192.0.2.13") });
      expect(asLogin.status).toBe(400);

      for (const weak of ["short1A", "alllowercase1", "ALLUPPER123", "NoDigitsHere", "中文Password1", "Aa1".padEnd(21, "x")]) {
        const w = await t.call("Login/ResetPasswordBySms", { form: { ...form, newPwd: des(weak) }, headers: from("192.0.2.13") });
        expect(w).toMatchObject({ status: 400, msg: "密码必须包含大小写字母和数字，不允许输入汉字，长度为8-20个字符！" });
      }
      const ok = await t.call("Login/ResetPasswordBySms", { form: { ...form, newPwd: des("NewPass2026") }, headers: from("192.0.2.13") });
      expect(ok).toMatchObject({ status: 200, returnData: true });
      const reused = await t.call("Login/ResetPasswordBySms", { form: { ...form, newPwd: des("Other2026xx") }, headers: from("192.0.2.13") });
      expect(reused.status).toBe(400);

      expect((await t.call("Login/Logout", { method: "POST", token: session.token })).status).toBe(208);
      const old = await passwordLogin(t, "inside", "Ferrum2026", { ip: "192.0.2.13" });
      expect(old.msg).toBe("用户名或密码错误");
      await t.login("inside", "NewPass2026");
      const [u] = await t.api.app.db.query<{ update_pwd: boolean; recent: boolean }>(
        `select update_pwd, password_changed_at > now() - interval '1 minute' as recent from users where name = 'inside'`,
      );
      expect(u).toEqual({ update_pwd: true, recent: true });
    });
  },
  { SMS_DAILY_CAP: "3", LOGIN_MAX_FAILURES_PER_ACCOUNT: "20" },
);
