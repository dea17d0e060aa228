import { z } from "zod";
import { ORDER_ACTIONS } from "../detection.ts";
import { blankToUndefined, codeField, idField, realDate, requiredText, textField, versionField } from "./check.ts";
import { DETECTION_LIMITS as L } from "./limits.ts";

const optionalDate = z.preprocess(blankToUndefined, z.string("dateInvalid").trim().refine(realDate, "dateInvalid").optional());

/** A detection project (TrialDetection/SaveDetectionProject): a client's testing request. */
export const detectionProjectSchema = z
  .object({
    Id: idField("invalid"),
    Code: codeField(L.code, { required: "codeRequired", tooLong: "codeTooLong", invalid: "codeInvalid" }),
    Name: requiredText(L.name, "nameRequired", "nameTooLong"),
    ClientKind: z.enum(["department", "enterprise"], "clientRequired"),
    ClientId: idField("clientRequired"),
    ResearchProjectId: idField("researchProjectInvalid"),
    Standards: textField(L.standards, "standardsTooLong"),
    DueDate: optionalDate,
    /** Absent on a new project: the caller is in charge. */
    LeaderId: idField("leaderInvalid"),
    Status: z.preprocess((v) => blankToUndefined(v) ?? "active", z.enum(["active", "closed"], "invalid")),
    Version: versionField,
  })
  .superRefine((p, ctx) => {
    if (!p.ClientId) ctx.addIssue({ code: "custom", path: ["ClientId"], message: "clientRequired" });
  });
export type DetectionProjectInput = z.infer<typeof detectionProjectSchema>;

const lineSchema = z.object({
  Description: requiredText(L.description, "lineDescriptionRequired", "lineTooLong"),
  Grade: textField(L.grade, "lineTooLong"),
  HeatNo: textField(L.heatNo, "lineTooLong"),
  Form: textField(L.form, "lineTooLong"),
  Condition: textField(L.condition, "lineTooLong"),
  Quantity: z.preprocess((v) => blankToUndefined(v) ?? 1, z.coerce.number("quantityInvalid").int("quantityInvalid").min(1, "quantityInvalid").max(1000, "quantityInvalid")),
  Methods: z.array(z.string().trim().min(1, "methodUnknown").max(40, "methodUnknown"), "methodsRequired").min(1, "methodsRequired").max(30, "methodsTooMany"),
});

const limitNumber = z.preprocess(
  (v) => (blankToUndefined(v) === undefined || v === null ? undefined : v),
  z.coerce.number("limitInvalid").refine(Number.isFinite, "limitInvalid").optional(),
);
/** A client's limit on an order: a quantity of a method with a minimum, a maximum or both. */
const limitSchema = z
  .object({ Method: z.string().trim().min(1, "methodUnknown").max(40, "methodUnknown"), Quantity: z.string().trim().min(1, "quantityUnknown").max(20, "quantityUnknown"), Min: limitNumber, Max: limitNumber })
  .superRefine((l, ctx) => {
    if (l.Min === undefined && l.Max === undefined) ctx.addIssue({ code: "custom", path: ["Min"], message: "limitInvalid" });
    if (l.Min !== undefined && l.Max !== undefined && l.Min > l.Max) ctx.addIssue({ code: "custom", path: ["Max"], message: "limitInvalid" });
  });

/** A task order (TrialDetection/SaveTaskOrder, JSON): its project, the samples it announces and their methods. */
export const taskOrderSchema = z.object({
  Id: idField("invalid"),
  ProjectId: idField("projectRequired").pipe(z.string("projectRequired")),
  Grade: textField(L.grade, "gradeTooLong"),
  DueDate: optionalDate,
  Note: textField(L.note, "noteTooLong"),
  Lines: z.array(lineSchema, "linesRequired").min(1, "linesRequired").max(L.lines, "linesTooMany"),
  /** Limits of the order (they take precedence over the grade's). */
  Limits: z.array(limitSchema, "limitInvalid").max(100, "limitInvalid").default([]),
  Version: versionField,
});
export type TaskOrderInput = z.infer<typeof taskOrderSchema>;

/** A change of an order's state (TrialDetection/SetTaskOrderState). */
export const orderStateSchema = z.object({
  Id: idField("invalid").pipe(z.string("invalid")),
  Action: z.enum(ORDER_ACTIONS, "actionUnknown"),
  Reason: textField(L.reason, "reasonTooLong"),
  Version: versionField.pipe(z.number("invalid")),
});

/**
 * Samples registered on receipt (TrialDetection/RegisterSamples, JSON): the order, the ID pattern, where they are
 * kept, and per order line how many of its pieces to register now with the material as found (the line's by
 * default). Without Lines, every piece not yet registered is.
 */
