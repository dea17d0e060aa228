import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Config } from "./config.ts";
import { openDb, type Db } from "./db/index.ts";
import { migrate } from "./db/migrate.ts";
import { seed } from "./db/seed.ts";
import { handle } from "./http/server.ts";
import { Router } from "./http/router.ts";
import { registerModules } from "./modules/index.ts";
import { createHub, type Hub } from "./hub/index.ts";
import { CacheRegistry } from "./cache/registry.ts";
import { APPS } from "./compute/apps/index.ts";
import { availabilityCache, refreshAvailability } from "./compute/apps/availability.ts";
import { createExecutor } from "./compute/executor/index.ts";
import { TaskService } from "./compute/tasks/service.ts";
import { startAttachmentSweep } from "./modules/attachments/sweep.ts";
import { startInstrumentPartSweep } from "./modules/instrumentData/routes.ts";
import { startCalibrationNotices } from "./modules/equipment/calibration-notices.ts";

export interface App {
  config: Config;
  db: Db;
  router: Router;
  /** Pushes events to connected hub clients (all API instances): `hub.toAll`, `hub.toUser` (a HubPublisher). */
  hub: Hub;
  /** The in-memory caches of this instance; a clear reaches every instance (api/cache/registry.ts). */
  caches: CacheRegistry;
  /** Compute tasks (docs/compute.md): create, cancel, and the executor's events; closed before the database. */
  tasks: TaskService;
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
  const hub = await createHub(config, db);
  const app = { config, db, router, hub, caches: new CacheRegistry(hub) } as App;
  app.tasks = new TaskService(app, createExecutor(config));
  registerModules(router, app);
  // Runs the database left unfinished get their real end (or go back to the queue) before anything new is taken.
  // Which codes are installed (and their versions), before the first task is accepted or dispatched.
  await refreshAvailability(APPS);
  app.caches.register("appAvailability", availabilityCache(APPS));
  await app.tasks.start();
  return app;
}

export async function startApi(config: Config): Promise<RunningApi> {
  const app = await createApp(config);
  const server = http.createServer((req, res) => void handle(app, req, res));
  server.on("upgrade", (req, socket, head) => app.hub.handleUpgrade(req, socket, head));
  // Requests behind slow clients must not hang a worker forever: a body read whole has 95 s (http/server.ts),
  // a streamed instrument file as long as it keeps coming; a connection idle for two minutes is closed.
  server.requestTimeout = 0;
  server.timeout = 120_000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(config.API_PORT, config.API_HOST, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const sweep = startAttachmentSweep(app);
  const calibrations = startCalibrationNotices(app);
  const parts = startInstrumentPartSweep(app);
  return {
    app,
    server,
    port,
    async close() {
      await sweep.stop();
      await calibrations.stop();
      await parts.stop();
      // Jobs keep running; the task service stops taking events and finishes writing what it has.
      await app.tasks.close();
      // Then the hub: its clients are told to reconnect, and its WebSockets would keep server.close waiting.
      await app.hub.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await app.db.close();
    },
  };
}
