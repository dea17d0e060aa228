import { z } from "zod";
import { blankToUndefined, idField, realDate, requiredText, textField, versionField } from "./check.ts";
import { EQUIPMENT_LIMITS as L } from "./limits.ts";

/** Why an equipment form was refused: keys of the API's texts and the page's `form.errors`. */
export type EquipmentError =
  | "invalid"
  | "nameRequired"
  | "nameTooLong"
  | "tooLong"
  | "departmentUnknown"
  | "keeperUnknown"
  | "methodUnknown"
  | "methodsTooMany"
  | "dateInvalid"
  | "dueBeforeCalibration"
  | "statusInvalid"
  | "serialTaken"
  | "filesTooMany"
  | "fileUnknown"
  | "notFound"
  | "stale";

const optionalDate = z.preprocess(blankToUndefined, z.string("dateInvalid").trim().refine(realDate, "dateInvalid").optional());

/** An instrument (TrialDetection/SaveExperimentalEquipment), new (no Id) or edited at its Version. */
export const equipmentSchema = z
  .object({
    Id: idField("invalid"),
    Name: requiredText(L.name, "nameRequired", "nameTooLong"),
    Model: textField(L.model, "tooLong"),
    Maker: textField(L.maker, "tooLong"),
    Serial: textField(L.serial, "tooLong"),
    Location: textField(L.location, "tooLong"),
    DepartmentId: idField("departmentUnknown"),
    KeeperId: idField("keeperUnknown"),
    Methods: z.array(z.string().trim().min(1, "methodUnknown").max(40, "methodUnknown"), "methodUnknown").max(L.methods, "methodsTooMany").default([]),
    CalibratedOn: optionalDate,
    CalibrationDue: optionalDate,
    Status: z.preprocess((v) => blankToUndefined(v) ?? "active", z.enum(["active", "maintenance", "retired"], "statusInvalid")),
    Note: textField(L.note, "tooLong"),
    /** Uploads (attachment paths) to keep as photos and manuals. */
    Photos: z.array(z.string().max(200, "fileUnknown"), "fileUnknown").max(L.files, "filesTooMany").default([]),
    Manuals: z.array(z.string().max(200, "fileUnknown"), "fileUnknown").max(L.files, "filesTooMany").default([]),
    Version: versionField,
  })
  .superRefine((e, ctx) => {
    if (e.CalibratedOn && e.CalibrationDue && e.CalibrationDue < e.CalibratedOn) ctx.addIssue({ code: "custom", path: ["CalibrationDue"], message: "dueBeforeCalibration" });
  });
export type EquipmentInput = z.infer<typeof equipmentSchema>;
