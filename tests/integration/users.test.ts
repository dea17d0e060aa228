import { expect, it } from "vitest";
import { DEFAULT_DES_IV, DEFAULT_DES_KEY, desEncrypt } from "../../common/des.ts";
import { verifyPassword } from "../../api/security/password.ts";
import { describeEachBackend } from "./harness.ts";
import { sessionFor } from "./session-helpers.ts";

const des = (s: string) => desEncrypt(s, DEFAULT_DES_KEY, DEFAULT_DES_IV);
const VALID_ID = "11010519491231002X";
const BAD_CHECK_DIGIT_ID = "110105194912310021";
const PASSWORD_RULE = "密码必须包含大小写字母和数字，不允许输入汉字，长度为8-20个字符！";

describeEachBackend("users", (t) => {
  const row = async (name: string) =>
    (await t().api.app.db.query<Record<string, unknown>>(`select real_name, mobile, email, id_card, gender, department_id from users where name = $1`, [name]))[0];

  it("GetMyInfo answers the caller's userInfo", async () => {
    const s = await sessionFor(t(), "equip");
    const r = await t().call("User/GetMyInfo", { token: s.token });
    expect(r.status).toBe(200);
    expect(r.returnData).toMatchObject({ UserID: s.userId, Name: "equip", RealName: "设备管理员", Mobile: "13800000008", Email: "equip@ferrum.example" });
    expect((await t().call("User/GetMyInfo")).status).toBe(205);
  });

  it("UpdateMyInfo saves valid fields and answers the new userInfo", async () => {
    const s = await sessionFor(t(), "equip");
    const r = await t().call("User/UpdateMyInfo", {
      token: s.token,
      form: { RealName: "张 工", Mobile: "13912345678", Email: "zhang@ferrum.example", IdCard: VALID_ID.toLowerCase(), Gender: "9" },
    });
    expect(r.status).toBe(200);
    expect(r.returnData).toMatchObject({ RealName: "张 工", Mobile: "13912345678", Email: "zhang@ferrum.example", IdCard: VALID_ID, Gender: 9 });
    // Absent fields are left alone; an empty optional field clears it.
    const r2 = await t().call("User/UpdateMyInfo", { token: s.token, form: { Email: "" } });
    expect(r2.returnData).toMatchObject({ RealName: "张 工", Email: null, IdCard: VALID_ID, Gender: 9 });
  });

  it("validation errors change nothing, with the section 5 messages in the caller's language", async () => {
    const s = await sessionFor(t(), "xadmin");
    const before = await row("xadmin");
    const cases: Array<[Record<string, string>, string, string]> = [
      [{ RealName: "新名字", Mobile: "2380000000" }, "Mobile", "请输入正确的手机号"],
      [{ RealName: "新名字", Email: "not-an-email" }, "Email", "请输入正确的邮箱地址"],
      [{ RealName: "新名字", IdCard: BAD_CHECK_DIGIT_ID }, "IdCard", "请输入正确的身份证号"],
      [{ RealName: "新名字", IdCard: "12345" }, "IdCard", "请输入正确的身份证号"],
      [{ RealName: "新名字", Gender: "2" }, "Gender", "请选择正确的性别"],
      [{ RealName: "   " }, "RealName", "请输入真实姓名"],
      [{ RealName: "x".repeat(51) }, "RealName", "真实姓名长度不能超过50"],
      [{ Mobile: "" }, "Mobile", "请输入手机号"],
    ];
    for (const [form, field, msg] of cases) {
      const r = await t().call("User/UpdateMyInfo", { token: s.token, form });
      expect(r.status, JSON.stringify(form)).toBe(400);
      expect(r.msg).toBe(msg);
      expect(r.returnData.fields.map((f: { field: string }) => f.field)).toContain(field);
    }
    const en = await t().call("User/UpdateMyInfo", { token: s.token, form: { Email: "x" }, headers: { "accept-language": "en-US" } });
    expect(en.msg).toBe("Please enter a valid email address");
    const es = await t().call("User/UpdateMyInfo", { token: s.token, form: { Mobile: "1" }, headers: { "accept-language": "es" } });
    expect(es.msg).toBe("Introduzca un número de móvil válido");
    const ja = await t().call("User/UpdateMyInfo", { token: s.token, form: { IdCard: "1" }, headers: { "accept-language": "ja" } });
    expect(ja.msg).toBe("正しい身分証番号を入力してください");
    expect(await row("xadmin")).toEqual(before);
  });

  it("a mobile number used by another account is refused with a clear message", async () => {
    const s = await sessionFor(t(), "transfer");
    const before = await row("transfer");
    const r = await t().call("User/UpdateMyInfo", { token: s.token, form: { RealName: "改名", Mobile: "13800000001" } });
    expect(r.status).toBe(400);
    expect(r.msg).toBe("该手机号已被其他账号使用");
    expect(await row("transfer")).toEqual(before);
    // One's own number is fine.
    expect((await t().call("User/UpdateMyInfo", { token: s.token, form: { Mobile: "13800000007" } })).status).toBe(200);
  });

  it("SQL metacharacters are stored verbatim and harmless", async () => {
    const s = await sessionFor(t(), "xadmin");
    const name = `O'Brien"); drop table users;--`;
    const email = `a'or'1'='1@x.cn`;
    const r = await t().call("User/UpdateMyInfo", { token: s.token, form: { RealName: name, Email: email } });
    expect(r.status).toBe(200);
    expect(r.returnData).toMatchObject({ RealName: name, Email: email });
    expect(await row("xadmin")).toMatchObject({ real_name: name, email });
    const [{ n }] = await t().api.app.db.query<{ n: number }>(`select count(*)::int as n from users`);
    expect(n).toBe(9);
  });

  it("UpdatePassword: wrong old, weak new, same as old, bad cipher are refused and change nothing", async () => {
    const s = await sessionFor(t(), "inside");
    const hash = async () => (await t().api.app.db.query<{ password_hash: string }>(`select password_hash from users where id = $1`, [s.userId]))[0].password_hash;
    const before = await hash();
    const wrong = await t().call("User/UpdatePassword", { token: s.token, form: { oldPwd: des("Wrong2026x"), newPwd: des("NewPass2026") } });
    expect([wrong.status, wrong.msg]).toEqual([400, "原密码错误"]);
    for (const weak of ["short1A", "alllowercase1", "ALLUPPER123", "NoDigitsHere", "中文Passw0rd", "Aa1".repeat(7)]) {
      const r = await t().call("User/UpdatePassword", { token: s.token, form: { oldPwd: des("Ferrum2026"), newPwd: des(weak) } });
      expect([r.status, r.msg], weak).toEqual([400, PASSWORD_RULE]);
    }
    const same = await t().call("User/UpdatePassword", { token: s.token, form: { oldPwd: des("Ferrum2026"), newPwd: des("Ferrum2026") } });
    expect([same.status, same.msg]).toEqual([400, "新密码不能与原密码相同"]);
    const garbled = await t().call("User/UpdatePassword", { token: s.token, form: { oldPwd: "not-ciphertext", newPwd: des("NewPass2026") } });
    expect(garbled.status).toBe(400);
    const missing = await t().call("User/UpdatePassword", { token: s.token, form: { oldPwd: des("Ferrum2026") } });
    expect([missing.status, missing.msg]).toEqual([400, "请输入密码"]);
    expect(await hash()).toBe(before);
  });

  it("UpdatePassword succeeds: new hash, UpdatePwd true, other sessions revoked (208), this one kept", async () => {
    const db = t().api.app.db;
    const s = await sessionFor(t(), "uploader");
    const other = await sessionFor(t(), "uploader");
    await db.query(`update users set update_pwd = false where id = $1`, [s.userId]);
    const r = await t().call("User/UpdatePassword", { token: s.token, form: { oldPwd: des("Ferrum2026"), newPwd: des("Steel2026New") } });
    expect([r.status, r.returnData]).toEqual([200, true]);
    const [u] = await db.query<{ password_hash: string; update_pwd: boolean; recent: boolean }>(
      `select password_hash, update_pwd, password_changed_at > now() - interval '1 minute' as recent from users where id = $1`,
      [s.userId],
    );
    expect(await verifyPassword("Steel2026New", u.password_hash)).toBe(true);
    expect(await verifyPassword("Ferrum2026", u.password_hash)).toBe(false);
    expect(u.update_pwd).toBe(true);
    expect(u.recent).toBe(true);
    expect((await t().call("User/GetMyInfo", { token: other.token })).status).toBe(208);
    const mine = await t().call("User/GetMyInfo", { token: s.token });
    expect([mine.status, mine.returnData.UpdatePwd]).toEqual([200, true]);
  });

  it("UpdatePassword: too many wrong current passwords lock the call for the user (429)", async () => {
    const s = await sessionFor(t(), "outside");
    const max = t().api.app.config.LOGIN_MAX_FAILURES_PER_ACCOUNT;
    for (let i = 0; i < max; i++) {
      const r = await t().call("User/UpdatePassword", { token: s.token, form: { oldPwd: des(`Guess${i}x2026`), newPwd: des("NewPass2026") } });
      expect(r.status).toBe(400);
    }
    const locked = await t().call("User/UpdatePassword", { token: s.token, form: { oldPwd: des("Ferrum2026"), newPwd: des("NewPass2026") } });
    expect(locked.status).toBe(429);
  });

  it("CreateUnitBySG: sg names a unit, then needUnit is false; validation and once only", async () => {
    const s = await sessionFor(t(), "sg");
    const ctx = async () => (await t().call("Login/GetUserInfoByIdInfo", { token: s.token, query: { mdId: s.userId } })).returnData;
    expect((await ctx()).needUnit).toBe(true);
    const empty = await t().call("System/CreateUnitBySG", { token: s.token, form: { DepartmentName: "  " } });
    expect([empty.status, empty.msg]).toEqual([400, "单位名称不能为空"]);
    const long = await t().call("System/CreateUnitBySG", { token: s.token, form: { DepartmentName: "钢".repeat(21) } });
    expect([long.status, long.msg]).toEqual([400, "单位名称长度不能超过20"]);
    expect((await row("sg")).department_id).toBeNull();

    const name = `超算'); drop x;--`;
    const ok = await t().call("System/CreateUnitBySG", { token: s.token, form: { DepartmentName: name } });
    expect([ok.status, ok.returnData]).toEqual([200, true]);
    const after = await ctx();
    expect(after.needUnit).toBe(false);
    expect(after.userInfo.DepartmentName).toBe(name);
    const again = await t().call("System/CreateUnitBySG", { token: s.token, form: { DepartmentName: "另一个单位" } });
    expect(again.status).toBe(400);

    const admin = await sessionFor(t(), "admin");
    expect((await t().call("System/CreateUnitBySG", { token: admin.token, form: { DepartmentName: "单位" } })).status).toBe(403);
  });

  it("CreateUnitBySG joins an existing department of that name", async () => {
    const db = t().api.app.db;
    const [u] = await db.query<{ id: string }>(`insert into users(name, password_hash) values ('sg2', 'x') returning id`);
    await db.query(`insert into user_roles(user_id, role_code) values ($1, 'SGUser')`, [u.id]);
    const s = await sessionFor(t(), "sg2");
    const r = await t().call("System/CreateUnitBySG", { token: s.token, form: { DepartmentName: "钢铁研究总院" } });
    expect(r.status).toBe(200);
    const [{ same }] = await db.query<{ same: boolean }>(
      `select (select department_id from users where name = 'sg2') = (select department_id from users where name = 'admin') as same`,
    );
    expect(same).toBe(true);
    const [{ n }] = await db.query<{ n: number }>(`select count(*)::int as n from departments where name = '钢铁研究总院'`);
    expect(n).toBe(1);
    await db.query(`delete from users where id = $1`, [u.id]);
  });
});
