import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { API_NODE_FLAGS } from "../../api/node-flags.ts";
import { DEFAULT_DES_IV, DEFAULT_DES_KEY, desEncrypt } from "../../common/des.ts";
import { TEST_CAPTCHA } from "./harness.ts";
import { freePort } from "./process-helpers.ts";

/**
 * The API process killed outright (SIGKILL: no shutdown code runs) while a task runs and another waits, then
 * started again on the same data: nothing is lost and nothing stays "running" forever. The running job was
 * started in its own process group, so it lives on and is adopted; the queued one is dispatched. This runs
 * the real `api/main.ts` as a child process on the embedded PGlite, the default an `npm start` uses.
 */
const BASE = { c0: 0.2, cs: 0.9, temperatureC: 925, timeH: 2, depthMm: 3, diffusivity: "constant" };
/** A few seconds of solver time: long enough to kill the API under it. */
const SECONDS = { ...BASE, nodes: 2001, steps: 150_000 };
const QUICK = { ...BASE, nodes: 201 };

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "ferrum-crash-"));
const running: ChildProcess[] = [];

afterAll(async () => {
  for (const p of running) if (p.exitCode === null) p.kill("SIGKILL");
  fs.rmSync(dataDir, { recursive: true, force: true });
});


async function startApi(port: number): Promise<ChildProcess> {
  const proc = spawn(process.execPath, [...API_NODE_FLAGS, "--import", "tsx", "api/main.ts"], {
    env: {
      ...process.env,
      NODE_ENV: "test",
      API_HOST: "127.0.0.1",
      API_PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      SEED_DEMO: "1",
      CAPTCHA_FIXED: TEST_CAPTCHA,
      // One slot: the second task has to wait in the queue across the crash.
      COMPUTE_SLOTS: "1",
    },
    stdio: ["ignore", "ignore", "inherit", "ipc"],
  });
  running.push(proc);
  await new Promise<void>((resolve, reject) => {
    proc.once("message", (m: { ready?: boolean }) => (m?.ready ? resolve() : reject(new Error("api failed to start"))));
    proc.once("exit", (code) => reject(new Error(`api exited with code ${code}`)));
  });
  return proc;
}

async function call(port: number, p: string, opts: { token?: string; json?: unknown; form?: Record<string, string>; query?: Record<string, string> } = {}) {
  const url = new URL(`http://127.0.0.1:${port}/api/${p}`);
  for (const [k, v] of Object.entries(opts.query ?? {})) url.searchParams.set(k, v);
  const headers: Record<string, string> = { xteam: "xteam" };
  if (opts.token) headers.AuthorizationToken = opts.token;
  let body: string | undefined;
  if (opts.json !== undefined) {
    headers["content-type"] = "application/json";
    body = JSON.stringify(opts.json);
  } else if (opts.form) {
    headers["content-type"] = "application/x-www-form-urlencoded";
    body = new URLSearchParams(opts.form).toString();
  }
  const res = await fetch(url, { method: body === undefined ? "GET" : "POST", headers, body });
  return (await res.json()) as { status: number; msg: string; returnData: any };
}

async function login(port: number, name: string): Promise<string> {
  const cap = await call(port, "Login/getCaptcha");
  const r = await call(port, "Login/LoginMethod", {
    form: { name, pwd: desEncrypt("Ferrum2026", DEFAULT_DES_KEY, DEFAULT_DES_IV), rempwd: "false", clientSignCode: cap.returnData, clientCode: TEST_CAPTCHA },
  });
  expect(r.status, r.msg).toBe(200);
  return r.returnData.token;
}

async function statusOf(port: number, token: string, id: string): Promise<any> {
  const r = await call(port, "CalculateTask/GetTask", { token, query: { id } });
  expect(r.status, r.msg).toBe(200);
  return r.returnData;
}

async function waitFor(port: number, token: string, id: string, statuses: string[], ms: number): Promise<any> {
  const until = Date.now() + ms;
  for (;;) {
    const t = await statusOf(port, token, id);
    if (statuses.includes(t.status)) return t;
    if (Date.now() > until) throw new Error(`task ${id} still ${t.status}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

it("an API killed with SIGKILL mid-task comes back with the running task adopted and the queued one run", async () => {
  const port = await freePort();
  const first = await startApi(port);
  const token = await login(port, "equip");
  const submit = async (params: object) => {
    const r = await call(port, "CalculateTask/CreateTask", {
      token,
      json: { appId: "carburizing", mode: "graphical", params, resources: { cores: 1, walltimeMin: 10 } },
    });
    expect(r.status, r.msg).toBe(200);
    return r.returnData.taskId as string;
  };
  const long = await submit(SECONDS);
  const waiting = await submit(QUICK);
  await waitFor(port, token, long, ["running"], 20_000);
  expect((await statusOf(port, token, waiting)).status).toBe("queued");

  first.kill("SIGKILL");
  await new Promise((r) => first.once("exit", r));

  await startApi(port);
  // The session token lives in the database: it survived the crash too.
  const adopted = await waitFor(port, token, long, ["succeeded", "failed", "cancelled"], 60_000);
  expect(adopted.status, adopted.error ?? "").toBe("succeeded");
  expect(adopted.exitCode).toBe(0);
  expect(adopted.result.scalars.length).toBeGreaterThan(0);
  const after = await waitFor(port, token, waiting, ["succeeded", "failed", "cancelled"], 60_000);
  expect(after.status, after.error ?? "").toBe("succeeded");
  // Each job ran once: its work dir holds one finished state, not a second run's.
  const state = JSON.parse(fs.readFileSync(path.join(dataDir, "tasks", long, "job.state"), "utf8"));
  expect(state.exitCode).toBe(0);
}, 120_000);