export const registerSamplesSchema = z.object({
  OrderId: idField("invalid").pipe(z.string("invalid")),
  Pattern: textField(L.pattern, "samplePatternBad"),
  Storage: textField(L.storage, "storageTooLong"),
  Lines: z
    .array(
      z.object({
        LineNo: z.coerce.number("lineUnknown").int("lineUnknown").min(1, "lineUnknown"),
        Count: z.preprocess(blankToUndefined, z.coerce.number("countInvalid").int("countInvalid").min(1, "countInvalid").max(1000, "countInvalid").optional()),
        Storage: z.preprocess(blankToUndefined, z.string().trim().max(L.storage, "storageTooLong").optional()),
        Grade: z.preprocess(blankToUndefined, z.string().trim().max(L.grade, "lineTooLong").optional()),
        HeatNo: z.preprocess(blankToUndefined, z.string().trim().max(L.heatNo, "lineTooLong").optional()),
        Form: z.preprocess(blankToUndefined, z.string().trim().max(L.form, "lineTooLong").optional()),
        Condition: z.preprocess(blankToUndefined, z.string().trim().max(L.condition, "lineTooLong").optional()),
      }),
      "lineUnknown",
    )
    .max(L.lines, "linesTooMany")
    .optional(),
});
export type RegisterSamplesInput = z.infer<typeof registerSamplesSchema>;

/** Values measured on a sample by one method (TrialDetection/SaveResults, JSON); a blank value is not entered. */
export const saveResultsSchema = z.object({
  SampleId: idField("invalid").pipe(z.string("invalid")),
  Method: z.string("methodUnknown").trim().min(1, "methodUnknown").max(40, "methodUnknown"),
  Equipment: textField(L.equipment, "equipmentTooLong"),
  /** A registered instrument (docs/equipment.md): its name replaces Equipment, and the result counts as its use. */
  EquipmentId: idField("equipmentUnknown"),
  Values: z
    .array(z.object({ Quantity: z.string("quantityUnknown").trim().min(1, "quantityUnknown").max(20, "quantityUnknown"), Value: z.union([z.string(), z.number(), z.null()]).optional() }), "valuesRequired")
    .min(1, "valuesRequired")
    .max(30, "valuesRequired"),
});
export type SaveResultsInput = z.infer<typeof saveResultsSchema>;

/**
 * A corrected test report (TrialDetection/ReissueReport): the order, and why a new version replaces the one
 * the client holds (e.g. a sample's description corrected); the reason is printed on the new version.
 */
export const reissueReportSchema = z.object({
  OrderId: idField("invalid").pipe(z.string("invalid")),
  Reason: requiredText(L.reason, "reissueReasonRequired", "reasonTooLong"),
});
export type ReissueReportInput = z.infer<typeof reissueReportSchema>;

export type DetectionError =
  | "invalid"
  | "codeRequired"
  | "codeTooLong"
  | "codeInvalid"
  | "codeTaken"
  | "nameRequired"
  | "nameTooLong"
  | "clientRequired"
  | "clientUnknown"
  | "researchProjectInvalid"
  | "standardsTooLong"
  | "dateInvalid"
  | "leaderInvalid"
  | "lineDescriptionRequired"
  | "lineTooLong"
  | "quantityInvalid"
  | "methodsRequired"
  | "methodsTooMany"
  | "methodUnknown"
  | "projectRequired"
  | "projectUnknown"
  | "projectClosed"
  | "gradeTooLong"
  | "noteTooLong"
  | "linesRequired"
  | "linesTooMany"
  | "actionUnknown"
  | "reasonTooLong"
  | "reasonRequired"
  | "stateRefused"
  | "notDraft"
  | "samplesMissing"
  | "stale"
  | "notFound"
  | "clientLocked"
  | "samplePatternBad"
  | "samplePatternSeq"
  | "sampleSeqFull"
  | "storageTooLong"
  | "lineUnknown"
  | "countInvalid"
  | "nothingToRegister"
  | "sampleNotFound"
  | "labelSizeUnknown"
  | "labelsTooMany"
  | "resultsMissing"
  | "limitInvalid"
  | "quantityUnknown"
  | "equipmentTooLong"
  | "equipmentUnknown"
  | "equipmentOutOfService"
  | "equipmentMethod"
  | "equipmentCalibrationOverdue"
  | "valuesRequired"
  | "valueInvalid"
  | "valueOutOfRange"
  | "textTooLong"
  | "methodNotOrdered"
  | "verifierIsOperator"
  | "csvInvalid"
  | "csvColumnUnknown"
  | "csvSampleUnknown"
  | "csvEmpty"
  | "csvErrors"
  | "csvColumnTwice"
  | "csvSampleTwice"
  | "resultsUnchanged"
  | "reportedNoCancel"
  | "reissueReasonRequired"
  | "reportNotFound"
  | "reportUnknown"
  | "photoRequired"
  | "photoType"
  | "photoTooLarge"
  | "photoMismatch"
  | "captionTooLong"
  | "photoNotFound"
  | "photoNotYours";
