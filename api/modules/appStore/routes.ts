import type { App } from "../../app.ts";
import { setStoreAppLoader } from "../../compute/apps/store-apps.ts";
import type { Router } from "../../http/router.ts";
import { readUploadForm } from "../../http/upload-form.ts";
import { NOT_OUTSIDE_USER } from "../../../common/roles.ts";
import { actorOf } from "../system/oplog.ts";
import { featureApp, getApp, getStore } from "./catalogue.ts";
import { inviteExperts, myEvaluations, saveEvaluation } from "./evaluations.ts";
import { rateApp } from "./ratings.ts";
import { CLIENT_RELEASE_MAX_BYTES, clientReleaseFile, listClientReleases, uploadClientRelease, withdrawClientRelease } from "./client-releases.ts";
import { PACKAGE_LIMITS } from "./package.ts";
import { getVersion, listVersions, loadStoreApps, loadStoreEntry, reviewVersion, submitForReview, uploadPackage, versionFile } from "./versions.ts";
import { APP_ADMIN_ROLES } from "../../compute/apps/store-apps.ts";
import { addDemoSeeder } from "../../db/seed.ts";
import { seedDemoStore } from "./demo.ts";

/** Any logged-in user: the store and its apps' pages. */
const user = { auth: "user" as const };
/** Publishing is ReadOnly for OutsideUser (docs/access.md, steelApp): everyone else may upload. */
const authors = { auth: "user" as const, roles: [...NOT_OUTSIDE_USER] };
/** App administrators: the review queue and its decisions. */
const appAdmins = { auth: "user" as const, roles: [...APP_ADMIN_ROLES] };

// The demo's store (SEED_DEMO only): the shipped example apps, published.
addDemoSeeder((db, config) => seedDemoStore(db, config));

/** The app store's calls (docs/app-store.md): upload and review of versions, the store. */
export function register(router: Router, app: App): void {
  const { db } = app;
  setStoreAppLoader((id) => loadStoreEntry(app, id));
  // Known before the first task page names one; a failure only means each is read when first used.
  loadStoreApps(app).catch((e) => console.error(`app store: versions not loaded at start (${String(e)})`));
  router.post(
    "MaterialAPP/UploadPackage",
    async (ctx) => uploadPackage(app, ctx.user!, await readUploadForm(ctx, PACKAGE_LIMITS.maxCompressedBytes), ctx.lang),
    // The package and the form around it; the upload parser cuts a larger one short (refused with the limit).
    { ...authors, maxBody: PACKAGE_LIMITS.maxCompressedBytes + 64 * 1024 },
  );
  router.get("MaterialAPP/XMaterialAPPUploadBase", async (ctx) => listVersions(db, ctx.user!, ctx.query, ctx.lang), user);
  router.get("MaterialAPP/GetAppVersion", async (ctx) => getVersion(db, ctx.user!, ctx.query, ctx.lang), user);
  router.get("MaterialAPP/GetAppVersionFile", async (ctx) => versionFile(app, ctx.user!, ctx.query), user);
  router.post("MaterialAPP/SubmitForReview", async (ctx) => submitForReview(db, ctx.user!, ctx.body, ctx.lang), authors);
  router.post("MaterialAPP/Review", async (ctx) => reviewVersion(app, ctx.user!, actorOf(ctx), ctx.body, ctx.lang), appAdmins);
  router.get("MaterialAPP/GetStore", async (ctx) => getStore(db, ctx.query, ctx.lang), user);
  router.get("MaterialAPP/GetApp", async (ctx) => getApp(app, ctx.user!, ctx.query, ctx.lang), user);
  router.post("MaterialAPP/Rate", async (ctx) => rateApp(app, ctx.user!, ctx.body), user);
  router.post("MaterialAPP/Feature", async (ctx) => featureApp(db, actorOf(ctx), ctx.body), appAdmins);
  // Expert evaluation: invited by an app administrator on a submitted version; the experts are any users.
  router.post("MaterialAPP/InviteExperts", async (ctx) => inviteExperts(db, actorOf(ctx), ctx.body), appAdmins);
  router.post("MaterialAPP/SaveEvaluation", async (ctx) => saveEvaluation(db, ctx.user!, ctx.body), user);
  router.get("MaterialAPP/GetMyEvaluations", async (ctx) => myEvaluations(db, ctx.user!, ctx.query, ctx.lang), user);
  // Desktop client releases (/steelApp/deskAppInfo): published by app administrators, downloaded by everyone.
  router.get("MaterialAPP/GetClientReleases", async () => listClientReleases(db), user);
  router.get("MaterialAPP/DownloadClientRelease", async (ctx) => clientReleaseFile(app, ctx.query), user);
  router.post("MaterialAPP/UploadClientRelease", async (ctx) => uploadClientRelease(app, actorOf(ctx), await readUploadForm(ctx, CLIENT_RELEASE_MAX_BYTES)), {
    ...appAdmins,
    maxBody: CLIENT_RELEASE_MAX_BYTES + 64 * 1024,
  });
  router.post("MaterialAPP/WithdrawClientRelease", async (ctx) => withdrawClientRelease(db, actorOf(ctx), ctx.body), appAdmins);
}
