import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { expect, it } from "vitest";
import { catalogueDatabaseText } from "../../api/modules/tdb/lookup.ts";
import { multipart } from "./attachment-files.ts";
import { describeEachBackend, type TestApi } from "./harness.ts";
import { sessionFor } from "./session-helpers.ts";

/** ThermoDatabase/*: the thermodynamic database catalogue (issue 6, category DatabaseResources). */

// The repository's own copies of the public databases (solvers/calphad/databases), not the workspace's.
const DATABASES = fileURLToPath(new URL("../../solvers/calphad/databases/", import.meta.url));
const PBSN = fs.readFileSync(path.join(DATABASES, "pbsn.tdb"), "utf8");

/** Pb–Sn with a dangling operator in its liquid's interaction parameter (written G(LIQUID,PB,SN;0)). */
function brokenPbSn(): { text: string; line: number } {
  const lines = PBSN.split(/\r?\n/);
  const i = lines.findIndex((l) => /PARAMETER\s+G\(LIQUID,PB,SN;0\)/i.test(l));
  if (i < 0) throw new Error("pbsn.tdb has no G(LIQUID,PB,SN;0)");
  lines[i] = lines[i].replace("+5125+1.46424*T", "+5125+*1.46424*T");
  if (!lines[i].includes("+*")) throw new Error("pbsn.tdb's G(LIQUID,PB,SN;0) changed");
  return { text: lines.join("\n"), line: i + 1 };
}

async function uploadFile(t: TestApi, token: string, name: string, text: string | Buffer, fields: Record<string, string> = {}, lang = "zh") {
  const m = await multipart({ name, data: Buffer.isBuffer(text) ? text : Buffer.from(text, "utf8"), type: "text/plain" }, fields);
  return t.call("ThermoDatabase/UploadDatabase", { method: "POST", token, body: m.body, headers: { "content-type": m.contentType, "accept-language": lang } });
}

async function download(t: TestApi, token: string, id: string) {
  const url = new URL(`${t.base}/api/ThermoDatabase/DownloadDatabase`);
  url.searchParams.set("id", id);
  return fetch(url, { headers: { xteam: "xteam", AuthorizationToken: token } });
}

const ids = (r: { returnData: { rows: Array<{ id: string }> } }) => r.returnData.rows.map((d) => d.id);

