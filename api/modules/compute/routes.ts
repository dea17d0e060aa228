import type { App } from "../../app.ts";
import { addReferenceSeeder } from "../../db/seed.ts";
import type { Router } from "../../http/router.ts";
import { appsOfCategory } from "../../compute/apps/index.ts";
import { pendingCount } from "../../compute/tasks/store.ts";
import { listComputeCategories, seedComputeCategories } from "./categories.ts";

addReferenceSeeder((db) => seedComputeCategories(db));

export function register(router: Router, app: App): void {
  // The compute menu: /steelResearchCompute/<category> for each (section 2, dynamic compute routes), with the
  // apps each category offers (names in the caller's language), and the tasks waiting for a slot (the category
  // pages' count before the hub's receivePendingCount updates it).
  router.get(
    "CalculateTask/GetSoftAlgorithmListBase",
    async (ctx) => ({
      data: (await listComputeCategories(app.db)).map((c) => ({ ...c, apps: appsOfCategory(c.category, ctx.lang) })),
      pendingCount: await pendingCount(app.db),
    }),
    {
      auth: "user",
    },
  );
}
