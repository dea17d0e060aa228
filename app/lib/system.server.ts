import { z } from "zod";
import type { DepartmentInput } from "../../common/forms/department.ts";
import type { EnterpriseInput } from "../../common/forms/enterprise.ts";
import type { DeptNode } from "./departments.ts";
import type { EnterpriseRow } from "./enterprises.ts";
import { api, type CallArgs } from "./upstream.server.ts";

export type { EnterpriseRow };

/** The System/* calls of the system administration pages (docs/system.md). */

const node: z.ZodType<DeptNode> = z.lazy(() =>
  z.object({
    Id: z.string(),
    ParentId: z.string().nullable(),
    Name: z.string(),
    Code: z.string().nullable(),
    Leader: z.string(),
    Phone: z.string(),
    Sort: z.number(),
    Disabled: z.boolean(),
    Version: z.number(),
    People: z.number(),
    Children: z.array(node),
  }),
);

export const departmentTree = (args: CallArgs, token: string) => api(args, "System/GetDepartmentTree", { token, schema: z.array(node) });

export const saveDepartment = (args: CallArgs, token: string, d: DepartmentInput) =>
  api(args, "System/SaveDepartment", {
    token,
    form: { ...d, Disabled: d.Disabled ? "true" : "false" },
    schema: z.object({ Id: z.string(), Version: z.number() }),
  });

export const deleteDepartment = (args: CallArgs, token: string, id: string, version: string | null) =>
  api(args, "System/DeleteDepartment", { token, form: { Id: id, Version: version ?? undefined } });

const enterprise = z.object({
  Id: z.string(),
  Name: z.string(),
  CreditCode: z.string().nullable(),
  Contact: z.string(),
  Phone: z.string(),
  Address: z.string(),
  Disabled: z.boolean(),
  Version: z.number(),
  People: z.number(),
  CreatedAt: z.string(),
}) satisfies z.ZodType<EnterpriseRow>;
const page = <T extends z.ZodType>(row: T) => z.object({ total: z.number(), page: z.number(), size: z.number(), rows: z.array(row) });

export const listEnterprises = (args: CallArgs, token: string, q: { page: number; keyword: string; sort: string; status: string }, pageSize: number) =>
  api(args, "System/GetEnterpriseList", { token, query: { ...q, pageSize }, schema: page(enterprise) });

export const enterpriseInfo = (args: CallArgs, token: string, id: string) => api(args, "System/GetEnterpriseInfo", { token, query: { id }, schema: enterprise });

export const saveEnterprise = (args: CallArgs, token: string, e: EnterpriseInput) =>
  api(args, "System/SaveEnterprise", { token, form: { ...e, Disabled: e.Disabled ? "true" : "false" }, schema: z.object({ Id: z.string(), Version: z.number() }) });

export const deleteEnterprise = (args: CallArgs, token: string, id: string, version: string | null) =>
  api(args, "System/DeleteEnterprise", { token, form: { Id: id, Version: version ?? undefined } });
