import { LAB_ROLES, LAB_STAFF_ROLES } from "../../../common/roles.ts";
import type { App } from "../../app.ts";
import { listInput } from "../../db/paged.ts";
import { addDemoSeeder } from "../../db/seed.ts";
import type { Router } from "../../http/router.ts";
import { actorOf } from "../system/oplog.ts";
import { seedDemoMaterials } from "./demo.ts";
import { deleteMaterial, getMaterial, listMaterials, saveMaterial } from "./materials.ts";

/** The institute's staff read materials (the operationMaterial tile's roles); the lab's roles write them. */
const readers = { auth: "user" as const, roles: [...LAB_STAFF_ROLES] };
const writers = { auth: "user" as const, roles: [...LAB_ROLES] };

// The demo's materials (SEED_DEMO only), after the demo orders whose heats they name.
addDemoSeeder((db) => seedDemoMaterials(db));

/** The material calls (docs/materials.md). */
export function register(router: Router, app: App): void {
  const { db } = app;
  router.post("TrialDetection/GetMaterials", async (ctx) => listMaterials(db, listInput(ctx.query, ctx.body)), readers);
  router.get("TrialDetection/GetMaterial", async (ctx) => getMaterial(db, ctx.user!, ctx.query), readers);
  router.post("TrialDetection/SaveMaterial", async (ctx) => saveMaterial(db, actorOf(ctx), ctx.body), writers);
  router.post("TrialDetection/DeleteMaterial", async (ctx) => deleteMaterial(db, actorOf(ctx), ctx.body), writers);
}
