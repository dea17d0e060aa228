import { z } from "zod";
import type { ProjectOption } from "./projects.ts";
import { myProjectOptions } from "./projects.server.ts";
import { formatDate } from "../../common/dates.ts";
import type { AppForm } from "./compute-form.ts";
import { sessionGone } from "./feedback-page.server.ts";
import { api, UpstreamError, type CallArgs } from "./upstream.server.ts";

/** The CalculateTask calls the category page and the submit forms need, answers checked (docs/compute.md). */

const text = z.string().nullish().transform((s) => s ?? "");
const appSummary = z.object({ id: z.string(), name: text, version: text, modes: z.array(z.string()), mainInput: text, available: z.boolean().default(true), unavailableReason: z.string().nullish().transform((s) => s ?? null) });
const categoryList = z.object({
  data: z.array(z.object({ category: z.string(), categoryText: text, description: text, icon: text, apps: z.array(appSummary).nullish().transform((a) => a ?? []) })),
  pendingCount: z.number().nullish(),
});
export type AppSummary = z.infer<typeof appSummary>;

const taskRow = z.object({ id: z.string(), appId: z.string(), appName: text, status: z.string(), createdAt: z.string().nullish(), mode: z.string().nullish() });
const taskPage = z.object({ total: z.number(), rows: z.array(taskRow) });
export interface RecentTask {
  id: string;
  appName: string;
  status: string;
  when: string;
}

/** One field of CalculateTask/GetAppForm's answer (common/compute-form.ts FormField); GetAppDoc lists the same. */
export const formFieldSchema = z.object({
  name: z.string(),
  type: z.enum(["number", "integer", "enum", "string"]),
  label: z.string(),
  unit: z.string().nullable(),
  required: z.boolean(),
  min: z.number().nullable(),
  max: z.number().nullable(),
  minExclusive: z.boolean(),
  maxExclusive: z.boolean(),
  default: z.union([z.number(), z.string()]).nullable(),
  example: z.union([z.number(), z.string()]).nullable(),
  options: z.array(z.string()).nullable(),
  optionLabels: z.array(z.string()).nullish().transform((v) => v ?? null),
  multiline: z
    .object({ maxBytes: z.number(), accept: z.string().nullish().transform((v) => v ?? null) })
    .nullish()
    .transform((v) => v ?? null),
  help: z.string().nullable(),
});
const appForm = z.object({
  appId: z.string(),
  name: z.string(),
  category: z.string(),
  version: z.string(),
  available: z.boolean().default(true),
  unavailableReason: z.string().nullish().transform((s) => s ?? null),
  modes: z.array(z.string()),
  mainInput: z.string(),
  defaultResources: z.object({ cores: z.number(), walltimeMin: z.number() }),
  maxCores: z.number(),
  fields: z.array(formFieldSchema),
  exampleDeck: z.string(),
  exampleFileCount: z.number().default(1),
});
const taskView = z.object({
  id: z.string(),
  appId: z.string(),
  mode: z.string().nullish(),
  params: z.record(z.string(), z.unknown()).nullish(),
  resources: z.object({ cores: z.number().optional(), walltimeMin: z.number().optional() }).nullish(),
});
const fieldList = z.object({ fields: z.array(z.object({ field: z.string(), message: z.string() })) });

export interface CategoryPage {
  category: string;
  categoryText: string;
  description: string;
  apps: AppSummary[];
  pendingCount: number;
  recent: RecentTask[];
}

/** A category with its apps, the waiting count and the caller's last five tasks there; null when the API does not know it. */
export async function loadCategory(args: CallArgs, token: string, code: string): Promise<CategoryPage | null> {
  try {
    const list = await api(args, "CalculateTask/GetSoftAlgorithmListBase", { token, schema: categoryList });
    const c = list.data.find((x) => x.category.toLowerCase() === code.toLowerCase());
    if (!c) return null;
    const mine = await api(args, "CalculateTask/GetCalculateTaskOrderBase", { token, query: { category: c.category, page: 1, size: 5 }, schema: taskPage });
    return {
      category: c.category,
      categoryText: c.categoryText,
      description: c.description,
      apps: c.apps,
      pendingCount: list.pendingCount ?? 0,
      recent: mine.rows.map((r) => ({ id: r.id, appName: r.appName || r.appId, status: r.status, when: r.createdAt ? formatDate(r.createdAt) : "" })),
    };
  } catch (e) {
    return sessionGone(args, e);
  }
}

/** An app's form description; null for an unknown app. */
export async function loadAppForm(args: CallArgs, token: string, appId: string): Promise<AppForm | null> {
  if (!appId) return null;
  try {
    return await api(args, "CalculateTask/GetAppForm", { token, query: { appId }, schema: appForm });
  } catch (e) {
    if (e instanceof UpstreamError && e.status === 404) return null;
    return sessionGone(args, e);
  }
}

/** The params and resources of a task to clone; null when it is not the caller's or does not exist. */
export async function loadTaskInputs(args: CallArgs, token: string, id: string): Promise<z.infer<typeof taskView> | null> {
  try {
    return await api(args, "CalculateTask/GetTask", { token, query: { id }, schema: taskView });
  } catch (e) {
    if (e instanceof UpstreamError && [400, 403, 404].includes(e.status)) return null;
    return sessionGone(args, e);
  }
}

export type CreateResult = { ok: true; taskId: string } | { ok: false; fields: Array<{ field: string; message: string }>; message: string };

/** CreateTask; a refusal comes back with the API's field errors (already in the user's language). */
export async function createTask(args: CallArgs, token: string, body: unknown): Promise<CreateResult> {
  try {
    const r = await api(args, "CalculateTask/CreateTask", { token, json: body, schema: z.object({ taskId: z.string() }) });
    return { ok: true, taskId: r.taskId };
  } catch (e) {
    if (!(e instanceof UpstreamError) || e.sessionInvalid) return sessionGone(args, e);
    const f = fieldList.safeParse(e.returnData);
    return { ok: false, fields: f.success ? f.data.fields : [], message: e.msg || "Error" };
  }
}

/** Every app that takes an input deck, across the categories (instruction mode's chooser). */
export async function instructionApps(args: CallArgs, token: string): Promise<AppSummary[]> {
  try {
    const list = await api(args, "CalculateTask/GetSoftAlgorithmListBase", { token, schema: categoryList });
    return list.data.flatMap((c) => c.apps).filter((a) => a.modes.includes("instruction"));
  } catch (e) {
    return sessionGone(args, e);
  }
}

const appExample = z.object({ appId: z.string(), mainInput: z.string(), files: z.record(z.string(), z.string()) });

/** The app's example input, every file of it (CalculateTask/GetAppExample). */
export const loadAppExample = (args: CallArgs, token: string, appId: string) =>
  api(args, "CalculateTask/GetAppExample", { token, query: { appId }, schema: appExample });

/**
 * The projects the compute forms offer to charge (docs/projects.md). The form still works without them: a
 * failure other than the session's leaves the choice out rather than the page.
 */
export async function chargeableProjects(args: CallArgs, token: string): Promise<ProjectOption[]> {
  try {
    return await myProjectOptions(args, token);
  } catch (e) {
    if (e instanceof UpstreamError && !e.sessionInvalid) return [];
    return sessionGone(args, e);
  }
}
