import { execFile, execFileSync } from "node:child_process";
import path from "node:path";

/** Where Slurm's commands are and which cluster they talk to. */
export interface SlurmCommandOptions {
  /** A folder holding sbatch, squeue, ...; by default they are found on PATH. */
  binDir?: string;
  /** slurm.conf of the cluster; by default the commands' own lookup (SLURM_CONF in the environment, /etc/slurm). */
  conf?: string;
}

export class SlurmCommandError extends Error {
  constructor(
    readonly command: string,
    readonly stderr: string,
    readonly code: number | null,
  ) {
    super(`${command} failed${code === null ? "" : ` (exit ${code})`}: ${stderr.trim() || "no message"}`);
  }
}

/** Runs Slurm's client commands; a hung controller fails a call after `timeoutMs` instead of stalling the poller. */
export class SlurmCommands {
  constructor(
    private readonly options: SlurmCommandOptions = {},
    private readonly timeoutMs = 30_000,
  ) {}

  private bin(name: string): string {
    return this.options.binDir ? path.join(this.options.binDir, name) : name;
  }

  private get env(): NodeJS.ProcessEnv {
    return this.options.conf ? { ...process.env, SLURM_CONF: this.options.conf } : process.env;
  }

  run(name: string, args: string[]): Promise<string> {
    return new Promise((resolve, reject) => {
      execFile(this.bin(name), args, { env: this.env, timeout: this.timeoutMs, maxBuffer: 64 * 1024 * 1024 }, (err, stdout, stderr) => {
        if (err) reject(new SlurmCommandError(name, String(stderr || err.message), typeof err.code === "number" ? err.code : null));
        else resolve(String(stdout));
      });
    });
  }

  /** Only for the one look at start (the executor's slot count is a plain property). */
  runSync(name: string, args: string[]): string {
    return execFileSync(this.bin(name), args, { env: this.env, timeout: this.timeoutMs, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
  }
}
