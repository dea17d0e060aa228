import { z } from "zod";
import { STEP_KINDS } from "../materials.ts";
import { blankToUndefined, idField, realDate, requiredText, textField, versionField } from "./check.ts";
import { MATERIAL_LIMITS as L } from "./limits.ts";

/** Why a material form was refused: keys of the API's texts and the page's `form.errors`. */
export type MaterialError =
  "invalid" | "codeRequired" | "codeTaken" | "tooLong" | "stepsTooMany" | "kindInvalid" | "temperatureInvalid" | "durationInvalid" | "potentialInvalid" | "dateInvalid" | "notFound" | "stale";

const optionalNumber = (min: number, max: number, key: string) =>
  z.preprocess((v) => (typeof v === "string" ? (v.trim() === "" ? undefined : Number(v.trim().replace(",", "."))) : v), z.number(key).min(min, key).max(max, key).nullable().optional());

/** One process step; temperatures −273…3000 °C, durations up to a year, carbon potential 0–2 wt%. */
export const materialStepSchema = z.object({
  Kind: z.enum(STEP_KINDS, "kindInvalid"),
  Title: textField(L.title, "tooLong"),
  TemperatureC: optionalNumber(-273, 3000, "temperatureInvalid"),
  DurationMin: optionalNumber(0, 525_600, "durationInvalid"),
  Medium: textField(L.medium, "tooLong"),
  CarbonPotential: optionalNumber(0, 2, "potentialInvalid"),
  PerformedOn: z.preprocess(blankToUndefined, z.string("dateInvalid").trim().refine(realDate, "dateInvalid").nullable().optional()),
  Note: textField(L.stepNote, "tooLong"),
});

/** A material (TrialDetection/SaveMaterial), new (no Id) or edited at its Version, with all its steps in order. */
export const materialSchema = z.object({
  Id: idField("invalid"),
  Code: requiredText(L.code, "codeRequired", "tooLong"),
  Grade: textField(L.grade, "tooLong"),
  HeatNo: textField(L.heatNo, "tooLong"),
  Supplier: textField(L.supplier, "tooLong"),
  Form: textField(L.form, "tooLong"),
  Dimensions: textField(L.dimensions, "tooLong"),
  Condition: textField(L.condition, "tooLong"),
  Note: textField(L.note, "tooLong"),
  Steps: z.array(materialStepSchema, "invalid").max(L.steps, "stepsTooMany").default([]),
  Version: versionField,
});
export type MaterialInput = z.infer<typeof materialSchema>;