describeEachBackend("thermodynamic database catalogue", (t) => {
  it("lists the shipped databases with their elements, phases, counts and citations, and finds them by element", async () => {
    const s = await sessionFor(t(), "guest");
    const all = await t().call("ThermoDatabase/GetDatabases", { token: s.token });
    expect(all.status, all.msg).toBe(200);
    const shipped = all.returnData.rows.filter((d: { kind: string }) => d.kind === "shipped");
    expect(shipped.length).toBeGreaterThanOrEqual(5);
    const pbsn = shipped.find((d: { fileName: string }) => d.fileName === "pbsn.tdb");
    expect(pbsn).toMatchObject({ elements: ["PB", "SN"], published: true, canDelete: false, canPublish: false });
    expect(pbsn.phases).toEqual(expect.arrayContaining(["LIQUID", "FCC_A1", "BCT_A5"]));
    expect(pbsn.functionCount).toBeGreaterThan(0);
    expect(pbsn.parameterCount).toBeGreaterThan(0);
    expect(pbsn.citation).toMatch(/Ngai/);
    for (const d of shipped) expect(d.citation, d.id).not.toBe("");
    expect(all.returnData.elements).toEqual(expect.arrayContaining(["AL", "CR", "FE", "NI", "PB", "SN", "TI", "V", "ZN"]));

    const alzn = await t().call("ThermoDatabase/GetDatabases", { token: s.token, query: { elements: "al, Zn" } });
    const names = alzn.returnData.rows.map((d: { fileName: string }) => d.fileName);
    expect(names).toContain("alzn_mey.tdb");
    expect(names).not.toContain("pbsn.tdb");
    expect(names).not.toContain("alfe.tdb");
    for (const d of alzn.returnData.rows) expect(d.elements).toEqual(expect.arrayContaining(["AL", "ZN"]));
    const byPhase = await t().call("ThermoDatabase/GetDatabases", { token: s.token, query: { keyword: "laves_c15" } });
    expect(byPhase.returnData.rows.map((d: { fileName: string }) => d.fileName)).toContain("crtiv_ghosh.tdb");
  });

  it("opens a shipped database: phases with sublattices, functions and parameters searchable and paged", async () => {
    const s = await sessionFor(t(), "guest");
    const list = await t().call("ThermoDatabase/GetDatabases", { token: s.token });
    const id = list.returnData.rows.find((d: { fileName: string }) => d.fileName === "pbsn.tdb").id;
    const r = await t().call("ThermoDatabase/GetDatabase", { token: s.token, query: { id, size: "5" } });
    expect(r.status, r.msg).toBe(200);
    const d = r.returnData;
    expect(d.header).toMatch(/Ngai/);
    const bct = d.phases.find((p: { name: string }) => p.name === "BCT_A5");
    expect(bct.sublattices).toEqual([
      { ratio: 1, constituents: ["PB", "SN"] },
      { ratio: 3, constituents: ["VA"] },
    ]);
    expect(d.functions).toMatchObject({ page: 1, size: 5 });
    expect(d.functions.rows).toHaveLength(5);
    expect(d.functions.total).toBe(d.database.functionCount);
    for (const f of d.functions.rows) for (const rg of f.ranges) expect(rg.low).toBeLessThan(rg.high);

    const liquid = await t().call("ThermoDatabase/GetDatabase", { token: s.token, query: { id, keyword: "LIQUID", size: "100" } });
    const params = liquid.returnData.parameters;
    expect(params.total).toBeGreaterThan(0);
    for (const p of params.rows) expect(p.phase).toBe("LIQUID");
    const l0 = params.rows.find((p: { label: string }) => p.label === "G(LIQUID,PB,SN;0)");
    expect(l0).toMatchObject({ type: "G", order: 0, constituents: [["PB", "SN"]] });
    expect(l0.ranges).toEqual([{ low: 298.15, high: 6000, expression: expect.stringMatching(/^\+?5125\s*\+\s*1\.46424\s*\*\s*T$/) }]);

    // Alfe's model hints: the magnetic BCC and FCC and the B2 order–disorder pair.
    const alfe = (await t().call("ThermoDatabase/GetDatabase", { token: s.token, query: { id: "alfe" } })).returnData.phases;
    const phase = (name: string) => alfe.find((p: { name: string }) => p.name === name);
    expect(phase("BCC_A2")).toMatchObject({ magnetic: { afm: -1, p: 0.4 }, orderedPhase: "B2_BCC" });
    expect(phase("FCC_A1")).toMatchObject({ magnetic: { afm: -3, p: 0.28 } });
    expect(phase("B2_BCC")).toMatchObject({ disorderedPart: "BCC_A2" });
    expect(phase("LIQUID")).toMatchObject({ magnetic: null, disorderedPart: null });

    // What the reader accepted but does not use is said in the caller's language, with its line.
    const nicral = await t().call("ThermoDatabase/GetDatabase", { token: s.token, query: { id: "NiCrAl" } });
    expect(nicral.returnData.warningCount).toBeGreaterThan(0);
    expect(nicral.returnData.warnings[0]).toMatchObject({ line: expect.any(Number), code: "parameter-unknown-phase", text: expect.stringMatching(/^参数所属的相未定义/) });
    expect(d.warningCount).toBe(0);
    // A range the file leaves open (UNASS in NiCrAl.tdb) has a null end: JSON has no Infinity.
    const unass = await t().call("ThermoDatabase/GetDatabase", { token: s.token, query: { id: "NiCrAl", keyword: "UNASS" } });
    expect(unass.returnData.functions.rows[0]).toMatchObject({ name: "UNASS", ranges: [{ low: 298.15, high: null }] });

    // Every shipped database opens, every bound a number or an open end (null), never a bound JSON lost.
    for (const db of list.returnData.rows.filter((x: { kind: string }) => x.kind === "shipped")) {
      const all = await t().call("ThermoDatabase/GetDatabase", { token: s.token, query: { id: db.id, size: "100" } });
      expect(all.status, db.id).toBe(200);
      for (const x of [...all.returnData.functions.rows, ...all.returnData.parameters.rows])
        for (const rg of x.ranges) {
          expect(typeof rg.low === "number" || rg.low === null, `${db.id} ${x.name ?? x.label}`).toBe(true);
          expect(typeof rg.high === "number" || rg.high === null, `${db.id} ${x.name ?? x.label}`).toBe(true);
        }
    }

    const page2 = await t().call("ThermoDatabase/GetDatabase", { token: s.token, query: { id, size: "5", functionsPage: "2" } });
    expect(page2.returnData.functions.page).toBe(2);
    expect(page2.returnData.functions.rows[0].name).not.toBe(d.functions.rows[0].name);

    const file = await download(t(), s.token, id);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-disposition")).toContain("pbsn.tdb");
    expect(await file.text()).toBe(PBSN);
  });

  it("refuses a bad file with its line number and what is wrong, in the user's language, and stores nothing", async () => {
    const s = await sessionFor(t(), "guest");
    const before = await t().api.app.db.query(`select id from tdb_databases`);
    const bad = brokenPbSn();
    const en = await uploadFile(t(), s.token, "pbsn-broken.tdb", bad.text, {}, "en");
    expect(en.status).toBe(400);
    expect(en.returnData.error).toMatchObject({ line: bad.line, code: "bad-expression" });
    expect(en.msg).toMatch(new RegExp(`^Line ${bad.line}: `));
    const zh = await uploadFile(t(), s.token, "pbsn-broken.tdb", bad.text);
    expect(zh.msg).toMatch(new RegExp(`^第 ${bad.line} 行：`));
    const es = await uploadFile(t(), s.token, "pbsn-broken.tdb", bad.text, {}, "es");
    expect(es.msg).toMatch(new RegExp(`^Línea ${bad.line}: `));
    const ja = await uploadFile(t(), s.token, "pbsn-broken.tdb", bad.text, {}, "ja");
    expect(ja.msg).toMatch(new RegExp(`^${bad.line} 行目：`));

    const unterminated = await uploadFile(t(), s.token, "x.tdb", "ELEMENT AL FCC_A1 26.98 0 0 !\nELEMENT ZN HCP_A3 65.38 0 0\n", {}, "en");
    expect(unterminated.returnData.error).toMatchObject({ line: 2, code: "unterminated-command" });
    const noPhase = await uploadFile(t(), s.token, "x.tdb", "ELEMENT AL FCC_A1 26.98 0 0 !\n", {}, "en");
    expect(noPhase.status).toBe(400);
    expect(noPhase.msg).toMatch(/PHASE/);
    const wrongType = await uploadFile(t(), s.token, "pbsn.txt", PBSN, {}, "en");
    expect(wrongType.msg).toMatch(/\.tdb/);
    const binary = await uploadFile(t(), s.token, "x.tdb", Buffer.from([0x45, 0x00, 0x4c, 0x21]), {}, "en");
    expect(binary.msg).toMatch(/text/);
    const big = await uploadFile(t(), s.token, "big.tdb", `$ ${"x".repeat(2 * 1024 * 1024)}\n${PBSN}`, {}, "en");
    expect(big.status).toBe(413);
    expect(big.msg).toMatch(/2 MB/);
    const none = await t().call("ThermoDatabase/UploadDatabase", { method: "POST", token: s.token, json: { name: "x" } });
    expect(none.status).toBe(400);

    expect(await t().api.app.db.query(`select id from tdb_databases`)).toEqual(before);
    const anonymous = await t().call("ThermoDatabase/GetDatabases");
    expect(anonymous.status).toBe(205);
  });

  it("keeps an upload private to its uploader until an admin publishes it; the uploader or an admin deletes it", async () => {
    const owner = await sessionFor(t(), "guest");
    const other = await sessionFor(t(), "outside");
    const admin = await sessionFor(t(), "admin");
    const up = await uploadFile(t(), owner.token, "铅锡.TDB", PBSN, { name: "My Pb–Sn", citation: "Ngai & Chang, CALPHAD 5 (1981) 267" });
    expect(up.status, up.msg).toBe(200);
    const id = up.returnData.id;
    expect(up.returnData).toMatchObject({ kind: "uploaded", name: "My Pb–Sn", fileName: "铅锡.TDB", mine: true, published: false, canDelete: true, canPublish: false });
    expect(up.returnData.elements).toEqual(["PB", "SN"]);
    // Stored under its id, never under the name the client sent.
    expect(fs.readFileSync(path.join(t().dataDir, "tdb", `${id}.tdb`), "utf8")).toBe(PBSN);

    const json = await t().call("ThermoDatabase/UploadDatabase", { method: "POST", token: owner.token, json: { name: "from a script", text: PBSN } });
    expect(json.status, json.msg).toBe(200);
    expect(json.returnData.fileName).toBe("from_a_script.tdb");

    expect(ids(await t().call("ThermoDatabase/GetDatabases", { token: owner.token }))).toContain(id);
    expect(ids(await t().call("ThermoDatabase/GetDatabases", { token: other.token }))).not.toContain(id);
    expect((await t().call("ThermoDatabase/GetDatabase", { token: other.token, query: { id } })).status).toBe(404);
    expect((await download(t(), other.token, id)).status).toBe(200); // an envelope, not the file
    expect(await (await download(t(), other.token, id)).json()).toMatchObject({ status: 404 });
    expect(ids(await t().call("ThermoDatabase/GetDatabases", { token: admin.token }))).toContain(id);

    // Other modules (the CALPHAD apps) read a database by id under the same visibility.
    const app = t().api.app;
    expect((await catalogueDatabaseText(app, { id: owner.userId, roles: [] }, id))?.text).toBe(PBSN);
    expect(await catalogueDatabaseText(app, { id: other.userId, roles: [] }, id)).toBeNull();
    expect((await catalogueDatabaseText(app, { id: other.userId, roles: [] }, "pbsn"))?.text).toBe(PBSN);
    expect(await catalogueDatabaseText(app, { id: other.userId, roles: [] }, "../pbsn")).toBeNull();

    expect((await t().call("ThermoDatabase/PublishDatabase", { token: owner.token, form: { id } })).status).toBe(403);
    const pub = await t().call("ThermoDatabase/PublishDatabase", { token: admin.token, form: { id } });
    expect(pub.status, pub.msg).toBe(200);
    const seen = (await t().call("ThermoDatabase/GetDatabases", { token: other.token })).returnData.rows.find((d: { id: string }) => d.id === id);
    expect(seen).toMatchObject({ published: true, mine: false, canDelete: false, owner: expect.any(String) });
    const detail = await t().call("ThermoDatabase/GetDatabase", { token: other.token, query: { id } });
    expect(detail.returnData.database.citation).toMatch(/Ngai/);
    expect(await (await download(t(), other.token, id)).text()).toBe(PBSN);

    const refused = await t().call("ThermoDatabase/DeleteDatabase", { token: other.token, form: { id } });
    expect(refused.status).toBe(403);
    const shippedId = (await t().call("ThermoDatabase/GetDatabases", { token: admin.token })).returnData.rows.find((d: { kind: string }) => d.kind === "shipped").id;
    expect((await t().call("ThermoDatabase/DeleteDatabase", { token: admin.token, form: { id: shippedId } })).status).toBe(400);
    expect((await t().call("ThermoDatabase/PublishDatabase", { token: admin.token, form: { id: shippedId } })).status).toBe(400);

    expect((await t().call("ThermoDatabase/DeleteDatabase", { token: owner.token, form: { id } })).status).toBe(200);
    expect(fs.existsSync(path.join(t().dataDir, "tdb", `${id}.tdb`))).toBe(false);
    expect((await t().call("ThermoDatabase/GetDatabase", { token: owner.token, query: { id } })).status).toBe(404);
    // An admin deletes someone else's upload.
    expect((await t().call("ThermoDatabase/DeleteDatabase", { token: admin.token, form: { id: json.returnData.id } })).status).toBe(200);
  });

  it("answers ids, never paths: a traversal attempt is simply not found", async () => {
    const s = await sessionFor(t(), "guest");
    for (const id of ["../../etc/passwd", "..%2F..%2Fetc%2Fpasswd", "/etc/passwd", ""]) {
      expect((await t().call("ThermoDatabase/GetDatabase", { token: s.token, query: { id } })).status).toBe(404);
      expect(await (await download(t(), s.token, id)).json()).toMatchObject({ status: 404 });
    }
  });
});
