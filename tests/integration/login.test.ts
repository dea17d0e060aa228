import { expect, it } from "vitest";
import { describeEachBackend, TEST_CAPTCHA } from "./harness.ts";
import { auditRows, des, from, passwordLogin } from "./login-helpers.ts";

describeEachBackend("login: captcha, password, logout, hostile input", (api) => {
  it("hands out a captcha id and renders it as an SVG image", async () => {
    const t = api();
    const cap = await t.call("Login/getCaptcha");
    expect(cap.status).toBe(200);
    expect(cap.returnData).toMatch(/^[0-9a-f-]{36}$/);
    const [row] = await t.api.app.db.query<{ text: string; ttl: number }>(
      `select text, extract(epoch from expires_at - created_at)::int as ttl from captchas where id = $1`,
      [cap.returnData],
    );
    expect(row).toEqual({ text: TEST_CAPTCHA, ttl: 300 });

    const res = await fetch(`${t.base}/api/Login/getCaptchaImg?code=${cap.returnData}`, { headers: { xteam: "xteam" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^image\/svg\+xml/);
    const svg = await res.text();
    expect(svg.startsWith("<svg")).toBe(true);
    expect(svg).toContain("<path");
    // Rendered as paths, so the text is not in the document for a bot to read.
    expect(svg).not.toContain(TEST_CAPTCHA);
  });

  it("refuses an image for an unknown or malformed captcha id", async () => {
    const t = api();
    for (const code of ["00000000-0000-4000-8000-000000000000", "not-a-uuid", "' or 1=1 --"]) {
      const r = await t.call("Login/getCaptchaImg", { query: { code } });
      expect(r.http).toBe(200);
      expect(r.status).toBe(400);
      expect(r.msg).toBe("验证码已失效，请刷新后重试");
    }
  });

  it("logs in with name, DES password and captcha; the token works until logout, then answers 208", async () => {
    const t = api();
    const r = await passwordLogin(t, "admin", "Ferrum2026");
    expect(r.status).toBe(200);
    expect(r.returnData).toMatchObject({ first: true, needUnit: false });
    expect(typeof r.returnData.token).toBe("string");
    const [admin] = await t.api.app.db.query<{ id: string; first: boolean; last: boolean }>(
      `select id, first_login_at is not null as first, last_login_at is not null as last from users where name = 'admin'`,
    );
    expect(r.returnData.userId).toBe(admin.id);
    expect(admin.first && admin.last).toBe(true);

    const again = await passwordLogin(t, "admin", "Ferrum2026");
    expect(again.returnData.first).toBe(false);

    const out = await t.call("Login/Logout", { method: "POST", token: r.returnData.token });
    expect(out).toMatchObject({ status: 200, returnData: true });
    const after = await t.call("Login/Logout", { method: "POST", token: r.returnData.token });
    expect(after.status).toBe(208);
    // Only that session ended.
    const other = await t.call("Login/GetQrTicketInfo", { query: { ticket: "x" }, token: again.returnData.token });
    expect(other.status).toBe(400);
  });

  it("says needUnit for an SG user without a unit", async () => {
    const r = await passwordLogin(api(), "sg", "Ferrum2026");
    expect(r.status).toBe(200);
    expect(r.returnData.needUnit).toBe(true);
  });

  it("accepts the captcha in any case", async () => {
    const r = await passwordLogin(api(), "guest", "Ferrum2026", { captcha: TEST_CAPTCHA.toLowerCase() });
    expect(r.status).toBe(200);
  });

  it("answers one generic message for a wrong password and an unknown user, in the caller's language", async () => {
    const t = api();
    const wrong = await passwordLogin(t, "guest", "Wrong2026x", { ip: "198.51.100.1" });
    const unknown = await passwordLogin(t, "nobody-here", "Ferrum2026", { ip: "198.51.100.1" });
    expect(wrong).toMatchObject({ status: 400, msg: "用户名或密码错误", returnData: null });
    expect(unknown).toMatchObject({ status: 400, msg: "用户名或密码错误", returnData: null });
    const en = await passwordLogin(t, "guest", "Wrong2026x", { ip: "198.51.100.1", lang: "en-US,en;q=0.9" });
    expect(en.msg).toBe("Wrong user name or password");
    const rows = await auditRows(t, "ip = $1", ["198.51.100.1"]);
    expect(rows.map((r) => [r.method, r.user_name, r.success, r.reason])).toEqual([
      ["password", "guest", false, "bad_password"],
      ["password", "nobody-here", false, "unknown_user"],
      ["password", "guest", false, "bad_password"],
    ]);
    expect(rows[0].user_id).not.toBeNull();
  });

  it("refuses a wrong captcha, and a captcha used once is spent even after a wrong answer", async () => {
    const t = api();
    const ip = from("198.51.100.2");
    const cap = await t.call("Login/getCaptcha");
    const form = { name: "guest", pwd: des("Ferrum2026"), rempwd: "false", clientSignCode: cap.returnData };
    const wrong = await t.call("Login/LoginMethod", { form: { ...form, clientCode: "ZZZZ" }, headers: ip });
    expect(wrong).toMatchObject({ status: 400, msg: "验证码错误" });
    const reuse = await t.call("Login/LoginMethod", { form: { ...form, clientCode: TEST_CAPTCHA }, headers: ip });
    expect(reuse).toMatchObject({ status: 400, msg: "验证码已失效，请刷新后重试" });

    const cap2 = await t.call("Login/getCaptcha");
    const good = await t.call("Login/LoginMethod", { form: { ...form, clientSignCode: cap2.returnData, clientCode: TEST_CAPTCHA }, headers: ip });
    expect(good.status).toBe(200);
    const replay = await t.call("Login/LoginMethod", { form: { ...form, clientSignCode: cap2.returnData, clientCode: TEST_CAPTCHA }, headers: ip });
    expect(replay.status).toBe(400);
    const img = await t.call("Login/getCaptchaImg", { query: { code: cap2.returnData } });
    expect(img.status).toBe(400);

    const rows = await auditRows(t, "ip = $1", ["198.51.100.2"]);
    expect(rows.map((r) => r.reason)).toEqual(["bad_captcha", "bad_captcha", null, "bad_captcha"]);
  });

  it("refuses an expired captcha", async () => {
    const t = api();
    const cap = await t.call("Login/getCaptcha");
    await t.api.app.db.query(`update captchas set expires_at = now() - interval '1 second' where id = $1`, [cap.returnData]);
    const r = await t.call("Login/LoginMethod", {
      form: { name: "guest", pwd: des("Ferrum2026"), clientSignCode: cap.returnData, clientCode: TEST_CAPTCHA },
      headers: from("198.51.100.3"),
    });
    expect(r).toMatchObject({ status: 400, msg: "验证码已失效，请刷新后重试" });
  });

  it("refuses a disabled account even with the right password", async () => {
    const t = api();
    await t.api.app.db.query(`update users set disabled = true where name = 'equip'`);
    const r = await passwordLogin(t, "equip", "Ferrum2026", { ip: "198.51.100.4" });
    expect(r).toMatchObject({ status: 400, msg: "账号已被禁用，请联系管理员" });
    const wrong = await passwordLogin(t, "equip", "Nope12345", { ip: "198.51.100.4" });
    expect(wrong.msg).toBe("用户名或密码错误");
    await t.api.app.db.query(`update users set disabled = false where name = 'equip'`);
  });

  it("treats SQL metacharacters as plain text: generic failure, users untouched", async () => {
    const t = api();
    const before = await t.api.app.db.query(`select id, name, password_hash from users order by id`);
    for (const name of ["' or 1=1 --", "admin'--", "admin\"; drop table users; --"]) {
      const r = await passwordLogin(t, name, "' or '1'='1", { ip: "198.51.100.5" });
      expect(r).toMatchObject({ status: 400, msg: "用户名或密码错误" });
    }
    expect(await t.api.app.db.query(`select id, name, password_hash from users order by id`)).toEqual(before);
  });

  it("treats an undecryptable password as a wrong one", async () => {
    const r = await api().call("Login/LoginMethod", {
      form: { name: "guest", pwd: "not-des-at-all", clientSignCode: (await api().call("Login/getCaptcha")).returnData, clientCode: TEST_CAPTCHA },
      headers: from("198.51.100.6"),
    });
    expect(r).toMatchObject({ status: 400, msg: "用户名或密码错误" });
  });

  it("rejects wrong shapes with a 400 envelope naming the fields", async () => {
    const t = api();
    const arr = await t.call("Login/LoginMethod", { json: [1, 2, 3] });
    expect(arr).toMatchObject({ http: 400, status: 400, msg: "请求内容格式错误" });
    const missing = await t.call("Login/LoginMethod", { form: { name: "admin" } });
    expect(missing).toMatchObject({ http: 200, status: 400, msg: "参数错误" });
    expect(missing.returnData.fields.map((f: { field: string }) => f.field)).toEqual(
      expect.arrayContaining(["pwd", "clientSignCode", "clientCode"]),
    );
    const types = await t.call("Login/LoginMethod", { json: { name: { $ne: 1 }, pwd: ["x"], clientSignCode: 1, clientCode: null } });
    expect(types.status).toBe(400);
    expect(types.returnData.fields.map((f: { field: string }) => f.field)).toEqual(
      expect.arrayContaining(["name", "pwd", "clientSignCode", "clientCode"]),
    );
    const broken = await t.call("Login/LoginMethod", { body: "{not json", headers: { "content-type": "application/json" } });
    expect(broken).toMatchObject({ http: 400, status: 400 });
  });

  it("accepts the form as JSON too", async () => {
    const t = api();
    const cap = await t.call("Login/getCaptcha");
    const r = await t.call("Login/LoginMethod", {
      json: { name: "guest", pwd: des("Ferrum2026"), rempwd: true, clientSignCode: cap.returnData, clientCode: TEST_CAPTCHA },
    });
    expect(r.status).toBe(200);
  });

  it("answers an error envelope without the xteam header", async () => {
    const t = api();
    const res = await fetch(`${t.base}/api/Login/getCaptcha`);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ status: 400, msg: "缺少请求头 xteam", returnData: null });
  });

  it("refuses a body over 64 KiB with a 413 envelope", async () => {
    const t = api();
    const r = await t.call("Login/LoginMethod", { form: { name: "admin", pwd: "x".repeat(70 * 1024), clientSignCode: "a", clientCode: "b" } });
    expect(r).toMatchObject({ http: 413, status: 413, msg: "请求内容过大" });
  });

  it("needs a token for logout and the QR approval calls", async () => {
    const t = api();
    expect((await t.call("Login/Logout", { method: "POST" })).status).toBe(205);
    expect((await t.call("Login/Logout", { method: "POST", token: "made-up" })).status).toBe(206);
    expect((await t.call("Login/ApproveQrTicket", { form: { ticket: "x" } })).status).toBe(205);
  });

  it("says single sign-on and partner logins are not configured when they are not", async () => {
    const t = api();
    const sso = await t.call("login/VerifySsoToken", { query: { jwtStr: "a.b.c" } });
    expect(sso).toMatchObject({ status: 400, msg: "未配置单点登录" });
    const sg = await t.call("login/SGLogin", { query: { loginStr: "a.b" } });
    expect(sg).toMatchObject({ status: 400, msg: "未配置该登录方式" });
    const matdao = await t.call("Login/MatdaoLogin", { query: { loginStr: "a.b" }, headers: { "accept-language": "ja" } });
    expect(matdao).toMatchObject({ status: 400, msg: "このログイン方法は設定されていません" });
  });
});
