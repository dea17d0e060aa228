import { z } from "zod";
import type { DepartmentInput } from "../../common/forms/department.ts";
import type { EnterpriseInput } from "../../common/forms/enterprise.ts";
import type { DeptNode } from "./departments.ts";
import type { EnterpriseRow } from "./enterprises.ts";
import type { PersonInput } from "../../common/forms/person.ts";
import type { PeopleQuery, PersonInfo, PersonOptions, PersonRow } from "./people.ts";
import type { LoginLogQuery, LoginLogRow, OperationLogQuery, OperationRow, SessionRow, SessionsQuery } from "./logs.ts";
import type { CacheRow } from "./caches.ts";
import type { DataStatistics } from "./statistics.ts";
import type { GrantNode, RoleRow } from "./role-grants.ts";
import type { RoleGrantsInput } from "../../common/forms/role-grants.ts";
import { ROLE_CODES } from "../../common/roles.ts";
import { api, type CallArgs } from "./upstream.server.ts";

export type { EnterpriseRow, PersonInfo, PersonOptions, PersonRow };

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

const person = z.object({
  Id: z.string(),
  UserName: z.string(),
  RealName: z.string(),
  Mobile: z.string().nullable(),
  Email: z.string().nullable(),
  Gender: z.number(),
  DepartmentId: z.string().nullable(),
  DepartmentName: z.string().nullable(),
  EnterpriseId: z.string().nullable(),
  EnterpriseName: z.string().nullable(),
  Roles: z.array(z.string()),
  Disabled: z.boolean(),
  Locked: z.boolean(),
  MustChangePassword: z.boolean(),
  WxBound: z.boolean(),
  LastLoginAt: z.string().nullable(),
  CreatedAt: z.string(),
  Version: z.number(),
}) satisfies z.ZodType<PersonRow>;
const personInfoSchema = person.extend({ IdCard: z.string().nullable() }) satisfies z.ZodType<PersonInfo>;
const personOptionsSchema = z.object({
  Departments: z.array(z.object({ Id: z.string(), Name: z.string(), Depth: z.number(), Disabled: z.boolean() })),
  Enterprises: z.array(z.object({ Id: z.string(), Name: z.string(), Disabled: z.boolean() })),
  Roles: z.array(z.object({ Code: z.string(), Grantable: z.boolean() })),
}) satisfies z.ZodType<PersonOptions>;

/** The list's address as the API's query (empty filters left out). */
export const personQuery = (q: PeopleQuery) => ({
  page: q.page,
  keyword: q.keyword,
  sort: q.sort,
  status: q.status,
  role: q.role || undefined,
  departmentId: q.departmentId ?? undefined,
  enterpriseId: q.enterpriseId ?? undefined,
});

export const listPersons = (args: CallArgs, token: string, q: PeopleQuery, pageSize: number) =>
  api(args, "System/GetPersonList", { token, query: { ...personQuery(q), pageSize }, schema: page(person) });

export const personInfo = (args: CallArgs, token: string, id: string) => api(args, "System/GetPersonInfo", { token, query: { id }, schema: personInfoSchema });

export const personOptions = (args: CallArgs, token: string) => api(args, "System/GetPersonOptions", { token, schema: personOptionsSchema });

export const savePerson = (args: CallArgs, token: string, p: PersonInput) =>
  api(args, "System/SavePerson", {
    token,
    form: { ...p, Roles: p.Roles.join(",") },
    schema: z.object({ Id: z.string(), Version: z.number(), Password: z.string().nullable() }),
  });

export const setPersonStatus = (args: CallArgs, token: string, id: string, disabled: boolean, version: string | null) =>
  api(args, "System/SetPersonStatus", { token, form: { Id: id, Disabled: disabled ? "true" : "false", Version: version ?? undefined } });

export const resetPersonPassword = (args: CallArgs, token: string, id: string, mode: "show" | "sms") =>
  api(args, "System/ResetPersonPassword", { token, form: { Id: id, Mode: mode }, schema: z.object({ Password: z.string().nullable(), SentTo: z.string().nullable() }) });

