import type { App } from "../../app.ts";
import { addReferenceSeeder } from "../../db/seed.ts";
import type { Router } from "../../http/router.ts";
import { clearResListCache, resListCacheStats } from "./res-list.ts";
import { seedResourceTree } from "./seed-tree.ts";

// The menu tree is reference data: upserted on every start so a release's new pages reach old databases.
addReferenceSeeder((db) => seedResourceTree(db));

/** The menus have no calls of their own: a user's tree is part of Login/GetUserInfoByIdInfo (users module). */
export function register(_router: Router, app: App): void {
  app.caches.register("menuTrees", { stats: () => resListCacheStats(app.db), clear: () => clearResListCache(app.db) });
}
