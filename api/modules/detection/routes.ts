import { DETECTION_LIMITS } from "../../../common/forms/limits.ts";
import type { App } from "../../app.ts";
import { listInput } from "../../db/paged.ts";
import { addDemoSeeder } from "../../db/seed.ts";
import { ApiError, Status } from "../../http/envelope.ts";
import { keyedFieldError } from "../../http/fields.ts";
import type { Ctx, Router } from "../../http/router.ts";
import { Raw } from "../../http/router.ts";
import { readUploadForm } from "../../http/upload-form.ts";
import { actorOf } from "../system/oplog.ts";
import { readerOf, requireLab } from "./access.ts";
import { seedDemoDetection } from "./demo.ts";
import { isLabelSize, labelsPdf } from "./labels.ts";
import { METHODS } from "./methods.ts";
import { addSamplePhoto, listMyPhotos, removeSamplePhoto } from "./photos.ts";
import { getOrder, listOrders, orderIdOf, orderQueue, saveOrder, setOrderState } from "./orders.ts";
import { clientOptions, listDetectionProjects, saveDetectionProject } from "./projects.ts";
import { listReportRows, listReports, reissueReport, reportFile, verifyReport, type ReportIssue } from "./reports.ts";
import { getOrderResults, importResults, saveResults } from "./results.ts";
import { getSample, listSamples, registerSamples } from "./samples.ts";
import { detectionTexts } from "./texts.ts";

/** Any logged-in user; who may read or change what is the handlers' (access.ts). */
const user = { auth: "user" as const };
/** An order of 200 samples with their methods, as JSON, is well under this. */
const orderBody = { ...user, maxBody: 512 * 1024 };


// The demo laboratory's orders (SEED_DEMO only), after the system module's demo enterprises.
addDemoSeeder((db) => seedDemoDetection(db));