export const unlockPerson = (args: CallArgs, token: string, id: string) => api(args, "System/UnlockPerson", { token, form: { Id: id } });

export const unbindPersonWx = (args: CallArgs, token: string, id: string) => api(args, "System/UnbindPersonWx", { token, form: { Id: id } });

const importRow = z.object({ Row: z.number(), Values: z.record(z.string(), z.string()), Errors: z.array(z.object({ Column: z.string(), Message: z.string() })) });
export const importPreviewSchema = z.object({ FileName: z.string(), Total: z.number(), Bad: z.number(), Rows: z.array(importRow), Batch: z.string().nullable() });
export type ImportPreview = z.infer<typeof importPreviewSchema>;

/** System/ImportPersons: the workbook checked row by row; nothing is imported yet. */
export function previewPersonImport(args: CallArgs, token: string, file: File) {
  const body = new FormData();
  body.append("file", file, file.name);
  return api(args, "System/ImportPersons", { method: "POST", multipart: body, token, schema: importPreviewSchema });
}

export const confirmPersonImport = (args: CallArgs, token: string, batch: string) =>
  api(args, "System/ConfirmPersonImport", { token, form: { Batch: batch }, schema: z.object({ Imported: z.number() }) });

const loginLogRow = z.object({
  Id: z.number(),
  At: z.string(),
  Method: z.string(),
  UserName: z.string().nullable(),
  Mobile: z.string().nullable(),
  Ip: z.string().nullable(),
  UserAgent: z.string().nullable(),
  Success: z.boolean(),
  Reason: z.string().nullable(),
}) satisfies z.ZodType<LoginLogRow>;
const operationRow = z.object({
  Id: z.number(),
  At: z.string(),
  UserName: z.string(),
  Ip: z.string().nullable(),
  Action: z.string(),
  TargetType: z.string(),
  TargetId: z.string().nullable(),
  TargetName: z.string(),
  Before: z.unknown(),
  After: z.unknown(),
}) satisfies z.ZodType<OperationRow>;
const sessionRow = z.object({
  Id: z.string(),
  UserId: z.string(),
  UserName: z.string(),
  RealName: z.string(),
  Method: z.string(),
  Ip: z.string().nullable(),
  UserAgent: z.string().nullable(),
  CreatedAt: z.string(),
  ExpiresAt: z.string(),
  Mine: z.boolean(),
}) satisfies z.ZodType<SessionRow>;

export const loginLog = (args: CallArgs, token: string, q: LoginLogQuery, pageSize: number) =>
  api(args, "System/GetLoginLog", {
    token,
    query: { page: q.page, pageSize, user: q.user, result: q.result, method: q.method || undefined, ip: q.ip, from: q.from, to: q.to },
    schema: page(loginLogRow),
  });

export const operationLog = (args: CallArgs, token: string, q: OperationLogQuery, pageSize: number) =>
  api(args, "System/GetOperationLog", {
    token,
    query: { page: q.page, pageSize, user: q.user, keyword: q.keyword, targetType: q.targetType || undefined, from: q.from, to: q.to },
    schema: page(operationRow),
  });

export const onlineSessions = (args: CallArgs, token: string, q: SessionsQuery, pageSize: number) =>
  api(args, "System/GetOnlineSessions", { token, query: { page: q.page, pageSize, keyword: q.keyword }, schema: page(sessionRow) });

export const endSession = (args: CallArgs, token: string, id: string) => api(args, "System/EndSession", { token, form: { Id: id } });

const personUsage = z.object({
  Id: z.string(),
  UserName: z.string(),
  RealName: z.string(),
  Mobile: z.string().nullable(),
  Disabled: z.boolean(),
  Tasks: z.number(),
  CoreHours: z.number(),
  LastTaskAt: z.string().nullable(),
});
export const enterpriseUsage = (args: CallArgs, token: string, id: string, pageNo: number, pageSize: number) =>
  api(args, "System/GetEnterpriseUsage", {
    token,
    query: { id, page: pageNo, pageSize },
    schema: page(personUsage).extend({ Tasks: z.number(), CoreHours: z.number() }),
  });

