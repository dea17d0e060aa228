import type { App } from "../../app.ts";
import { listInput } from "../../db/paged.ts";
import type { Router } from "../../http/router.ts";
import { actorOf } from "../system/oplog.ts";
import { equipmentOptions, getEquipment, listEquipment, saveEquipment } from "./equipment.ts";

/** Equipment registration and my equipment (docs/access.md): SystemAdmin, InsideAdmin, DataUpload, EquimentAdmin. */
const editors = { auth: "user" as const, roles: ["SystemAdmin", "InsideAdmin", "DataUpload", "EquimentAdmin"] };


/** The experimental equipment calls (docs/equipment.md); which instruments each caller reaches is equipment.ts's. */
export function register(router: Router, app: App): void {
  const { db } = app;
  router.post("TrialDetection/SaveExperimentalEquipment", async (ctx) => saveEquipment(db, ctx.user!, actorOf(ctx), ctx.body), editors);
  router.post("TrialDetection/GetMyExperimentalEquipment", async (ctx) => listEquipment(db, ctx.user!, listInput(ctx.query, ctx.body)), editors);
  router.get("TrialDetection/GetExperimentalEquipment", async (ctx) => getEquipment(db, ctx.user!, ctx.query), editors);
  router.get("TrialDetection/GetEquipmentOptions", async (ctx) => equipmentOptions(db, ctx.user!), editors);
}
