import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, it } from "vitest";
import { describeEachBackend } from "./harness.ts";
import { detectionCalls } from "./detection-helpers.ts";
import { sessionFor } from "./session-helpers.ts";

describeEachBackend("test detection: samples registered with IDs, looked up, printed as labels", (t) => {
  const { db, post, receivedOrder: received } = detectionCalls(t);
  const sampleCount = async () => (await db().query<{ n: number }>(`select count(*)::int as n from detection_samples`))[0].n;
  const receivedOrder = (token: string, kind: "department" | "enterprise" = "enterprise") => received(token, { kind });

  it("registering gives each piece an ID from the pattern, the line's material or what was found, and unlocks the start of testing", async () => {
    const admin = await sessionFor(t(), "admin");
    const o = await receivedOrder(admin.token);
    const start = await post("SetTaskOrderState", admin.token, { Id: o.Id, Action: "start", Version: 3 });
    expect([start.status, start.msg]).toEqual([409, "请先登记委托单的全部样品，再开始检测"]);

    // One piece of line 1 now, with the heat number found on it, in cabinet A.
    const first = await post("RegisterSamples", admin.token, { OrderId: o.Id, Storage: "A 柜 1 层", Lines: [{ LineNo: 1, Count: 1, HeatNo: "H2611-B" }] });
    expect(first.status, first.msg).toBe(200);
    const [today] = await db().query<{ ym: string }>(`select to_char(current_date, 'YYYYMM') as ym`);
    expect(first.returnData.Samples).toEqual([{ Id: expect.any(String), Code: expect.stringMatching(new RegExp(`^S${today.ym}-\\d{4}$`)), LineNo: 1, PieceNo: 1 }]);
    // The rest of the order, under a daily pattern.
    const rest = await post("RegisterSamples", admin.token, { OrderId: o.Id, Pattern: "GT{YY}{MM}{DD}{SEQ:3}" });
    expect(rest.status, rest.msg).toBe(200);
    const codes = rest.returnData.Samples.map((s: { Code: string }) => s.Code);
    expect(codes).toHaveLength(2);
    expect(Number(codes[1].slice(-3))).toBe(Number(codes[0].slice(-3)) + 1);
    expect(rest.returnData.Samples.map((s: { LineNo: number; PieceNo: number }) => `${s.LineNo}-${s.PieceNo}`)).toEqual(["1-2", "2-1"]);

    const got = (await t().call("TrialDetection/GetTaskOrder", { token: admin.token, query: { id: o.Id } })).returnData;
    expect(got.Registered.map((s: { LineNo: number; PieceNo: number; Grade: string; HeatNo: string; Storage: string }) => [s.LineNo, s.PieceNo, s.Grade, s.HeatNo, s.Storage])).toEqual([
      [1, 1, "42CrMo", "H2611-B", "A 柜 1 层"],
      [1, 2, "42CrMo", "H2611", ""],
      [2, 1, "45", "H2612", ""],
    ]);
    const again = await post("RegisterSamples", admin.token, { OrderId: o.Id }, { "accept-language": "en" });
    expect([again.status, again.msg]).toEqual([409, "Every sample of the order is already registered"]);
    expect((await post("SetTaskOrderState", admin.token, { Id: o.Id, Action: "start", Version: 3 })).returnData).toEqual({ State: "in_test", Version: 4 });
    // Going to verification needs the results (the next part); refused until then.
    const complete = await post("SetTaskOrderState", admin.token, { Id: o.Id, Action: "complete", Version: 4 });
    expect([complete.status, complete.msg]).toEqual([409, "请先录入全部检测结果，再提交审核"]);
    const logged = await db().query<{ after: { Samples: string[] } }>(`select after from operation_log where action = 'sample.register' and target_id = $1 order by id`, [o.Id]);
    expect(logged.map((l) => l.after.Samples.length)).toEqual([1, 2]);
  });

  it("refuses bad patterns, counts beyond the order, unknown lines and orders not received, in the caller's language, registering nothing", async () => {
    const admin = await sessionFor(t(), "admin");
    const o = await receivedOrder(admin.token);
    const before = await sampleCount();
    const cases: Array<[unknown, number, string, string]> = [
      [{ OrderId: o.Id, Pattern: "S{YYYY}" }, 400, "Pattern", "样品编号模式须包含且仅包含一个序号 {SEQ:n}（n 为 1 到 9 位）"],
      [{ OrderId: o.Id, Pattern: "S {SEQ:4}" }, 400, "Pattern", "样品编号模式只能由字母、数字、- _ . / 和 {YYYY} {YY} {MM} {DD} {SEQ:n} 组成，最长 40 个字符"],
      [{ OrderId: o.Id, Lines: [{ LineNo: 1, Count: 3 }] }, 400, "Lines.0.Count", "登记数量须为 1 到该样品行尚未登记的数量"],
      [{ OrderId: o.Id, Lines: [{ LineNo: 1, Count: 1 }, { LineNo: 1, Count: 2 }] }, 400, "Lines.1.Count", "登记数量须为 1 到该样品行尚未登记的数量"],
      [{ OrderId: o.Id, Lines: [{ LineNo: 9 }] }, 400, "Lines.0.LineNo", "委托单中没有该样品行"],
      [{ OrderId: o.Id, Storage: "柜".repeat(101) }, 400, "Storage", "存放位置长度不能超过100"],
    ];
    for (const [body, status, field, msg] of cases) {
      const r = await post("RegisterSamples", admin.token, body);
      expect([r.status, r.msg, r.returnData.fields?.[0]?.field], JSON.stringify(body)).toEqual([status, msg, field]);
    }
    const bad = await post("RegisterSamples", admin.token, { OrderId: o.Id, Pattern: "S{YYYY}" }, { "accept-language": "ja" });
    expect(bad.msg).toBe("試料番号のパターンには連番 {SEQ:n}（n は 1〜9 桁）がちょうど 1 つ必要です");
    // A full counter: a one-digit counter fits nine samples a period.
    const tiny = await receivedOrder(admin.token);
    await db().query(`insert into detection_sequences (key, last) select 'sample|T{YYYY}{SEQ:1}|' || to_char(current_date, 'YYYY'), 9`);
    const full = await post("RegisterSamples", admin.token, { OrderId: tiny.Id, Pattern: "T{YYYY}{SEQ:1}" });
    expect([full.status, full.msg]).toEqual([409, "本期样品编号的序号已用完，请使用位数更多的 {SEQ:n}"]);
    // A draft has nothing to register yet; outside users and read-only staff register nothing.
    const draft = await post("SaveTaskOrder", admin.token, { ProjectId: (await db().query<{ project_id: string }>(`select project_id from detection_orders where id = $1`, [o.Id]))[0].project_id, Lines: [{ Description: "棒", Methods: ["HARD-HRC"] }] });
    const notYet = await post("RegisterSamples", admin.token, { OrderId: draft.returnData.Id });
    expect([notYet.status, notYet.msg]).toEqual([409, "委托单当前状态为“草稿”，不能执行此操作"]);
    for (const name of ["guest", "outside", "equip", "transfer", "sg"]) {
      const s = await sessionFor(t(), name);
      expect((await post("RegisterSamples", s.token, { OrderId: o.Id })).status, name).toBe(403);
    }
    expect(await sampleCount()).toBe(before);
  });

  it("an ID already taken (another pattern spelled it) is skipped, never repeated", async () => {
    const admin = await sessionFor(t(), "admin");
    const first = await receivedOrder(admin.token);
    const [taken] = (await post("RegisterSamples", admin.token, { OrderId: first.Id, Pattern: "X{YYYY}{SEQ:4}" })).returnData.Samples;
    // The pattern "X20{YY}{SEQ:4}" spells the same IDs this century; its counter's next number is the one taken.
    const [{ yy }] = await db().query<{ yy: string }>(`select to_char(current_date, 'YY') as yy`);
    await db().query(`insert into detection_sequences (key, last) values ($1, $2) on conflict (key) do update set last = excluded.last`, [`sample|X20{YY}{SEQ:4}|${yy}`, Number(taken.Code.slice(-4)) - 1]);
    const second = await receivedOrder(admin.token);
    const r = await post("RegisterSamples", admin.token, { OrderId: second.Id, Pattern: "X20{YY}{SEQ:4}" });
    expect(r.status, r.msg).toBe(200);
    const codes: string[] = r.returnData.Samples.map((x: { Code: string }) => x.Code);
    expect(codes).toHaveLength(3);
    expect(codes).not.toContain(taken.Code);
    expect(new Set(codes).size).toBe(3);
  });

  it("two registrations of one order at once never exceed what it announces nor share an ID", async () => {
    const admin = await sessionFor(t(), "admin");
    const inside = await sessionFor(t(), "inside");
    const o = await receivedOrder(admin.token);
    const results = await Promise.all([post("RegisterSamples", admin.token, { OrderId: o.Id }), post("RegisterSamples", inside.token, { OrderId: o.Id })]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const rows = await db().query<{ code: string }>(`select code from detection_samples where order_id = $1`, [o.Id]);
    expect(rows).toHaveLength(3);
    const all = await db().query<{ n: number; d: number }>(`select count(*)::int as n, count(distinct upper(code))::int as d from detection_samples`);
    expect(all[0].d).toBe(all[0].n);
  });

  it("a sample is found by its ID in any case and listed by ID or heat number; outside users find only their enterprise's", async () => {
    const admin = await sessionFor(t(), "admin");
    const theirs = await receivedOrder(admin.token, "enterprise");
    const ours = await receivedOrder(admin.token, "department");
    const [a] = (await post("RegisterSamples", admin.token, { OrderId: theirs.Id, Storage: "B-2" })).returnData.Samples;
    const [b] = (await post("RegisterSamples", admin.token, { OrderId: ours.Id })).returnData.Samples;
    const found = await t().call("TrialDetection/GetSample", { token: admin.token, query: { code: ` ${a.Code.toLowerCase()} ` } });
    expect(found.returnData).toMatchObject({ Id: a.Id, Code: a.Code, OrderCode: theirs.Code, OrderState: "received", ClientName: "合作单位", Grade: "42CrMo", Storage: "B-2", Methods: ["TENSILE-RT", "HARD-HBW"] });
    const none = await t().call("TrialDetection/GetSample", { token: admin.token, query: { code: "S000000-0000" } });
    expect([none.status, none.msg]).toEqual([404, "样品不存在"]);

    const guest = await sessionFor(t(), "guest");
    expect((await t().call("TrialDetection/GetSample", { token: guest.token, query: { code: a.Code } })).status).toBe(200);
    expect((await t().call("TrialDetection/GetSample", { token: guest.token, query: { code: b.Code } })).status).toBe(404);
    const guestList = (await post("GetSamples", guest.token, { pageSize: "100" })).returnData.rows.map((r: { Id: string }) => r.Id);
    expect(guestList).toContain(a.Id);
    expect(guestList).not.toContain(b.Id);
    const byHeat = (await post("GetSamples", admin.token, { keyword: "h2612", orderId: ours.Id })).returnData;
    expect(byHeat.rows.map((r: { LineNo: number }) => r.LineNo)).toEqual([2]);
    const sg = await sessionFor(t(), "sg");
    expect((await t().call("TrialDetection/GetSample", { token: sg.token, query: { code: a.Code } })).status).toBe(403);
  });

  it("labels are a PDF sheet of the chosen size whose QR codes read back as the samples' IDs; other sizes and strangers are refused", async () => {
    const admin = await sessionFor(t(), "admin");
    const o = await receivedOrder(admin.token);
    const samples = (await post("RegisterSamples", admin.token, { OrderId: o.Id, Storage: "冷库 3" })).returnData.Samples as { Id: string; Code: string }[];
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "labels-"));
    const pdf = async (query: Record<string, string>, token = admin.token) => {
      const res = await fetch(`${t().base}/api/TrialDetection/GetSampleLabels?${new URLSearchParams(query)}`, { headers: { xteam: "xteam", AuthorizationToken: token } });
      return { type: res.headers.get("content-type"), body: Buffer.from(await res.arrayBuffer()) };
    };
    try {
      // One label a page on a 50 × 30 mm roll: each page's QR code and Code 128 barcode read back (zbar, as a
      // scanner would) as its sample's ID.
      const roll = await pdf({ orderId: o.Id, size: "50x30" });
      expect(roll.type).toBe("application/pdf");
      const rollFile = path.join(dir, "roll.pdf");
      fs.writeFileSync(rollFile, roll.body);
      const info = execFileSync("pdfinfo", [rollFile]).toString();
      expect(info).toMatch(/Pages:\s+3/);
      expect(info).toMatch(/Page size:\s+141\.7\d* x 85\.0\d* pts/);
      const text = execFileSync("pdftotext", ["-layout", rollFile, "-"]).toString();
      for (const s of samples) expect(text).toContain(s.Code);
      expect(text).toContain(o.Code);
      expect(text).toContain("冷库 3");
      execFileSync("pdftoppm", ["-r", "300", "-png", rollFile, path.join(dir, "page")]);
      const pages = fs.readdirSync(dir).filter((f) => f.startsWith("page")).sort();
      const decoded = pages.map((f) => execFileSync("zbarimg", ["-q", path.join(dir, f)], { stdio: ["ignore", "pipe", "ignore"] }).toString().trim().split("\n").sort());
      expect(decoded).toEqual(samples.map((s) => [`CODE-128:${s.Code}`, `QR-Code:${s.Code}`]));

      // An A4 sheet of 3 × 8 starting at position 23: two labels there, the third on a second sheet.
      const sheet = path.join(dir, "sheet.pdf");
      fs.writeFileSync(sheet, (await pdf({ orderId: o.Id, size: "a4-3x8", start: "23" })).body);
      const sheetInfo = execFileSync("pdfinfo", [sheet]).toString();
      expect(sheetInfo).toMatch(/Pages:\s+2/);
      expect(sheetInfo).toMatch(/Page size:\s+595\.2\d* x 841\.8\d* pts \(A4\)/);
      // Just the one sample asked for.
      const one = path.join(dir, "one.pdf");
      fs.writeFileSync(one, (await pdf({ orderId: o.Id, size: "a4-2x7", ids: samples[1].Id })).body);
      const oneText = execFileSync("pdftotext", [one, "-"]).toString();
      expect(oneText).toContain(samples[1].Code);
      expect(oneText).not.toContain(samples[0].Code);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
    const size = await t().call("TrialDetection/GetSampleLabels", { token: admin.token, query: { orderId: o.Id, size: "a3" }, headers: { "accept-language": "es" } });
    expect([size.status, size.msg]).toEqual([400, "Tamaño de etiqueta desconocido"]);
    const other = await receivedOrder(admin.token, "department");
    const guest = await sessionFor(t(), "guest");
    expect((await t().call("TrialDetection/GetSampleLabels", { token: guest.token, query: { orderId: other.Id } })).status).toBe(404);
    expect((await t().call("TrialDetection/GetSampleLabels", { token: admin.token, query: { orderId: other.Id } })).status).toBe(404);
  });
});
