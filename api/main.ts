import { loadConfig } from "./config.ts";
import { startApi } from "./app.ts";

const config = loadConfig();
const api = await startApi(config);
console.log(`ferrum api listening on http://${config.API_HOST}:${api.port}/api (${api.app.db.kind}, data in ${config.dataDir})`);
// Start-up's garbage (migrations, the demo data and its report's fonts) goes now, not at V8's first full
// collection, which an API that makes little garbage may not reach for hours (node-flags.ts).
(globalThis as { gc?: () => void }).gc?.();
// Started by `npm start`: tell the parent it can start the web now.
process.send?.({ ready: true, port: api.port });

let stopping = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    // Close the database cleanly so PGlite flushes to disk: nothing saved is lost on a restart.
    api.close().finally(() => process.exit(0));
  });
}
