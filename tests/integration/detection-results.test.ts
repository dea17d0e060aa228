import { expect, it } from "vitest";
import { detectionCalls } from "./detection-helpers.ts";
import { describeEachBackend } from "./harness.ts";
import { sessionFor } from "./session-helpers.ts";

type R = { SampleCode: string; Method: string; Quantity: string; Value: number | null; Text: string; Min: number | null; Max: number | null; LimitSource: string; Verdict: string; EnteredBy: string; VerifiedBy: string | null; SupersededAt: string | null; RetestReason: string; Source: string };

describeEachBackend("test detection: results against limits, verified by a second person, retested with the old value kept", (t) => {
  const { db, post, orderInTest, receivedOrder } = detectionCalls(t);
  const results = async (token: string, orderId: string) => (await t().call("TrialDetection/GetOrderResults", { token, query: { orderId } })).returnData.Results as R[];
  const resultCount = async () => (await db().query<{ n: number }>(`select count(*)::int as n from detection_results`))[0].n;
  const save = (token: string, SampleId: string, Method: string, values: Record<string, string | number>, headers?: Record<string, string>) =>
    post("SaveResults", token, { SampleId, Method, Equipment: "WDW-300 万能试验机", Values: Object.entries(values).map(([Quantity, Value]) => ({ Quantity, Value })) }, headers);
  const move = (token: string, Id: string, Action: string, Version: number, Reason = "") => post("SetTaskOrderState", token, { Id, Action, Version, Reason });

  /** Uploads a CSV to ImportResults as the lab's page would (multipart). */
  async function importCsv(token: string, fields: Record<string, string>, csv: string, lang = "zh-CN") {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.set(k, v);
    form.set("file", new Blob([csv], { type: "text/csv" }), "export.csv");
    const res = await fetch(`${t().base}/api/TrialDetection/ImportResults`, { method: "POST", body: form, headers: { xteam: "xteam", AuthorizationToken: token, "accept-language": lang } });
    return (await res.json()) as { status: number; msg: string; returnData: any };
  }

  it("each value is judged against the order's limit, else the grade's, and keeps the limit it was judged by", async () => {
    const admin = await sessionFor(t(), "admin");
    const o = await orderInTest(admin.token, { limits: [{ Method: "TENSILE-RT", Quantity: "A", Min: 14 }] });
    const [bar1, bar2, plate] = o.samples;
    // 42CrMo (GB/T 3077): Rm >= 1080 MPa, A >= 12 %, but the order asks A >= 14 %.
    const r1 = await save(admin.token, bar1.Id, "TENSILE-RT", { Rm: 1100, "Rp0.2": 950, A: 13, Z: "" });
    expect(r1.status, r1.msg).toBe(200);
    const byQ = (rs: R[]) => Object.fromEntries(rs.map((r) => [r.Quantity, [r.Value, r.Min, r.Max, r.LimitSource, r.Verdict]]));
    expect(byQ(r1.returnData.Results)).toEqual({ Rm: [1100, 1080, null, "grade", "in"], "Rp0.2": [950, 930, null, "grade", "in"], A: [13, 14, null, "order", "out"] });
    await save(admin.token, bar2.Id, "TENSILE-RT", { Rm: "1.05e3" });
    // Grade 45 (GB/T 699): C 0.42–0.50, Mn 0.50–0.80; no limit for an element the grade does not name.
    const chem = await save(admin.token, plate.Id, "CHEM-OES", { C: "0.46", Mn: 0.95, Mo: 0.02 });
    expect(byQ(chem.returnData.Results)).toEqual({ C: [0.46, 0.42, 0.5, "grade", "in"], Mn: [0.95, 0.5, 0.8, "grade", "out"], Mo: [0.02, null, null, "", "none"] });
    // Before verification a value changes in place.
    await save(admin.token, bar2.Id, "TENSILE-RT", { Rm: 1090 });
    const all = await results(admin.token, o.Id);
    expect(all.filter((r) => r.SampleCode === bar2.Code).map((r) => [r.Quantity, r.Value, r.Verdict])).toEqual([["Rm", 1090, "in"]]);
    expect(all.every((r) => r.EnteredBy === "admin" && r.VerifiedBy === null && r.SupersededAt === null && r.Source === "form")).toBe(true);
  });

  it("bad values, quantities and methods are refused by field in the caller's language, and nothing changes", async () => {
    const admin = await sessionFor(t(), "admin");
    const o = await orderInTest(admin.token);
    const [bar] = o.samples;
    const before = await resultCount();
    const cases: Array<[string, Record<string, string | number>, string, string]> = [
      ["TENSILE-RT", { Rm: "1,080" }, "Values.0.Value", "Rm 须为数字"],
      ["TENSILE-RT", { Rm: 1100, A: 140 }, "Values.1.Value", "A 的数值超出可能范围（0 至 100）"],
      ["TENSILE-RT", { HV: 300 }, "Values.0.Quantity", "该检测方法没有此测量项"],
      ["TENSILE-RT", { Rm: "" }, "Values", "请至少填写一个测量值"],
      ["CHEM-OES", { C: 0.4 }, "Method", "委托单未要求该样品做此项检测"],
      ["NO-SUCH", { C: 0.4 }, "Method", "检测方法不存在"],
    ];
    for (const [method, values, field, msg] of cases) {
      const r = await save(admin.token, bar.Id, method, values);
      expect([r.status, r.msg, r.returnData.fields[0].field], `${method} ${JSON.stringify(values)}`).toEqual([400, msg, field]);
    }
    const en = await save(admin.token, bar.Id, "TENSILE-RT", { A: -1 }, { "accept-language": "en" });
    expect(en.msg).toBe("A is outside what it can be (0 to 100)");
    for (const name of ["guest", "outside", "equip", "transfer", "sg"]) {
      const s = await sessionFor(t(), name);
      expect((await save(s.token, bar.Id, "TENSILE-RT", { Rm: 1100 })).status, name).toBe(403);
    }
    // Results are entered while the order is in test, not before.
    const waiting = await receivedOrder(admin.token);
    const reg = await post("RegisterSamples", admin.token, { OrderId: waiting.Id });
    const early = await save(admin.token, reg.returnData.Samples[0].Id, "TENSILE-RT", { Rm: 1100 });
    expect([early.status, early.msg]).toEqual([409, "委托单当前状态为“已接收”，不能执行此操作"]);
    expect(await resultCount()).toBe(before);
  });

  it("an order goes to verification with every result; another person verifies; a retest replaces a value and keeps the old one with why", async () => {
    const admin = await sessionFor(t(), "admin");
    const inside = await sessionFor(t(), "inside");
    const o = await orderInTest(admin.token);
    const [bar1, bar2, plate] = o.samples;
    await save(admin.token, bar1.Id, "TENSILE-RT", { Rm: 1100 });
    await save(admin.token, bar1.Id, "HARD-HBW", { HBW: 320 });
    await save(admin.token, bar2.Id, "TENSILE-RT", { Rm: 1095 });
    // bar 2's hardness and the plate's composition are missing.
    const early = await move(admin.token, o.Id, "complete", 4);
    expect([early.status, early.msg]).toEqual([409, "请先录入全部检测结果，再提交审核"]);
    await save(admin.token, bar2.Id, "HARD-HBW", { HBW: 318 });
    await save(inside.token, plate.Id, "CHEM-OES", { C: 0.45, Mn: 0.7 });
    expect((await move(admin.token, o.Id, "complete", 4)).returnData).toEqual({ State: "to_verify", Version: 5 });
    // Both entered values: neither may verify. Another lab member (uploader) may.
    for (const who of [admin, inside]) {
      const r = await move(who.token, o.Id, "verify", 5);
      expect([r.status, r.msg]).toEqual([409, "审核人不能是录入人：有结果由您录入，请由他人审核"]);
    }
    const uploader = await sessionFor(t(), "uploader");
    expect((await move(uploader.token, o.Id, "verify", 5)).returnData).toEqual({ State: "verified", Version: 6 });
    expect((await results(admin.token, o.Id)).every((r) => r.VerifiedBy === "uploader")).toBe(true);
    expect((await move(admin.token, o.Id, "report", 6)).returnData.State).toBe("reported");

    // A retest: the order goes back to the bench; the new value replaces the verified one, which stays.
    expect((await move(admin.token, o.Id, "retest", 7, "客户对 Rm 有异议，复验")).returnData.State).toBe("in_test");
    await save(inside.token, bar1.Id, "TENSILE-RT", { Rm: 1120 });
    const rm = (await results(admin.token, o.Id)).filter((r) => r.SampleCode === bar1.Code && r.Quantity === "Rm");
    expect(rm.map((r) => [r.Value, r.VerifiedBy, r.SupersededAt !== null, r.RetestReason])).toEqual([
      [1100, "uploader", true, "客户对 Rm 有异议，复验"],
      [1120, null, false, ""],
    ]);
    expect((await move(admin.token, o.Id, "complete", 8)).returnData.State).toBe("to_verify");
    // inside entered the new value; admin did not (its old values are verified already): admin verifies.
    expect((await move(inside.token, o.Id, "verify", 9)).status).toBe(409);
    expect((await move(admin.token, o.Id, "verify", 9)).returnData.State).toBe("verified");
    const current = (await results(admin.token, o.Id)).filter((r) => r.SupersededAt === null);
    expect(current.find((r) => r.SampleCode === bar1.Code && r.Quantity === "Rm")).toMatchObject({ Value: 1120, VerifiedBy: "admin" });
    // A sample's own page gets its results too, the replaced one included.
    const bar1Page = (await t().call("TrialDetection/GetSample", { token: admin.token, query: { code: bar1.Code } })).returnData;
    expect(bar1Page.Results.filter((r: { Quantity: string }) => r.Quantity === "Rm").map((r: { Value: number; SupersededAt: string | null }) => [r.Value, r.SupersededAt !== null])).toEqual([
      [1100, true],
      [1120, false],
    ]);
    const platePage = (await t().call("TrialDetection/GetSample", { token: admin.token, query: { code: plate.Code } })).returnData;
    expect(platePage.Results.map((r: { Quantity: string; Value: number }) => [r.Quantity, r.Value])).toEqual([
      ["C", 0.45],
      ["Mn", 0.7],
    ]);
    const logged = await db().query<{ action: string }>(`select distinct action from operation_log where target_id = any($1::text[])`, [[bar1.Id, o.Id]]);
    expect(logged.map((l) => l.action)).toEqual(expect.arrayContaining(["result.save", "taskOrder.verify", "taskOrder.retest"]));
    // Outside users read their enterprise's results; SG users none.
    const guest = await sessionFor(t(), "guest");
    expect(await results(guest.token, o.Id)).toHaveLength(7);
    const sg = await sessionFor(t(), "sg");
    expect((await t().call("TrialDetection/GetOrderResults", { token: sg.token, query: { orderId: o.Id } })).status).toBe(403);
  });

  it("re-saving a form changes only the values that changed; a retest needs something measured again; a reported order is corrected, not cancelled", async () => {
    const admin = await sessionFor(t(), "admin");
    const inside = await sessionFor(t(), "inside");
    const uploader = await sessionFor(t(), "uploader");
    const o = await orderInTest(admin.token, { lines: [{ Description: "棒", Grade: "42CrMo", Quantity: 1, Methods: ["TENSILE-RT"] }] });
    const [bar] = o.samples;
    await save(admin.token, bar.Id, "TENSILE-RT", { Rm: 1100, A: 13 });
    // inside fixes A; the form posts Rm again unchanged: Rm stays admin's.
    await save(inside.token, bar.Id, "TENSILE-RT", { Rm: "1100", A: 14 });
    const byQ = Object.fromEntries((await results(admin.token, o.Id)).map((r) => [r.Quantity, r.EnteredBy]));
    expect(byQ).toEqual({ Rm: "admin", A: "inside" });
    const logged = await db().query<{ before: unknown }>(`select before from operation_log where action = 'result.save' and target_id = $1 order by id`, [bar.Id]);
    expect(logged.map((l) => l.before)).toEqual([null, { Method: "TENSILE-RT", Values: { A: 13 } }]);
    expect((await move(admin.token, o.Id, "complete", 4)).returnData.State).toBe("to_verify");
    expect((await move(uploader.token, o.Id, "verify", 5)).returnData.State).toBe("verified");
    expect((await move(admin.token, o.Id, "report", 6)).returnData.State).toBe("reported");
    expect((await move(admin.token, o.Id, "retest", 7, "复核")).returnData.State).toBe("in_test");
    // Nothing measured again: nothing new to verify.
    const early = await move(admin.token, o.Id, "complete", 8);
    expect([early.status, early.msg]).toEqual([409, "复验后请至少重新录入一个结果，再提交审核"]);
    // Saving the same values again is not a new measurement either.
    await save(admin.token, bar.Id, "TENSILE-RT", { Rm: 1100, A: 14 });
    expect((await move(admin.token, o.Id, "complete", 8)).status).toBe(409);
    const cancel = await move(admin.token, o.Id, "cancel", 8, "客户撤回");
    expect([cancel.status, cancel.msg]).toEqual([409, "委托单已出具报告，不能取消；如需更正请修订报告"]);
    expect((await results(admin.token, o.Id)).filter((r) => r.SupersededAt)).toEqual([]);
  });

  it("an instrument's CSV is imported whole or not at all, each bad cell named by row and column", async () => {
    const admin = await sessionFor(t(), "admin");
    const o = await orderInTest(admin.token);
    const [bar1, bar2, plate] = o.samples;
    const fields = { OrderId: o.Id, Method: "TENSILE-RT", Equipment: "WDW-300" };
    const unknownColumn = await importCsv(admin.token, fields, `样品编号,Rm (MPa),KV2\n${bar1.Code},1100,40\n`);
    expect([unknownColumn.status, unknownColumn.msg]).toEqual([400, "第 1 行的列“KV2”不是该检测方法的测量项"]);
    const before = await (async () => (await db().query<{ n: number }>(`select count(*)::int as n from detection_results`))[0].n)();
    const bad = await importCsv(admin.token, fields, `SampleID,Rm (MPa),Rp0.2 [MPa],A/%\n${bar1.Code},1100,950,14\n${bar2.Code.toLowerCase()},abc,940,130\nS000000-0000,1000,900,12\n${plate.Code},1000,900,12\n`, "en");
    expect([bad.status, bad.msg]).toEqual([400, "The CSV has 4 errors; nothing was imported"]);
    expect(bad.returnData.errors).toEqual([
      { Row: 3, Column: "Rm (MPa)", Message: "Rm must be a number" },
      { Row: 3, Column: "A/%", Message: "A is outside what it can be (0 to 100)" },
      { Row: 4, Column: "SampleID", Message: "The sample ID is not one of the order's" },
      { Row: 5, Column: "SampleID", Message: "The order does not ask for this test on this sample" },
    ]);
    expect((await db().query<{ n: number }>(`select count(*)::int as n from detection_results`))[0].n).toBe(before);
    const good = await importCsv(admin.token, fields, `\ufeffSampleID,Rm (MPa),Rp0.2 [MPa],A/%\r\n${bar1.Code},1100,950,14\r\n${bar2.Code.toLowerCase()},1090,,13\r\n`);
    expect(good.returnData).toEqual({ Imported: 5, Samples: 2 });
    const imported = await results(admin.token, o.Id);
    expect(imported.map((r) => [r.SampleCode, r.Quantity, r.Value, r.Source])).toEqual([
      [bar1.Code, "A", 14, "csv"],
      [bar1.Code, "Rm", 1100, "csv"],
      [bar1.Code, "Rp0.2", 950, "csv"],
      [bar2.Code, "A", 13, "csv"],
      [bar2.Code, "Rm", 1090, "csv"],
    ]);
    const twice = await importCsv(admin.token, fields, `SampleID,Rm,Rm (MPa)\n${bar1.Code},1100,1100\n`);
    expect([twice.status, twice.msg]).toEqual([400, "第 1 行的列“Rm (MPa)”与前面的列是同一测量项"]);
    const sameSample = await importCsv(admin.token, fields, `SampleID,Rm\n${bar1.Code},1100\n${bar1.Code},1101\n`);
    expect(sameSample.returnData.errors).toEqual([{ Row: 3, Column: "SampleID", Message: "该样品在前面的行中已出现" }]);
    const staff = await sessionFor(t(), "equip");
    expect((await importCsv(staff.token, fields, `SampleID,Rm\n${bar1.Code},1100\n`)).status).toBe(403);
  });
});
