import ExcelJS from "exceljs";
import { expect, it } from "vitest";
import { multipart } from "./attachment-files.ts";
import { isStrongPassword } from "../../common/validators.ts";
import { describeEachBackend } from "./harness.ts";
import { HUB_TEST_ENV, hubClient, hubUser, until } from "./hub-helpers.ts";
import { readOutbox } from "./login-helpers.ts";
import { sessionFor } from "./session-helpers.ts";

const FORBIDDEN = "当前用户没有此操作权限";

interface PersonRow {
  Id: string;
  UserName: string;
  RealName: string;
  Mobile: string | null;
  DepartmentName: string | null;
  EnterpriseName: string | null;
  Roles: string[];
  Disabled: boolean;
  Locked: boolean;
  MustChangePassword: boolean;
  Version: number;
}

describeEachBackend(
  "system: people",
  (t) => {
    const db = () => t().api.app.db;
    const list = async (token: string, query: Record<string, string> = {}) => {
      const r = await t().call("System/GetPersonList", { token, query });
      expect(r.status, r.msg).toBe(200);
      return r.returnData as { total: number; rows: PersonRow[] };
    };
    const names = async (token: string, query: Record<string, string> = {}) => (await list(token, { pageSize: "100", ...query })).rows.map((r) => r.UserName).sort();
    const save = (token: string, form: Record<string, string>) => t().call("System/SavePerson", { token, form });
    const deptId = async (name: string) => (await db().query<{ id: string }>(`select id from departments where name = $1`, [name]))[0].id;
    const idOf = async (name: string) => (await db().query<{ id: string }>(`select id from users where name = $1`, [name]))[0].id;
    const versionOf = async (id: string) => (await db().query<{ version: number }>(`select version from users where id = $1`, [id]))[0].version;

    it("GetPersonList: filters by prefix, department subtree, enterprise, role and status, paged with the total; each admin sees only their scope", async () => {
      const admin = await sessionFor(t(), "admin");
      const all = await list(admin.token, { pageSize: "100" });
      expect(all.total).toBe(9);
      expect(all.rows.find((r) => r.UserName === "guest")).toMatchObject({ EnterpriseName: "合作单位", Roles: ["OutsideUser"], Disabled: false, Locked: false });
      expect(all.rows.every((r) => !("IdCard" in r))).toBe(true);
      expect(await names(admin.token, { keyword: "gu" })).toEqual(["guest"]);
      expect(await names(admin.token, { keyword: "系统" })).toEqual(["admin"]);
      expect(await names(admin.token, { keyword: "1380000000" })).toHaveLength(9);
      expect(await names(admin.token, { keyword: "13800000005" })).toEqual(["guest"]);
      expect(await names(admin.token, { keyword: "统" })).toEqual([]); // a prefix, not a substring
      expect(await names(admin.token, { role: "InsideAdmin" })).toEqual(["inside"]);
      expect(await names(admin.token, { enterpriseId: (await db().query<{ id: string }>(`select id from enterprises where name = '合作单位'`))[0].id })).toEqual(["guest", "outside"]);
      expect(await names(admin.token, { departmentId: await deptId("钢铁研究总院") })).toEqual(["admin", "equip", "inside", "transfer", "uploader", "xadmin"]);
      const page2 = await list(admin.token, { pageSize: "4", page: "3", sort: "userName" });
      expect([page2.total, page2.rows.map((r) => r.UserName)]).toEqual([9, ["xadmin"]]);
      // Filtered, count and page come from one statement; a page past the end still says how many matched.
      const filteredPage = await list(admin.token, { keyword: "1380000000", pageSize: "4", page: "3", sort: "userName" });
      expect([filteredPage.total, filteredPage.rows.map((r) => r.UserName)]).toEqual([9, ["xadmin"]]);
      expect(await list(admin.token, { keyword: "1380000000", pageSize: "4", page: "9" })).toMatchObject({ total: 9, rows: [] });
      // An unknown department holds nobody (its subtree is empty).
      expect(await names(admin.token, { departmentId: "6f1c2b9e-0000-4000-8000-000000000000" })).toEqual([]);
      for (const query of <Array<Record<string, string>>>[{ sort: "password_hash" }, { role: "Root" }, { departmentId: "x" }, { pageSize: "500" }]) {
        expect((await t().call("System/GetPersonList", { token: admin.token, query })).status, JSON.stringify(query)).toBe(400);
      }

      // An InsideAdmin sees their department's subtree; an OutsideAdmin their enterprise; others nothing.
      const inside = await sessionFor(t(), "inside");
      expect(await names(inside.token)).toEqual(["admin", "equip", "inside", "transfer", "uploader", "xadmin"]);
      const outside = await sessionFor(t(), "outside");
      expect(await names(outside.token)).toEqual(["guest", "outside"]);
      expect(await names(outside.token, { departmentId: await deptId("钢铁研究总院") })).toEqual([]);
      for (const name of ["guest", "uploader", "sg"]) {
        const s = await sessionFor(t(), name);
        const r = await t().call("System/GetPersonList", { token: s.token });
        expect([r.status, r.msg], name).toEqual([403, FORBIDDEN]);
      }
    });

    it("SavePerson: section 5 messages, duplicates refused by name, nothing changed; a new person gets a one-time password and must change it", async () => {
      const admin = await sessionFor(t(), "admin");
      const before = await db().query(`select * from users order by id`);
      const base = { UserName: "zhang.san", RealName: "张三", Roles: "DataUpload" };
      const cases: Array<[Record<string, string>, string, string, number]> = [
        [{ ...base, UserName: "" }, "UserName", "请输入用户名", 400],
        [{ ...base, UserName: "张 三" }, "UserName", "用户名只能包含字母、数字和 . _ - @，且以字母或数字开头", 400],
        [{ ...base, RealName: "" }, "RealName", "请输入姓名", 400],
        [{ ...base, Mobile: "2380000000" }, "Mobile", "请输入正确的手机号", 400],
        [{ ...base, Email: "zhang@" }, "Email", "请输入正确的邮箱地址", 400],
        [{ ...base, IdCard: "110101199003071234" }, "IdCard", "请输入正确的身份证号", 400],
        [{ ...base, Gender: "2" }, "Gender", "请选择性别", 400],
        [{ ...base, Roles: "" }, "Roles", "请至少选择一个角色", 400],
        [{ ...base, Roles: "Root" }, "Roles", "角色不存在", 400],
        [{ ...base, UserName: "Guest" }, "UserName", "用户名“Guest”已被使用", 409],
        [{ ...base, Mobile: "13800000005" }, "Mobile", "手机号 13800000005 已被使用", 409],
        [{ ...base, DepartmentId: "6f1c2b9e-0000-4000-8000-000000000000" }, "DepartmentId", "部门不存在", 400],
      ];
      for (const [form, field, msg, status] of cases) {
        const r = await save(admin.token, form);
        expect([r.status, r.msg, r.returnData?.fields?.[0]?.field], JSON.stringify(form)).toEqual([status, msg, field]);
      }
      expect(await db().query(`select * from users order by id`)).toEqual(before);

      const ok = await save(admin.token, { ...base, Mobile: "13911112222", IdCard: "11010519491231002x", Gender: "1", DepartmentId: await deptId("高强钢研究室") });
      expect(ok.status, ok.msg).toBe(200);
      expect(isStrongPassword(ok.returnData.Password)).toBe(true);
      const info = await t().call("System/GetPersonInfo", { token: admin.token, query: { id: ok.returnData.Id } });
      expect(info.returnData).toMatchObject({ UserName: "zhang.san", IdCard: "11010519491231002X", DepartmentName: "高强钢研究室", MustChangePassword: true, Roles: ["DataUpload"] });
      // The one-time password works once typed, and the login asks for a new one (UpdatePwd 0).
      const login = await t().login("zhang.san", ok.returnData.Password);
      const me = await t().call("Login/GetUserInfoByIdInfo", { token: login.token, query: { mdId: login.userId } });
      expect(me.returnData.userInfo.UpdatePwd).toBe(false);

      const stale = await save(admin.token, { ...base, Id: ok.returnData.Id, Version: "7", RealName: "张三丰" });
      expect([stale.status, stale.msg]).toEqual([409, "该人员信息已被他人修改，请刷新后重试"]);
      const upd = await save(admin.token, { ...base, Id: ok.returnData.Id, Version: "1", RealName: "张三丰", Roles: "DataUpload,EquimentAdmin" });
      expect([upd.status, upd.returnData.Version, upd.returnData.Password]).toEqual([200, 2, null]);
      const log = await db().query<{ action: string; after: { Roles: string[]; IdCard: string } }>(`select action, after from operation_log where target_id = $1 order by id`, [ok.returnData.Id]);
      expect(log.map((l) => l.action)).toEqual(["person.create", "person.update"]);
      expect(log[1].after.Roles).toEqual(["DataUpload", "EquimentAdmin"]);
      expect(log[0].after.IdCard).not.toContain("19491231"); // the log never keeps the whole ID card

      // The last SystemAdmin keeps the role.
      const self = await save(admin.token, { UserName: "admin", RealName: "系统管理员", Id: await idOf("admin"), Version: String(await versionOf(await idOf("admin"))), Roles: "DataUpload" });
      expect([self.status, self.msg]).toEqual([409, "不能停用或撤销最后一位系统管理员"]);
    });

    it("an InsideAdmin manages only their subtree and never grants admin roles; an OutsideAdmin only their enterprise; the API says so", async () => {
      const admin = await sessionFor(t(), "admin");
      // Two departments side by side, an InsideAdmin of A, and a person of B.
      const mkDept = async (Name: string) => (await t().call("System/SaveDepartment", { token: admin.token, form: { Name } })).returnData.Id as string;
      const [a, b] = [await mkDept("甲部门"), await mkDept("乙部门")];
      const ia = await save(admin.token, { UserName: "ia.a", RealName: "甲管理员", Roles: "InsideAdmin", DepartmentId: a });
      const pb = await save(admin.token, { UserName: "person.b", RealName: "乙员工", Roles: "DataUpload", DepartmentId: b });
      expect([ia.status, pb.status]).toEqual([200, 200]);
      const iaSession = await t().login("ia.a", ia.returnData.Password);
      const token = iaSession.token;

      expect(await names(token)).toEqual(["ia.a"]);
      const read = await t().call("System/GetPersonInfo", { token, query: { id: pb.returnData.Id } });
      expect([read.status, read.msg]).toEqual([404, "人员不存在"]);
      const edit = await save(token, { Id: pb.returnData.Id, Version: "1", UserName: "person.b", RealName: "改名", Roles: "DataUpload", DepartmentId: a });
      expect([edit.status, edit.msg]).toEqual([404, "人员不存在"]);
      for (const path of ["System/ResetPersonPassword", "System/SetPersonStatus", "System/UnlockPerson"]) {
        const r = await t().call(path, { token, form: { Id: pb.returnData.Id, Disabled: "true" } });
        expect([r.status, r.msg], path).toEqual([404, "人员不存在"]);
      }
      const intoB = await save(token, { UserName: "new.b", RealName: "新人", Roles: "DataUpload", DepartmentId: b });
      expect([intoB.status, intoB.msg]).toEqual([403, "该人员不在您的管理范围内"]);
      const grant = await save(token, { UserName: "new.a", RealName: "新人", Roles: "DataUpload,InsideAdmin", DepartmentId: a });
      expect([grant.status, grant.msg]).toEqual([403, "您不能授予或撤销管理员角色"]);
      const mine = await save(token, { UserName: "new.a", RealName: "新人", Roles: "DataUpload", DepartmentId: a });
      expect(mine.status, mine.msg).toBe(200);
      expect(await names(token)).toEqual(["ia.a", "new.a"]);
      // The demo InsideAdmin's subtree holds the SystemAdmin: listed, never touched.
      const inside = await sessionFor(t(), "inside");
      const adminId = await idOf("admin");
      const touch = await t().call("System/ResetPersonPassword", { token: inside.token, form: { Id: adminId } });
      expect([touch.status, touch.msg]).toEqual([403, "该人员不在您的管理范围内"]);

      // The OutsideAdmin's people land in their enterprise whatever they post.
      const outside = await sessionFor(t(), "outside");
      const o = await save(outside.token, { UserName: "partner.1", RealName: "合作者", Roles: "OutsideUser", DepartmentId: b });
      expect(o.status, o.msg).toBe(200);
      const placed = await t().call("System/GetPersonInfo", { token: outside.token, query: { id: o.returnData.Id } });
      expect(placed.returnData).toMatchObject({ EnterpriseName: "合作单位", DepartmentName: null });
      const opts = await t().call("System/GetPersonOptions", { token: outside.token });
      expect(opts.returnData.Departments).toEqual([]);
      expect(opts.returnData.Enterprises.map((e: { Name: string }) => e.Name)).toEqual(["合作单位"]);
      expect(opts.returnData.Roles.filter((r: { Grantable: boolean }) => r.Grantable).map((r: { Code: string }) => r.Code)).not.toContain("OutsideAdmin");
    });

    it("SetPersonStatus: disabling ends the person's sessions and hub connections at once; nobody disables themselves or the last SystemAdmin", async () => {
      const admin = await sessionFor(t(), "admin");
      const equipId = await idOf("equip");
      const user = await hubUser(t(), "equip");
      const conn = hubClient(t().base, user);
      let closed = false;
      conn.onclose(() => (closed = true));
      await conn.start();
      expect((await t().call("SysMessage/GetNoReadMessageCount", { token: user.token })).status).toBe(200);

      const off = await t().call("System/SetPersonStatus", { token: admin.token, form: { Id: equipId, Disabled: "true", Version: String(await versionOf(equipId)) } });
      expect(off.status, off.msg).toBe(200);
      expect((await t().call("SysMessage/GetNoReadMessageCount", { token: user.token })).status).toBe(208);
      await until(() => closed, 5000, "the disabled person's hub connection to close");
      expect(conn.state).toBe("Disconnected");
      expect((await list(admin.token, { status: "disabled" })).rows.map((r) => r.UserName)).toEqual(["equip"]);
      await expect(t().login("equip")).rejects.toThrow("账号已被禁用，请联系管理员");
      const on = await t().call("System/SetPersonStatus", { token: admin.token, form: { Id: equipId, Disabled: "false" } });
      expect(on.status).toBe(200);
      const log = await db().query<{ action: string }>(`select action from operation_log where target_id = $1 order by id`, [equipId]);
      expect(log.map((l) => l.action)).toEqual(["person.disable", "person.enable"]);

      const selfOff = await t().call("System/SetPersonStatus", { token: admin.token, form: { Id: admin.userId, Disabled: "true" } });
      expect([selfOff.status, selfOff.msg]).toEqual([409, "不能停用自己的账号"]);
      const xadmin = await sessionFor(t(), "xadmin");
      await db().query(`insert into user_roles(user_id, role_code) values ($1, 'SystemAdmin')`, [xadmin.userId]);
      const second = await t().call("System/SetPersonStatus", { token: xadmin.token, form: { Id: admin.userId, Disabled: "true" } });
      expect(second.status, second.msg).toBe(200);
      const last = await t().call("System/SetPersonStatus", { token: (await sessionFor(t(), "xadmin")).token, form: { Id: xadmin.userId, Disabled: "true" } });
      expect([last.status, last.msg]).toEqual([409, "不能停用自己的账号"]);
      await db().query(`update users set disabled = false where id = $1`, [admin.userId]);
      await db().query(`delete from user_roles where user_id = $1 and role_code = 'SystemAdmin'`, [xadmin.userId]);
      const lastAdmin = await t().call("System/SetPersonStatus", { token: (await sessionFor(t(), "admin")).token, form: { Id: admin.userId, Disabled: "true" } });
      expect(lastAdmin.status).toBe(409);
      await conn.stop();
    });

    it("ResetPersonPassword shows a one-time password once or sends it by SMS; UnlockPerson lifts the failure lock", async () => {
      const admin = await sessionFor(t(), "admin");
      const uploader = await sessionFor(t(), "uploader");
      const shown = await t().call("System/ResetPersonPassword", { token: admin.token, form: { Id: uploader.userId, Mode: "show" } });
      expect(shown.status, shown.msg).toBe(200);
      expect(isStrongPassword(shown.returnData.Password)).toBe(true);
      expect((await t().call("SysMessage/GetNoReadMessageCount", { token: uploader.token })).status).toBe(208);
      await t().login("uploader", shown.returnData.Password);
      const [{ password_hash }] = await db().query<{ password_hash: string }>(`select password_hash from users where id = $1`, [uploader.userId]);
      expect(password_hash).not.toContain(shown.returnData.Password);
      const log = await db().query(`select after::text from operation_log where action = 'person.resetPassword' and target_id = $1`, [uploader.userId]);
      expect(JSON.stringify(log)).not.toContain(shown.returnData.Password);

      const sms = await t().call("System/ResetPersonPassword", { token: admin.token, form: { Id: uploader.userId, Mode: "sms" } });
      expect([sms.status, sms.returnData.Password, sms.returnData.SentTo]).toEqual([200, null, "138****0006"]);
      const sent = readOutbox(t()).filter((l) => l.mobile === "13800000006").at(-1) as { code: string; template?: string };
      expect(sent.template).toBe("password");
      await t().login("uploader", sent.code);
      const sgId = await idOf("sg");
      await db().query(`update users set mobile = null where id = $1`, [sgId]);
      const noMobile = await t().call("System/ResetPersonPassword", { token: admin.token, form: { Id: sgId, Mode: "sms" } });
      expect([noMobile.status, noMobile.msg]).toEqual([400, "该人员没有手机号，无法通过短信发送密码"]);

      // Five failed password logins lock the account (the rate limit); an unlock lets the right password in.
      await db().query(`insert into login_audit(method, user_name, ip, success, reason) select 'password', 'transfer', '10.0.0.' || g, false, 'bad_password' from generate_series(1, 10) g`);
      const locked = (await list(admin.token, { keyword: "transfer" })).rows[0];
      expect(locked.Locked).toBe(true);
      const unlock = await t().call("System/UnlockPerson", { token: admin.token, form: { Id: locked.Id } });
      expect(unlock.status, unlock.msg).toBe(200);
      expect((await list(admin.token, { keyword: "transfer" })).rows[0].Locked).toBe(false);
      await t().login("transfer");
    });

    it("ImportPersons: every bad cell named by row, column and reason, nothing imported; a good file previews, then its confirmation imports all; ExportPersons reads back", async () => {
      const admin = await sessionFor(t(), "admin");
      const workbook = async (rows: string[][], header = ["用户名*", "姓名*", "手机号", "邮箱", "身份证号", "性别", "部门", "企业", "角色*"]) => {
        const wb = new ExcelJS.Workbook();
        const sheet = wb.addWorksheet("人员");
        sheet.addRow(header);
        for (const r of rows) sheet.addRow(r);
        return Buffer.from(await wb.xlsx.writeBuffer());
      };
      const upload = async (data: Buffer, name = "people.xlsx", lang = "zh-CN") => {
        const m = await multipart({ name, data, type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" });
        return t().call("System/ImportPersons", { method: "POST", token: admin.token, body: m.body, headers: { "content-type": m.contentType, "accept-language": lang } });
      };
      const count = async () => (await db().query<{ n: number }>(`select count(*)::int as n from users`))[0].n;
      const before = await count();

      const bad = await upload(
        await workbook([
          ["imp.one", "导入一", "13700000001", "", "", "男", "钢铁研究总院/检测中心/化学分析室", "", "数据上传员"],
          ["imp.two", "", "1370000", "x@", "", "中", "不存在的部门", "", "Root"],
          ["IMP.ONE", "导入三", "13700000001", "", "", "", "检测中心", "合作单位", "OutsideUser"],
          ["guest", "访客二", "", "", "", "", "", "", "外部用户"],
        ]),
      );
      expect(bad.status, bad.msg).toBe(200);
      expect([bad.returnData.Total, bad.returnData.Bad, bad.returnData.Batch]).toEqual([4, 3, null]);
      const errors = (row: number) => bad.returnData.Rows.find((r: { Row: number }) => r.Row === row).Errors.map((e: { Column: string; Message: string }) => `${e.Column}: ${e.Message}`);
      expect(errors(2)).toEqual([]);
      expect(errors(3)).toEqual(
        expect.arrayContaining(["部门: 部门“不存在的部门”不存在", "角色: 角色“Root”不存在", "性别: 性别应为 男、女 或 未知", "姓名: 请输入姓名", "手机号: 请输入正确的手机号", "邮箱: 请输入正确的邮箱地址"]),
      );
      expect(errors(4)).toEqual(["用户名: 与第 2 行重复", "手机号: 与第 2 行重复"]);
      expect(errors(5)).toEqual(["用户名: 用户名“guest”已被使用"]);
      expect(await count()).toBe(before);

      // Not a workbook, a missing column, too large: each says so, in the caller's language.
      expect((await upload(Buffer.from("name,mobile\n"), "people.csv")).msg).toBe("不是有效的 Excel 文件（.xlsx）");
      expect((await upload(await workbook([["a", "b"]], ["用户名", "姓名"]))).msg).toBe("缺少列“角色”（请使用导入模板）");
      expect((await upload(Buffer.alloc(6 * 1024 * 1024, 1), "big.xlsx", "en")).msg).toBe("The file cannot be larger than 5 MB");

      const good = await upload(
        await workbook([
          ["imp.one", "导入一", "13700000001", "one@example.org", "11010519491231002X", "男", "钢铁研究总院/检测中心/化学分析室", "", "数据上传员, 设备管理员"],
          ["imp.two", "导入二", "", "", "", "女", "计算材料研究室", "华北特钢示范有限公司", "OutsideUser"],
        ]),
      );
      expect([good.returnData.Bad, typeof good.returnData.Batch]).toEqual([0, "string"]);
      expect(await count()).toBe(before);
      const other = await sessionFor(t(), "inside");
      expect((await t().call("System/ConfirmPersonImport", { token: other.token, form: { Batch: good.returnData.Batch } })).status).toBe(409);
      const done = await t().call("System/ConfirmPersonImport", { token: admin.token, form: { Batch: good.returnData.Batch } });
      expect([done.status, done.returnData]).toEqual([200, { Imported: 2 }]);
      expect(await count()).toBe(before + 2);
      expect((await t().call("System/ConfirmPersonImport", { token: admin.token, form: { Batch: good.returnData.Batch } })).msg).toBe("该导入已确认过或已过期，请重新上传文件");
      const one = (await list(admin.token, { keyword: "imp.one" })).rows[0];
      expect(one).toMatchObject({ DepartmentName: "化学分析室", Roles: ["DataUpload", "EquimentAdmin"], MustChangePassword: true });
      expect((await db().query(`select 1 from operation_log where action = 'person.import' and target_id = $1`, [one.Id])).length).toBe(1);

      // The export: the filtered rows, read back with exceljs.
      const res = await fetch(`${t().base}/api/System/ExportPersons?keyword=imp.&sort=userName`, { headers: { xteam: "xteam", AuthorizationToken: admin.token } });
      expect(res.headers.get("content-type")).toContain("spreadsheetml");
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(await res.arrayBuffer());
      const rows = (wb.worksheets[0].getSheetValues() as unknown[][]).filter(Boolean).map((r) => Array.from({ length: 8 }, (_, i) => r[i + 1] ?? ""));
      expect(rows).toEqual([
        ["用户名", "姓名", "手机号", "邮箱", "性别", "部门", "企业", "角色"],
        ["imp.one", "导入一", "13700000001", "one@example.org", "男", "化学分析室", "", "数据上传员,设备管理员"],
        ["imp.two", "导入二", "", "", "女", "计算材料研究室", "华北特钢示范有限公司", "外部用户"],
      ]);
      // A department admin's import: no outside organisation, no admin roles, each said in its cell.
      const insider = await sessionFor(t(), "inside");
      const m = await multipart({ name: "p.xlsx", data: await workbook([["ia.imp", "内部导入", "", "", "", "", "检测中心", "合作单位", "数据上传员,内部管理员"]]) });
      const ia = await t().call("System/ImportPersons", { method: "POST", token: insider.token, body: m.body, headers: { "content-type": m.contentType, "accept-language": "zh-CN" } });
      expect(ia.returnData.Rows[0].Errors.map((e: { Column: string; Message: string }) => `${e.Column}: ${e.Message}`)).toEqual(["企业: 该人员不在您的管理范围内", "角色: 您不能授予或撤销管理员角色"]);

      const guest = await sessionFor(t(), "guest");
      expect((await fetch(`${t().base}/api/System/ExportPersons`, { headers: { xteam: "xteam", AuthorizationToken: guest.token } })).status).toBe(200);
      expect((await (await fetch(`${t().base}/api/System/ExportPersons`, { headers: { xteam: "xteam", AuthorizationToken: guest.token } })).json()).status).toBe(403);
    });
  },
  HUB_TEST_ENV,
);
