import type { App } from "../../app.ts";
import { listInput } from "../../db/paged.ts";
import type { Router } from "../../http/router.ts";
import { addDemoSeeder } from "../../db/seed.ts";
import { startPeriodic } from "../../periodic.ts";
import { actorOf } from "../system/oplog.ts";
import { seedDemoInstrumentData } from "./demo.ts";
import { assignInstrumentFile, deleteInstrumentFile, downloadInstrumentFile, instrumentChoices, instrumentFile, listInstrumentFiles, receiveInstrumentFile, sweepParts } from "./files.ts";
import { cloudEquipment, createToken, revokeToken, TOKEN_WRITERS, tokenSender } from "./tokens.ts";

/** myInstrumentData is FileTransferAdmin's (spec section 6; SystemAdmin does not have it). */
const transfer = { auth: "user" as const, roles: ["FileTransferAdmin"] };
/** newCloudEquip is a test-detection page: the institute's staff read it; the token writers act (tokens.ts). */
const staff = { auth: "user" as const, roles: ["SystemAdmin", "XSystemAdmin", "InsideAdmin", "DataUpload", "FileTransferAdmin", "EquimentAdmin"] };
const tokenWriters = { auth: "user" as const, roles: TOKEN_WRITERS };

// The demo's token and files (SEED_DEMO only), after the demo instruments.
addDemoSeeder((db, config) => seedDemoInstrumentData(db, config));

/** The instrument data calls (docs/instrument-data.md). */
export function register(router: Router, app: App): void {
  const { db } = app;
  router.post("TrialDetection/UploadInstrumentFile", async (ctx) => receiveInstrumentFile(app, ctx, { kind: "person", actor: actorOf(ctx) }), { ...transfer, streamed: true });
  router.post("TrialDetection/GetInstrumentFiles", async (ctx) => listInstrumentFiles(db, listInput(ctx.query, ctx.body), ctx.lang), transfer);
  router.get("TrialDetection/GetInstrumentFile", async (ctx) => instrumentFile(db, ctx.query, ctx.lang), transfer);
  router.get("TrialDetection/GetInstrumentChoices", async () => instrumentChoices(db), transfer);
  router.get("TrialDetection/DownloadInstrumentFile", async (ctx) => downloadInstrumentFile(app, ctx.query), transfer);
  router.post("TrialDetection/AssignInstrumentFile", async (ctx) => assignInstrumentFile(db, actorOf(ctx), ctx.body, ctx.lang), transfer);
  router.post("TrialDetection/DeleteInstrumentFile", async (ctx) => deleteInstrumentFile(app, actorOf(ctx), ctx.body), transfer);

  router.get("TrialDetection/GetCloudEquipment", async (ctx) => cloudEquipment(db, ctx.user!), staff);
  router.post("TrialDetection/CreateEquipmentToken", async (ctx) => createToken(db, ctx.user!, actorOf(ctx), ctx.body), tokenWriters);
  router.post("TrialDetection/RevokeEquipmentToken", async (ctx) => revokeToken(db, ctx.user!, actorOf(ctx), ctx.body), tokenWriters);
  // The instrument itself: its token (Authorization: Bearer …) instead of a login; checked before the body is read.
  router.post(
    "TrialDetection/UploadEquipmentData",
    async (ctx) => {
      const auth = ctx.req.headers.authorization;
      return receiveInstrumentFile(app, ctx, await tokenSender(db, typeof auth === "string" ? auth : undefined));
    },
    { auth: "none", streamed: true },
  );
}

/** Upload parts left by an API that died mid-transfer: at start, then hourly. */
export const startInstrumentPartSweep = (app: App) => startPeriodic("instrument file parts", 3600_000, () => sweepParts(app));
