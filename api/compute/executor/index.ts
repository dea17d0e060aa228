import type { Config } from "../../config.ts";
import { LocalExecutor } from "./local.ts";
import { SlurmExecutor } from "./slurm.ts";
import type { Executor } from "./types.ts";

export type { Executor, JobEnd, JobSpec, RecoverRequest, RecoverResult } from "./types.ts";

type ExecutorConfig = Pick<Config, "COMPUTE_SLOTS"> &
  Partial<Pick<Config, "EXECUTOR" | "SLURM_PARTITION" | "SLURM_ACCOUNT" | "SLURM_MEM_PER_CORE_MB" | "SLURM_POLL_MS" | "SLURM_BIN_DIR" | "SLURM_CONF">>;

/** The executor the API runs tasks on: the local pool (EXECUTOR=local, the default) or a Slurm cluster. */
export function createExecutor(config: ExecutorConfig): Executor {
  if (config.EXECUTOR === "slurm") {
    return new SlurmExecutor({
      partition: config.SLURM_PARTITION,
      account: config.SLURM_ACCOUNT,
      memPerCoreMb: config.SLURM_MEM_PER_CORE_MB ?? 1000,
      pollMs: config.SLURM_POLL_MS ?? 2000,
      binDir: config.SLURM_BIN_DIR,
      conf: config.SLURM_CONF,
    });
  }
  return new LocalExecutor({ slots: config.COMPUTE_SLOTS });
}
