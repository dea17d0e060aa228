import { expect, it } from "vitest";
import { describeEachBackend } from "./harness.ts";
import { sessionFor } from "./session-helpers.ts";

describeEachBackend("materials: a steel with its process steps, its samples and records by heat, the lab writing and the staff reading", (t) => {
  const db = () => t().api.app.db;
  const save = (token: string, json: unknown, lang = "zh-CN") => t().call("TrialDetection/SaveMaterial", { method: "POST", token, json, headers: { "accept-language": lang } });
  const get = (token: string, id: string) => t().call("TrialDetection/GetMaterial", { token, query: { id } });
  let n = 0;
  const code = () => `MT-${process.pid}-${++n}`;

  it("the lab saves a material with its steps in order; the staff read it with the samples and records of its heat and the composition its calculations use", async () => {
    const [uploader, transfer] = await Promise.all(["uploader", "transfer"].map((u) => sessionFor(t(), u)));
    const [{ heat_no }] = await db().query<{ heat_no: string }>(`select heat_no from detection_samples where grade = '42CrMo' and heat_no <> '' order by registered_at limit 1`);
    const r = await save(uploader.token, {
      Code: code(),
      Grade: "42CrMo",
      HeatNo: heat_no.toLowerCase(),
      Form: "棒材",
      Steps: [
        { Kind: "quenching", Title: "油淬", TemperatureC: "860", DurationMin: "60", Medium: "油" },
        { Kind: "tempering", TemperatureC: 550, DurationMin: 120 },
      ],
    });
    expect(r.status, r.msg).toBe(200);
    expect(r.returnData.Steps.map((s: { Kind: string; TemperatureC: number }) => [s.Kind, s.TemperatureC])).toEqual([
      ["quenching", 860],
      ["tempering", 550],
    ]);
    const d = (await get(transfer.token, r.returnData.Id)).returnData;
    const samples = await db().query<{ code: string }>(`select code from detection_samples where upper(heat_no) = upper($1)`, [heat_no]);
    expect(d.Samples.map((s: { Code: string }) => s.Code).sort()).toEqual(samples.map((s) => s.code).sort());
    expect(d.CanEdit).toBe(false);
    // No record of this heat has carbon yet: the grade's nominal composition, from the catalogue.
    expect(d.Composition.Basis).toBe("nominal");
    expect(d.Composition.Values.C).toBeGreaterThan(0.3);
    const list = await t().call("TrialDetection/GetMaterials", { method: "POST", token: transfer.token, json: { keyword: heat_no } });
    expect(list.returnData.rows.find((m: { Id: string }) => m.Id === r.returnData.Id)).toMatchObject({ StepCount: 2, SampleCount: samples.length });
    // A record of the heat with its carbon: the measured composition wins.
    await db().query(`insert into test_records (code, source, heat_no, grade, tested_at, c, mn) values ('REC-1', 'upload', $1, '42CrMo', now(), 0.41, 0.66)`, [heat_no]);
    const again = (await get(transfer.token, r.returnData.Id)).returnData;
    expect(again.Composition).toEqual({ Basis: "measured", RecordCode: "REC-1", Values: { C: 0.41, Mn: 0.66 } });
    expect(again.Records[0]).toMatchObject({ Code: "REC-1", Source: "upload", Values: { C: 0.41, Mn: 0.66 } });
  });

  it("refuses a bad step at its field in the caller's language, a code taken, a stale edit; only the lab writes; saves and deletes are logged", async () => {
    const [uploader, transfer, outside, guest] = await Promise.all(["uploader", "transfer", "outside", "guest"].map((u) => sessionFor(t(), u)));
    const c = code();
    const bad = await save(uploader.token, { Code: c, Steps: [{ Kind: "tempering" }, { Kind: "aging", TemperatureC: "5000" }] }, "en");
    expect([bad.status, bad.msg, bad.returnData.fields[0].field]).toEqual([400, "The temperature must be a number from −273 to 3000 °C", "Steps.1.TemperatureC"]);
    expect((await save(uploader.token, { Code: c, Steps: [{ Kind: "baking" }] })).msg).toBe("请选择工艺类型");
    expect((await save(uploader.token, { Code: "" })).msg).toBe("请输入材料编号");
    const ok = await save(uploader.token, { Code: c });
    expect(ok.status).toBe(200);
    const taken = await save(uploader.token, { Code: c.toLowerCase() });
    expect([taken.status, taken.msg]).toEqual([409, "该材料编号已存在"]);
    const edited = await save(uploader.token, { Id: ok.returnData.Id, Code: c, Supplier: "宝钢", Version: 1 });
    expect(edited.returnData.Version).toBe(2);
    expect((await save(uploader.token, { Id: ok.returnData.Id, Code: c, Version: 1 })).status).toBe(409);
    expect((await save(transfer.token, { Code: code() })).status).toBe(403);
    for (const who of [outside, guest]) expect((await get(who.token, ok.returnData.Id)).status).toBe(403);
    const del = await t().call("TrialDetection/DeleteMaterial", { method: "POST", token: uploader.token, json: { Id: ok.returnData.Id, Version: 2 } });
    expect(del.status, del.msg).toBe(200);
    expect((await get(transfer.token, ok.returnData.Id)).status).toBe(404);
    const log = await db().query<{ action: string }>(`select action from operation_log where target_id = $1 order by id`, [ok.returnData.Id]);
    expect(log.map((l) => l.action)).toEqual(["material.save", "material.save", "material.delete"]);
  });
});
