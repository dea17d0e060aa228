import { z } from "zod";
import { supportedLngs, type Lng } from "../i18n.ts";
import { listCategories } from "./auth.server.ts";
import { i18next } from "./i18n.server.ts";
import { api, type CallArgs } from "./upstream.server.ts";

/**
 * The CalculateTask calls the task page needs (docs/compute.md), answers checked with zod and the app's
 * four-language labels resolved to the user's language before anything reaches a page.
 */

const texts = z.object({ zh: z.string(), en: z.string(), es: z.string(), ja: z.string() });
const axis = z.object({ label: texts, unit: z.string(), values: z.array(z.number()) });
const range = z.object({ min: z.number(), max: z.number(), label: z.string() });
/** A plot picture's frame (api ImageAxes): what lets the page read values under the pointer and open a form there. */
const axesSchema = z.object({
  width: z.number().positive(),
  height: z.number().positive(),
  plot: z.object({ left: z.number(), top: z.number(), width: z.number().positive(), height: z.number().positive() }),
  x: range,
  y: range,
  open: z.object({ appId: z.string(), fields: z.record(z.string(), z.string()), label: texts }).nullish().transform((v) => v ?? null),
});
const scalarSchema = z.object({ key: z.string(), label: texts, value: z.number(), unit: z.string() });
const seriesSchema = z.object({
  key: z.string(),
  label: texts,
  x: axis,
  y: axis,
  chart: z.object({ key: z.string(), label: texts }).nullish().transform((v) => v ?? null),
  reference: z.boolean().optional(),
});
const resultSchema = z.object({
  scalars: z.array(scalarSchema).default([]),
  series: z.array(seriesSchema).default([]),
  tables: z
    .array(z.object({ key: z.string(), label: texts, columns: z.array(z.object({ label: texts, unit: z.string() })), rows: z.array(z.array(z.union([z.number(), z.string()]))) }))
    .default([]),
  files: z.array(z.object({ path: z.string(), bytes: z.number() })).default([]),
  images: z
    .array(
      z.object({
        key: z.string(),
        label: texts,
        path: z.string(),
        axes: axesSchema.nullish().transform((v) => v ?? null),
        // Frames of one film (phase-field snapshots): the page plays them (ImageSequence).
        sequence: z.object({ key: z.string(), label: texts, at: z.string() }).nullish().transform((v) => v ?? null),
      }),
    )
    .default([]),
});
/** A running task's curves and numbers so far (the app's progress reader). */
const progressSchema = z.object({ series: z.array(seriesSchema).default([]), scalars: z.array(scalarSchema).default([]) });
const stamp = z.string().nullish().transform((s) => s ?? null);
export const taskSchema = z.object({
  id: z.string(),
  appId: z.string(),
  status: z.enum(["queued", "running", "succeeded", "failed", "cancelled"]),
  createdAt: stamp,
  startedAt: stamp,
  finishedAt: stamp,
  exitCode: z.number().nullish().transform((v) => v ?? null),
  result: resultSchema.nullish().transform((v) => v ?? null),
  error: z.string().nullish().transform((v) => v ?? null),
  appVersion: z.string().nullish().transform((v) => v ?? ""),
  category: z.string().nullish().transform((v) => v ?? ""),
  mode: z.enum(["graphical", "instruction"]).nullish().transform((v) => v ?? "graphical"),
  params: z.unknown().optional(),
  resources: z.object({ cores: z.number(), walltimeMin: z.number() }).nullish().transform((v) => v ?? null),
  progress: progressSchema.nullish().transform((v) => v ?? null),
  executor: z.string().nullish().transform((v) => v ?? null),
  jobId: z.string().nullish().transform((v) => v ?? null),
  /** The Slurm state of the job (RUNNING, PENDING (Priority)…), when a Slurm executor runs it. */
  executorState: z.string().nullish().transform((v) => v ?? null),
  /** A workflow step's task: its workflow's task id and its step id (app/lib/workflow.server.ts). */
  workflowId: z.string().nullish().transform((v) => v ?? null),
  stepId: z.string().nullish().transform((v) => v ?? null),
});
export type RawTask = z.infer<typeof taskSchema>;
const logSchema = z.object({ text: z.string(), nextOffset: z.number().int().min(0), more: z.boolean().optional() });

