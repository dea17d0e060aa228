import { expect, it } from "vitest";
import { GRADES, SOURCES } from "../../api/modules/dataResources/grades/index.ts";
import type { GradeSeed } from "../../api/modules/dataResources/grades/types.ts";
import { insertGrades, loadGrades } from "../../api/modules/dataResources/seed-grades.ts";
import { MATDAO_AUDIENCE } from "../../api/modules/dataResources/matdao.ts";
import { verifyLoginStr } from "../../api/modules/login/login-str.ts";
import { multipart } from "./attachment-files.ts";
import { describeEachBackend } from "./harness.ts";
import { sessionFor } from "./session-helpers.ts";

const FORBIDDEN = "当前用户没有此操作权限";
const MATDAO_SECRET = "matdao-shared-secret-for-tests";

/** What the composition search must answer, worked out from the shipped data: each wanted range overlaps the grade's. */
function expectedKeys(conds: Array<{ el: string; min: number | null; max: number | null }>): string[] {
  const matches = (g: GradeSeed) =>
    conds.every((c) => {
      const r = g.composition.find((e) => e.element === c.el);
      if (!r) return c.min === null || c.min === 0;
      const lo = r.min ?? 0;
      const hi = r.max ?? Infinity;
      return (c.max === null || lo <= c.max) && (c.min === null || hi >= c.min);
    });
  return GRADES.filter(matches)
    .map((g) => g.key)
    .sort();
}

