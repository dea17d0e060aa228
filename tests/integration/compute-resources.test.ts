import { expect, it } from "vitest";
import { describeEachBackend } from "./harness.ts";
import { sessionFor } from "./session-helpers.ts";
import { FINISHED, waitFor } from "./task-helpers.ts";

const BASE = { c0: 0.2, cs: 0.9, temperatureC: 925, timeH: 2, depthMm: 3, nodes: 201, diffusivity: "constant" };
/** Runs for minutes: only ever cancelled here. */
const LONG = { ...BASE, diffusivity: "tibbetts", nodes: 2001, steps: 200_000 };

describeEachBackend(
  "compute resources and usage statistics",
  (t) => {
    const submit = (token: string, params: unknown) =>
      t().call("CalculateTask/CreateTask", { token, json: { appId: "carburizing", mode: "graphical", params, resources: { cores: 1, walltimeMin: 10 } } });
    const status = async (token: string, id: string) => (await t().call("CalculateTask/GetTask", { token, query: { id } })).returnData.status as string;
    const resources = (token: string) => t().call("CalculateTask/GetComputeResources", { token });
    const stats = (token: string, query: Record<string, string> = {}) => t().call("CalculateTask/GetSoftwareUsageStatistics", { token, query, headers: { "accept-language": "en" } });

    it("shows the executor's slots, running and queued counts, the tasks ahead of mine, and admins the task rows", async () => {
      const outside = await sessionFor(t(), "outside");
      const guest = await sessionFor(t(), "guest");
      const admin = await sessionFor(t(), "admin");
      const a = (await submit(outside.token, LONG)).returnData.taskId;
      await waitFor("a running", async () => (await status(outside.token, a)) === "running");
      const b = (await submit(outside.token, LONG)).returnData.taskId;
      const c = (await submit(guest.token, LONG)).returnData.taskId;

      const mine = await resources(guest.token);
      expect(mine.status, mine.msg).toBe(200);
      expect(mine.returnData).toMatchObject({
        executors: [{ name: "local", slots: 1, slotsInUse: 1 }],
        running: 1,
        queued: 2,
        myRunning: 0,
        myQueued: 1,
        aheadOfMine: 1,
        everyone: false,
        tasks: null,
      });
      const theirs = (await resources(outside.token)).returnData;
      expect(theirs).toMatchObject({ myRunning: 1, myQueued: 1, aheadOfMine: 0 });
      const all = (await resources(admin.token)).returnData;
      expect(all.everyone).toBe(true);
      expect(all.aheadOfMine).toBeNull();
      expect(all.tasks.map((r: { id: string; status: string; userName: string }) => [r.id, r.status, r.userName])).toEqual([
        [a, "running", "outside"],
        [b, "queued", "outside"],
        [c, "queued", "guest"],
      ]);
      expect(all.tasks[0]).toMatchObject({ appName: "渗碳", cores: 1 });
      expect(Date.parse(all.tasks[0].since)).toBeGreaterThan(0);

      for (const [s, id] of [[outside, b], [guest, c], [outside, a]] as const) await t().call("CalculateTask/CancelTask", { token: s.token, json: { id } });
      for (const [s, id] of [[outside, a], [outside, b], [guest, c]] as const) await waitFor(`${id} ended`, async () => FINISHED.includes(await status(s.token, id)), 30_000);
      expect((await resources(guest.token)).returnData).toMatchObject({ running: 0, queued: 0, aheadOfMine: null });
    }, 60_000);

    it("counts core-hours and tasks per group: users their own, admins everyone's", async () => {
      const outside = await sessionFor(t(), "outside");
      const guest = await sessionFor(t(), "guest");
      const admin = await sessionFor(t(), "admin");
      const ok = (await submit(guest.token, BASE)).returnData.taskId;
      await waitFor("ok done", async () => FINISHED.includes(await status(guest.token, ok)), 30_000);
      expect(await status(guest.token, ok)).toBe("succeeded");

      const byApp = await stats(guest.token);
      expect(byApp.status, byApp.msg).toBe(200);
      expect(byApp.returnData.everyone).toBe(false);
      expect(byApp.returnData.rows).toEqual([
        expect.objectContaining({ key: "carburizing", label: "Carburizing", tasks: 2, succeeded: 1, cancelled: 1, failed: 0, queued: 0, running: 0 }),
      ]);
      expect(byApp.returnData.rows[0].coreHours).toBeGreaterThan(0);
      expect(byApp.returnData.total.tasks).toBe(2);

      const byUser = (await stats(admin.token, { groupBy: "user" })).returnData;
      expect(byUser.everyone).toBe(true);
      const names = byUser.rows.map((r: { label: string }) => r.label).join(" | ");
      expect(names).toContain("(outside)");
      expect(names).toContain("(guest)");
      expect(byUser.total.tasks).toBe(4);
      // The outside user's cancelled tasks ran too: core-hours add up across users.
      expect(byUser.rows.find((r: { label: string }) => r.label.includes("(outside)")).cancelled).toBe(2);

      const month = new Date().toISOString().slice(0, 7);
      const byMonth = (await stats(outside.token, { groupBy: "month" })).returnData;
      expect(byMonth.rows).toEqual([expect.objectContaining({ key: month, label: month, tasks: 2 })]);
      const byDept = (await stats(admin.token, { groupBy: "department" })).returnData;
      expect(byDept.rows.reduce((n: number, r: { tasks: number }) => n + r.tasks, 0)).toBe(4);

      const today = new Date().toISOString().slice(0, 10);
      expect((await stats(admin.token, { from: today, to: today })).returnData.total.tasks).toBe(4);
      expect((await stats(admin.token, { from: "2000-01-01", to: "2000-01-31" })).returnData.rows).toEqual([]);
      expect((await stats(admin.token, { groupBy: "nope" })).status).not.toBe(200);
      expect((await stats(admin.token, { from: "yesterday" })).status).not.toBe(200);
    }, 60_000);
  },
  { COMPUTE_SLOTS: "1", TASK_MAX_QUEUED_PER_USER: "10", TASK_MAX_RUNNING_PER_USER: "2" },
);
