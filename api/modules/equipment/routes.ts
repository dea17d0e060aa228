import type { App } from "../../app.ts";
import { listInput } from "../../db/paged.ts";
import { addDemoSeeder } from "../../db/seed.ts";
import type { Router } from "../../http/router.ts";
import { actorOf } from "../system/oplog.ts";
import { seedDemoEquipment } from "./demo.ts";
import { equipmentOptions, getEquipment, listEquipment, saveEquipment } from "./equipment.ts";
import { equipmentStatistics } from "./statistics.ts";
import { resultEquipment } from "./use.ts";

/** Equipment registration and my equipment (docs/access.md): SystemAdmin, InsideAdmin, DataUpload, EquimentAdmin. */
const editors = { auth: "user" as const, roles: ["SystemAdmin", "InsideAdmin", "DataUpload", "EquimentAdmin"] };

// The demo lab's instruments (SEED_DEMO only), after the detection module's demo orders and results.
addDemoSeeder((db) => seedDemoEquipment(db));

/** The experimental equipment calls (docs/equipment.md); which instruments each caller reaches is equipment.ts's. */
export function register(router: Router, app: App): void {
  const { db } = app;
  router.post("TrialDetection/SaveExperimentalEquipment", async (ctx) => saveEquipment(db, ctx.user!, actorOf(ctx), ctx.body), editors);
  router.post("TrialDetection/GetMyExperimentalEquipment", async (ctx) => listEquipment(db, ctx.user!, listInput(ctx.query, ctx.body)), editors);
  router.get("TrialDetection/GetExperimentalEquipment", async (ctx) => getEquipment(db, ctx.user!, ctx.query), editors);
  router.get("TrialDetection/GetEquipmentOptions", async (ctx) => equipmentOptions(db, ctx.user!), editors);
  // The lab's results forms: which registered instruments may be chosen (the handler checks the lab role).
  router.get("TrialDetection/GetResultEquipment", async (ctx) => resultEquipment(db, ctx.user!), { auth: "user" });
  router.get("TrialDetection/GetEquipmentStatistics", async (ctx) => equipmentStatistics(db, ctx.query), { auth: "user", roles: ["SystemAdmin", "EquimentAdmin"] });
}
