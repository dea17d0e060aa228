import { execFileSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { detectionCalls } from "./detection-helpers.ts";
import { describeEachBackend } from "./harness.ts";
import { sessionFor } from "./session-helpers.ts";

type ReportRow = { Id: string; Code: string; Version: number; Reason: string; IssuedBy: string; IssuedAt: string; Sha256: string; Current: boolean };

describeEachBackend("test detection: reports as PDFs, in versions, verified online by their QR code", (t) => {
  const { db, post, orderInTest, departmentId, move, save, verifiedOrder } = detectionCalls(t);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "reports-"));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  const reports = async (token: string, orderId: string) => {
    const r = await t().call("TrialDetection/GetReports", { token, query: { orderId } });
    return { status: r.status, rows: (r.returnData?.Reports ?? []) as ReportRow[] };
  };
  const pdfOf = async (token: string, id: string) => {
    const res = await fetch(`${t().base}/api/TrialDetection/GetReportPdf?id=${id}`, { headers: { xteam: "xteam", AuthorizationToken: token } });
    return { http: res.status, type: res.headers.get("content-type"), disposition: res.headers.get("content-disposition"), body: Buffer.from(await res.arrayBuffer()) };
  };
  let files = 0;
  const saved = (pdf: Buffer) => {
    const file = path.join(dir, `r${++files}.pdf`);
    fs.writeFileSync(file, pdf);
    return file;
  };
  const text = (file: string) => execFileSync("pdftotext", ["-layout", file, "-"]).toString();
  const sha256 = (b: Buffer) => crypto.createHash("sha256").update(b).digest("hex");
  const verify = (token: string, lang = "zh-CN") => t().call("TrialDetection/VerifyReport", { query: { token }, headers: { "accept-language": lang } });

  it("the report action issues version 1: client, samples, standards, values, limits, verdicts and people, with a QR code that verifies without a login", async () => {
    const [admin, inside, uploader] = await Promise.all(["admin", "inside", "uploader"].map((n) => sessionFor(t(), n)));
    const o = await verifiedOrder(admin.token, inside.token, uploader.token);
    const reported = await move(admin.token, o.Id, "report", 6);
    expect(reported.returnData).toEqual({ State: "reported", Version: 7 });

    const { rows } = await reports(admin.token, o.Id);
    expect(rows).toEqual([{ Id: expect.any(String), Code: `${o.Code}-R1`, Version: 1, Reason: "", IssuedBy: "admin", IssuedAt: expect.any(String), Sha256: expect.stringMatching(/^[0-9a-f]{64}$/), Current: true }]);
    const pdf = await pdfOf(admin.token, rows[0].Id);
    expect([pdf.http, pdf.type, pdf.disposition]).toEqual([200, "application/pdf", `inline; filename="${o.Code}-R1.pdf"`]);
    expect(sha256(pdf.body)).toBe(rows[0].Sha256);
    const file = saved(pdf.body);
    expect(execFileSync("pdfinfo", [file]).toString()).toMatch(/Page size:\s+595\.2\d* x 841\.8\d* pts \(A4\)/);
    const words = text(file);
    for (const s of [
      "检测报告",
      `${o.Code}-R1`,
      o.Code,
      "合作单位",
      ...o.samples.map((s) => s.Code),
      "Φ20 棒材",
      "H2612",
      // Each method with its first standard.
      "室温拉伸试验",
      "GB/T 228.1",
      "GB/T 231.1",
      "GB/T 4336",
      // Values with units, the limits they were judged by and where the limits come from.
      "1100 MPa",
      "320 HBW",
      "0.46 %",
      "≥ 1080 MPa",
      "≥ 14 %",
      "0.5–0.8 %",
      "委托要求",
      "牌号 42CrMo",
      "× 不符合",
      "不符合要求的结果：2 项",
      // Who tested, verified and issued it.
      "检测人",
      "admin、inside",
      "审核人",
      "uploader",
      "签发人",
    ])
      expect(words, s).toContain(s);
    expect(words).toMatch(/第 1 页，共 \d 页/);
    expect(words).not.toContain("本版本替代");

    // The QR code, read back from the rendered page as a phone would, opens the verification page; the token
    // in it answers VerifyReport without any login.
    execFileSync("pdftoppm", ["-r", "200", "-png", "-f", "1", "-l", "1", file, path.join(dir, "qr")]);
    const png = fs.readdirSync(dir).find((f) => f.startsWith("qr") && f.endsWith(".png"))!;
    const qr = execFileSync("zbarimg", ["-q", path.join(dir, png)], { stdio: ["ignore", "pipe", "ignore"] }).toString().trim();
    const m = qr.match(/^QR-Code:http:\/\/localhost:3000\/reportVerify\?token=([A-Za-z0-9_-]{22})$/);
    expect(m, qr).not.toBeNull();
    const checked = await verify(m![1]);
    expect([checked.http, checked.status]).toEqual([200, 200]);
    expect(checked.returnData).toEqual({
      Code: `${o.Code}-R1`,
      Version: 1,
      OrderCode: o.Code,
      ClientName: "合作单位",
      IssuedAt: rows[0].IssuedAt,
      IssuedBy: "admin",
      Sha256: rows[0].Sha256,
      Current: true,
      LatestCode: `${o.Code}-R1`,
    });
    for (const bad of ["", "x", "A".repeat(22), "A".repeat(21) + "!", "'; drop table users; --"]) {
      const r = await verify(bad, "en");
      expect([r.status, r.msg], bad).toEqual([404, "No test report answers this code: the QR code may be damaged, or the report was not issued by this laboratory"]);
    }

    // The state change's log names the report; the client's outside users read it, SG users do not.
    const [logged] = await db().query<{ after: { State: string; Report: string } }>(`select after from operation_log where action = 'taskOrder.report' and target_id = $1`, [o.Id]);
    expect(logged.after).toMatchObject({ State: "reported", Report: `${o.Code}-R1` });
    const guest = await sessionFor(t(), "guest");
    expect((await reports(guest.token, o.Id)).rows.map((r) => r.Code)).toEqual([`${o.Code}-R1`]);
    expect(sha256((await pdfOf(guest.token, rows[0].Id)).body)).toBe(rows[0].Sha256);
    const sg = await sessionFor(t(), "sg");
    expect((await reports(sg.token, o.Id)).status).toBe(403);
  });

  it("a retest gives version 2 with its reason, version 1 stays as issued and says it was replaced; the lab reissues a corrected version 3", async () => {
    const [admin, inside, uploader] = await Promise.all(["admin", "inside", "uploader"].map((n) => sessionFor(t(), n)));
    const o = await verifiedOrder(admin.token, inside.token, uploader.token);
    // Not reported yet: nothing to reissue, and the refusal names the state.
    const early = await post("ReissueReport", admin.token, { OrderId: o.Id, Reason: "描述更正" });
    expect([early.status, early.msg, early.returnData.fields[0].field]).toEqual([409, "委托单当前状态为“已审核”，不能执行此操作", "OrderId"]);
    expect((await move(admin.token, o.Id, "report", 6)).status).toBe(200);
    const [v1] = (await reports(admin.token, o.Id)).rows;
    const v1Pdf = (await pdfOf(admin.token, v1.Id)).body;

    const reason = "客户对 Rm 有异议，复验";
    expect((await move(admin.token, o.Id, "retest", 7, reason)).returnData.State).toBe("in_test");
    expect((await save(inside.token, o.samples[0].Id, "TENSILE-RT", { Rm: 1120 })).status).toBe(200);
    expect((await move(admin.token, o.Id, "complete", 8)).returnData.State).toBe("to_verify");
    expect((await move(admin.token, o.Id, "verify", 9)).returnData.State).toBe("verified");
    expect((await move(admin.token, o.Id, "report", 10)).returnData.State).toBe("reported");

    const after = (await reports(admin.token, o.Id)).rows;
    expect(after.map((r) => [r.Code, r.Version, r.Reason, r.Current])).toEqual([
      [`${o.Code}-R2`, 2, reason, true],
      [`${o.Code}-R1`, 1, "", false],
    ]);
    // Version 1 is still the very file issued.
    const v1Again = (await pdfOf(admin.token, v1.Id)).body;
    expect(v1Again.equals(v1Pdf)).toBe(true);
    expect(sha256(v1Again)).toBe(v1.Sha256);
    const v2Text = text(saved((await pdfOf(admin.token, after[0].Id)).body));
    expect(v2Text).toContain(`本版本替代第 1 版：${reason}`);
    expect(v2Text).toContain("1120 MPa *");
    expect(v2Text).toContain(`* Rm 为复验结果，原结果 1100 MPa。复验原因：${reason}`);
    // Verifiers of the current values: admin (the retested Rm) and uploader (the rest).
    expect(v2Text).toMatch(/审核人\s+admin、uploader|审核人\s+uploader、admin/);

    // Version 1's QR code now says it was replaced, and by which.
    const tokens = await db().query<{ version: number; verify_token: string }>(`select version, verify_token from detection_reports where order_id = $1 order by version`, [o.Id]);
    const old = await verify(tokens[0].verify_token);
    expect(old.returnData).toMatchObject({ Code: `${o.Code}-R1`, Version: 1, Current: false, LatestCode: `${o.Code}-R2` });
    expect((await verify(tokens[1].verify_token)).returnData).toMatchObject({ Current: true, LatestCode: `${o.Code}-R2` });

    // A corrected report: the lab only, with a reason.
    const none = await post("ReissueReport", admin.token, { OrderId: o.Id, Reason: "  " });
    expect([none.status, none.msg, none.returnData.fields[0].field]).toEqual([400, "请填写重新出具报告的原因（如更正了什么），它会印在新版本上", "Reason"]);
    const long = await post("ReissueReport", admin.token, { OrderId: o.Id, Reason: "长".repeat(501) }, { "accept-language": "ja" });
    expect([long.status, long.msg]).toEqual([400, "理由は500文字以内です"]);
    for (const name of ["guest", "outside", "equip", "transfer", "sg"]) {
      const s = await sessionFor(t(), name);
      expect((await post("ReissueReport", s.token, { OrderId: o.Id, Reason: "更正" })).status, name).toBe(403);
    }
    const missing = await post("ReissueReport", admin.token, { OrderId: "00000000-0000-4000-8000-000000000000", Reason: "更正" });
    expect(missing.status).toBe(404);
    const v3 = await post("ReissueReport", inside.token, { OrderId: o.Id, Reason: "样品描述更正为 Φ20 调质棒材" });
    expect(v3.returnData).toEqual({ Id: expect.any(String), Code: `${o.Code}-R3`, Version: 3 });
    const all = (await reports(admin.token, o.Id)).rows;
    expect(all.map((r) => [r.Version, r.IssuedBy, r.Current])).toEqual([
      [3, "inside", true],
      [2, "admin", false],
      [1, "admin", false],
    ]);
    expect(text(saved((await pdfOf(admin.token, v3.returnData.Id)).body))).toContain("本版本替代第 2 版：样品描述更正为 Φ20 调质棒材");
    expect((await verify(tokens[0].verify_token)).returnData.LatestCode).toBe(`${o.Code}-R3`);
    const [logged] = await db().query<{ before: unknown; after: unknown }>(`select before, after from operation_log where action = 'report.reissue' and target_id = $1`, [o.Id]);
    expect(logged).toEqual({ before: { Report: `${o.Code}-R2` }, after: { Report: `${o.Code}-R3`, Version: 3, Reason: "样品描述更正为 Φ20 调质棒材" } });
    // Reissuing leaves the order as it was.
    const order = (await t().call("TrialDetection/GetTaskOrder", { token: admin.token, query: { id: o.Id } })).returnData;
    expect([order.State, order.Version]).toEqual(["reported", 11]);
  });

  it("the reports list shows each order's current report or every version, in the reader's scope; a version opens in the document viewer as issued", async () => {
    const [admin, inside, uploader] = await Promise.all(["admin", "inside", "uploader"].map((n) => sessionFor(t(), n)));
    const o = await verifiedOrder(admin.token, inside.token, uploader.token);
    expect((await move(admin.token, o.Id, "report", 6)).status).toBe(200);
    expect((await post("ReissueReport", admin.token, { OrderId: o.Id, Reason: "委托方名称更正" })).status).toBe(200);
    const list = async (token: string, body: Record<string, string | number>) => post("GetReportList", token, body);

    const current = await list(admin.token, { keyword: o.Code.toLowerCase() });
    expect(current.returnData.total).toBe(1);
    expect(current.returnData.rows[0]).toMatchObject({ Code: `${o.Code}-R2`, Version: 2, Current: true, Reason: "委托方名称更正", OrderId: o.Id, OrderCode: o.Code, IssuedBy: "admin" });
    expect(current.returnData.rows[0].ClientName).not.toBe("");
    // By code: the order's versions newest first.
    const every = await list(admin.token, { keyword: o.Code, versions: "all", sort: "code" });
    expect(every.returnData.rows.map((r: ReportRow) => [r.Code, r.Current])).toEqual([
      [`${o.Code}-R2`, true],
      [`${o.Code}-R1`, false],
    ]);
    // The project's code finds it too; a bad filter is refused, not ignored.
    const [project] = await db().query<{ code: string }>(`select p.code from detection_projects p join detection_orders o on o.project_id = p.id where o.id = $1`, [o.Id]);
    expect((await list(admin.token, { keyword: project.code })).returnData.rows.map((r: ReportRow) => r.Code)).toContain(`${o.Code}-R2`);
    expect((await list(admin.token, { versions: "old" })).status).toBe(400);
    // Outside users see their enterprise's reports (this client is guest's and outside's); SG users are refused.
    const [guest, outsider, sg] = await Promise.all(["guest", "outside", "sg"].map((n) => sessionFor(t(), n)));
    for (const who of [guest, outsider]) expect((await list(who.token, { keyword: o.Code })).returnData.total).toBe(1);
    expect((await list(sg.token, {})).status).toBe(403);

    // The document viewer: the version's pages, and the very bytes issued as its download.
    const v1 = every.returnData.rows[1] as ReportRow;
    const facts = await t().call("Document/GetDocument", { token: admin.token, query: { src: "report", id: v1.Id } });
    expect(facts.status, facts.msg).toBe(200);
    expect(facts.returnData).toMatchObject({ Name: `${o.Code}-R1.pdf`, Kind: "pdf" });
    expect(facts.returnData.Pages).toBeGreaterThanOrEqual(1);
    const download = await fetch(`${t().base}/api/Document/Download?src=report&id=${v1.Id}`, { headers: { xteam: "xteam", AuthorizationToken: admin.token } });
    expect(sha256(Buffer.from(await download.arrayBuffer()))).toBe(v1.Sha256);
    expect((await t().call("Document/GetDocument", { token: guest.token, query: { src: "report", id: v1.Id } })).status).toBe(200);
    expect((await t().call("Document/GetDocument", { token: sg.token, query: { src: "report", id: v1.Id } })).status).toBe(404);
    expect((await t().call("Document/GetDocument", { token: admin.token, query: { src: "report", id: "../../etc/passwd" } })).status).toBe(400);
  });

  it("a report of 40 samples in English flows over pages with their footers, and stays the client's: others get 404", async () => {
    const [admin, uploader] = await Promise.all(["admin", "uploader"].map((n) => sessionFor(t(), n)));
    // Six elements a sample: tables of six rows, which often reach a page's foot part-way.
    const o = await orderInTest(admin.token, {
      kind: "department",
      grade: "",
      lines: [{ Description: "Round bar, 20 mm", HeatNo: "H2699", Form: "bar", Condition: "quenched and tempered", Quantity: 40, Methods: ["CHEM-OES"] }],
      limits: [{ Method: "CHEM-OES", Quantity: "Mn", Min: 0.5, Max: 0.8 }],
    });
    expect(o.samples).toHaveLength(40);
    for (const [i, s] of o.samples.entries()) {
      const r = await save(admin.token, s.Id, "CHEM-OES", { C: 0.42, Si: 0.25, Mn: i === 17 ? 0.95 : 0.6 + (i % 4) / 100, P: 0.012, S: 0.008, Cr: 1.05 }, "ARL 4460");
      expect(r.status, r.msg).toBe(200);
    }
    expect((await move(admin.token, o.Id, "complete", 4)).returnData.State).toBe("to_verify");
    expect((await move(uploader.token, o.Id, "verify", 5)).returnData.State).toBe("verified");
    expect((await move(admin.token, o.Id, "report", 6, "", { "accept-language": "en" })).returnData.State).toBe("reported");
    const [report] = (await reports(admin.token, o.Id)).rows;
    const file = saved((await pdfOf(admin.token, report.Id)).body);

    const pages = Number(execFileSync("pdfinfo", [file]).toString().match(/Pages:\s+(\d+)/)![1]);
    expect(pages).toBeGreaterThan(2);
    const all = text(file);
    for (const s of ["Test report", "Report No.", "Client", "Samples", "Sample ID", "Heat No.", "Results", "Chemical composition (spark OES)", "GB/T 4336", "0.5–0.8 %", "0.95 %", "× Out of range", "In range", "Results out of range: 1 (marked)", "Tested by", "Verified by", "Issued by"])
      expect(all, s).toContain(s);
    expect(all).not.toMatch(/检测报告|样品|判定/);
    // Every sample once in the samples table and once over its results, and every value: no row lost or cut at
    // a page's foot.
    for (const s of o.samples) {
      expect(all.match(new RegExp(`^\\s*${s.Code}\\s+Round bar`, "gm")), s.Code).toHaveLength(1);
      expect(all.match(new RegExp(`Sample\\s+${s.Code}\\s+·`, "g")), s.Code).toHaveLength(1);
    }
    expect(all.match(/^\s*(C|Si|Mn|P|S|Cr)\s{2,}[\d.]+ %/gm)).toHaveLength(240);
    // A table that reaches a page's foot goes on at the next page's top under its continued heading and its
    // column titles.
    const pageTexts = all.split("\f").slice(0, pages);
    const continued = pageTexts.slice(1).filter((p) => /^\s*S\d{6}-\d{4} · Chemical composition \(spark OES\) \(continued\)\n\s*Quantity\s+Result\s+Limit\s+Limit from\s+Verdict/.test(p));
    expect(continued.length).toBeGreaterThan(0);
    expect(pageTexts[1]).toMatch(/^\s*Samples \(continued\)\n\s*Sample ID\s+Description/);
    // Each page: its footer, and nothing else in the footer's band.
    const bbox = execFileSync("pdftotext", ["-bbox", file, "-"]).toString();
    const pageBlocks = bbox.split("<page ").slice(1);
    expect(pageBlocks).toHaveLength(pages);
    pageBlocks.forEach((p, i) => {
      const height = Number(p.match(/height="([\d.]+)"/)![1]);
      const words = [...p.matchAll(/<word xMin="[\d.]+" yMin="[\d.]+" xMax="[\d.]+" yMax="([\d.]+)">([^<]*)<\/word>/g)].map((w) => ({ yMax: Number(w[1]), text: w[2] }));
      const band = words.filter((w) => w.yMax > height - 58).map((w) => w.text);
      expect(band.join(" "), `page ${i + 1}`).toBe(`Test report ${o.Code}-R1 Page ${i + 1} of ${pages}`);
      // A page's content runs down to near its foot before flowing on (the last page may end early).
      if (i < pages - 1) expect(Math.max(...words.filter((w) => w.yMax <= height - 58).map((w) => w.yMax)), `page ${i + 1}`).toBeGreaterThan(height - 200);
    });

    // The client is a department: outside users see neither the list nor the file.
    const guest = await sessionFor(t(), "guest");
    expect((await reports(guest.token, o.Id)).status).toBe(404);
    const hidden = await pdfOf(guest.token, report.Id);
    expect(hidden.type).not.toBe("application/pdf");
    expect(JSON.parse(hidden.body.toString()).status).toBe(404);
    expect((await t().call("TrialDetection/GetReportPdf", { token: admin.token, query: { id: "00000000-0000-4000-8000-000000000000" } })).status).toBe(404);
    // The department's name is printed for it.
    const [dept] = await db().query<{ name: string }>(`select name from departments where id = $1`, [await departmentId()]);
    expect(all).toContain(dept.name);
  });
});
