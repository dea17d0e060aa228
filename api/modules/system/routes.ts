import type { App } from "../../app.ts";
import { addDemoSeeder } from "../../db/seed.ts";
import type { Router } from "../../http/router.ts";
import { deleteDepartment, departmentTree, departmentTreeCache, saveDepartment } from "./departments.ts";
import { seedDemoDepartments, seedDemoEnterprises } from "./demo.ts";
import { deleteEnterprise, enterpriseInfo, enterpriseUsage, listEnterprises, saveEnterprise } from "./enterprises.ts";
import { requireId } from "../../http/fields.ts";
import { actorOf, listOperations } from "./oplog.ts";
import { endSession, listLoginLog, listSessions } from "./logs.ts";
import { oneTimePassword, resetPersonPassword, setPersonStatus, unbindPersonWx, unlockPerson } from "./person-actions.ts";
import { personOptions } from "./person-options.ts";
import { exportPersons } from "./person-export.ts";
import { confirmImport, IMPORT_MAX_BYTES, importTemplate, personImportTooLarge, previewImport } from "./person-import.ts";
import { readUploadForm } from "../../http/upload-form.ts";
import { Raw } from "../../http/router.ts";
import { listPersons, personInfo, savePerson } from "./persons.ts";
import { listRoles, resetRoleResources, roleResources, saveRoleResources } from "./roles.ts";
import { clearCache, listCaches } from "./caches.ts";
import { dataStatistics } from "./statistics.ts";
import { taskStorageCache } from "./task-storage.ts";
import { hashPassword } from "../../security/password.ts";
import { FAILURE_WINDOW_MINUTES } from "../login/rate-limit.ts";

addDemoSeeder(async (db) => {
  await seedDemoDepartments(db);
  await seedDemoEnterprises(db);
});

const systemAdmin = { auth: "user" as const, roles: ["SystemAdmin"] };
/** The people calls: each admin within their scope (scope.ts), checked by the handler. */
const peopleAdmin = { auth: "user" as const, roles: ["SystemAdmin", "InsideAdmin", "OutsideAdmin"] };