/** The TrialDetection/* calls of the test-detection laboratory (docs/detection.md). */
export function register(router: Router, app: App): void {
  const { db } = app;
  /** A report is written in the caller's language; its QR code opens the web's public address. */
  const issueOf = (ctx: Ctx): ReportIssue => ({ lang: ctx.lang, webUrl: app.config.WEB_PUBLIC_URL });
  router.get(
    "TrialDetection/GetMethods",
    async (ctx) => {
      await readerOf(db, ctx.user!);
      return METHODS.map((m) => ({
        Code: m.code,
        Group: m.group,
        Name: m.name[ctx.lang],
        Standards: m.standards,
        Quantities: m.quantities.map((q) => ({ Key: q.key, Name: q.name[ctx.lang], Unit: q.unit, Text: !!q.text, Range: q.range ?? null })),
        Equipment: m.equipment[ctx.lang],
      }));
    },
    user,
  );
  router.post("TrialDetection/GetDetectionProjectBase", async (ctx) => listDetectionProjects(db, ctx.user!, listInput(ctx.query, ctx.body)), user);
  router.get("TrialDetection/GetClientOptions", async (ctx) => clientOptions(db, ctx.user!), user);
  router.post("TrialDetection/SaveDetectionProject", async (ctx) => saveDetectionProject(db, ctx.user!, actorOf(ctx), ctx.body), user);
  router.post("TrialDetection/GetDetectionTaskOrderBase", async (ctx) => listOrders(db, ctx.user!, listInput(ctx.query, ctx.body)), user);
  router.get("TrialDetection/GetOrderQueue", async (ctx) => orderQueue(db, ctx.user!), user);
  router.get("TrialDetection/GetTaskOrder", async (ctx) => getOrder(db, ctx.user!, orderIdOf(ctx.query)), user);
  router.post("TrialDetection/SaveTaskOrder", async (ctx) => saveOrder(db, ctx.user!, actorOf(ctx), ctx.body), orderBody);
  router.post("TrialDetection/SetTaskOrderState", async (ctx) => setOrderState(db, ctx.user!, actorOf(ctx), ctx.body, issueOf(ctx)), user);
  router.post("TrialDetection/RegisterSamples", async (ctx) => registerSamples(db, ctx.user!, actorOf(ctx), ctx.body), orderBody);
  router.get("TrialDetection/GetSample", async (ctx) => getSample(db, ctx.user!, ctx.query), user);
  router.post("TrialDetection/GetSamples", async (ctx) => listSamples(db, ctx.user!, listInput(ctx.query, ctx.body)), user);
  router.post("TrialDetection/SaveResults", async (ctx) => saveResults(db, ctx.user!, actorOf(ctx), ctx.body), user);
  router.post(
    "TrialDetection/ImportResults",
    async (ctx) => {
      // The role first: nobody else's upload is read at all.
      requireLab(ctx.user!);
      const { file, fields } = await readUploadForm(ctx, DETECTION_LIMITS.csvBytes);
      return importResults(db, ctx.user!, actorOf(ctx), file, fields, ctx.lang);
    },
    // The form's fields and a CSV of at most 1 MiB; the upload parser cuts a larger file short (refused).
    { ...user, maxBody: DETECTION_LIMITS.csvBytes + 64 * 1024 },
  );
  router.get("TrialDetection/GetOrderResults", async (ctx) => getOrderResults(db, ctx.user!, ctx.query), user);
  router.get(
    "TrialDetection/GetSampleLabels",
    async (ctx) => {
      // The order's samples (all, or those in `ids`), as the caller may read the order.
      const order = await getOrder(db, ctx.user!, orderIdOf(new URLSearchParams({ id: ctx.query.get("orderId") ?? "" })));
      const size = ctx.query.get("size") || "a4-3x8";
      if (!isLabelSize(size)) throw keyedFieldError("size", "labelSizeUnknown", detectionTexts);
      const ids = new Set((ctx.query.get("ids") ?? "").split(",").map((s) => s.trim().toLowerCase()).filter(Boolean));
      const samples = ids.size ? order.Registered.filter((s) => ids.has(s.Id)) : order.Registered;
      if (samples.length === 0) throw new ApiError(Status.notFound, detectionTexts.sampleNotFound);
      if (samples.length > DETECTION_LIMITS.labels) throw keyedFieldError("ids", "labelsTooMany", detectionTexts);
      const start = Math.trunc(Number(ctx.query.get("start") ?? 1)) || 1;
      const pdf = await labelsPdf(samples, size, ctx.lang, start);
      return new Raw(pdf, {
        "Content-Type": "application/pdf",
        "Content-Disposition": `inline; filename="labels-${order.Code}.pdf"`,
        "Cache-Control": "private, no-store",
      });
    },
    user,
  );
  router.post(
    "TrialDetection/AddSamplePhoto",
    async (ctx) => {
      // The role first: nobody else's upload is read at all.
      requireLab(ctx.user!);
      return addSamplePhoto(app, ctx.user!, actorOf(ctx), await readUploadForm(ctx, DETECTION_LIMITS.photoBytes));
    },
    // The form's fields and a photo of at most 10 MiB; the upload parser cuts a larger one short (refused).
    { ...user, maxBody: DETECTION_LIMITS.photoBytes + 64 * 1024 },
  );
  router.post("TrialDetection/RemoveSamplePhoto", async (ctx) => removeSamplePhoto(db, ctx.user!, actorOf(ctx), ctx.body), user);
  router.post("TrialDetection/GetMyUploads", async (ctx) => listMyPhotos(db, ctx.user!, listInput(ctx.query, ctx.body)), user);
  router.post("TrialDetection/ReissueReport", async (ctx) => reissueReport(db, ctx.user!, actorOf(ctx), ctx.body, issueOf(ctx)), user);
  router.get("TrialDetection/GetReports", async (ctx) => listReports(db, ctx.user!, ctx.query), user);
  router.post("TrialDetection/GetReportList", async (ctx) => listReportRows(db, ctx.user!, listInput(ctx.query, ctx.body)), user);
  router.get(
    "TrialDetection/GetReportPdf",
    async (ctx) => {
      const { code, pdf } = await reportFile(db, ctx.user!, ctx.query);
      return new Raw(pdf, { "Content-Type": "application/pdf", "Content-Disposition": `inline; filename="${code}.pdf"`, "Cache-Control": "private, no-store" });
    },
    user,
  );
  // No login: whoever holds the printed QR code checks the report (its token is 128 random bits).
  router.get("TrialDetection/VerifyReport", async (ctx) => verifyReport(db, ctx.query), { auth: "none" });
}
