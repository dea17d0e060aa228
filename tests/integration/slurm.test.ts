import fs from "node:fs";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { startApi } from "../../api/app.ts";
import { describeEachBackend, type TestApi } from "./harness.ts";
import { sessionFor } from "./session-helpers.ts";
import { slurmInstalled, startSlurmCluster } from "./slurm-cluster.ts";
import { taskCalls, waitFor } from "./task-helpers.ts";

/**
 * The Slurm executor against a real one-node cluster started for this file (slurm-cluster.ts): tasks go through
 * sbatch, their Slurm state shows on the task, cancel reaches Slurm, and an API restart adopts running jobs.
 */

const BASE = { c0: 0.2, cs: 0.9, temperatureC: 925, timeH: 2, depthMm: 3, nodes: 201, diffusivity: "constant" };
/** Minutes of solver time: only ever cancelled here. */
const LONG = { ...BASE, diffusivity: "tibbetts", nodes: 2001, steps: 200_000 };
/** A few seconds of solver time: long enough to restart the API under it. */
const MID = { ...LONG, steps: 12_000 };
/** QE's PW/example01 silicon (the qe-pw app's example): its total energy is the app's acceptance value. */
const SI = { lattice: "diamond", latticeConstantA: 5.3976075, element: "Si", pseudopotential: "Si.pz-vbc.UPF", ecutwfc: 18, kpoints: 4, kShifted: "yes", smearing: "none", spinPolarized: "no", convThr: 1e-8, mixingBeta: 0.7, eosPoints: 0 };

// The test command installs Slurm (npm run setup:solvers); without it this suite fails rather than passing unseen.
if (!slurmInstalled()) throw new Error("slurm-wlm is not installed: run npm run setup:solvers (as root) first");
const cluster = await startSlurmCluster({ cpus: 2 });
afterAll(async () => cluster.stop());

/** Jobs Slurm still has pending or running (squeue's default states), by id. */
const active = (jobId: string) => cluster.run("squeue", ["--noheader", "--format", "%i|%T", "--jobs", jobId]).trim();