/** The System/* calls of system administration (docs/system.md). Each checks the token, the role and the scope itself. */
export function register(router: Router, app: App): void {
  const { db } = app;
  // InsideAdmins read their own subtree (the people page's department filter); only SystemAdmins change the tree.
  router.get("System/GetDepartmentTree", async (ctx) => departmentTree(db, ctx.user!), { auth: "user", roles: ["SystemAdmin", "InsideAdmin"] });
  router.post("System/SaveDepartment", async (ctx) => saveDepartment(db, actorOf(ctx), ctx.body), systemAdmin);
  router.post("System/DeleteDepartment", async (ctx) => deleteDepartment(db, actorOf(ctx), ctx.body), systemAdmin);

  router.get("System/GetEnterpriseList", async (ctx) => listEnterprises(db, ctx.query), systemAdmin);
  router.get("System/GetEnterpriseInfo", async (ctx) => enterpriseInfo(db, requireId(ctx.query.get("id"), "id")), systemAdmin);
  router.get("System/GetEnterpriseUsage", async (ctx) => enterpriseUsage(db, ctx.query), systemAdmin);
  router.post("System/SaveEnterprise", async (ctx) => saveEnterprise(db, actorOf(ctx), ctx.body), systemAdmin);
  router.post("System/DeleteEnterprise", async (ctx) => deleteEnterprise(db, actorOf(ctx), ctx.body), systemAdmin);

  const limits = { maxFailures: app.config.LOGIN_MAX_FAILURES_PER_ACCOUNT, windowMinutes: FAILURE_WINDOW_MINUTES };
  router.get("System/GetPersonList", async (ctx) => listPersons(db, ctx.user!, ctx.query, limits), peopleAdmin);
  router.get("System/GetPersonInfo", async (ctx) => personInfo(db, ctx.user!, requireId(ctx.query.get("id"), "id"), limits), peopleAdmin);
  router.get("System/GetPersonOptions", async (ctx) => personOptions(db, ctx.user!), peopleAdmin);
  // A new person's one-time password: the API makes it, hashes it, and answers it once (never stored in clear).
  router.post(
    "System/SavePerson",
    async (ctx) => {
      let password: string | null = null;
      const saved = await savePerson(db, ctx.user!, actorOf(ctx), ctx.body, () => hashPassword((password = oneTimePassword())));
      return { ...saved, Password: password };
    },
    peopleAdmin,
  );
  router.post("System/SetPersonStatus", async (ctx) => setPersonStatus(app, ctx.user!, actorOf(ctx), ctx.body), peopleAdmin);
  router.post("System/ResetPersonPassword", async (ctx) => resetPersonPassword(app, ctx.user!, actorOf(ctx), ctx.body), peopleAdmin);
  router.post("System/UnlockPerson", async (ctx) => unlockPerson(app, ctx.user!, actorOf(ctx), ctx.body), peopleAdmin);
  router.post("System/UnbindPersonWx", async (ctx) => unbindPersonWx(app, ctx.user!, actorOf(ctx), ctx.body), peopleAdmin);

  router.get("System/ExportPersons", async (ctx) => exportPersons(db, ctx.user!, ctx.query, ctx.lang), peopleAdmin);
  router.get(
    "System/GetPersonImportTemplate",
    async (ctx) =>
      new Raw(await importTemplate(ctx.lang), {
        "Content-Type": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        "Content-Disposition": `attachment; filename="people-template.xlsx"; filename*=UTF-8''${encodeURIComponent("人员导入模板.xlsx")}`,
      }),
    peopleAdmin,
  );
  router.post(
    "System/ImportPersons",
    async (ctx) => previewImport(db, ctx.user!, (await readUploadForm(ctx, IMPORT_MAX_BYTES)).file, ctx.lang),
    { ...peopleAdmin, maxBody: IMPORT_MAX_BYTES + 64 * 1024, tooLarge: personImportTooLarge },
  );
  router.post("System/ConfirmPersonImport", async (ctx) => confirmImport(db, ctx.user!, actorOf(ctx), requireId(ctx.body.Batch, "Batch"), ctx.lang), peopleAdmin);

  router.get("System/GetRoleList", async () => listRoles(db), systemAdmin);
  router.get("System/GetRoleResources", async (ctx) => roleResources(db, ctx.query.get("role")), systemAdmin);
  router.post("System/SaveRoleResources", async (ctx) => saveRoleResources(app, actorOf(ctx), ctx.body), systemAdmin);
  router.post("System/ResetRoleResources", async (ctx) => resetRoleResources(app, actorOf(ctx), ctx.body), systemAdmin);

  app.caches.register("departmentTree", departmentTreeCache(db));
  app.caches.register("taskStorage", taskStorageCache(app.config.dataDir));
  // InsideAdmins see their department subtree's figures (statistics.ts applies the scope).
  router.get("System/GetDataStatistics", async (ctx) => dataStatistics(app, ctx.user!, ctx.query, ctx.lang), { auth: "user", roles: ["SystemAdmin", "InsideAdmin"] });

  router.get("System/GetCacheList", async () => listCaches(app), systemAdmin);
  router.post("System/ClearCache", async (ctx) => clearCache(app, actorOf(ctx), ctx.body), systemAdmin);

  router.get("System/GetOperationLog", async (ctx) => listOperations(db, ctx.query), systemAdmin);
  router.get("System/GetLoginLog", async (ctx) => listLoginLog(db, ctx.query), systemAdmin);
  router.get("System/GetOnlineSessions", async (ctx) => listSessions(db, ctx.user!, ctx.query), systemAdmin);
  router.post("System/EndSession", async (ctx) => endSession(db, app.hub, ctx.user!, actorOf(ctx), ctx.body), systemAdmin);
}
