import ExcelJS from "exceljs";
import { expect, it } from "vitest";
import { ELEMENTS, ELEMENT_STEP, PROPERTIES, columnOf, type Element } from "../../common/test-records.ts";
import { RecordIndex } from "../../api/modules/testData/record-index.ts";
import { detectionCalls } from "./detection-helpers.ts";
import { describeEachBackend } from "./harness.ts";
import { sessionFor } from "./session-helpers.ts";

type Rec = { Id: string; Code: string; Grade: string; Values: Record<string, number>; Source: string; OrderCode: string | null; OwnerName: string; Distance?: number | null };

describeEachBackend("test data: the records of verified orders, by level and scope, filtered, exported; the similar-data search against brute force", (t) => {
  const { db, verifiedOrder } = detectionCalls(t);
  const records = (token: string, query: Record<string, string>, call = "TrialDetection/GetTestRecords") => t().call(call, { method: "POST", token, json: { pageSize: 100, ...query } });
  const codes = (r: { returnData: { rows: Rec[] } }) => r.returnData.rows.map((x) => x.Code).sort();
  const search = (token: string, json: unknown, query: Record<string, string> = {}, lang = "zh-CN") =>
    t().call("TrialDetection/SearchSimilarData", { method: "POST", token, json, query, headers: { "accept-language": lang } });

  it("a verified order's samples become records: staff see all, outside readers their enterprise's, levels narrow to mine and my department's, administrators by their scope", async () => {
    const [admin, inside, uploader, guest, outside, sg, equip] = await Promise.all(["admin", "inside", "uploader", "guest", "outside", "sg", "equip"].map((n) => sessionFor(t(), n)));
    // For guest's enterprise, created (owned) by admin; and one for inside's department.
    const forEnterprise = await verifiedOrder(admin.token, inside.token, uploader.token);
    const forDepartment = await verifiedOrder(admin.token, inside.token, uploader.token, { kind: "department" });
    const mine = (o: { samples: { Code: string }[] }) => o.samples.map((s) => s.Code).sort();
    const all = [...mine(forEnterprise), ...mine(forDepartment)];

    const rows = (await records(admin.token, { keyword: forEnterprise.samples[0].Code.slice(0, 7) })).returnData.rows as Rec[];
    const bar = rows.find((r) => r.Code === forEnterprise.samples[0].Code)!;
    expect(bar).toMatchObject({ Source: "lab", Grade: "42CrMo", OrderCode: forEnterprise.Code, OwnerName: "系统管理员", Values: { Rm: 1100, "Rp0.2": 950, A: 13, HBW: 320 } });
    const plate = rows.find((r) => r.Code === forEnterprise.samples[2].Code)!;
    expect(plate).toMatchObject({ Grade: "45", Values: { C: 0.46, Mn: 0.95 } });

    const seen = async (token: string, q: Record<string, string>, call?: string) => {
      const r = await records(token, q, call);
      expect(r.status, r.msg).toBe(200);
      return new Set(codes(r));
    };
    const has = (set: Set<string>, list: string[]) => list.every((c) => set.has(c));
    const none = (set: Set<string>, list: string[]) => list.every((c) => !set.has(c));
    // Level 0: staff all; the enterprise's outside users only its orders'.
    expect(has(await seen(equip.token, {}), all)).toBe(true);
    for (const who of [guest, outside]) {
      const s = await seen(who.token, {});
      expect(has(s, mine(forEnterprise)) && none(s, mine(forDepartment))).toBe(true);
    }
    expect((await records(sg.token, {})).status).toBe(403);
    // Level 1, my tasks: admin created both orders; uploader verified them but owns none.
    expect(has(await seen(admin.token, { level: "1" }), all)).toBe(true);
    expect(none(await seen(uploader.token, { level: "1" }), all)).toBe(true);
    // Level 2, my department's: the order for a department is seen by people of its subtree.
    // (Every department here is under inside's, the institute's root.)
    const l2 = await seen(inside.token, { level: "2" });
    expect(none(l2, mine(forEnterprise)) && has(l2, mine(forDepartment))).toBe(true);
    expect(none(await seen(guest.token, { level: "2" }), mine(forDepartment))).toBe(true);
    // The administrators' page: outside admins their enterprise's; other roles refused.
    const o = await seen(outside.token, {}, "System/GetTestRecordsSearch");
    expect(has(o, mine(forEnterprise)) && none(o, mine(forDepartment))).toBe(true);
    expect(has(await seen(admin.token, { owner: "系统" }, "System/GetTestRecordsSearch"), all)).toBe(true);
    expect(none(await seen(admin.token, { owner: "nobody-at-all" }, "System/GetTestRecordsSearch"), all)).toBe(true);
    expect((await records(guest.token, {}, "System/GetTestRecordsSearch")).status).toBe(403);

    // Filters and sorts.
    expect(await seen(admin.token, { grade: "45", keyword: forEnterprise.samples[2].Code })).toEqual(new Set([forEnterprise.samples[2].Code]));
    expect(has(await seen(admin.token, { element: "Rm", min: "1095" }), [forEnterprise.samples[0].Code, forDepartment.samples[0].Code])).toBe(true);
    expect(none(await seen(admin.token, { element: "Rm", min: "1095" }), [forEnterprise.samples[1].Code])).toBe(true);
    expect(none(await seen(admin.token, { method: "CHEM-OES" }), [forEnterprise.samples[0].Code])).toBe(true);
    const today = new Date().toISOString().slice(0, 10);
    expect(has(await seen(admin.token, { from: today, source: "lab" }), all)).toBe(true);
    expect(none(await seen(admin.token, { to: "2020-01-01" }), all)).toBe(true);
    const sorted = (await records(admin.token, { sort: "-Rm", element: "Rm" })).returnData.rows as Rec[];
    expect(sorted.map((r) => r.Values.Rm)).toEqual([...sorted.map((r) => r.Values.Rm)].sort((a, b) => b - a));
    // The nearest compositions to a sample: its carbon and main elements, itself at distance 0.
    const near = await search(admin.token, { Mode: "nearest", SampleCode: plate.Code.toLowerCase(), K: 10 });
    expect(near.status, near.msg).toBe(200);
    expect(near.returnData.Criteria.map((c: { Key: string }) => c.Key)).toEqual(["C", "Mn"]);
    expect(near.returnData.rows.filter((r: Rec) => r.Distance === 0).map((r: Rec) => r.Code)).toContain(plate.Code);
    expect((await search(guest.token, { Mode: "nearest", SampleCode: forDepartment.samples[2].Code })).msg).toBe("未找到该样品的检测数据");

    for (const bad of [{ sort: "password" }, { level: "3" }, { element: "Xx" }, { from: "2026-13-45" }, { method: "DROP" }] as Record<string, string>[]) {
      const r = await records(admin.token, bad);
      expect(r.status, JSON.stringify(bad)).toBe(400);
    }
  });

  it("the data sources: records per source and the data sets they came from, each order with its client, as the reader's scope and level allow", async () => {
    const [admin, inside, uploader, guest, sg] = await Promise.all(["admin", "inside", "uploader", "guest", "sg"].map((n) => sessionFor(t(), n)));
    const order = await verifiedOrder(admin.token, inside.token, uploader.token);
    const sources = (token: string, query: Record<string, string> = {}) => t().call("TrialDetection/GetTestDataSources", { token, query: { pageSize: "100", ...query } });
    const counted = async (where = "true", params: unknown[] = []) =>
      Object.fromEntries((await db().query<{ source: string; n: number }>(`select source, count(*)::int as n from test_records where ${where} group by source`, params)).map((r) => [r.source, r.n]));
    const asMap = (r: { returnData: { Sources: { Source: string; Records: number }[] } }) => Object.fromEntries(r.returnData.Sources.filter((s) => s.Records).map((s) => [s.Source, s.Records]));

    // Staff: every record, grouped by where it came from; the order just verified is a set of its three samples.
    const all = await sources(admin.token);
    expect(all.status, all.msg).toBe(200);
    expect(asMap(all)).toEqual(await counted());
    const [{ sets }] = await db().query<{ sets: number }>(`select count(*)::int as sets from (select distinct source, order_id, upload_id from test_records) s`);
    expect(all.returnData.total).toBe(sets);
    const mine = (await sources(admin.token, { source: "lab", pageSize: "100" })).returnData.rows.find((s: { OrderId: string }) => s.OrderId === order.Id);
    expect(mine).toMatchObject({ Source: "lab", OrderCode: order.Code, ClientName: "合作单位", Records: 3, UploadId: null });
    expect((await sources(admin.token, { source: "upload" })).returnData.rows.every((s: { Source: string }) => s.Source === "upload")).toBe(true);
    // An outside reader: their enterprise's only. An SG user: none (403). A level that is not one: 400.
    const [{ id: enterprise }] = await db().query<{ id: string }>(`select enterprise_id as id from users where name = 'guest'`);
    expect(asMap(await sources(guest.token))).toEqual(await counted(`enterprise_id = $1`, [enterprise]));
    expect((await sources(sg.token)).status).toBe(403);
    expect((await sources(admin.token, { level: "7" })).status).toBe(400);
    // Level 1, my tasks: the records the reader owns or of a research project they lead or take part in.
    const [{ id: me }] = await db().query<{ id: string }>(`select id from users where name = 'admin'`);
    const myTasks = `(owner_id = $1 or project_id in (select id from projects where leader_id = $1 union select project_id from project_members where user_id = $1))`;
    expect(asMap(await sources(admin.token, { level: "1" }))).toEqual(await counted(myTasks, [me]));
  });

  it("exports the filtered table with the chosen columns as CSV and as an Excel workbook, read back", async () => {
    const [admin, inside, uploader] = await Promise.all(["admin", "inside", "uploader"].map((n) => sessionFor(t(), n)));
    const o = await verifiedOrder(admin.token, inside.token, uploader.token);
    const get = (format: string) =>
      fetch(`${t().base}/api/TrialDetection/ExportTestRecords?${new URLSearchParams({ format, keyword: o.samples[0].Code.slice(0, -1), grade: "42CrMo", cols: "Rm,A,HBW", sort: "code" })}`, {
        headers: { xteam: "xteam", AuthorizationToken: admin.token, "accept-language": "zh-CN" },
      });
    const csv = await get("csv");
    expect(csv.headers.get("content-type")).toContain("text/csv");
    const lines = (await csv.text()).replace(/^\uFEFF/, "").trim().split("\r\n");
    expect(lines[0]).toBe("编号,牌号,炉号,状态,检测日期,来源,委托单,所属人,Rm (MPa),A (%),HBW (HBW)");
    const bars = o.samples.slice(0, 2).map((s) => s.Code);
    expect(lines.slice(1).filter((l) => bars.some((b) => l.startsWith(b)))).toEqual([
      expect.stringMatching(new RegExp(`^${bars[0]},42CrMo,H2611,调质,\\d{4}-\\d{2}-\\d{2},实验室,${o.Code},系统管理员,1100,13,320$`)),
      expect.stringMatching(new RegExp(`^${bars[1]},42CrMo,H2611,调质,.*,1090,15,318$`)),
    ]);
    const xlsx = await get("xlsx");
    expect(xlsx.headers.get("content-type")).toContain("spreadsheetml");
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(await xlsx.arrayBuffer()) as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0];
    expect(sheet.getRow(1).getCell(9).value).toBe("Rm (MPa)");
    const found: unknown[][] = [];
    sheet.eachRow((row, n) => {
      if (n > 1 && bars.includes(String(row.getCell(1).value))) found.push([row.getCell(1).value, row.getCell(9).value, row.getCell(11).value]);
    });
    expect(found).toEqual([
      [bars[0], 1100, 320],
      [bars[1], 1090, 318],
    ]);
  });

  /** Random records straight into the table (the search's correctness does not depend on where they came from). */
  async function randomRecords(n: number, seedValue: number) {
    let s = seedValue;
    const rnd = () => ((s = (s * 1103515245 + 12345) % 2147483648) / 2147483648);
    const rows: Record<string, unknown>[] = [];
    for (let i = 0; i < n; i++) {
      const r: Record<string, unknown> = { code: `RND-${seedValue}-${i}`, grade: ["42CrMo", "40Cr", "45", "GCr15"][i % 4], condition: i % 3 === 0 ? "调质" : "热轧" };
      for (const e of ELEMENTS) r[e.toLowerCase()] = rnd() < 0.15 ? null : Math.round(rnd() * (e === "C" ? 1 : e === "Cr" ? 2 : 0.5) * 10000) / 10000;
      for (const p of PROPERTIES) r[p.column] = rnd() < 0.2 ? null : Math.round(p.range[0] + rnd() * Math.min(p.range[1] - p.range[0], 1500));
      rows.push(r);
    }
    const cols = [...ELEMENTS.map((e) => e.toLowerCase()), ...PROPERTIES.map((p) => p.column)];
    for (const r of rows) {
      await db().query(
        `insert into test_records (code, source, grade, condition, tested_at, ${cols.join(", ")}) values ($1, 'upload', $2, $3, now(), ${cols.map((_, k) => `$${k + 4}`).join(", ")})`,
        [r.code, r.grade, r.condition, ...cols.map((c) => r[c])],
      );
    }
    return rows;
  }

  it("each search mode finds what a brute force over the same random records finds, ranked nearest first", async () => {
    const admin = await sessionFor(t(), "admin");
    const seedValue = 7 + Math.floor(Math.random() * 1000);
    const rows = await randomRecords(400, seedValue);
    const mineOnly = (list: Rec[]) => list.filter((r) => r.Code.startsWith(`RND-${seedValue}-`));
    const v = (r: Record<string, unknown>, key: string) => r[columnOf(key)] as number | null;
    let rnd = seedValue;
    const next = () => ((rnd = (rnd * 69069 + 1) % 4294967296) / 4294967296);
    const all = async (json: Record<string, unknown>) => {
      const out: Rec[] = [];
      for (let page = 1; ; page++) {
        const r = await search(admin.token, json, { page: String(page), pageSize: "100" });
        expect(r.status, r.msg).toBe(200);
        out.push(...r.returnData.rows);
        if (r.returnData.rows.length < 100) return out;
      }
    };
    // So that no comparison passes by finding nothing on both sides.
    const found = { range: 0, property: 0 };
    for (let round = 0; round < 6; round++) {
      // Ranges: one to three elements (composition), plus a property and the condition's words.
      const keys = ["C", "Cr", "Mn", "Mo"].filter(() => next() < 0.6).slice(0, 3);
      if (!keys.length) keys.push("C");
      const ranges = keys.map((k) => {
        const a = Math.round(next() * 0.5 * 1000) / 1000;
        return { ElementName: k, MinValue: a, MaxValue: a + 0.3 };
      });
      const expectRange = rows.filter((r) => ranges.every((c) => v(r, c.ElementName) !== null && v(r, c.ElementName)! >= c.MinValue && v(r, c.ElementName)! <= c.MaxValue)).map((r) => r.code);
      expect(mineOnly(await all({ Mode: "range", Rows: ranges })).map((r) => r.Code).sort()).toEqual([...expectRange].sort());
      found.range += expectRange.length;

      const withRm: { ElementName: string; MinValue: number; MaxValue?: number }[] = [...ranges, { ElementName: "Rm", MinValue: 300 }];
      const expectProperty = rows
        .filter((r) => withRm.every((c) => v(r, c.ElementName) !== null && v(r, c.ElementName)! >= c.MinValue && (c.MaxValue === undefined || v(r, c.ElementName)! <= c.MaxValue)) && r.condition === "调质")
        .map((r) => r.code);
      expect(mineOnly(await all({ Mode: "property", Rows: withRm, Condition: "调质" })).map((r) => r.Code).sort()).toEqual([...expectProperty].sort());
      found.property += expectProperty.length;

      // Nearest: weighted distance in steps over the elements given, among records that measured them all.
      const targets = ["C", "Si", "Mn", "Cr"].map((k) => ({ ElementName: k, MinValue: Math.round(next() * 0.8 * 100) / 100, Feature: 1 + Math.floor(next() * 3) }));
      const dist = (r: Record<string, unknown>) => {
        let d = 0;
        for (const c of targets) {
          const x = v(r, c.ElementName);
          if (x === null) return null;
          d += (c.Feature * (x - c.MinValue) ** 2) / ELEMENT_STEP[c.ElementName as Element] ** 2;
        }
        return Math.sqrt(d);
      };
      // Over every record the admin sees (the demo's and other tests' too), so the reference reads them all.
      const everyone = await db().query<Record<string, unknown>>(`select * from test_records`);
      const expectNearest = everyone
        .map((r) => ({ code: r.code as string, d: dist(Object.fromEntries(Object.entries(r).map(([k, x]) => [k, x === null ? null : typeof x === "number" ? x : k === "code" ? x : Number(x)]))) }))
        .filter((r) => r.d !== null)
        .sort((a, b) => a.d! - b.d!)
        .slice(0, 15);
      const near = await search(admin.token, { Mode: "nearest", Rows: targets, K: 15 });
      expect(near.status, near.msg).toBe(200);
      const got = near.returnData.rows as Rec[];
      expect(got.map((r) => r.Distance!.toFixed(9))).toEqual(expectNearest.map((r) => r.d!.toFixed(9)));
    }

    expect(found.range).toBeGreaterThan(20);
    expect(found.property).toBeGreaterThan(3);

    // A grade's specification: records whose composition fits it; a maximum-only limit lets an unmeasured element pass.
    const spec = await db().query<{ element: string; min_pct: string | null; max_pct: string | null }>(
      `select e.element, e.min_pct, e.max_pct from steel_grade_elements e join steel_grades g on g.id = e.grade_id where g.name_key = '42crmo' order by (g.system = 'GB') desc, g.key limit 100`,
    );
    // Records built to fit 42CrMo, so the grade mode has something to find.
    const [{ key }] = await db().query<{ key: string }>(`select key from steel_grades where name_key = '42crmo' order by (system = 'GB') desc, key limit 1`);
    const limits = (await db().query<{ element: string; min_pct: string | null; max_pct: string | null }>(`select element, min_pct, max_pct from steel_grade_elements e join steel_grades g on g.id = e.grade_id where g.key = $1`, [key])).filter((l) =>
      (ELEMENTS as readonly string[]).includes(l.element),
    );
    expect(spec.length).toBeGreaterThan(0);
    for (let i = 0; i < 5; i++) {
      const cols = limits.map((l) => l.element.toLowerCase());
      const vals = limits.map((l) => (l.min_pct !== null ? (Number(l.min_pct) + Number(l.max_pct ?? Number(l.min_pct) * 1.2)) / 2 : i % 2 ? null : Number(l.max_pct) / 2));
      await db().query(`insert into test_records (code, source, tested_at, ${cols.join(", ")}) values ($1, 'upload', now(), ${cols.map((_, k) => `$${k + 2}`).join(", ")})`, [`FIT-${seedValue}-${i}`, ...vals]);
    }
    const fits = (r: Record<string, unknown>) =>
      limits.every((l) => {
        const x = r[l.element.toLowerCase()] === null || r[l.element.toLowerCase()] === undefined ? null : Number(r[l.element.toLowerCase()]);
        if (x === null) return l.min_pct === null;
        return (l.min_pct === null || x >= Number(l.min_pct)) && (l.max_pct === null || x <= Number(l.max_pct));
      });
    const expectGrade = (await db().query<Record<string, unknown>>(`select * from test_records`)).filter(fits).map((r) => r.code as string);
    const byGrade = await all({ Mode: "grade", Grade: "42 CrMo" });
    expect(byGrade.map((r) => r.Code).sort()).toEqual([...expectGrade].sort());
    expect(byGrade.map((r) => r.Code)).toEqual(expect.arrayContaining([`FIT-${seedValue}-0`, `FIT-${seedValue}-1`]));
  });

  it("refuses bad criteria by row, in the caller's language, and finds nothing for nobody", async () => {
    const [admin, sg] = await Promise.all(["admin", "sg"].map((n) => sessionFor(t(), n)));
    const cases: Array<[unknown, string, string]> = [
      [{ Mode: "range", Rows: [{ ElementName: "Xx", MinValue: 1 }] }, "Rows.0", "未知的元素或性能"],
      [{ Mode: "range", Rows: [{ ElementName: "C", MinValue: 0.5, MaxValue: 0.2 }] }, "Rows.0", "最小值不能大于最大值"],
      [{ Mode: "range", Rows: [{ ElementName: "C" }] }, "Rows.0", "请填写最小值或最大值"],
      [{ Mode: "range", Rows: [{ ElementName: "Rm", MinValue: 900 }] }, "Rows.0", "未知的元素或性能"],
      [{ Mode: "property", Rows: [{ ElementName: "HV", MinValue: 10000 }] }, "Rows.0", "数值超出物理范围"],
      [{ Mode: "property", Rows: [{ ElementName: "C", MinValue: 0.1 }, { ElementName: "C", MaxValue: 0.2 }] }, "Rows.1", "同一元素或性能只能填写一次"],
      [{ Mode: "nearest", Rows: [{ ElementName: "C", MinValue: 0.4, Feature: 0 }] }, "Rows.0", "权重须为大于 0 且不超过 10 的数"],
      [{ Mode: "nearest", SampleCode: "NO-SUCH-SAMPLE" }, "SampleCode", "未找到该样品的检测数据"],
      [{ Mode: "grade", Grade: "NotAGrade" }, "Grade", "未找到该牌号"],
      [{ Mode: "range", Rows: [] }, "Rows", "请至少填写一个条件"],
    ];
    for (const [json, field, msg] of cases) {
      const r = await search(admin.token, json);
      expect([r.status, r.returnData?.fields?.[0]?.field, r.msg], JSON.stringify(json)).toEqual([400, field, msg]);
    }
    const en = await search(admin.token, { Mode: "grade", Grade: "NotAGrade" }, {}, "en");
    expect(en.msg).toBe("No grade of that name in the catalogue");
    expect((await search(sg.token, { Mode: "range", Rows: [{ ElementName: "C", MinValue: 0.1 }] })).status).toBe(403);
    expect((await search(admin.token, { Mode: "sideways" })).status).toBe(400);
  });

  it("an index of another API instance on the same database sees each write, insert, update and delete, at its next query", async () => {
    const admin = await sessionFor(t(), "admin");
    const other = new RecordIndex(db());
    const count = async () => (await other.query({ keyword: "COHERE-" })).total;
    expect(await count()).toBe(0);
    await db().query(`insert into test_records (code, source, tested_at, c) values ('COHERE-1', 'upload', now(), 0.2), ('COHERE-2', 'upload', now(), 0.3)`);
    expect(await count()).toBe(2);
    // A write in a transaction still open is not seen; once committed, it is.
    await db().transaction(async (tx) => {
      await tx.query(`update test_records set c = 0.9 where code = 'COHERE-1'`);
    });
    expect((await other.query({ keyword: "COHERE-", ranges: [{ key: "C", min: 0.8, max: 1 }] })).total).toBe(1);
    await db().query(`delete from test_records where code = 'COHERE-2'`);
    expect(await count()).toBe(1);
    // The API's own index (this instance) agrees.
    const r = await t().call("TrialDetection/GetTestRecords", { method: "POST", token: admin.token, json: { keyword: "COHERE-" } });
    expect(r.returnData.rows.map((x: Rec) => [x.Code, x.Values.C])).toEqual([["COHERE-1", 0.9]]);
  });
  it("an uploaded record is corrected by its owner at its version, each value in its physical range, logged; a lab record only through its order", async () => {
    const [uploader, inside, admin] = await Promise.all(["uploader", "inside", "admin"].map((n) => sessionFor(t(), n)));
    const [rec] = await t().api.app.db.query<{ id: string; c: number }>(`select id, c from test_records where code like 'DEMO-%' and c is not null order by code limit 1`);
    const get = (token: string, id: string) => t().call("TrialDetection/GetEditableTestRecord", { token, query: { id } });
    const update = (token: string, json: unknown, lang = "zh-CN") => t().call("TrialDetection/UpdateTestRecord", { method: "POST", token, json, headers: { "accept-language": lang } });
    const opened = await get(uploader.token, rec.id);
    expect(opened.status, opened.msg).toBe(200);
    expect(opened.returnData.Version).toBe(1);
    // Someone else's record is not there for them; a lab record is corrected through its order.
    expect([(await get(inside.token, rec.id)).status, (await get(inside.token, rec.id)).msg]).toEqual([404, "该检测数据不存在或不是您上传的"]);
    const [lab] = await t().api.app.db.query<{ id: string }>(`select id from test_records where source = 'lab' limit 1`);
    if (lab) expect((await get(admin.token, lab.id)).msg).toBe("检测室的数据须在其委托单中更正并重新审核");
    const body = { Id: rec.id, Version: 1, HeatNo: "H-FIX", Condition: "调质", Structure: "回火索氏体", Values: { C: "0.43", Mn: "", HBW: 10000 } };
    const bad = await update(uploader.token, body, "en");
    expect([bad.status, bad.msg, bad.returnData.fields[0].field]).toEqual([400, "The value is outside what is physically possible", "Values.HBW"]);
    const ok = await update(uploader.token, { ...body, Values: { C: "0,43", Mn: "", HBW: 250 } });
    expect(ok.status, ok.msg).toBe(200);
    expect(ok.returnData).toMatchObject({ Version: 2, HeatNo: "H-FIX", Condition: "调质" });
    expect(ok.returnData.Values).toMatchObject({ C: 0.43, HBW: 250 });
    expect(ok.returnData.Values.Mn).toBeUndefined();
    expect((await update(uploader.token, { ...body, Values: { C: "0.5" } })).status).toBe(409);
    // The search index sees the correction at once.
    const found = await t().call("TrialDetection/GetTestRecords", { method: "POST", token: uploader.token, json: { keyword: ok.returnData.Code } });
    expect(found.returnData.rows[0].Values.C).toBe(0.43);
    const [log] = await t().api.app.db.query<{ action: string; before: { Values: { C: number } } }>(`select action, before from operation_log where target_id = $1`, [rec.id]);
    expect([log.action, log.before.Values.C]).toEqual(["testRecord.update", rec.c]);
  });
  it("the catalogue counts the records each reader sees by grade and method, as the records themselves do", async () => {
    const [admin, outside, sg] = await Promise.all(["admin", "outside", "sg"].map((n) => sessionFor(t(), n)));
    const cat = (token: string, query: Record<string, string> = {}) => t().call("TrialDetection/GetTestDataCatalogue", { token, query });
    const all = (await cat(admin.token)).returnData;
    const rows = await t().api.app.db.query<{ grade: string; methods: string[]; enterprise_id: string | null }>(`select grade, methods, enterprise_id from test_records`);
    const count = (list: typeof rows, grade: string, method: string) => list.filter((r) => r.grade === grade && (method === "" ? r.methods.length === 0 : r.methods.includes(method))).length;
    for (const g of all.Grades.slice(0, 5)) {
      expect(g.Records).toBe(rows.filter((r) => r.grade === g.Grade).length);
      for (const m of all.Methods) expect(g.ByMethod[m] ?? 0, `${g.Grade} ${m}`).toBe(count(rows, g.Grade, m));
    }
    expect(all.Grades.map((g: { Records: number }) => g.Records)).toEqual([...all.Grades.map((g: { Records: number }) => g.Records)].sort((a, b) => b - a));
    // An outside reader counts their enterprise's records only; an SG user none.
    const [{ enterprise_id }] = await t().api.app.db.query<{ enterprise_id: string }>(`select enterprise_id from users where name = 'outside'`);
    const theirs = (await cat(outside.token)).returnData;
    expect(theirs.Grades.reduce((a: number, g: { Records: number }) => a + g.Records, 0)).toBe(rows.filter((r) => r.enterprise_id === enterprise_id).length);
    expect((await cat(sg.token)).status).toBe(403);
    // Its counts are what the records table finds for the grade in double quotes (exactly it; bare, its start).
    const exact = await t().call("TrialDetection/GetTestRecords", { method: "POST", token: admin.token, json: { grade: `"${all.Grades[0].Grade}"`, pageSize: 1 } });
    expect(exact.returnData.total).toBe(all.Grades[0].Records);
    const one = all.Grades[0].Grade;
    expect((await cat(admin.token, { keyword: one })).returnData.Grades.every((g: { Grade: string }) => g.Grade.toLowerCase().includes(one.toLowerCase()))).toBe(true);
  });
});
