import type { App } from "../../app.ts";
import { listInput } from "../../db/paged.ts";
import { addDemoSeeder } from "../../db/seed.ts";
import { seedDemoTestRecords } from "./demo.ts";
import type { Router } from "../../http/router.ts";
import { editableRecord, updateRecord } from "./record-edit.ts";
import { listTestDocuments } from "./documents.ts";
import { testDataCatalogue } from "./catalogue.ts";
import { LAB_STAFF_ROLES } from "../../../common/roles.ts";
import { exportRecords } from "./export.ts";
import { recordIndexOf } from "./record-index.ts";
import { listRecords } from "./records.ts";
import { searchSimilar } from "./similar.ts";
import { listDataSources } from "./sources.ts";
import { badRowsFile, checkUpload, getUpload, importUpload, listUploads, templateFile, undoUpload } from "./uploads.ts";
import { UPLOAD_LIMITS } from "../../../common/test-upload.ts";
import { readUploadForm } from "../../http/upload-form.ts";
import { actorOf } from "../system/oplog.ts";

/** Any logged-in user; who sees which records is the handlers' (scope.ts). */
const user = { auth: "user" as const };
/** The administrators' view across people (docs/access.md, myTestDataTableSearch). */
const peopleAdmin = { auth: "user" as const, roles: ["SystemAdmin", "InsideAdmin", "OutsideAdmin"] };

/** The offline upload's people (docs/access.md: the dataUpdate group). */
const uploaders = { auth: "user" as const, roles: ["DataUpload", "SystemAdmin"] };


// The demo's offline-uploaded records (SEED_DEMO only), after the demo users.
addDemoSeeder((db) => seedDemoTestRecords(db));

/** The test records' calls (docs/test-data.md): the table, its export, the similar-data search, the offline upload. */
export function register(router: Router, app: App): void {
  const { db } = app;
  // Loaded now rather than by the first search, which would otherwise wait for every record (about 2 s for
  // 200,000 on PGlite). A failure here only means the first query loads it.
  recordIndexOf(db)
    .refresh()
    .catch((e) => console.error(`test records: search index not loaded at start (${String(e)})`));
  router.post("TrialDetection/GetTestRecords", async (ctx) => listRecords(db, ctx.user!, listInput(ctx.query, ctx.body), { kind: "reader" }), user);
  router.get("TrialDetection/ExportTestRecords", async (ctx) => exportRecords(db, ctx.user!, ctx.query, ctx.lang, { kind: "reader" }), user);
  router.post("System/GetTestRecordsSearch", async (ctx) => listRecords(db, ctx.user!, listInput(ctx.query, ctx.body), { kind: "admin" }), peopleAdmin);
  router.get("System/ExportTestRecordsSearch", async (ctx) => exportRecords(db, ctx.user!, ctx.query, ctx.lang, { kind: "admin" }), peopleAdmin);
  router.get("TrialDetection/GetTestDataCatalogue", async (ctx) => testDataCatalogue(db, ctx.user!, ctx.query), user);
  router.get("TrialDetection/GetTestDocuments", async (ctx) => listTestDocuments(db, ctx.query), { auth: "user", roles: [...LAB_STAFF_ROLES] });
  router.get("TrialDetection/GetEditableTestRecord", async (ctx) => editableRecord(db, ctx.user!, ctx.query), user);
  router.post("TrialDetection/UpdateTestRecord", async (ctx) => updateRecord(db, ctx.user!, actorOf(ctx), ctx.body), user);
  router.get("TrialDetection/GetTestDataSources", async (ctx) => listDataSources(db, ctx.user!, ctx.query), user);
  router.post("TrialDetection/SearchSimilarData", async (ctx) => searchSimilar(db, ctx.user!, ctx.body, ctx.query), user);
  // The offline upload (uploads.ts): a file checked and kept, then imported whole or its good rows, or undone.
  router.post(
    "TrialDetection/CheckTestDataUpload",
    async (ctx) => checkUpload(app, ctx.user!, await readUploadForm(ctx, UPLOAD_LIMITS.maxBytes), ctx.lang),
    // A file of at most 20 MiB and the form around it; the upload parser cuts a larger one short (refused).
    { ...uploaders, maxBody: UPLOAD_LIMITS.maxBytes + 64 * 1024 },
  );
  router.get("TrialDetection/GetTestDataUpload", async (ctx) => getUpload(db, ctx.user!, ctx.query, ctx.lang), uploaders);
  router.post("TrialDetection/ImportTestDataUpload", async (ctx) => importUpload(app, ctx.user!, actorOf(ctx), ctx.body, ctx.lang), uploaders);
  router.post("TrialDetection/UndoTestDataUpload", async (ctx) => undoUpload(db, ctx.user!, actorOf(ctx), ctx.body, ctx.lang), uploaders);
  router.post("TrialDetection/GetMyTestDataUploads", async (ctx) => listUploads(db, ctx.user!, listInput(ctx.query, ctx.body), ctx.lang), uploaders);
  router.get("TrialDetection/GetTestDataUploadBadRows", async (ctx) => badRowsFile(app, ctx.user!, ctx.query, ctx.lang), uploaders);
  router.get("TrialDetection/GetTestDataTemplate", async (ctx) => templateFile(ctx.lang), uploaders);
}