describeEachBackend(
  "Slurm executor on a one-node cluster",
  (t) => {
    const { submit, getTask, finished, run, scalar } = taskCalls(t);
    const carburizing = (params: unknown, cores = 1) => ({ appId: "carburizing", mode: "graphical", params, resources: { cores, walltimeMin: 10 } });

    it("runs a task through sbatch: numeric job id, the Slurm state on GetTask, logs in the work dir", async () => {
      const s = await sessionFor(t(), "outside");
      const task = await run(s.token, carburizing(BASE));
      expect(task).toMatchObject({ status: "succeeded", exitCode: 0, executor: "slurm", executorState: "COMPLETED" });
      expect(task.jobId).toMatch(/^\d+$/);
      expect(scalar(task, "caseDepthMm")).toBeGreaterThan(0.3);
      const dir = path.join(t().dataDir, "tasks", task.id);
      expect(fs.readFileSync(path.join(dir, "job.exit"), "utf8").trim()).toBe(`${task.jobId} 0`);
      expect(fs.readFileSync(path.join(dir, "stdout.log"), "utf8")).toMatch(/progress 1\.000/);
      // Slurm knew the job under the task's name and saw it complete.
      const line = cluster.run("squeue", ["--noheader", "--states", "all", "--format", "%j|%T", "--jobs", task.jobId]).trim();
      expect(line).toBe(`ferrum-${task.id.slice(0, 8)}|COMPLETED`);
    });

    it("an app store app runs on Slurm inside its sandbox: the demo's Ms/Bs app gives Andrews' Ms and Steven & Haynes' Bs of its example steel", async () => {
      // The sandbox runs as a uid of its own when the job is root's: the data dir must be searchable by it.
      fs.chmodSync(t().dataDir, 0o711);
      const s = await sessionFor(t(), "outside");
      const params = { C: 0.4, Mn: 0.75, Si: 0.25, Cr: 1, Ni: 0, Mo: 0.2, ms_formula: "andrews" };
      const task = await run(s.token, { appId: "store:ms-bs@1.0.0", mode: "graphical", params });
      expect(task).toMatchObject({ status: "succeeded", exitCode: 0, executor: "slurm", executorState: "COMPLETED" });
      // 539 − 423·0.4 − 30.4·0.75 − 12.1·1 − 7.5·0.2 and 830 − 270·0.4 − 90·0.75 − 70·1 − 83·0.2 (°C).
      expect(scalar(task, "Ms")).toBeCloseTo(333.4, 1);
      expect(scalar(task, "Bs")).toBeCloseTo(567.9, 1);
      const dir = path.join(t().dataDir, "tasks", task.id);
      // The job ran the app through the sandbox (its status file), and the app's log reached the task's.
      expect(JSON.parse(fs.readFileSync(path.join(dir, "app-run.json"), "utf8"))).toMatchObject({ reason: "ok", exitCode: 0 });
      expect(fs.readFileSync(path.join(dir, "stdout.log"), "utf8")).toContain("Ms = 333.4 °C");
    });

    it("a task charged to a research project runs under the project's code as its Slurm account (SLURM_ACCOUNT_FROM_PROJECT)", async () => {
      const s = await sessionFor(t(), "outside");
      const code = `SLURM-${Date.now().toString(36)}`;
      const saved = await t().call("Project/SaveProject", {
        token: s.token,
        form: { Code: code, Name: "Slurm 记账", Funding: "", StartDate: "2026-01-01", EndDate: "2027-12-31", Description: "" },
      });
      expect(saved.status, saved.msg).toBe(200);
      const charged = await run(s.token, { ...carburizing(BASE), projectId: saved.returnData.Id });
      const plain = await run(s.token, carburizing(BASE));
      // Slurm keeps account names in lower case.
      const account = (jobId: string) => cluster.run("squeue", ["--noheader", "--states", "all", "--format", "%a", "--jobs", jobId]).trim();
      expect(account(charged.jobId)).toBe(code.toLowerCase());
      expect(account(plain.jobId)).not.toBe(code.toLowerCase());
    });

    it("runs qe-pw's silicon through Slurm: total energy −15.84452726 Ry", async () => {
      const s = await sessionFor(t(), "outside");
      const task = await run(s.token, { appId: "qe-pw", mode: "graphical", params: SI, resources: { cores: 1, walltimeMin: 5 } }, 120_000);
      expect(task).toMatchObject({ status: "succeeded", executor: "slurm" });
      expect(Math.abs(scalar(task, "totalEnergyRy")! - -15.84452726)).toBeLessThan(1e-6);
    }, 150_000);

    it("refuses more cores than the partition has, in the user's language", async () => {
      const s = await sessionFor(t(), "outside");
      const r = await submit(s.token, carburizing(BASE, 3), "en-US");
      expect([r.status, r.msg]).toEqual([400, "resources.cores: The number of cores is out of range"]);
    });

    it("a task Slurm holds pending stays queued with PENDING (reason); a cancel reaches Slurm; the resources page lists the partition", async () => {
      const s = await sessionFor(t(), "outside");
      const long = (await submit(s.token, carburizing(LONG, 2))).returnData.taskId;
      const running = await waitFor("long task running", async () => {
        const v = (await getTask(s.token, long)).returnData;
        return v.status === "running" && v.executorState === "RUNNING" && v;
      });
      // Both CPUs are taken: the next one waits in Slurm's queue, not the platform's.
      const small = (await submit(s.token, carburizing(BASE))).returnData.taskId;
      const waiting = await waitFor("small task pending in Slurm", async () => {
        const v = (await getTask(s.token, small)).returnData;
        // Right after sbatch the reason is still "None" (shown as plain PENDING) until the scheduler looked at it.
        return v.jobId && /^PENDING \((Resources|Priority)\)$/.test(v.executorState ?? "") && v;
      });
      expect(waiting.status).toBe("queued");

      const res = (await t().call("CalculateTask/GetComputeResources", { token: s.token })).returnData;
      expect(res.executors[0]).toMatchObject({ name: "slurm", slots: 2, slotsInUse: 2, queued: 1 });
      expect(res.slurm.partition).toBe("debug");
      expect(res.slurm.nodes).toEqual([expect.objectContaining({ state: "allocated", cpus: 2, cpusAllocated: 2, memoryMb: 4000 })]);
      expect(res.slurm.queue).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ jobId: running.jobId, name: `ferrum-${long.slice(0, 8)}`, state: "RUNNING", cpus: 2 }),
          expect.objectContaining({ jobId: waiting.jobId, name: `ferrum-${small.slice(0, 8)}`, state: "PENDING", cpus: 1 }),
        ]),
      );

      expect((await t().call("CalculateTask/CancelTask", { token: s.token, json: { id: long } })).status).toBe(200);
      expect(await finished(s.token, long)).toMatchObject({ status: "cancelled", executorState: "CANCELLED" });
      expect(active(running.jobId)).toBe("");
      // The freed CPUs go to the waiting job.
      expect(await finished(s.token, small)).toMatchObject({ status: "succeeded", executorState: "COMPLETED" });
    }, 60_000);

    it("a workflow's steps go to Slurm at once, the later one with --dependency=afterok on the earlier; values pass between nodes' work dirs", async () => {
      const s = await sessionFor(t(), "outside");
      const r = await submit(s.token, {
        appId: "workflow",
        mode: "graphical",
        params: {
          steps: [
            { id: "first", app: "carburizing", params: MID },
            { id: "second", app: "carburizing", params: BASE, inputs: { timeH: "steps.first.result.scalars.caseDepthMm" } },
          ],
        },
      });
      expect(r.status).toBe(200);
      const wf = r.returnData.taskId;
      const steps = async () => (await t().call("CalculateTask/GetWorkflow", { token: s.token, query: { id: wf } })).returnData.steps as Array<{ stepId: string; taskId: string; jobId: string | null; status: string; executorState: string | null }>;
      // The second step is with Slurm while the first still runs: Slurm holds it on the dependency.
      const held = await waitFor("second step held by Slurm", async () => {
        const all = await steps();
        const [first, second] = ["first", "second"].map((id) => all.find((x) => x.stepId === id)!);
        return first.status === "running" && second.jobId !== null && second.executorState === "PENDING (Dependency)" ? { first, second } : undefined;
      });
      expect(cluster.run("scontrol", ["show", "job", held.second.jobId!])).toMatch(new RegExp(`Dependency=afterok:${held.first.jobId}`));
      const done = await waitFor("workflow ended", async () => {
        const v = (await getTask(s.token, wf)).returnData;
        return ["succeeded", "failed", "cancelled"].includes(v.status) && v;
      }, 60_000);
      expect(done.status).toBe("succeeded");
      const second = (await getTask(s.token, (await steps()).find((x) => x.stepId === "second")!.taskId)).returnData;
      expect(second).toMatchObject({ status: "succeeded", executor: "slurm", executorState: "COMPLETED" });
      expect(second.params).toMatchObject({ timeH: BASE.timeH });
    }, 90_000);

    it("when a workflow step fails on Slurm, the step held on it never runs and the workflow fails naming the step", async () => {
      const s = await sessionFor(t(), "outside");
      const r = await submit(s.token, {
        appId: "workflow",
        mode: "graphical",
        params: {
          steps: [
            { id: "first", app: "carburizing", params: MID },
            // carburizing has no such value: this step fails when its job reads its input.
            { id: "bad", app: "carburizing", params: BASE, inputs: { timeH: "steps.first.result.scalars.noSuchValue" } },
            { id: "third", app: "carburizing", params: BASE, after: ["bad"] },
          ],
        },
      }, "en-US");
      const wf = r.returnData.taskId;
      const done = await waitFor("workflow ended", async () => {
        const v = (await getTask(s.token, wf)).returnData;
        return ["succeeded", "failed", "cancelled"].includes(v.status) && v;
      }, 60_000);
      expect(done).toMatchObject({ status: "failed", error: "the step bad did not succeed" });
      const steps = (await t().call("CalculateTask/GetWorkflow", { token: s.token, query: { id: wf } })).returnData.steps as Array<{ stepId: string; status: string; error: string | null; jobId: string | null }>;
      const by = Object.fromEntries(steps.map((x) => [x.stepId, x]));
      expect(by.first.status).toBe("succeeded");
      expect(by.bad.status).toBe("failed");
      expect(by.bad.error).toMatch(/the step input timeH has no value/);
      expect(by.third).toMatchObject({ status: "cancelled", error: "not run: the step bad it needs did not succeed" });
      if (by.third.jobId) expect(active(by.third.jobId)).toBe("");
    }, 90_000);

    // Last: it replaces the suite's API with a new one on the same data dir and database.
    it("an API restart adopts the job still running and settles the one that ended meanwhile: nothing lost, nothing re-run", async () => {
      const s = await sessionFor(t(), "outside");
      const old = t().api;
      const mid = (await submit(s.token, carburizing(MID))).returnData.taskId;
      const short = (await submit(s.token, carburizing(BASE))).returnData.taskId;
      const before = new Map<string, string>();
      for (const id of [mid, short]) {
        const v = await waitFor(`${id} running`, async () => {
          const r = (await getTask(s.token, id)).returnData;
          return r.status !== "queued" && r;
        });
        before.set(id, v.jobId);
      }
      await old.close();
      // While no API runs, the short job ends; the long one is still running in Slurm.
      const exitFile = path.join(t().dataDir, "tasks", short, "job.exit");
      await waitFor("short job ended", async () => fs.existsSync(exitFile));
      expect(active(before.get(mid)!)).toMatch(/\|RUNNING$/);

      const fresh = await startApi(old.app.config);
      (t() as TestApi).api = fresh;
      // t().call still points at the old API's port.
      const view = async (id: string) => {
        const res = await fetch(`http://127.0.0.1:${fresh.port}/api/CalculateTask/GetTask?id=${id}`, { headers: { xteam: "xteam", AuthorizationToken: s.token } });
        return (await res.json()).returnData;
      };
      for (const id of [short, mid]) {
        const done = await waitFor(`${id} finished`, async () => {
          const v = await view(id);
          return ["succeeded", "failed", "cancelled"].includes(v.status) && v;
        }, 40_000);
        expect(done).toMatchObject({ status: "succeeded", exitCode: 0, jobId: before.get(id), executor: "slurm" });
        expect(done.startedAt).not.toBeNull();
      }
      const rows = await fresh.app.db.query<{ requeued: boolean }>(`select requeued from compute_tasks where id = any($1)`, [[mid, short]]);
      expect(rows.map((r) => r.requeued)).toEqual([false, false]);
    }, 90_000);
  },
  { EXECUTOR: "slurm", SLURM_CONF: cluster.conf, SLURM_ACCOUNT_FROM_PROJECT: "1", SLURM_POLL_MS: "200", SLURM_MEM_PER_CORE_MB: "500", TASK_MAX_RUNNING_PER_USER: "4" },
);
