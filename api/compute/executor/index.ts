import type { Config } from "../../config.ts";
import { LocalExecutor } from "./local.ts";
import type { Executor } from "./types.ts";

export type { Executor, JobEnd, JobSpec, RecoverRequest, RecoverResult } from "./types.ts";

/** The executor the API runs tasks on: the local pool for now (Slurm comes with the next issue). */
export function createExecutor(config: Pick<Config, "COMPUTE_SLOTS">): Executor {
  return new LocalExecutor({ slots: config.COMPUTE_SLOTS });
}
