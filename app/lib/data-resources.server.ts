import { z } from "zod";
import { DATA_RESOURCE_KINDS, type AddedResource, type ResourceIndex } from "../../common/data-resources.ts";
import type { DataResourceInput } from "../../common/forms/data-resource.ts";
import { GRADE_FAMILIES, GRADE_PROPERTY_KEYS, GRADE_SYSTEMS, type GradeDetail, type GradeProperty, type GradeRow, type PropertyHit, type StandardRow } from "../../common/steel-grades.ts";
import { gradeApiQuery, propertyApiQuery, type GradeQuery, type PropertyQuery } from "./data-resources.ts";
import { api, type CallArgs } from "./upstream.server.ts";

/** The DataResource/* calls of the data-resource pages (docs/data-resources.md), each answer checked. */

const range = { Element: z.string(), Min: z.number().nullable(), Max: z.number().nullable() };
const base = z.object({ Key: z.string(), Name: z.string(), Number: z.string().nullable(), System: z.enum(GRADE_SYSTEMS), Standard: z.string(), Family: z.enum(GRADE_FAMILIES) });
const gradeRow = base.extend({ Composition: z.array(z.object(range)) }) satisfies z.ZodType<GradeRow>;
const property = z.enum(GRADE_PROPERTY_KEYS as [GradeProperty, ...GradeProperty[]]);
const figure = z.object({
  Property: property,
  Unit: z.string(),
  Min: z.number().nullable(),
  Max: z.number().nullable(),
  Value: z.number().nullable(),
  Condition: z.string(),
  TemperatureC: z.number().nullable(),
  Source: z.string(),
  SourceTitle: z.string(),
  Where: z.string().nullable(),
});
const detail = base.extend({
  Composition: z.array(z.object({ ...range, Source: z.string(), Where: z.string().nullable() })),
  Properties: z.array(figure),
  Equivalents: z.array(base),
  EquivalentsSource: z.object({ Source: z.string(), Where: z.string().nullable() }).nullable(),
  Sources: z.array(z.object({ Key: z.string(), Title: z.string(), Kind: z.enum(["standard", "handbook"]), Year: z.number().nullable() })),
}) satisfies z.ZodType<GradeDetail>;
const page = <T extends z.ZodType>(row: T) => z.object({ total: z.number(), page: z.number(), size: z.number(), rows: z.array(row) });
const file = z.object({ path: z.string(), name: z.string(), size: z.number(), type: z.string() });
const added = z.object({
  Id: z.string(),
  Name: z.string(),
  Kind: z.enum(DATA_RESOURCE_KINDS),
  Description: z.string(),
  Url: z.string().nullable(),
  Files: z.array(file),
  Version: z.number(),
  UpdatedAt: z.string(),
}) satisfies z.ZodType<AddedResource>;
const index = z.object({
  Grades: z.object({ Grades: z.number(), Standards: z.number(), Sources: z.number() }),
  ThermoDatabases: z.number(),
  Pseudopotentials: z.array(z.object({ File: z.string(), Element: z.string() })),
  Potentials: z.array(z.object({ File: z.string(), Style: z.string() })),
  Added: z.array(added),
  External: z.array(z.object({ Code: z.string(), Name: z.string(), Url: z.string(), Href: z.string(), Sso: z.boolean() })),
}) satisfies z.ZodType<ResourceIndex>;

export const resourceIndex = (args: CallArgs, token: string) => api(args, "DataResource/GetResourceIndex", { token, schema: index });

export const listGrades = (args: CallArgs, token: string, q: GradeQuery, pageSize: number) =>
  api(args, "DataResource/GetGradeList", { token, query: gradeApiQuery(q, pageSize), schema: page(gradeRow) });

export const gradeDetail = (args: CallArgs, token: string, key: string) => api(args, "DataResource/GetGradeDetail", { token, query: { key }, schema: detail });

export const searchProperty = (args: CallArgs, token: string, q: PropertyQuery, pageSize: number) =>
  api(args, "DataResource/SearchProperty", { token, query: propertyApiQuery(q, pageSize), schema: page(base.extend({ Figure: figure }) satisfies z.ZodType<PropertyHit>) });

export const equivalents = (args: CallArgs, token: string, name: string) =>
  api(args, "DataResource/GetEquivalents", { token, query: { name }, schema: z.array(z.object({ Grade: base, Equivalents: z.array(base) })) });

export const listStandards = (args: CallArgs, token: string, q: { keyword: string; system: string }) =>
  api(args, "DataResource/GetStandardList", {
    token,
    query: { keyword: q.keyword, system: q.system },
    schema: z.array(z.object({ Standard: z.string(), System: z.enum(GRADE_SYSTEMS), Grades: z.number(), Families: z.array(z.enum(GRADE_FAMILIES)) }) satisfies z.ZodType<StandardRow>),
  });

export const dataResource = (args: CallArgs, token: string, id: string) => api(args, "DataResource/GetDataResource", { token, query: { id }, schema: added });

export const saveDataResource = (args: CallArgs, token: string, r: DataResourceInput, attachments: string[]) =>
  api(args, "DataResource/SaveDataResource", {
    token,
    json: { ...r, Attachments: attachments },
    schema: z.object({ Id: z.string(), Version: z.number() }),
  });

export const deleteDataResource = (args: CallArgs, token: string, id: string) => api(args, "DataResource/DeleteDataResource", { token, form: { Id: id } });

/** The Matdao address with a login string for the caller (MatdaoSSO/GetRequestMatdaoUrl). */
export const matdaoUrl = (args: CallArgs, token: string, code: string) => api(args, "MatdaoSSO/GetRequestMatdaoUrl", { token, query: { code }, schema: z.string().url() });
