import { expect, it } from "vitest";
import { describeEachBackend } from "./harness.ts";
import { ageCodes, auditRows, DEMO_MOBILE, from, lastCode, passwordLogin } from "./login-helpers.ts";

const TOO_MANY = "登录失败次数过多，请15分钟后再试";

describeEachBackend(
  "login: failure rate limits (LOGIN_MAX_FAILURES_PER_ACCOUNT=3, PER_ADDRESS=6)",
  (api) => {
    it("locks an account after 3 failures without looking at the password, and audits it all", async () => {
      const t = api();
      const ip = "203.0.113.1";
      for (let i = 0; i < 3; i++) expect((await passwordLogin(t, "guest", "Wrong2026x", { ip })).msg).toBe("用户名或密码错误");
      const locked = await passwordLogin(t, "guest", "Ferrum2026", { ip });
      expect(locked).toMatchObject({ http: 200, status: 429, msg: TOO_MANY, returnData: null });
      // From anywhere, in the caller's language.
      const elsewhere = await passwordLogin(t, "guest", "Ferrum2026", { ip: "203.0.113.2", lang: "es" });
      expect(elsewhere).toMatchObject({ status: 429, msg: "Demasiados intentos fallidos, inténtelo de nuevo dentro de 15 minutos" });
      // Other accounts are not affected.
      expect((await passwordLogin(t, "admin", "Ferrum2026", { ip })).status).toBe(200);

      const rows = await auditRows(t, "user_name = $1", ["guest"]);
      expect(rows.map((r) => [r.method, r.success, r.reason, r.ip])).toEqual([
        ["password", false, "bad_password", ip],
        ["password", false, "bad_password", ip],
        ["password", false, "bad_password", ip],
        ["password", false, "rate_limited", ip],
        ["password", false, "rate_limited", "203.0.113.2"],
      ]);

      // The lock lifts once the failures are older than 15 minutes.
      await t.api.app.db.query(`update login_audit set at = at - interval '16 minutes' where user_name = 'guest'`);
      expect((await passwordLogin(t, "guest", "Ferrum2026", { ip })).status).toBe(200);
    });

    it("does not count wrong captchas against the account", async () => {
      const t = api();
      for (let i = 0; i < 4; i++) expect((await passwordLogin(t, "outside", "Ferrum2026", { ip: "203.0.113.3", captcha: "QQQQ" })).status).toBe(400);
      expect((await passwordLogin(t, "outside", "Ferrum2026", { ip: "203.0.113.4" })).status).toBe(200);
    });

    it("locks an address after 6 failures, whatever the names", async () => {
      const t = api();
      const ip = "203.0.113.5";
      for (let i = 0; i < 6; i++) expect((await passwordLogin(t, `ghost${i}`, "Wrong2026x", { ip })).status).toBe(400);
      const locked = await passwordLogin(t, "uploader", "Ferrum2026", { ip });
      expect(locked).toMatchObject({ status: 429, msg: TOO_MANY });
      expect((await passwordLogin(t, "uploader", "Ferrum2026", { ip: "203.0.113.6" })).status).toBe(200);
      // The address limit covers the other login methods too.
      const qr = await t.call("Login/CreateQrTicket", { method: "POST" });
      const poll = await t.call("Login/QrLogin", { form: { ticket: qr.returnData.ticket, secret: qr.returnData.secret }, headers: from(ip) });
      expect(poll).toMatchObject({ status: 429, msg: TOO_MANY });
    });

    it("locks SMS login per mobile number after 3 wrong codes", async () => {
      const t = api();
      const mobile = DEMO_MOBILE.transfer;
      const ip = "203.0.113.7";
      const ask = async () => (await t.call("Login/GetLoginMobileValidateCode", { query: { mobile }, headers: from(ip) })).returnData as string;
      for (let i = 0; i < 3; i++) {
        const vs = await ask();
        await ageCodes(t, mobile);
        const bad = await t.call("Login/MobileLoginMethod", { form: { mobile, verificationCode: "000000", verificationString: vs }, headers: from(ip) });
        expect(bad.msg).toBe("验证码错误或已失效");
      }
      const vs = await ask();
      const good = await t.call("Login/MobileLoginMethod", {
        form: { mobile, verificationCode: lastCode(t, mobile)!, verificationString: vs },
        headers: from("203.0.113.8"),
      });
      expect(good).toMatchObject({ status: 429, msg: TOO_MANY });
      const rows = await auditRows(t, "mobile = $1", [mobile]);
      expect(rows.map((r) => r.reason)).toEqual(["bad_sms_code", "bad_sms_code", "bad_sms_code", "rate_limited"]);
      // The refused attempt did not spend the code: it works once the lock lifts.
      await t.api.app.db.query(`update login_audit set at = at - interval '16 minutes' where mobile = $1`, [mobile]);
      const later = await t.call("Login/MobileLoginMethod", {
        form: { mobile, verificationCode: lastCode(t, mobile)!, verificationString: vs },
        headers: from("203.0.113.8"),
      });
      expect(later.status).toBe(200);
    });
  },
  { LOGIN_MAX_FAILURES_PER_ACCOUNT: "3", LOGIN_MAX_FAILURES_PER_ADDRESS: "6" },
);
