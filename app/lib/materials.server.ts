import { z } from "zod";
import { STEP_KINDS, type Material, type MaterialDetail, type MaterialQuery } from "./materials.ts";
import { api, type CallArgs } from "./upstream.server.ts";

/** The material calls (docs/materials.md), their answers checked. */

const step = z.object({
  Kind: z.enum(STEP_KINDS),
  Title: z.string(),
  TemperatureC: z.number().nullable(),
  DurationMin: z.number().nullable(),
  Medium: z.string(),
  CarbonPotential: z.number().nullable(),
  PerformedOn: z.string().nullable(),
  Note: z.string(),
});
const head = {
  Id: z.string(),
  Code: z.string(),
  Grade: z.string(),
  HeatNo: z.string(),
  Supplier: z.string(),
  Form: z.string(),
  Dimensions: z.string(),
  Condition: z.string(),
  CreatedBy: z.string().nullable(),
  CreatedAt: z.string(),
  UpdatedAt: z.string(),
  Version: z.number(),
};
const material = z.object({ ...head, Note: z.string(), Steps: z.array(step) }) satisfies z.ZodType<Material>;
const detail = material.extend({
  Samples: z.array(z.object({ Id: z.string(), Code: z.string(), OrderId: z.string(), OrderCode: z.string(), Form: z.string(), Condition: z.string(), RegisteredAt: z.string() })),
  Records: z.array(z.object({ Id: z.string(), Code: z.string(), Source: z.string(), TestedAt: z.string(), Condition: z.string(), Values: z.record(z.string(), z.number()) })),
  Composition: z.object({ Basis: z.enum(["measured", "nominal"]), RecordCode: z.string().nullable(), Values: z.record(z.string(), z.number()) }).nullable(),
  CanEdit: z.boolean(),
}) satisfies z.ZodType<MaterialDetail>;
const page = z.object({ total: z.number(), page: z.number(), size: z.number(), rows: z.array(z.object({ ...head, StepCount: z.number(), SampleCount: z.number() })) });

export const listMaterials = (args: CallArgs, token: string, q: MaterialQuery, pageSize: number) =>
  api(args, "TrialDetection/GetMaterials", { token, method: "POST", query: { page: q.page, pageSize, keyword: q.keyword || undefined, sort: q.sort }, schema: page });
export const getMaterial = (args: CallArgs, token: string, id: string) => api(args, "TrialDetection/GetMaterial", { token, query: { id }, schema: detail });
export const saveMaterial = (args: CallArgs, token: string, body: unknown) => api(args, "TrialDetection/SaveMaterial", { token, method: "POST", json: body, schema: material });
export const deleteMaterial = (args: CallArgs, token: string, body: { Id: string; Version: number }) => api(args, "TrialDetection/DeleteMaterial", { token, method: "POST", json: body });
