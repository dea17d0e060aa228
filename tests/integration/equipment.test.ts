import { expect, it } from "vitest";
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
});
