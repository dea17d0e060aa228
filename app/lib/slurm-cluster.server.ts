import { z } from "zod";

/** The `slurm` part of CalculateTask/GetComputeResources: present only when the API runs tasks on Slurm. */
export const slurmClusterSchema = z
  .object({
    partition: z.string(),
    nodes: z.array(
      z.object({ name: z.string(), state: z.string(), cpus: z.number(), cpusAllocated: z.number(), memoryMb: z.number(), freeMemoryMb: z.number().nullable() }),
    ),
    queue: z.array(
      z.object({ jobId: z.string(), name: z.string(), user: z.string(), state: z.string(), reason: z.string(), elapsed: z.string(), cpus: z.number() }),
    ),
    queueTotal: z.number(),
  })
  .nullable();
export type SlurmClusterView = z.infer<typeof slurmClusterSchema>;