describeEachBackend(
  "data resources",
  (t) => {
    const tokens = new Map<string, string>();
    const as = async (name: string) => {
      if (!tokens.has(name)) tokens.set(name, (await sessionFor(t(), name)).token);
      return tokens.get(name)!;
    };
    // Repeated conditions (`comp`) go in the address as the pages send them.
    const get = async (name: string, path: string, query: Record<string, string> | URLSearchParams = {}) =>
      t().call(`${path}?${new URLSearchParams(query)}`, { token: await as(name) });
    const db = () => t().api.app.db;

    it("seeds the shipped grade database once, and again only when the data changed", async () => {
      const [{ n }] = await db().query<{ n: number }>(`select count(*)::int as n from steel_grades`);
      expect(n).toBe(GRADES.length);
      expect(await loadGrades(db(), GRADES, SOURCES)).toBe(false);
      const [{ e }] = await db().query<{ e: number }>(`select count(*)::int as e from steel_grade_elements`);
      expect(e).toBe(GRADES.reduce((a, g) => a + g.composition.length, 0));
    });

    it("finds grades by composition ranges exactly as the shipped data says, paged", async () => {
      const q = new URLSearchParams([
        ["comp", "Cr,0.8,1.1"],
        ["comp", "Mo,0.15,"],
        ["pageSize", "100"],
      ]);
      const r = await get("inside", "DataResource/GetGradeList", q);
      expect(r.status, r.msg).toBe(200);
      const want = expectedKeys([
        { el: "Cr", min: 0.8, max: 1.1 },
        { el: "Mo", min: 0.15, max: null },
      ]);
      expect(want.length).toBeGreaterThan(0);
      expect(r.returnData.total).toBe(want.length);
      expect((r.returnData.rows as Array<{ Key: string }>).map((g) => g.Key).sort()).toEqual(want);
      // Every row carries its composition, so the list can show it.
      for (const row of r.returnData.rows as Array<{ Composition: Array<{ Element: string }> }>) expect(row.Composition.some((c) => c.Element === "Cr")).toBe(true);

      const page1 = await get("inside", "DataResource/GetGradeList", { pageSize: "10", page: "1", sort: "name" });
      const page2 = await get("inside", "DataResource/GetGradeList", { pageSize: "10", page: "2", sort: "name" });
      expect(page1.returnData.total).toBe(GRADES.length);
      const keys = [...page1.returnData.rows, ...page2.returnData.rows].map((g: { Key: string }) => g.Key);
      expect(new Set(keys).size).toBe(20);
    });

    it("keeps its search index true to the tables: a grade written or removed by anyone shows in the next search", async () => {
      const q = { comp: "W,40,50" };
      expect((await get("inside", "DataResource/GetGradeList", q)).returnData.total).toBe(0);
      await insertGrades(db(), [{ key: "test-w45", name: "W45Test", system: "GB", standard: "TEST 1-2026", family: "tool", composition: [{ element: "W", min: 44, max: 46, source: SOURCES[0].key }], properties: [], equivalents: [] }], []);
      const found = await get("inside", "DataResource/GetGradeList", q);
      expect(found.returnData.rows.map((g: { Key: string }) => g.Key)).toEqual(["test-w45"]);
      await db().query(`delete from steel_grades where key = 'test-w45'`);
      expect((await get("inside", "DataResource/GetGradeList", q)).returnData.total).toBe(0);
    });

    it("finds a designation ignoring case, spaces and dashes, and filters by system and family", async () => {
      const sample = GRADES.find((g) => /[a-z]/i.test(g.name) && g.name.length > 3)!;
      const typed = sample.name.toLowerCase().replace(/(.{2})/, "$1 ");
      const r = await get("inside", "DataResource/GetGradeList", { keyword: typed, system: sample.system });
      expect((r.returnData.rows as Array<{ Key: string }>).map((g) => g.Key)).toContain(sample.key);
      const stainless = await get("inside", "DataResource/GetGradeList", { family: "stainless", pageSize: "100" });
      expect(stainless.returnData.total).toBe(GRADES.filter((g) => g.family === "stainless").length);
      // The standard from its start, ignoring case; a descending sort keeps ties by key ascending.
      const gb3077 = await get("inside", "DataResource/GetGradeList", { standard: "gb/t 3077", pageSize: "100" });
      expect(gb3077.returnData.total).toBe(GRADES.filter((g) => g.standard.toLowerCase().startsWith("gb/t 3077")).length);
      const byFamily = await get("inside", "DataResource/GetGradeList", { sort: "-family", pageSize: "100", family: "bearing" });
      const keys = (byFamily.returnData.rows as Array<{ Key: string }>).map((g) => g.Key);
      expect(keys).toEqual([...keys].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    });

    it("refuses a minimum above its maximum, naming the condition, in the caller's language", async () => {
      const r = await t().call(`DataResource/GetGradeList?comp=Cr,1.1,0.8`, { token: await as("inside"), headers: { "accept-language": "en" } });
      expect(r.status).toBe(400);
      expect(r.msg).toBe("The minimum cannot be greater than the maximum");
      expect(r.returnData.fields[0]).toMatchObject({ field: "comp.0", key: "rangeOrder" });
      const unknown = await get("inside", "DataResource/GetGradeList", { comp: "Xx,0,1" });
      expect(unknown.status).toBe(400);
      const prop = await get("inside", "DataResource/SearchProperty", { property: "tensileStrength", min: "900", max: "100" });
      expect(prop.status).toBe(400);
      // A test temperature may be below zero.
      expect((await get("inside", "DataResource/SearchProperty", { property: "impactEnergy", tMin: "-40", tMax: "20" })).status).toBe(200);
    });

    it("opens one grade with its sources, properties and equivalents listed both ways", async () => {
      const g = GRADES.find((x) => x.equivalents.length && x.properties.length)!;
      const r = await get("sg", "DataResource/GetGradeDetail", { key: g.key });
      expect(r.status, r.msg).toBe(200);
      const d = r.returnData;
      expect(d.Name).toBe(g.name);
      expect(d.Composition).toHaveLength(g.composition.length);
      expect(d.Properties).toHaveLength(g.properties.length);
      const cited = new Set<string>(d.Sources.map((s: { Key: string }) => s.Key));
      for (const c of d.Composition) expect(cited.has(c.Source)).toBe(true);
      for (const p of d.Properties) expect(p.SourceTitle).toBe(SOURCES.find((s) => s.key === p.Source)!.title);
      expect(d.Equivalents.map((e: { Key: string }) => e.Key).sort()).toEqual([...g.equivalents].sort());
      const other = await get("sg", "DataResource/GetGradeDetail", { key: g.equivalents[0] });
      expect(other.returnData.Equivalents.map((e: { Key: string }) => e.Key)).toContain(g.key);

      const eq = await get("sg", "DataResource/GetEquivalents", { name: g.name });
      expect(eq.returnData[0].Grade.Key).toBe(g.key);
      expect((await get("sg", "DataResource/GetGradeDetail", { key: "no-such-grade" })).status).toBe(404);
    });

    it("searches a property in a range at a condition", async () => {
      const withFigure = GRADES.flatMap((g) => g.properties.filter((p) => p.property === "tensileStrength").map((p) => ({ g, p })));
      expect(withFigure.length).toBeGreaterThan(0);
      const r = await get("inside", "DataResource/SearchProperty", { property: "tensileStrength", min: "0", max: "100000", pageSize: "100" });
      expect(r.status, r.msg).toBe(200);
      expect(r.returnData.total).toBe(withFigure.length);
      const cond = withFigure[0].p.condition.split(/[\s,]+/)[0];
      const narrowed = await get("inside", "DataResource/SearchProperty", { property: "tensileStrength", condition: cond, pageSize: "100" });
      for (const hit of narrowed.returnData.rows as Array<{ Figure: { Condition: string } }>) expect(hit.Figure.Condition.toLowerCase()).toContain(cond.toLowerCase());
      const standards = await get("inside", "DataResource/GetStandardList");
      expect((standards.returnData as Array<{ Grades: number }>).reduce((a, s) => a + s.Grades, 0)).toBe(GRADES.length);
    });

    it("does not show the data resources to OutsideUser (spec section 6), nor the admin calls to other roles", async () => {
      for (const path of ["DataResource/GetResourceIndex", "DataResource/GetGradeList", "DataResource/SearchProperty", "DataResource/GetEquivalents", "MatdaoSSO/GetRequestMatdaoUrl"]) {
        const r = await get("guest", path, { property: "density", name: "45" });
        expect(r.status, path).toBe(403);
        expect(r.msg).toBe(FORBIDDEN);
      }
      const anon = await t().call("DataResource/GetGradeList");
      // Without a session: the spec's "log in again" status.
      expect(anon.status).toBe(205);
      const save = await t().call("DataResource/SaveDataResource", { token: await as("inside"), json: { Name: "x", Kind: "database", Url: "https://example.org/" } });
      expect(save.status).toBe(403);
    });

    it("lets a SystemAdmin add, edit and delete a resource with a link or a file, logged, with the version checked", async () => {
      const before = await db().query(`select count(*)::int as n from data_resources`);
      const bad = await t().call("DataResource/SaveDataResource", { token: await as("admin"), json: { Name: "  ", Kind: "database", Url: "javascript:alert(1)" } });
      expect(bad.status).toBe(400);
      const neither = await t().call("DataResource/SaveDataResource", { token: await as("admin"), json: { Name: "Empty", Kind: "dataset", Url: "" } });
      expect(neither.status).toBe(400);
      expect(neither.returnData.fields[0]).toMatchObject({ field: "Url", key: "linkOrFile" });
      expect(await db().query(`select count(*)::int as n from data_resources`)).toEqual(before);

      const m = await multipart({ name: "grains.csv", data: Buffer.from("grain,size_um\n1,12.5\n"), type: "text/csv" });
      const up = await t().call("Attachment/UploadFile", { method: "POST", token: await as("admin"), body: m.body, headers: { "content-type": m.contentType } });
      expect(up.status, up.msg).toBe(200);
      const file = up.returnData as { AttachmentPath: string };
      const created = await t().call("DataResource/SaveDataResource", {
        token: await as("admin"),
        json: { Name: "EBSD grain sizes", Kind: "dataset", Description: "Q&P steel, 2026", Url: "", Attachments: [file.AttachmentPath] },
      });
      expect(created.status, created.msg).toBe(200);
      const id = created.returnData.Id as string;
      const taken = await t().call("DataResource/SaveDataResource", { token: await as("admin"), json: { Name: "ebsd GRAIN sizes", Kind: "dataset", Url: "https://example.org/" } });
      expect(taken.status).toBe(409);

      const index = await get("inside", "DataResource/GetResourceIndex");
      const shown = (index.returnData.Added as Array<{ Id: string; Files: Array<{ name: string }> }>).find((r) => r.Id === id)!;
      expect(shown.Files.map((f) => f.name)).toEqual(["grains.csv"]);
      expect(index.returnData.Grades.Grades).toBe(GRADES.length);
      // The external entries: only the single-sign-on partners go through our redirect.
      for (const e of index.returnData.External as Array<{ Code: string; Href: string; Sso: boolean; Url: string }>) {
        expect(e.Href).toBe(e.Sso ? `/dataResource/open?code=${e.Code}` : e.Url);
      }

      const updated = await t().call("DataResource/SaveDataResource", {
        token: await as("admin"),
        json: { Id: id, Version: 1, Name: "EBSD grain sizes", Kind: "dataset", Description: "", Url: "https://example.org/ebsd", Attachments: [] },
      });
      expect(updated.status, updated.msg).toBe(200);
      const unversioned = await t().call("DataResource/SaveDataResource", { token: await as("admin"), json: { Id: id, Name: "Overwritten", Kind: "dataset", Url: "https://example.org/" } });
      expect(unversioned.status).toBe(409);
      const stale = await t().call("DataResource/SaveDataResource", {
        token: await as("admin"),
        json: { Id: id, Version: 1, Name: "Overwritten", Kind: "dataset", Url: "https://example.org/" },
      });
      expect(stale.status).toBe(409);
      expect(stale.returnData.fields[0].key).toBe("stale");
      expect((await get("admin", "DataResource/GetDataResource", { id })).returnData.Name).toBe("EBSD grain sizes");

      const del = await t().call("DataResource/DeleteDataResource", { token: await as("admin"), form: { Id: id } });
      expect(del.status).toBe(200);
      const log = await db().query<{ action: string; user_name: string }>(`select action, user_name from operation_log where target_id = $1 order by id`, [id]);
      expect(log.map((l) => l.action)).toEqual(["dataResource.create", "dataResource.update", "dataResource.delete"]);
      expect(log.every((l) => l.user_name === "admin")).toBe(true);
    });

    it("gives a Matdao address with a login string Matdao can verify and our own login refuses, and nothing to a third party", async () => {
      const r = await get("inside", "MatdaoSSO/GetRequestMatdaoUrl", { code: "Matdao_Welding" });
      expect(r.status, r.msg).toBe(200);
      const url = new URL(r.returnData as string);
      expect(url.host).toBe("www.matdao.com");
      const loginStr = url.searchParams.get("loginStr")!;
      expect(verifyLoginStr(loginStr, MATDAO_SECRET, Date.now(), MATDAO_AUDIENCE)?.name).toBe("inside");
      // Addressed to Matdao, it logs nobody in here, though Matdao's logins to us share the secret.
      expect(verifyLoginStr(loginStr, MATDAO_SECRET)).toBeNull();
      const replayed = await t().call("Login/MatdaoLogin", { query: { loginStr } });
      expect(replayed.status).toBe(400);
      expect(replayed.returnData?.token).toBeUndefined();
      const cnki = await get("inside", "MatdaoSSO/GetRequestMatdaoUrl", { code: "CNKI" });
      expect(cnki.status).toBe(400);
    });
  },
  { MATDAO_LOGIN_SECRET: MATDAO_SECRET },
);
