import fs from "node:fs";
import { expect, it } from "vitest";
import { startApi } from "../../api/app.ts";
import { describeEachBackend } from "./harness.ts";
import { sessionFor, userContextOf } from "./session-helpers.ts";

type Row = { Name: string; Entries: number; Bytes: number | null; Hits: number; Misses: number };

/** The API caches the page names; a new cache needs its name and description in the four languages. */
const API_CACHES = ["appAvailability", "constants", "departmentTree", "gradeIndex", "menuTrees", "taskStorage", "tdbContent"];

describeEachBackend("system: caches", (t) => {
  it("GetCacheList shows every cache with its counts; ClearCache empties one or all and logs it; SystemAdmin only", async () => {
    const admin = await sessionFor(t(), "admin");
    await userContextOf(t(), "inside");
    await userContextOf(t(), "inside");
    await t().call("System/GetConstantBase");
    const list = async () => (await t().call("System/GetCacheList", { token: admin.token })).returnData as Row[];
    const rows = await list();
    expect(rows.map((r) => r.Name)).toEqual(API_CACHES);
    const menus = rows.find((r) => r.Name === "menuTrees")!;
    expect(menus.Entries).toBeGreaterThanOrEqual(1);
    expect(menus.Hits).toBeGreaterThanOrEqual(1);
    expect(menus.Bytes).toBeGreaterThan(100);
    expect(rows.find((r) => r.Name === "appAvailability")!.Entries).toBeGreaterThan(5);

    const cleared = await t().call("System/ClearCache", { token: admin.token, form: { Name: "menuTrees" } });
    expect(cleared.status, cleared.msg).toBe(200);
    expect(cleared.returnData).toEqual({ Cleared: ["menuTrees"] });
    expect((await list()).find((r) => r.Name === "menuTrees")!.Entries).toBe(0);
    // Clearing app availability looks again rather than forgetting: the apps are still known.
    expect((await t().call("System/ClearCache", { token: admin.token, form: { Name: "all" } })).returnData.Cleared).toEqual(API_CACHES);
    const after = await list();
    expect(after.find((r) => r.Name === "appAvailability")!.Entries).toBeGreaterThan(5);
    expect(after.find((r) => r.Name === "constants")!.Entries).toBe(0);
    // A web server's own cache is recorded, not cleared here.
    expect((await t().call("System/ClearCache", { token: admin.token, form: { Name: "web.translations" } })).status).toBe(200);
    const log = await t().call("System/GetOperationLog", { token: admin.token, query: { targetType: "cache" } });
    expect(log.returnData.rows.map((r: { TargetId: string }) => r.TargetId).slice(0, 3)).toEqual(["web.translations", "all", "menuTrees"]);

    for (const form of [{ Name: "nope" }, { Name: "web.../x" }, {}] as Array<Record<string, string>>) {
      expect((await t().call("System/ClearCache", { token: admin.token, form })).status, JSON.stringify(form)).toBe(400);
    }
    for (const name of ["inside", "guest"]) {
      const token = (await sessionFor(t(), name)).token;
      expect((await t().call("System/GetCacheList", { token })).status).toBe(403);
      expect((await t().call("System/ClearCache", { token, form: { Name: "all" } })).status).toBe(403);
    }
  });

  it("every cache has its name and description in the four languages", () => {
    for (const lng of ["zh", "en", "es", "ja"]) {
      const cache = JSON.parse(fs.readFileSync(`app/locales/${lng}/system.json`, "utf8")).cache;
      for (const n of [...API_CACHES, "translations", "webConstants", "wxService", "qrImages"]) {
        expect(cache.name[n], `${lng} cache.name.${n}`).toBeTruthy();
        expect(cache.about[n], `${lng} cache.about.${n}`).toBeTruthy();
      }
    }
  });
});

describeEachBackend(
  "system: a cache clear on one API instance",
  (t) => {
    it("reaches the other instances", async () => {
      const other = await startApi({ ...t().api.app.config, API_PORT: 0 });
      try {
        const admin = await sessionFor(t(), "admin");
        const entriesOnOther = () => other.app.caches.list().find((c) => c.name === "constants")!.entries;
        await fetch(`http://127.0.0.1:${other.port}/api/System/GetConstantBase`, { headers: { xteam: "xteam" } });
        expect(entriesOnOther()).toBe(1);
        expect((await t().call("System/ClearCache", { token: admin.token, form: { Name: "constants" } })).status).toBe(200);
        const end = Date.now() + 5000;
        while (entriesOnOther() !== 0) {
          if (Date.now() > end) throw new Error("the other instance kept its constants");
          await new Promise((r) => setTimeout(r, 20));
        }
      } finally {
        await other.close();
      }
    });
  },
  {},
  "postgres",
);
