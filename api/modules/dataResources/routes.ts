import { NOT_OUTSIDE_USER } from "../../../common/roles.ts";
import type { App } from "../../app.ts";
import { addReferenceSeeder } from "../../db/seed.ts";
import type { Router } from "../../http/router.ts";
import { actorOf } from "../system/oplog.ts";
import { requireId } from "../../http/fields.ts";
import { equivalentsOf, gradeDetail, listGrades, listStandards, searchProperty } from "./grades.ts";
import { GRADES, SOURCES } from "./grades/index.ts";
import { gradeIndexCache } from "./grade-index.ts";
import { requestMatdaoUrl } from "./matdao.ts";
import { dataResource, deleteDataResource, resourceIndex, saveDataResource } from "./resources.ts";
import { loadGrades } from "./seed-grades.ts";

// The shipped grade database, loaded when its data changed (seed-grades.ts).
addReferenceSeeder(async (db) => void (await loadGrades(db, GRADES, SOURCES)));

/** Spec section 6: everyone but OutsideUser sees the data resources; the API refuses them too. */
const reader = { auth: "user" as const, roles: [...NOT_OUTSIDE_USER] };
const admin = { auth: "user" as const, roles: ["SystemAdmin"] };

/** The DataResource/* and MatdaoSSO/* calls (docs/data-resources.md). */
export function register(router: Router, app: App): void {
  const { db } = app;
  app.caches.register("gradeIndex", gradeIndexCache(db));
  router.get("DataResource/GetResourceIndex", async () => resourceIndex(db), reader);
  router.get("DataResource/GetGradeList", async (ctx) => listGrades(db, ctx.query), reader);
  router.get("DataResource/GetGradeDetail", async (ctx) => gradeDetail(db, ctx.query.get("key") ?? ""), reader);
  router.get("DataResource/SearchProperty", async (ctx) => searchProperty(db, ctx.query), reader);
  router.get("DataResource/GetEquivalents", async (ctx) => equivalentsOf(db, (ctx.query.get("name") ?? "").slice(0, 100)), reader);
  router.get("DataResource/GetStandardList", async (ctx) => listStandards(db, ctx.query), reader);
  router.get("DataResource/GetDataResource", async (ctx) => dataResource(db, requireId(ctx.query.get("id"), "id")), admin);
  router.post("DataResource/SaveDataResource", async (ctx) => saveDataResource(app, ctx.user!, actorOf(ctx), ctx.body), admin);
  router.post("DataResource/DeleteDataResource", async (ctx) => deleteDataResource(app, actorOf(ctx), ctx.body), admin);
  router.get("MatdaoSSO/GetRequestMatdaoUrl", async (ctx) => requestMatdaoUrl(app, ctx.user!, ctx.query.get("code")), reader);
}
