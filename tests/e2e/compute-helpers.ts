import { expect, test } from "@playwright/test";
import { apiCall, apiLogin } from "./api-helpers.ts";

/** A carburizing run of a second or so. */
export const SMALL = { c0: 0.2, cs: 0.9, temperatureC: 925, timeH: 2, depthMm: 3, nodes: 41, diffusivity: "constant" };
/** Minutes of solver time: only ever cancelled. */
export const LONG = { ...SMALL, diffusivity: "tibbetts", nodes: 2001, steps: 200_000 };
export const FINISHED = ["succeeded", "failed", "cancelled"];

/**
 * Carburizing tasks a spec creates through the API. Every one is cancelled after the spec, so long tasks
 * never keep the suite's executor busy after a failed test. Call once at the top of a spec file.
 */
export function computeTasks() {
  const started: Array<{ token: string; id: string }> = [];
  test.afterAll(async () => {
    for (const t of started) await apiCall("CalculateTask/CancelTask", { token: t.token, json: { id: t.id } }).catch(() => null);
  });
  return {
    async create(user: string, params: unknown) {
      const { token } = await apiLogin(user);
      const r = await apiCall("CalculateTask/CreateTask", { token, json: { appId: "carburizing", mode: "graphical", params, resources: { cores: 1, walltimeMin: 10 } } });
      expect(r.status, r.msg).toBe(200);
      started.push({ token, id: r.returnData.taskId });
      return { token, id: r.returnData.taskId as string };
    },
    /** The task once it has ended (succeeded, failed or cancelled). */
    async finished(token: string, id: string, ms = 30_000) {
      const until = Date.now() + ms;
      for (;;) {
        const r = await apiCall("CalculateTask/GetTask", { token, query: { id } });
        if (FINISHED.includes(r.returnData?.status)) return r.returnData;
        if (Date.now() > until) throw new Error(`task ${id} did not finish`);
        await new Promise((res) => setTimeout(res, 200));
      }
    },
  };
}
