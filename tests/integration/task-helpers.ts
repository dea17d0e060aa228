import type { TestApi } from "./harness.ts";

/** The statuses a task ends in. */
export const FINISHED = ["succeeded", "failed", "cancelled"];

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls `fn` every 100 ms until it returns something truthy; fails naming `what` after `ms`. */
export async function waitFor<T>(what: string, fn: () => Promise<T | undefined | false>, ms = 25_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

/** The task calls an app's integration test needs, against one test API. */
export function taskCalls(t: () => TestApi) {
  const submit = (token: string, json: unknown, lang = "zh-CN") => t().call("CalculateTask/CreateTask", { token, json, headers: { "accept-language": lang } });
  const getTask = (token: string, id: string) => t().call("CalculateTask/GetTask", { token, query: { id } });
  /** The task's view once it has ended (any end; check `status`). */
  const finished = (token: string, id: string, ms?: number) =>
    waitFor(`task ${id}`, async () => {
      const r = await getTask(token, id);
      return FINISHED.includes(r.returnData?.status) && r.returnData;
    }, ms);
  /** Submits and waits; fails with the API's message or the task's error unless it succeeded. */
  const run = async (token: string, json: unknown, ms = 60_000) => {
    const r = await submit(token, json);
    if (r.status !== 200) throw new Error(`CreateTask refused: ${r.msg}`);
    const task = await finished(token, r.returnData.taskId, ms);
    if (task.status !== "succeeded") throw new Error(`task ${task.id} ${task.status}: ${task.error}`);
    return task;
  };
  /** A scalar of a finished task's result by key. */
  const scalar = (task: { result: { scalars: Array<{ key: string; value: number }> } }, key: string) => task.result.scalars.find((s) => s.key === key)?.value;
  return { submit, getTask, finished, run, scalar };
}
