import { describe, expect, it } from "vitest";
import { noticeDueCalibrations } from "../../api/modules/equipment/calibration-notices.ts";
import { detectionCalls } from "./detection-helpers.ts";
import { describeEachBackend } from "./harness.ts";
import { sessionFor } from "./session-helpers.ts";

type Equip = { Id: string; Name: string; KeeperName: string | null; Calibration: string; Version: number; Photos: { path: string }[]; DepartmentName: string | null };

/** A real 1×1 PNG. */
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");

describeEachBackend("experimental equipment: registration by the equipment roles, each seeing its own reach, calibration due, photos", (t) => {
  const db = () => t().api.app.db;
  const save = (token: string, json: unknown, lang = "zh-CN") => t().call("TrialDetection/SaveExperimentalEquipment", { method: "POST", token, json, headers: { "accept-language": lang } });
  const list = (token: string, json: Record<string, unknown> = {}) => t().call("TrialDetection/GetMyExperimentalEquipment", { method: "POST", token, json: { pageSize: 100, ...json } });
  const day = (offset: number) => new Date(Date.now() + offset * 86400_000).toISOString().slice(0, 10);
  let n = 0;
  const serial = () => `SN-${process.pid}-${++n}`;

  it("DataUpload registers an instrument and keeps it; the equipment admins see every one, others only theirs; each save is logged", async () => {
    const [uploader, equip, admin, inside, xadmin, guest] = await Promise.all(["uploader", "equip", "admin", "inside", "xadmin", "guest"].map((u) => sessionFor(t(), u)));
    const [{ id: dept }] = await db().query<{ id: string }>(`select d.id from departments d join users u on u.department_id = d.id where u.name = 'uploader'`);
    const r = await save(uploader.token, {
      Name: "电子万能试验机",
      Model: "WDW-300",
      Maker: "长春试验机所",
      Serial: serial(),
      Location: "力学性能室 102",
      DepartmentId: dept,
      Methods: ["TENSILE-RT"],
      CalibratedOn: day(-350),
      CalibrationDue: day(15),
      Note: "",
    });
    expect(r.status, r.msg).toBe(200);
    const e = r.returnData as Equip;
    expect(e).toMatchObject({ Name: "电子万能试验机", KeeperName: "数据上传员", Calibration: "dueSoon", Version: 1 });
    const ids = async (token: string, q: Record<string, unknown> = {}) => ((await list(token, q)).returnData?.rows ?? []).map((x: Equip) => x.Id);
    for (const who of [uploader, equip, admin, inside]) expect(await ids(who.token), "sees it").toContain(e.Id);
    // Another DataUpload-like reach: a SystemAdmin's instrument without a department is not the uploader's.
    const other = await save(admin.token, { Name: "维氏硬度计", Maker: "Wilson", Serial: serial(), Methods: ["HARD-HV"], CalibrationDue: day(-3) });
    expect(other.returnData.Calibration).toBe("overdue");
    expect(await ids(uploader.token)).not.toContain(other.returnData.Id);
    expect((await t().call("TrialDetection/GetExperimentalEquipment", { token: uploader.token, query: { id: other.returnData.Id } })).status).toBe(404);
    expect(await ids(equip.token, { calibration: "overdue" })).toContain(other.returnData.Id);
    expect(await ids(equip.token, { calibration: "overdue" })).not.toContain(e.Id);
    expect(await ids(equip.token, { calibration: "dueSoon", keyword: "WDW" })).toEqual([e.Id]);
    // The warning's counts cover every instrument in reach, whatever the filters.
    const counted = (await list(equip.token, { keyword: "no such instrument" })).returnData;
    const [{ overdue, soon }] = await db().query<{ overdue: number; soon: number }>(
      `select count(*) filter (where status <> 'retired' and calibration_due < current_date)::int as overdue,
              count(*) filter (where status <> 'retired' and calibration_due between current_date and current_date + 30)::int as soon from equipment`,
    );
    expect([counted.total, counted.Overdue, counted.DueSoon]).toEqual([0, overdue, soon]);
    expect(overdue).toBeGreaterThan(0);
    for (const who of [xadmin, guest]) expect((await list(who.token)).status).toBe(403);
    // Edited at its version; a stale second save changes nothing.
    const edited = await save(equip.token, { ...r.returnData, Id: e.Id, Status: "maintenance", Version: 1 });
    expect(edited.returnData).toMatchObject({ Version: 2, Calibration: "dueSoon" });
    const stale = await save(uploader.token, { ...r.returnData, Id: e.Id, Name: "改名", Version: 1 });
    expect([stale.status, stale.msg]).toEqual([409, "该设备已被他人修改，请重新打开后再保存"]);
    const log = await db().query<{ action: string }>(`select action from operation_log where target_id = $1 order by id`, [e.Id]);
    expect(log.map((l) => l.action)).toEqual(["equipment.save", "equipment.save"]);
  });

  it("refuses bad input by field in the caller's language, a serial its maker already has, a department out of reach, someone else's file; keeps photos", async () => {
    const [uploader, admin] = await Promise.all(["uploader", "admin"].map((u) => sessionFor(t(), u)));
    const sn = serial();
    expect((await save(uploader.token, { Name: "碳硫分析仪", Maker: "LECO", Serial: sn })).status).toBe(200);
    const [{ id: elsewhere }] = await db().query<{ id: string }>(`select id from departments where parent_id is null limit 1`);
    const [{ id: mine }] = await db().query<{ id: string }>(`select department_id as id from users where name = 'uploader'`);
    const upload = async (token: string) => {
      const form = new FormData();
      form.set("file", new Blob([new Uint8Array(PNG)]), "photo.png");
      const res = await fetch(`${t().base}/api/Attachment/UploadFile`, { method: "POST", body: form, headers: { xteam: "xteam", AuthorizationToken: token } });
      return String(((await res.json()) as { returnData: { AttachmentPath: string } }).returnData.AttachmentPath);
    };
    const adminsFile = await upload(admin.token);
    const cases: Array<[Record<string, unknown>, number, string, string]> = [
      [{ Name: "" }, 400, "Name", "请输入设备名称"],
      [{ Name: "x", CalibratedOn: "2026-05-01", CalibrationDue: "2026-04-01" }, 400, "CalibrationDue", "下次校准日期不能早于校准日期"],
      [{ Name: "x", CalibrationDue: "2026-02-30" }, 400, "CalibrationDue", "请输入正确的日期"],
      [{ Name: "x", Methods: ["DROP TABLE"] }, 400, "Methods", "检测方法不存在"],
      [{ Name: "x", Maker: "leco", Serial: sn.toLowerCase() }, 409, "Serial", "该厂家的此出厂编号已登记"],
      [{ Name: "x", Photos: [adminsFile] }, 400, "Photos", "文件不存在或不是您上传的"],
      [{ Name: "x", Status: "broken" }, 400, "Status", "状态无效"],
    ];
    const before = (await db().query<{ n: number }>(`select count(*)::int as n from equipment`))[0].n;
    for (const [json, status, field, msg] of cases) {
      const r = await save(uploader.token, json);
      expect([r.status, r.returnData?.fields?.[0]?.field, r.msg], JSON.stringify(json)).toEqual([status, field, msg]);
    }
    if (elsewhere !== mine) expect((await save(uploader.token, { Name: "x", DepartmentId: elsewhere })).msg).toBe("所属部门不存在或不在您的管理范围内");
    expect((await save(uploader.token, { Name: "" }, "en")).msg).toBe("Enter the instrument's name");
    expect((await db().query<{ n: number }>(`select count(*)::int as n from equipment`))[0].n).toBe(before);
    // A photo of one's own stays with the instrument (the sweep of unused uploads leaves it).
    const photo = await upload(uploader.token);
    const r = await save(uploader.token, { Name: "金相显微镜", Methods: ["METALLO-MICRO"], Photos: [photo] });
    expect(r.status, r.msg).toBe(200);
    expect((r.returnData as Equip).Photos.map((p) => p.path)).toEqual([photo.replace(/^\/attachment\//, "")]);
    const [{ used }] = await db().query<{ used: boolean }>(`select exists (select 1 from equipment_photos ep join attachments a on a.id = ep.attachment_id where a.stored_name = $1) as used`, [photo.replace(/^\/attachment\//, "")]);
    expect(used).toBe(true);
  });

  describe("in use", () => {
    const { orderInTest, post } = detectionCalls(t);
    const resultCount = async () => (await db().query<{ n: number }>(`select count(*)::int as n from detection_results`))[0].n;
    const enter = (token: string, SampleId: string, Method: string, EquipmentId: string, values: Record<string, string | number>, lang = "zh-CN") =>
      post("SaveResults", token, { SampleId, Method, Equipment: "typed", EquipmentId, Values: Object.entries(values).map(([Quantity, Value]) => ({ Quantity, Value })) }, { "accept-language": lang });

    it("a result names the registered instrument it was measured on; one under maintenance, overdue or not running the method is refused, changing nothing", async () => {
      const [admin, guest, equip] = await Promise.all(["admin", "guest", "equip"].map((u) => sessionFor(t(), u)));
      const reg = async (json: Record<string, unknown>) => (await save(equip.token, { Serial: serial(), Maker: "MTS", ...json })).returnData as Equip;
      const tester = await reg({ Name: "万能试验机", Model: "E45", Methods: ["TENSILE-RT"], CalibrationDue: day(200) });
      const vickers = await reg({ Name: "维氏硬度计", Methods: ["HARD-HV"], CalibrationDue: day(200) });
      const resting = await reg({ Name: "万能试验机 B", Methods: ["TENSILE-RT"], Status: "maintenance" });
      const overdue = await reg({ Name: "万能试验机 C", Methods: ["TENSILE-RT"], CalibrationDue: day(-2) });
      // The lab's forms list every instrument not retired, with what it runs and its calibration; not for outside users.
      const offered = await t().call("TrialDetection/GetResultEquipment", { token: admin.token });
      const byId = new Map((offered.returnData.Instruments as { Id: string; Label: string; Calibration: string; Status: string }[]).map((i) => [i.Id, i]));
      expect(byId.get(tester.Id)).toMatchObject({
        Label: `万能试验机 E45 #${(await db().query<{ serial: string }>(`select serial from equipment where id = $1`, [tester.Id]))[0].serial}`,
        Calibration: "ok",
      });
      expect(byId.get(overdue.Id)).toMatchObject({ Calibration: "overdue" });
      expect((await t().call("TrialDetection/GetResultEquipment", { token: guest.token })).status).toBe(403);

      const o = await orderInTest(admin.token);
      const [bar1, bar2] = o.samples;
      const before = await resultCount();
      const cases: Array<[string, string, string]> = [
        [crypto.randomUUID(), "该设备未登记", "No such registered instrument"],
        [vickers.Id, "该设备不能进行此检测方法", "That instrument does not run this method"],
        [resting.Id, "该设备维护中或已停用，不能用于检测", "That instrument is under maintenance or retired: it cannot be used for results"],
        [overdue.Id, `该设备校准已过期（应于 ${day(-2)} 前校准），校准后才能用于检测`, `That instrument's calibration is overdue (due ${day(-2)}): calibrate it before using it for results`],
      ];
      for (const [id, zh, en] of cases) {
        const r = await enter(admin.token, bar1.Id, "TENSILE-RT", id, { Rm: 1100 });
        expect([r.status, r.returnData?.fields?.[0]?.field, r.msg]).toEqual([400, "EquipmentId", zh]);
        expect((await enter(admin.token, bar1.Id, "TENSILE-RT", id, { Rm: 1100 }, "en")).msg).toBe(en);
      }
      expect(await resultCount()).toBe(before);
      // A chosen instrument's name replaces what was typed; the result keeps its id.
      const ok = await enter(admin.token, bar1.Id, "TENSILE-RT", tester.Id, { Rm: 1100, A: 15 });
      expect(ok.status, ok.msg).toBe(200);
      expect(ok.returnData.Results.map((r: { Equipment: string; EquipmentId: string }) => [r.Equipment.startsWith("万能试验机 E45 #"), r.EquipmentId])).toEqual([
        [true, tester.Id],
        [true, tester.Id],
      ]);
      // An instrument's CSV imported for the order, with the instrument.
      const form = new FormData();
      for (const [k, v] of Object.entries({ OrderId: o.Id, Method: "TENSILE-RT", EquipmentId: tester.Id })) form.set(k, v);
      form.set("file", new Blob([`SampleID,Rm\n${bar2.Code},1090\n`], { type: "text/csv" }), "export.csv");
      const res = await fetch(`${t().base}/api/TrialDetection/ImportResults`, { method: "POST", body: form, headers: { xteam: "xteam", AuthorizationToken: admin.token } });
      expect(((await res.json()) as { status: number }).status).toBe(200);
      const [{ n }] = await db().query<{ n: number }>(`select count(distinct sample_id)::int as n from detection_results where equipment_id = $1`, [tester.Id]);
      expect(n).toBe(2);

      // The statistics count the two tests (a sample and a method each) at the method's 30 minutes.
      const stats = await t().call("TrialDetection/GetEquipmentStatistics", { token: equip.token });
      expect(stats.status, stats.msg).toBe(200);
      const mine = stats.returnData.Instruments.find((i: { Id: string }) => i.Id === tester.Id);
      expect(mine).toMatchObject({ Tests: 2, Hours: 1, Calibration: "ok" });
      expect(mine.LastUsed).not.toBeNull();
      const month = new Date().toISOString().slice(0, 7);
      const [{ tests }] = await db().query<{ tests: number }>(`select count(distinct (equipment_id, sample_id, method))::int as tests from detection_results where equipment_id is not null`);
      expect(stats.returnData.ByMonth.find((m: { Month: string }) => m.Month === month).Tests).toBe(tests);
      expect(stats.returnData.Totals.Tests).toBe(tests);
      expect(stats.returnData.ByDepartment.reduce((s: number, d: { Tests: number }) => s + d.Tests, 0)).toBe(tests);
      expect(stats.returnData.Totals.Overdue).toBeGreaterThan(0);
      const reversed = await t().call("TrialDetection/GetEquipmentStatistics", { token: equip.token, query: { from: day(0), to: day(-5) } });
      expect([reversed.status, reversed.msg]).toEqual([400, "开始日期不能晚于结束日期"]);
      for (const who of ["uploader", "inside", "guest"]) expect((await t().call("TrialDetection/GetEquipmentStatistics", { token: (await sessionFor(t(), who)).token })).status, who).toBe(403);
    });

    it("the keeper is told once when a calibration comes due within 30 days, and once more when it is overdue, however many sweeps run", async () => {
      const equip = await sessionFor(t(), "equip");
      const fields = { Name: "碳硫分析仪", Model: "CS-844", Maker: "LECO", Serial: serial(), Methods: ["CHEM-CS"] };
      const soon = (await save(equip.token, { ...fields, CalibrationDue: day(10) })).returnData as Equip;
      const messages = async () =>
        (
          await db().query<{ title: string; link: string }>(
            `select m.title, m.link from user_messages m join users u on u.id = m.user_id where u.name = 'equip' and m.link like $1 order by m.created_at`,
            [`%${soon.Id}`],
          )
        ).map((m) => m.title);
      // Two API instances sweeping at once: one message.
      await Promise.all([noticeDueCalibrations(t().api.app), noticeDueCalibrations(t().api.app)]);
      expect(await messages()).toEqual([expect.stringMatching(/^设备校准即将到期：碳硫分析仪 CS-844 #/)]);
      expect(await noticeDueCalibrations(t().api.app)).toBe(0);
      // The day it is past due: told again, once.
      await noticeDueCalibrations(t().api.app, day(11));
      await noticeDueCalibrations(t().api.app, day(12));
      expect((await messages()).length).toBe(2);
      expect((await messages())[1]).toMatch(/^设备校准已过期：碳硫分析仪/);
      // Calibrated (a new due date a year on): nothing more until that one comes near.
      const calibrated = await save(equip.token, { ...fields, Id: soon.Id, CalibratedOn: day(0), CalibrationDue: day(365), Version: soon.Version });
      expect(calibrated.status, calibrated.msg).toBe(200);
      await noticeDueCalibrations(t().api.app);
      expect((await messages()).length).toBe(2);
    });
  });
});