export async function lngOf(args: CallArgs): Promise<Lng> {
  const l = await i18next.getLocale(args.request);
  return (supportedLngs as readonly string[]).includes(l) ? (l as Lng) : "en";
}

export const getTask = (args: CallArgs, token: string, id: string) => api(args, "CalculateTask/GetTask", { token, query: { id }, schema: taskSchema });

export const getLog = (args: CallArgs, token: string, id: string, offset: number) =>
  api(args, "CalculateTask/GetTaskLog", { token, query: { id, offset }, schema: logSchema });

/** The log from `offset` on, page after page, up to `maxBytes` (the rest comes with the next poll). */
export async function readLogFrom(args: CallArgs, token: string, id: string, offset: number, maxBytes = 512 * 1024) {
  let text = "";
  let at = offset;
  for (let i = 0; i < 64; i++) {
    const page = await getLog(args, token, id, at);
    if (page.nextOffset <= at) break;
    text += page.text;
    at = page.nextOffset;
    // The API says when its page ended at the log's end: no second call to learn that.
    if (page.more === false || at - offset >= maxBytes) break;
  }
  return { text, nextOffset: at };
}

export const cancelTask = (args: CallArgs, token: string, id: string) => api(args, "CalculateTask/CancelTask", { token, json: { id }, schema: taskSchema });

/** The app's name and the category's text in the user's language, from GetSoftAlgorithmListBase. */
export async function appAndCategory(args: CallArgs, token: string, task: { appId: string; category: string }) {
  const cats = (await listCategories(args, token)) as Array<{ category: string; categoryText: string; apps?: Array<{ id: string; name: string; mainInput?: string }> }>;
  const cat = cats.find((c) => c.category === task.category);
  const app = cats.flatMap((c) => c.apps ?? []).find((a) => a.id === task.appId);
  return { appName: app?.name ?? task.appId, categoryText: cat?.categoryText ?? task.category, mainInput: app?.mainInput ?? null };
}

type RawScalar = z.infer<typeof scalarSchema>;
type RawSeries = z.infer<typeof seriesSchema>;
const localScalar = (s: RawScalar, lng: Lng) => ({ key: s.key, label: s.label[lng], value: s.value, unit: s.unit });
const localSeries = (s: RawSeries, lng: Lng) => ({
  key: s.key,
  label: s.label[lng],
  chart: s.chart ? { key: s.chart.key, label: s.chart.label[lng] } : null,
  reference: s.reference === true,
  x: { label: s.x.label[lng], unit: s.x.unit, values: s.x.values },
  y: { label: s.y.label[lng], unit: s.y.unit, values: s.y.values },
});

/** The result with every label in one language, as the page and the CSV route show it. */
export function localResult(result: NonNullable<RawTask["result"]>, lng: Lng) {
  return {
    scalars: result.scalars.map((s) => localScalar(s, lng)),
    series: result.series.map((s) => localSeries(s, lng)),
    tables: result.tables.map((t) => ({ key: t.key, label: t.label[lng], columns: t.columns.map((c) => ({ label: c.label[lng], unit: c.unit })), rows: t.rows })),
    files: result.files,
    images: result.images.map((i) => ({
      key: i.key,
      label: i.label[lng],
      path: i.path,
      axes: i.axes ? { ...i.axes, open: i.axes.open ? { appId: i.axes.open.appId, label: i.axes.open.label[lng] } : null } : null,
      sequence: i.sequence ? { key: i.sequence.key, label: i.sequence.label[lng], at: i.sequence.at } : null,
    })),
  };
}

/** A running task's progress in one language (null when its app has none or nothing is there yet). */
export function localProgress(progress: RawTask["progress"], lng: Lng) {
  // A curve of fewer than two points draws nothing but an empty frame: it waits for its second point.
  const series = (progress?.series ?? []).filter((s) => Math.min(s.x.values.length, s.y.values.length) >= 2);
  const scalars = progress?.scalars ?? [];
  if (!series.length && !scalars.length) return null;
  return { scalars: scalars.map((s) => localScalar(s, lng)), series: series.map((s) => localSeries(s, lng)) };
}
export type LocalProgress = NonNullable<ReturnType<typeof localProgress>>;
export type LocalResult = ReturnType<typeof localResult>;
