import type { App } from "../../app.ts";
import { addDemoSeeder } from "../../db/seed.ts";
import type { Router } from "../../http/router.ts";
import { deleteDepartment, departmentTree, saveDepartment } from "./departments.ts";
import { seedDemoDepartments, seedDemoEnterprises } from "./demo.ts";
import { deleteEnterprise, enterpriseInfo, listEnterprises, saveEnterprise } from "./enterprises.ts";
import { requireId } from "../../http/fields.ts";
import { actorOf, listOperations } from "./oplog.ts";

addDemoSeeder(async (db) => {
  await seedDemoDepartments(db);
  await seedDemoEnterprises(db);
});

const systemAdmin = { auth: "user" as const, roles: ["SystemAdmin"] };

/** The System/* calls of system administration (docs/system.md). Each checks the token, the role and the scope itself. */
export function register(router: Router, app: App): void {
  const { db } = app;
  // InsideAdmins read their own subtree (the people page's department filter); only SystemAdmins change the tree.
  router.get("System/GetDepartmentTree", async (ctx) => departmentTree(db, ctx.user!), { auth: "user", roles: ["SystemAdmin", "InsideAdmin"] });
  router.post("System/SaveDepartment", async (ctx) => saveDepartment(db, actorOf(ctx), ctx.body), systemAdmin);
  router.post("System/DeleteDepartment", async (ctx) => deleteDepartment(db, actorOf(ctx), ctx.body), systemAdmin);

  router.get("System/GetEnterpriseList", async (ctx) => listEnterprises(db, ctx.query), systemAdmin);
  router.get("System/GetEnterpriseInfo", async (ctx) => enterpriseInfo(db, requireId(ctx.query.get("id"), "id")), systemAdmin);
  router.post("System/SaveEnterprise", async (ctx) => saveEnterprise(db, actorOf(ctx), ctx.body), systemAdmin);
  router.post("System/DeleteEnterprise", async (ctx) => deleteEnterprise(db, actorOf(ctx), ctx.body), systemAdmin);

  router.get("System/GetOperationLog", async (ctx) => listOperations(db, ctx.query), systemAdmin);
}
