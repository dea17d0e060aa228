import fs from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { startApi } from "../../api/app.ts";
import { erf } from "../../solvers/common/erf.ts";
import { describeEachBackend, type TestApi } from "./harness.ts";
import { sessionFor } from "./session-helpers.ts";
import { FINISHED, taskCalls, waitFor } from "./task-helpers.ts";

const R = 8.314462618;
const BASE = { c0: 0.2, cs: 0.9, temperatureC: 925, timeH: 2, depthMm: 3, nodes: 201, diffusivity: "constant" };
/** Minutes of solver time on this machine's two cores: only ever cancelled or waited on at a restart. */
const LONG = { ...BASE, diffusivity: "tibbetts", nodes: 2001, steps: 200_000 };
/** erf⁻¹(5/7) by bisection: where 0.2 → 0.9 wt% carburizing crosses 0.4 wt%. */
const ERF_INV_5_7 = (() => {
  let [lo, hi] = [0, 2];
  for (let i = 0; i < 60; i++) [lo, hi] = erf((lo + hi) / 2) < 5 / 7 ? [(lo + hi) / 2, hi] : [lo, (lo + hi) / 2];
  return lo;
})();
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describeEachBackend(
  "compute tasks: carburizing through the API",
  (t) => {
    const { submit, getTask, finished } = taskCalls(t);

    it("lists carburizing under Spread, runs it, and the constant-D profile matches erf within 0.5% of cs - c0", async () => {
      const s = await sessionFor(t(), "outside");
      const cats = await t().call("CalculateTask/GetSoftAlgorithmListBase", { token: s.token, headers: { "accept-language": "en" } });
      const spread = cats.returnData.data.find((c: { category: string }) => c.category === "Spread");
      expect(spread.apps).toEqual([expect.objectContaining({ id: "carburizing", name: "Carburizing", version: "1.0", modes: ["graphical", "instruction"], mainInput: "carburize.in" })]);

      const r = await submit(s.token, { appId: "carburizing", mode: "graphical", params: BASE, resources: { cores: 1, walltimeMin: 5 } });
      expect(r.status, r.msg).toBe(200);
      const id = r.returnData.taskId;
      const task = await finished(s.token, id);
      expect(task).toMatchObject({ id, appId: "carburizing", status: "succeeded", exitCode: 0, error: null });
      expect(Date.parse(task.createdAt)).toBeLessThanOrEqual(Date.parse(task.startedAt));
      expect(Date.parse(task.startedAt)).toBeLessThanOrEqual(Date.parse(task.finishedAt));

      const profile = task.result.series.find((x: { key: string }) => x.key === "profile");
      expect(profile.x.unit).toBe("mm");
      expect(profile.y.unit).toBe("wt%");
      expect(profile.x.values).toHaveLength(201);
      const D = 2.3e-5 * Math.exp(-148000 / (R * (925 + 273.15)));
      const t2 = 2 * 3600;
      let worst = 0;
      profile.x.values.forEach((xMm: number, i: number) => {
        const exact = 0.9 - (0.9 - 0.2) * erf(xMm / 1000 / (2 * Math.sqrt(D * t2)));
        worst = Math.max(worst, Math.abs(profile.y.values[i] - exact) / (0.9 - 0.2));
      });
      expect(worst).toBeLessThan(0.005);
      const depth = task.result.scalars.find((x: { key: string }) => x.key === "caseDepthMm");
      expect(depth.value).toBeGreaterThan(0.3);
      expect(depth.value).toBeLessThan(0.45);
      expect(task.result.files.map((f: { path: string }) => f.path)).toEqual(expect.arrayContaining(["result.json", "carburize.in", "stdout.log"]));

      // The log pages by byte offset and ends with the solver's summary; the files come back as written.
      let offset = 0;
      let log = "";
      for (;;) {
        const page = await t().call("CalculateTask/GetTaskLog", { token: s.token, query: { id, offset: String(offset) } });
        expect(page.status).toBe(200);
        if (page.returnData.nextOffset === offset) break;
        // A page short of 64 KiB by more than a split character reached the log's end, and says so.
        expect(page.returnData.more).toBe(page.returnData.nextOffset - offset > 64 * 1024 - 4);
        log += page.returnData.text;
        offset = page.returnData.nextOffset;
      }
      expect(log).toMatch(/progress 1(\.0+)?\n/);
      const file = await fetch(`${t().base}/api/CalculateTask/GetTaskFile?id=${id}&path=result.json`, { headers: { xteam: "xteam", AuthorizationToken: s.token } });
      expect(file.status).toBe(200);
      expect(file.headers.get("content-type")).toBe("application/json; charset=utf-8");
      expect((await file.json()).profile.cWt).toEqual(profile.y.values);
      const deck = await t().call("CalculateTask/GetTaskFile", { token: s.token, query: { id, path: "carburize.in" } });
      expect(deck.returnData).toMatch(/^temperatureC = 925$/m);

      // The owner's info centre has the message, leading to the task page.
      const msgs = await t().api.app.db.query<{ title: string; link: string }>(`select title, link from user_messages where user_id = $1`, [s.userId]);
      expect(msgs).toContainEqual({ title: "计算任务已完成：渗碳", link: `/steelResearchCompute/computeTaskSource?id=${id}` });

      const list = await t().call("CalculateTask/GetCalculateTaskOrderBase", { token: s.token, query: { category: "Spread", status: "succeeded" } });
      expect(list.returnData.rows.map((x: { id: string }) => x.id)).toContain(id);
      expect(list.returnData.rows[0]).toMatchObject({ appName: "渗碳", userName: "outside" });
      const none = await t().call("CalculateTask/GetCalculateTaskOrderBase", { token: s.token, query: { category: "Localization" } });
      expect(none.returnData.total).toBe(0);
    });

    it("twenty tasks submitted at once all finish, each with its own correct result", async () => {
      const s = await sessionFor(t(), "uploader");
      const hours = Array.from({ length: 20 }, (_, i) => 0.5 + i * 0.25);
      const made = await Promise.all(hours.map((timeH) => submit(s.token, { appId: "carburizing", params: { ...BASE, nodes: 101, depthMm: 2.5, timeH } })));
      for (const m of made) expect(m.status, m.msg).toBe(200);
      const tasks = await Promise.all(made.map((m) => finished(s.token, m.returnData.taskId, 50_000)));
      const D = 2.3e-5 * Math.exp(-148000 / (R * (925 + 273.15)));
      tasks.forEach((task, i) => {
        expect(task.status, task.error).toBe("succeeded");
        expect(task.params.timeH).toBe(hours[i]);
        const depth = task.result.scalars.find((x: { key: string }) => x.key === "caseDepthMm").value;
        // 0.4 wt% is reached where erf(x / 2√(Dt)) = 5/7.
        const exact = 2 * Math.sqrt(D * hours[i] * 3600) * ERF_INV_5_7 * 1000;
        expect(Math.abs(depth - exact) / exact, `task ${i}`).toBeLessThan(0.02);
      });
      const [{ n }] = await t().api.app.db.query<{ n: number }>(`select count(*)::int as n from compute_tasks where status in ('queued', 'running')`);
      expect(n).toBe(0);
    }, 60_000);

    it("cancel stops a running task's processes; a finished task cannot be cancelled", async () => {
      const s = await sessionFor(t(), "outside");
      const r = await submit(s.token, { appId: "carburizing", params: LONG, resources: { cores: 1, walltimeMin: 30 } });
      const id = r.returnData.taskId;
      await waitFor("running", async () => (await getTask(s.token, id)).returnData.status === "running");
      const dir = path.join(t().dataDir, "tasks", id);
      const state = await waitFor("job.state", async () => fs.existsSync(path.join(dir, "job.state")) && JSON.parse(fs.readFileSync(path.join(dir, "job.state"), "utf8")));
      expect(alive(state.pid)).toBe(true);
      const c = await t().call("CalculateTask/CancelTask", { token: s.token, json: { id } });
      expect(c.status, c.msg).toBe(200);
      const task = await finished(s.token, id, 20_000);
      expect(task.status).toBe("cancelled");
      expect(alive(state.pid)).toBe(false);
      const again = await t().call("CalculateTask/CancelTask", { token: s.token, json: { id } });
      expect([again.status, again.msg]).toEqual([400, "任务已结束，无法取消"]);
    });

    it("another user cannot reach a task, an admin can; GetTaskFile refuses paths out of the work dir", async () => {
      const owner = await sessionFor(t(), "outside");
      const [row] = await t().api.app.db.query<{ id: string }>(`select id from compute_tasks where user_id = $1 and status = 'succeeded' limit 1`, [owner.userId]);
      const other = await sessionFor(t(), "guest");
      for (const [p, q] of [
        ["CalculateTask/GetTask", {}],
        ["CalculateTask/GetTaskLog", {}],
        ["CalculateTask/GetTaskFile", { path: "result.json" }],
      ] as const) {
        const r = await t().call(p, { token: other.token, query: { id: row.id, ...q } });
        expect([r.status, r.msg], p).toEqual([404, "计算任务不存在"]);
      }
      expect((await t().call("CalculateTask/CancelTask", { token: other.token, json: { id: row.id } })).status).toBe(404);
      expect((await t().call("CalculateTask/GetCalculateTaskOrderBase", { token: other.token })).returnData.rows.map((x: { id: string }) => x.id)).not.toContain(row.id);
      const admin = await sessionFor(t(), "admin");
      expect((await getTask(admin.token, row.id)).returnData.status).toBe("succeeded");
      const all = await t().call("CalculateTask/GetCalculateTaskOrderBase", { token: admin.token, query: { all: "1", size: "50" } });
      expect(all.returnData.rows.map((x: { id: string }) => x.id)).toContain(row.id);
      // A plain user asking for all=1 still sees only their own.
      expect((await t().call("CalculateTask/GetCalculateTaskOrderBase", { token: other.token, query: { all: "1" } })).returnData.total).toBe(0);

      const dir = path.join(t().dataDir, "tasks", row.id);
      fs.writeFileSync(path.join(t().dataDir, "outside.txt"), "secret");
      fs.symlinkSync(path.join(t().dataDir, "outside.txt"), path.join(dir, "escape.txt"));
      for (const bad of ["../../outside.txt", "../" + row.id + "/result.json", "/etc/passwd", path.join(dir, "result.json"), "escape.txt", ".", ""]) {
        const r = await t().call("CalculateTask/GetTaskFile", { token: owner.token, query: { id: row.id, path: bad } });
        expect([r.status, r.msg], bad).toEqual([404, "文件不存在或不在任务目录内"]);
      }
    });

    it("invalid input gets field errors in the caller's language, and nothing is stored", async () => {
      const s = await sessionFor(t(), "guest");
      const before = await t().api.app.db.query(`select count(*)::int as n from compute_tasks`);
      const bad = { appId: "carburizing", params: { ...BASE, temperatureC: 5000, cs: 0.1, extra: 1 } };
      const zh = await submit(s.token, bad, "zh-CN");
      const en = await submit(s.token, bad, "en");
      expect(zh.status).toBe(400);
      const fields = (r: typeof zh) => Object.fromEntries(r.returnData.fields.map((f: { field: string; message: string }) => [f.field, f.message]));
      expect(fields(zh)["params.temperatureC"]).toBe("温度须在 700 到 1200 °C 之间");
      expect(fields(en)["params.temperatureC"]).toBe("Temperature must be between 700 and 1200 °C");
      expect(Object.keys(fields(en))).toEqual(expect.arrayContaining(["params.cs", "params.extra"]));
      expect(en.msg).toMatch(/^params\.\w+: /);

      const deck = await submit(s.token, { appId: "carburizing", mode: "instruction", deck: { "carburize.in": "c0 = 0.2\ncs = lots\n" } }, "en");
      expect(deck.status).toBe(400);
      expect(deck.returnData.fields[0]).toMatchObject({ field: "params.cs", message: expect.stringMatching(/^carburize\.in:2 /) });
      const noMain = await submit(s.token, { appId: "carburizing", mode: "instruction", deck: { "other.in": "x" } }, "en");
      expect(noMain.returnData.fields).toEqual([{ field: "deck.carburize.in", message: "The main input file is missing" }]);
      const sneaky = await submit(s.token, { appId: "carburizing", mode: "instruction", deck: { "carburize.in": "c0 = 0.2", "../x": "y" } }, "en");
      expect(sneaky.returnData.fields[0].field).toBe("deck.../x");
      expect((await submit(s.token, { appId: "carburizing", mode: "instruction", deck: { "carburize.in": "c0 = 0.2", "job.sh": "rm -rf /" } }, "en")).status).toBe(400);
      const app = await submit(s.token, { appId: "nope", params: {} }, "en");
      expect(app.returnData.fields).toEqual([{ field: "appId", message: "No such compute app" }]);
      const cores = await submit(s.token, { appId: "carburizing", params: BASE, resources: { cores: 99, walltimeMin: 5 } }, "en");
      expect(cores.returnData.fields[0].field).toBe("resources.cores");
      expect(await t().api.app.db.query(`select count(*)::int as n from compute_tasks`)).toEqual(before);
    });

    it("instruction mode runs the deck as given; the per-user queued limit refuses with a clear message", async () => {
      const s = await sessionFor(t(), "transfer");
      const text = "# my deck\nc0 = 0.2\ncs = 0.9\ntemperatureC = 925\ntimeH = 1\ndepthMm = 2\nnodes = 41\n";
      const r = await submit(s.token, { appId: "carburizing", mode: "instruction", deck: { "carburize.in": text } });
      expect(r.status, r.msg).toBe(200);
      const task = await finished(s.token, r.returnData.taskId);
      expect(task).toMatchObject({ status: "succeeded", mode: "instruction", params: { timeH: 1, nodes: 41 } });
      expect((await t().call("CalculateTask/GetTaskFile", { token: s.token, query: { id: task.id, path: "carburize.in" } })).returnData).toBe(text);

      // Waiting tasks held by another executor's name are never dispatched here: they only fill the queue.
      const db = t().api.app.db;
      await db.query(
        `insert into compute_tasks(user_id, app_id, app_version, category, mode, params, input_files, input_hash, resources, job_id, executor)
         select $1, 'carburizing', '1.0', 'Spread', 'graphical', '{}', '{}', '', '{"cores":1,"walltimeMin":1}', 'held', 'elsewhere' from generate_series(1, 30)`,
        [s.userId],
      );
      try {
        const refused = await submit(s.token, { appId: "carburizing", params: BASE }, "en");
        expect([refused.status, refused.msg]).toEqual([429, "You already have 30 tasks waiting, the most allowed; please submit again once some have started"]);
      } finally {
        await db.query(`delete from compute_tasks where job_id = 'held'`);
      }
    });

    // Last: it replaces the suite's API with a new one on the same data dir and database.
    it("closing the API mid-task and starting another leaves every task truthful: adopted, re-run once, or failed with the reason", async () => {
      const s = await sessionFor(t(), "outside");
      const old = t().api;
      const mid = { ...LONG, steps: 12_000 };
      const ids: string[] = [];
      for (const params of [mid, LONG, LONG]) ids.push((await submit(s.token, { appId: "carburizing", params, resources: { cores: 1, walltimeMin: 30 } })).returnData.taskId);
      const [adopted, rerun, changed] = ids;
      for (const id of ids) await waitFor(`${id} running`, async () => (await getTask(s.token, id)).returnData.status === "running");
      const stateOf = (id: string) => JSON.parse(fs.readFileSync(path.join(t().dataDir, "tasks", id, "job.state"), "utf8"));
      await old.close();

      // While no API runs: two jobs die with the machine (their whole process group, no exit recorded), and
      // one of those also has its input edited.
      for (const id of [rerun, changed]) process.kill(-stateOf(id).pgid, "SIGKILL");
      fs.appendFileSync(path.join(t().dataDir, "tasks", changed, "carburize.in"), "# edited\n");
      await waitFor("jobs gone", async () => !alive(stateOf(rerun).pid) && !alive(stateOf(changed).pid));

      const fresh = await startApi(old.app.config);
      (t() as TestApi).api = fresh;
      const call = async (id: string) => {
        const res = await fetch(`http://127.0.0.1:${fresh.port}/api/CalculateTask/GetTask?id=${id}`, { headers: { xteam: "xteam", AuthorizationToken: s.token } });
        return (await res.json()).returnData;
      };
      const failed = await call(changed);
      expect(failed).toMatchObject({ status: "failed", error: "服务重启时任务中断，且输入文件已缺失或被修改，无法重新运行" });
      const again = await waitFor("re-queued run started", async () => {
        const v = await call(rerun);
        return v.status === "running" && v;
      });
      const [row] = await fresh.app.db.query<{ requeued: boolean }>(`select requeued from compute_tasks where id = $1`, [rerun]);
      expect(row.requeued).toBe(true);
      expect(again.startedAt).not.toBeNull();
      const done = await waitFor("adopted task", async () => {
        const v = await call(adopted);
        return FINISHED.includes(v.status) && v;
      }, 40_000);
      expect(done).toMatchObject({ status: "succeeded", exitCode: 0 });
      // The re-run is the long deck again; it has shown it runs, so it is cancelled to keep the suite quick.
      await fresh.app.tasks.cancel((await fresh.app.db.query<any>(`select * from compute_tasks where id = $1`, [rerun]))[0]);
      await waitFor("re-run cancelled", async () => (await call(rerun)).status === "cancelled", 20_000);
    }, 90_000);
  },
  { COMPUTE_SLOTS: "3", TASK_MAX_QUEUED_PER_USER: "30", TASK_MAX_RUNNING_PER_USER: "4" },
);
