/**
 * `npm start`: one process running the platform API (migrating and, the first time, seeding the database)
 * and the web, with the embedded defaults: PGlite in DATA_DIR and demo data unless SEED_DEMO says otherwise.
 */
import { startApi } from "../api/app.ts";
import { loadConfig } from "../api/config.ts";

process.env.SEED_DEMO ??= "1";
process.env.API_PORT ??= "5050";
process.env.UPSTREAM_URL ??= `http://127.0.0.1:${process.env.API_PORT}`;

const config = loadConfig();
const api = await startApi(config);
console.log(`ferrum api on http://${config.API_HOST}:${api.port}/api (${api.app.db.kind}, data in ${config.dataDir})`);

// The web reads its settings at import, after the defaults above are in place.
const { startWeb } = await import("./web.ts");
const web = await startWeb({ port: Number(process.env.PORT ?? 3000), trustProxy: process.env.TRUST_PROXY === "1" });
console.log(`ferrum web on http://localhost:${web.port}`);
if (config.SEED_DEMO) console.log("demo accounts: admin, xadmin, inside, outside, guest, uploader, transfer, equip, sg / Ferrum2026");

let stopping = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    // Stop taking requests, then close the database so PGlite flushes: nothing saved is lost.
    Promise.allSettled([web.close()])
      .then(() => api.close())
      .finally(() => process.exit(0));
  });
}
