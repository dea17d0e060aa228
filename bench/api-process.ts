import { spawn, type ChildProcess } from "node:child_process";
import { API_NODE_FLAGS } from "../api/node-flags.ts";

/** A platform API running as its own process (production mode, demo data), as a deployment runs it. */
export interface ApiProcess {
  base: string;
  proc: ChildProcess;
  stop(): Promise<void>;
}

/** Starts `api/main.ts` on a port and data dir; resolves once it says it is ready. */
export async function startApiProcess(port: number, dataDir: string, env: Record<string, string>): Promise<ApiProcess> {
  const proc = spawn(process.execPath, [...API_NODE_FLAGS, "--import", "tsx", "api/main.ts"], {
    env: { ...process.env, NODE_ENV: "production", API_PORT: String(port), DATA_DIR: dataDir, SEED_DEMO: "1", ...env },
    stdio: ["ignore", "ignore", "inherit", "ipc"],
  });
  await new Promise<void>((resolve, reject) => {
    proc.once("message", (m: { ready?: boolean }) => (m?.ready ? resolve() : reject(new Error("api failed to start"))));
    proc.once("exit", (code) => reject(new Error(`api exited with code ${code}`)));
  });
  return {
    base: `http://127.0.0.1:${port}`,
    proc,
    stop: () =>
      new Promise((resolve) => {
        if (proc.exitCode !== null) return resolve();
        proc.once("exit", () => resolve());
        proc.kill("SIGTERM");
      }),
  };
}

/** One authenticated API call (JSON body → POST, else GET); returns returnData, throws on any other status. */
export async function apiCall(base: string, p: string, token: string, json?: unknown, query?: Record<string, string>) {
  const qs = query ? `?${new URLSearchParams(query)}` : "";
  const r = await fetch(`${base}/api/${p}${qs}`, {
    method: json === undefined ? "GET" : "POST",
    headers: { xteam: "xteam", AuthorizationToken: token, ...(json === undefined ? {} : { "content-type": "application/json" }) },
    body: json === undefined ? undefined : JSON.stringify(json),
  });
  const env = await r.json();
  if (env.status !== 200) throw new Error(`${p}: ${env.status} ${env.msg}`);
  return env.returnData;
}
