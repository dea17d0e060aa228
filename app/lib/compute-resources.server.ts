import { z } from "zod";
import { api, type CallArgs } from "./upstream.server.ts";
import { usageSearch, type UsageQuery } from "./compute-resources.ts";
import { slurmClusterSchema } from "~/lib/slurm-cluster.server";

/** CalculateTask/GetComputeResources and GetSoftwareUsageStatistics, answers checked with zod. */

const resourcesSchema = z.object({
  executors: z.array(z.object({ name: z.string(), slots: z.number(), slotsInUse: z.number(), queued: z.number().default(0) })),
  running: z.number(),
  queued: z.number(),
  myRunning: z.number(),
  myQueued: z.number(),
  aheadOfMine: z.number().nullable(),
  everyone: z.boolean(),
  tasks: z
    .array(
      z.object({
        id: z.string(),
        appId: z.string(),
        appName: z.string(),
        userName: z.string(),
        realName: z.string().nullish().transform((v) => v ?? ""),
        status: z.enum(["queued", "running"]),
        cores: z.number(),
        since: z.string().nullable(),
      }),
    )
    .nullable(),
  slurm: slurmClusterSchema.optional(),
});
export type ComputeResources = z.infer<typeof resourcesSchema>;

const counts = { coreHours: z.number(), tasks: z.number(), users: z.number(), succeeded: z.number(), failed: z.number(), cancelled: z.number(), running: z.number(), queued: z.number() };
const usageSchema = z.object({
  groupBy: z.string(),
  everyone: z.boolean(),
  rows: z.array(z.object({ key: z.string(), label: z.string(), ...counts })),
  total: z.object(counts),
});
export type Usage = z.infer<typeof usageSchema>;

export const getComputeResources = (args: CallArgs, token: string) => api(args, "CalculateTask/GetComputeResources", { token, schema: resourcesSchema });

export const getUsage = (args: CallArgs, token: string, q: UsageQuery) =>
  api(args, "CalculateTask/GetSoftwareUsageStatistics", { token, query: Object.fromEntries(new URLSearchParams(usageSearch(q))), schema: usageSchema });