const ptype = z.enum(["ReadAndWrite", "ReadOnly"]).nullable();
const roleRow = z.object({ Code: z.enum(ROLE_CODES), Name: z.string(), People: z.number(), Changes: z.number(), Version: z.number() }) satisfies z.ZodType<RoleRow>;
const grantNode: z.ZodType<GrantNode> = z.lazy(() =>
  z.object({
    Code: z.string(),
    Name: z.string(),
    Url: z.string(),
    Hidden: z.boolean(),
    External: z.boolean(),
    Granted: ptype,
    Default: ptype,
    Children: z.array(grantNode),
  }),
);

export const listRoles = (args: CallArgs, token: string) => api(args, "System/GetRoleList", { token, schema: z.array(roleRow) });

export const roleResources = (args: CallArgs, token: string, role: string) =>
  api(args, "System/GetRoleResources", { token, query: { role }, schema: z.object({ Role: roleRow, Tree: z.array(grantNode) }) });

const grantsSaved = z.object({ Version: z.number(), Changed: z.number(), Changes: z.number() });

export const saveRoleResources = (args: CallArgs, token: string, g: RoleGrantsInput) =>
  api(args, "System/SaveRoleResources", { token, json: g, schema: grantsSaved });

export const resetRoleResources = (args: CallArgs, token: string, role: string, version: number) =>
  api(args, "System/ResetRoleResources", { token, json: { Role: role, Version: version }, schema: grantsSaved });

const cacheRow = z.object({ Name: z.string(), Entries: z.number(), Bytes: z.number().nullable(), Hits: z.number().nullable(), Misses: z.number().nullable() }) satisfies z.ZodType<CacheRow>;

export const listApiCaches = (args: CallArgs, token: string) => api(args, "System/GetCacheList", { token, schema: z.array(cacheRow) });

export const clearApiCache = (args: CallArgs, token: string, name: string) =>
  api(args, "System/ClearCache", { token, form: { Name: name }, schema: z.object({ Cleared: z.array(z.string()) }) });

const usage = z.array(z.object({ Key: z.string(), Label: z.string(), Tasks: z.number(), CoreHours: z.number() }));
const statistics = z.object({
  From: z.string(),
  To: z.string(),
  Scope: z.object({ Kind: z.enum(["all", "department"]), Name: z.string().nullable() }),
  People: z.object({
    Total: z.number(),
    Enabled: z.number(),
    Active7: z.number(),
    Active30: z.number(),
    NewInRange: z.number(),
    NewPerMonth: z.array(z.object({ Month: z.string(), Count: z.number() })),
  }),
  Logins: z.object({ Successes: z.number(), Failures: z.number(), PerDay: z.array(z.object({ Day: z.string(), Successes: z.number(), Failures: z.number() })) }),
  Tasks: z.object({ Tasks: z.number(), CoreHours: z.number(), ByCategory: usage, ByApp: usage, ByDepartment: usage }),
  Storage: z.object({ Attachments: z.number(), AttachmentBytes: z.number(), TaskDirectories: z.number(), TaskFileBytes: z.number() }),
  Feedback: z.object({ Total: z.number(), Replied: z.number(), ByType: z.array(z.object({ Type: z.number(), Count: z.number() })) }),
  Notices: z.object({
    Published: z.number(),
    Reads: z.number(),
    Readers: z.number(),
    People: z.number(),
    Recent: z.array(z.object({ Id: z.string(), Title: z.string(), PublishedAt: z.string(), Reads: z.number() })),
  }),
}) satisfies z.ZodType<DataStatistics>;

export const dataStatistics = (args: CallArgs, token: string, range: { from: string | null; to: string | null }) =>
  api(args, "System/GetDataStatistics", { token, query: { from: range.from, to: range.to }, schema: statistics });
