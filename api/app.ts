import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Config } from "./config.ts";
import { openDb, type Db } from "./db/index.ts";
import { migrate } from "./db/migrate.ts";
import { seed } from "./db/seed.ts";
import { handle } from "./http/server.ts";
import { Router } from "./http/router.ts";
import { registerModules } from "./modules/index.ts";

export interface App {
  config: Config;
  db: Db;
  router: Router;
}

export interface RunningApi {
  app: App;
  server: http.Server;
  port: number;
  close(): Promise<void>;
}

/** Opens the database, migrates, seeds, and builds the router: everything but listening. */
export async function createApp(config: Config): Promise<App> {
  const db = await openDb({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir });
  await migrate(db);
  await seed(db, config);
  const router = new Router();
  const app: App = { config, db, router };
  registerModules(router, app);
  return app;
}

export async function startApi(config: Config): Promise<RunningApi> {
  const app = await createApp(config);
  const server = http.createServer((req, res) => void handle(app, req, res));
  // Requests behind slow clients must not hang a worker forever; the web times out at 90 s.
  server.requestTimeout = 95_000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(config.API_PORT, config.API_HOST, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  return {
    app,
    server,
    port,
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await app.db.close();
    },
  };
}
