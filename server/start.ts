/**
 * `npm start`: the platform API (which migrates and, the first time, seeds the database) and the web, with
 * the embedded defaults: PGlite in DATA_DIR and demo data unless SEED_DEMO says otherwise.
 * The API runs as a child process, as in production, so page rendering and the database each get a core.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import { fileURLToPath } from "node:url";
import { API_NODE_FLAGS } from "../api/node-flags.ts";

// React and Remix run their production code unless told otherwise (development mode is several times slower).
process.env.NODE_ENV ??= "production";
process.env.SEED_DEMO ??= "1";
process.env.API_PORT ??= "5050";
process.env.UPSTREAM_URL ??= `http://127.0.0.1:${process.env.API_PORT}`;

// The API's bundle beside this file (npm run build), plain node: no TypeScript loader in memory (about 100 MB).
const apiBundle = fileURLToPath(new URL("./api.mjs", import.meta.url));
const apiArgs = fs.existsSync(apiBundle) ? [apiBundle] : ["--import", "tsx", "api/main.ts"];
// With the Node options it has wherever it is started (a small young generation, one V8 worker: node-flags.ts).
const api = spawn(process.execPath, [...API_NODE_FLAGS, ...apiArgs], { stdio: ["ignore", "inherit", "inherit", "ipc"], env: process.env });
const apiReady = new Promise<void>((resolve, reject) => {
  api.once("message", (m: { ready?: boolean }) => (m?.ready ? resolve() : reject(new Error("api failed to start"))));
  api.once("exit", (code) => reject(new Error(`api exited with code ${code} before it was ready`)));
});

let web: { close(): Promise<void> } | null = null;
let stopping = false;
async function stop(code: number) {
  if (stopping) return;
  stopping = true;
  await web?.close().catch(() => {});
  // The API closes its database cleanly on SIGTERM, so PGlite flushes: nothing saved is lost.
  if (api.exitCode === null) {
    const exited = new Promise((r) => api.once("exit", r));
    api.kill("SIGTERM");
    await exited;
  }
  process.exit(code);
}
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => void stop(0));
api.on("exit", (code) => {
  if (!stopping) {
    console.error(`ferrum api stopped (code ${code}); stopping the web too`);
    void stop(code ?? 1);
  }
});

try {
  await apiReady;
} catch (e) {
  console.error(String(e));
  process.exit(1);
}

// The web reads its settings at import, after the defaults above are in place.
const { startWeb } = await import("./web.ts");
web = await startWeb({ port: Number(process.env.PORT ?? 3000), proxyHops: Number(process.env.TRUST_PROXY ?? 0) || 0 });
console.log(`ferrum web on http://localhost:${process.env.PORT ?? 3000}`);
if (!/^(0|false|off|no)$/i.test(process.env.SEED_DEMO)) console.log("demo accounts: admin, xadmin, inside, outside, guest, uploader, transfer, equip, sg / Ferrum2026");
