import { z } from "zod";
import { CALIBRATION_STATES, EQUIPMENT_STATUSES } from "../../common/equipment.ts";
import type { EquipmentToken, InstrumentFile, InstrumentFileDetail, InstrumentParse } from "./instrument-data.ts";
import type { InstrumentQuery } from "./instrument-data.ts";
import { api, apiStreamed, type CallArgs } from "./upstream.server.ts";

/** The instrument data calls (docs/instrument-data.md), their answers checked. */

const file = z.object({
  Id: z.string(),
  FileName: z.string(),
  Size: z.number(),
  Sha256: z.string(),
  EquipmentId: z.string().nullable(),
  EquipmentLabel: z.string().nullable(),
  ViaToken: z.boolean(),
  UploadedBy: z.string(),
  SampleCode: z.string(),
  SampleId: z.string().nullable(),
  OrderId: z.string().nullable(),
  Parser: z.enum(["spectrometer", "tensile"]).nullable(),
  ParseState: z.enum(["none", "parsed", "failed"]),
  Values: z.record(z.string(), z.number()).nullable(),
  ParseError: z.string().nullable(),
  CreatedAt: z.string(),
}) satisfies z.ZodType<InstrumentFile>;

const spectrometer = z.object({
  Kind: z.literal("spectrometer"),
  SampleCode: z.string().nullable(),
  Elements: z.array(z.object({ Symbol: z.string(), Mean: z.number(), Sd: z.number().nullable(), Sparks: z.number() })),
  Values: z.record(z.string(), z.number()),
  Sparks: z.number(),
});
const tensile = z.object({
  Kind: z.literal("tensile"),
  SampleCode: z.string().nullable(),
  Values: z.record(z.string(), z.number()),
  Ag: z.number(),
  ModulusGPa: z.number(),
  Points: z.number(),
  Curve: z.object({ Strain: z.array(z.number()), Stress: z.array(z.number()) }),
  Offset: z.object({ Slope: z.number(), Strain: z.number() }).nullable(),
});
const detail = file.extend({ Parsed: z.discriminatedUnion("Kind", [spectrometer, tensile]).nullable() }) satisfies z.ZodType<InstrumentFileDetail>;
const page = z.object({ total: z.number(), page: z.number(), size: z.number(), rows: z.array(file) });

export const listInstrumentFiles = (args: CallArgs, token: string, q: InstrumentQuery, pageSize: number) =>
  api(args, "TrialDetection/GetInstrumentFiles", {
    token,
    method: "POST",
    query: { page: q.page, pageSize, keyword: q.keyword || undefined, state: q.state === "all" ? undefined : q.state },
    schema: page,
  });

export const getInstrumentFile = (args: CallArgs, token: string, id: string): Promise<InstrumentFileDetail> => api(args, "TrialDetection/GetInstrumentFile", { token, query: { id }, schema: detail });

/** The browser's multipart body (file, SampleId, EquipmentId, Sha256) streamed on to the API as it arrives. */
export const uploadInstrumentFile = (args: CallArgs, token: string): Promise<InstrumentFileDetail> => apiStreamed(args, "TrialDetection/UploadInstrumentFile", token, detail);

export const getInstrumentChoices = (args: CallArgs, token: string) =>
  api(args, "TrialDetection/GetInstrumentChoices", { token, schema: z.object({ Instruments: z.array(z.object({ Id: z.string(), Label: z.string() })) }) });

export const assignInstrumentFile = (args: CallArgs, token: string, body: { Id: string; SampleId: string }) =>
  api(args, "TrialDetection/AssignInstrumentFile", { token, method: "POST", json: body, schema: detail });

export const deleteInstrumentFile = (args: CallArgs, token: string, id: string) => api(args, "TrialDetection/DeleteInstrumentFile", { token, method: "POST", json: { Id: id } });

const token = z.object({
  Id: z.string(),
  EquipmentId: z.string(),
  EquipmentLabel: z.string(),
  Label: z.string(),
  Hint: z.string(),
  CreatedBy: z.string(),
  CreatedAt: z.string(),
  LastUsedAt: z.string().nullable(),
  RevokedAt: z.string().nullable(),
  RevokedBy: z.string().nullable(),
  Files: z.number(),
}) satisfies z.ZodType<EquipmentToken>;

const cloud = z.object({
  Instruments: z.array(
    z.object({
      Id: z.string(),
      Label: z.string(),
      Status: z.enum(EQUIPMENT_STATUSES),
      Calibration: z.enum(CALIBRATION_STATES),
      Tokens: z.array(token),
      Files: z.number(),
      LastFileAt: z.string().nullable(),
      CanManage: z.boolean(),
    }),
  ),
  Choices: z.array(z.object({ Id: z.string(), Label: z.string() })),
});
export type CloudEquipment = z.infer<typeof cloud>;

export const getCloudEquipment = (args: CallArgs, tokenValue: string) => api(args, "TrialDetection/GetCloudEquipment", { token: tokenValue, schema: cloud });
export const createEquipmentToken = (args: CallArgs, tokenValue: string, body: { EquipmentId: string; Label: string }) =>
  api(args, "TrialDetection/CreateEquipmentToken", { token: tokenValue, method: "POST", json: body, schema: z.object({ Token: z.string(), Item: token }) });
export const revokeEquipmentToken = (args: CallArgs, tokenValue: string, id: string) => api(args, "TrialDetection/RevokeEquipmentToken", { token: tokenValue, method: "POST", json: { Id: id } });

export type { InstrumentParse };
