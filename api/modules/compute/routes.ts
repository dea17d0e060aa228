import type { App } from "../../app.ts";
import { addReferenceSeeder } from "../../db/seed.ts";
import type { Router } from "../../http/router.ts";
import { listComputeCategories, seedComputeCategories } from "./categories.ts";

addReferenceSeeder((db) => seedComputeCategories(db));

export function register(router: Router, app: App): void {
  // The compute menu: /steelResearchCompute/<category> for each (section 2, dynamic compute routes).
  router.get("CalculateTask/GetSoftAlgorithmListBase", async () => ({ data: await listComputeCategories(app.db) }), {
    auth: "user",
  });
}
