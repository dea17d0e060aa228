import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDb, type Db } from "../../api/db/index.ts";
import { issueToken } from "../../api/http/auth.ts";
import { apiCall, startApiProcess, type ApiProcess } from "../../bench/api-process.ts";
import { freePort } from "./process-helpers.ts";
import { postgresSchema } from "./harness.ts";

/**
 * Two API processes on one PostgreSQL database and one data dir (docs/compute.md, "Several API instances"):
 * every task runs exactly once, whichever instance it was submitted to, and when one instance is killed
 * outright the other takes over its tasks, running and waiting. Real `api/main.ts` processes; a run leaves one
 * "carburizing:" line in its task's stdout.log (opened for appending), so a second run of a task would show.
 */
const TRIVIAL = { c0: 0.2, cs: 0.9, temperatureC: 925, timeH: 1, depthMm: 2, nodes: 21, steps: 10, diffusivity: "constant" };
/** A couple of seconds of solver time: long enough to kill an instance under it. */
const SECONDS = { ...TRIVIAL, timeH: 2, depthMm: 3, nodes: 2001, steps: 100_000 };
const ENV = {
  NODE_ENV: "test",
  API_HOST: "127.0.0.1",
  COMPUTE_SLOTS: "2",
  TASK_MAX_RUNNING_PER_USER: "50",
  TASK_MAX_QUEUED_PER_USER: "100",
  API_HEARTBEAT_MS: "200",
  API_INSTANCE_TIMEOUT_MS: "1500",
};

const schema = await postgresSchema();

if (schema) {
  describe("two API instances on one PostgreSQL database", () => {
    let db: Db;
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "ferrum-instances-"));
    const started: ApiProcess[] = [];
    const start = async () => {
      const p = await startApiProcess(await freePort(), dataDir, { ...ENV, DATABASE_URL: schema.url });
      started.push(p);
      return p;
    };

    beforeAll(async () => {
      db = await openDb({ databaseUrl: schema.url, dataDir });
    });
    afterAll(async () => {
      for (const p of started) if (p.proc.exitCode === null) p.proc.kill("SIGKILL");
      await db?.close();
      await schema.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    });

    const tokenFor = async (name: string) => {
      const [u] = await db.query<{ id: string }>(`select id from users where name = $1`, [name]);
      return issueToken(db, u!.id, "test");
    };
    const submit = async (api: ApiProcess, token: string, params: object): Promise<string> =>
      (await apiCall(api.base, "CalculateTask/CreateTask", token, { appId: "carburizing", mode: "graphical", params, resources: { cores: 1, walltimeMin: 10 } })).taskId;
    const instanceOf = async (api: ApiProcess) => (await db.query<{ id: string }>(`select id from api_instances where pid = $1`, [api.proc.pid]))[0]!.id;
    const until = async (what: string, ok: () => Promise<boolean>, ms: number) => {
      const end = Date.now() + ms;
      while (!(await ok())) {
        if (Date.now() > end) throw new Error(`still waiting for ${what}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    };
    const finished = (ids: string[]) => async () => {
      const [{ n }] = await db.query<{ n: number }>(`select count(*)::int as n from compute_tasks where id = any($1) and status not in ('queued', 'running')`, [ids]);
      return n === ids.length;
    };
    /** How many times each task's solver started, from its own log. */
    const runsOf = (id: string) => fs.readFileSync(path.join(dataDir, "tasks", id, "stdout.log"), "utf8").split("\n").filter((l) => l.startsWith("carburizing:")).length;

    it("runs 50 tasks submitted to both instances exactly once each, both instances taking part", async () => {
      const [a, b] = [await start(), await start()];
      const [idA, idB] = [await instanceOf(a), await instanceOf(b)];
      const token = await tokenFor("equip");
      const t0 = Date.now();
      const ids = await Promise.all(Array.from({ length: 50 }, (_, i) => submit(i % 2 ? b : a, token, TRIVIAL)));
      await until("50 tasks", finished(ids), 120_000);
      const seconds = (Date.now() - t0) / 1000;

      const rows = await db.query<{ id: string; status: string; instance_id: string }>(`select id, status, instance_id from compute_tasks where id = any($1)`, [ids]);
      expect(rows.filter((r) => r.status !== "succeeded")).toEqual([]);
      const runs = ids.map(runsOf);
      expect(runs.filter((n) => n !== 1)).toEqual([]);
      const byA = rows.filter((r) => r.instance_id === idA).length;
      const byB = rows.filter((r) => r.instance_id === idB).length;
      expect(byA + byB).toBe(50);
      expect(byA).toBeGreaterThan(0);
      expect(byB).toBeGreaterThan(0);
      console.log(`two instances: 50 tasks in ${seconds.toFixed(1)} s, ${byA} run by A and ${byB} by B, ${runs.reduce((s, n) => s + n, 0)} runs in all`);
      for (const p of [a, b]) await p.stop();
    }, 180_000);

    it("finishes every task of an instance killed with SIGKILL mid-run on the other, each run once", async () => {
      const [a, b] = [await start(), await start()];
      const [idA, idB] = [await instanceOf(a), await instanceOf(b)];
      const token = await tokenFor("inside");
      // Long ones first, so A has tasks running and waiting when it dies.
      const ids: string[] = [];
      for (let i = 0; i < 6; i++) ids.push(await submit(a, token, SECONDS));
      for (let i = 0; i < 6; i++) ids.push(await submit(i % 2 ? b : a, token, TRIVIAL));
      await until(
        "A running two tasks",
        async () => (await db.query(`select 1 from compute_tasks where instance_id = $1 and status = 'running'`, [idA])).length >= 2,
        30_000,
      );
      const heldByA = (await db.query<{ id: string; status: string }>(`select id, status from compute_tasks where instance_id = $1 and status in ('queued', 'running')`, [idA])).length;
      const t0 = Date.now();
      a.proc.kill("SIGKILL");
      await until("every task", finished(ids), 120_000);
      const seconds = (Date.now() - t0) / 1000;

      const rows = await db.query<{ id: string; status: string; instance_id: string; error: string | null }>(
        `select id, status, instance_id, error from compute_tasks where id = any($1)`,
        [ids],
      );
      expect(rows.filter((r) => r.status !== "succeeded")).toEqual([]);
      expect(ids.map(runsOf).filter((n) => n !== 1)).toEqual([]);
      // A's row is gone and B holds what A held.
      expect((await db.query(`select 1 from api_instances where id = $1`, [idA])).length).toBe(0);
      const takenOver = rows.filter((r) => r.instance_id === idB).length;
      expect(takenOver).toBeGreaterThanOrEqual(heldByA);
      console.log(`instance killed: A held ${heldByA} unfinished tasks; all 12 succeeded on B ${seconds.toFixed(1)} s after the kill, each run once`);
      await b.stop();
    }, 180_000);

    it("answers a task submitted to one instance through the other, and a clean stop leaves no instance row", async () => {
      const [a, b] = [await start(), await start()];
      const token = await tokenFor("guest");
      const id = await submit(a, token, TRIVIAL);
      await until("the task", finished([id]), 60_000);
      const seen = await apiCall(b.base, "CalculateTask/GetTask", token, undefined, { id });
      expect(seen).toMatchObject({ id, status: "succeeded" });
      for (const p of [a, b]) await p.stop();
      // Stopped cleanly, each instance took its row with it (the others would otherwise wait for its timeout).
      expect((await db.query(`select 1 from api_instances`)).length).toBe(0);
    }, 120_000);
  });
}
