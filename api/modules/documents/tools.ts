import { spawn } from "node:child_process";

/** How a document tool (pdfinfo, pdftoppm, soffice) ended, when it did not end well. */
export class ToolError extends Error {
  constructor(
    public reason: "missing" | "timeout" | "failed",
    public detail: string,
  ) {
    super(`${reason}: ${detail}`);
  }
}

export interface RunOpts {
  timeoutMs: number;
  cwd?: string;
  env?: Record<string, string>;
  /** Largest stdout kept (bytes); more is dropped, the process is not stopped for it. */
  maxOutput?: number;
}

/**
 * Runs a program without a shell (arguments are never parsed by one), in a process group of its own, and kills
 * the whole group when the time limit passes: soffice is a shell script that starts soffice.bin, and killing only
 * the script would leave the real converter running. Resolves with stdout; rejects with a ToolError.
 */
export function runTool(cmd: string, args: string[], opts: RunOpts): Promise<string> {
  return new Promise((resolve, reject) => {
    const max = opts.maxOutput ?? 1024 * 1024;
    let out = "";
    let err = "";
    let timedOut = false;
    const child = spawn(cmd, args, { cwd: opts.cwd, env: (opts.env as NodeJS.ProcessEnv | undefined) ?? process.env, detached: true, stdio: ["ignore", "pipe", "pipe"] });
    const killGroup = () => {
      try {
        process.kill(-child.pid!, "SIGKILL");
      } catch {
        // Already gone.
      }
    };
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup();
    }, opts.timeoutMs);
    child.stdout.setEncoding("utf8").on("data", (d: string) => {
      if (out.length < max) out += d;
    });
    child.stderr.setEncoding("utf8").on("data", (d: string) => {
      if (err.length < 8192) err += d;
    });
    child.on("error", (e: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      reject(new ToolError(e.code === "ENOENT" ? "missing" : "failed", `${cmd}: ${e.message}`));
    });
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      // Whatever the tool left behind in its group (a converter's helper) goes with it, however it ended.
      killGroup();
      if (timedOut) return reject(new ToolError("timeout", `${cmd} ran longer than ${opts.timeoutMs} ms`));
      if (code === 0) return resolve(out);
      reject(new ToolError("failed", `${cmd} exited ${code ?? signal}: ${err.trim().slice(0, 500)}`));
    });
  });
}

/** At most `size` jobs at once; the rest wait in order. */
export class Limiter {
  private running = 0;
  private waiting: Array<() => void> = [];
  constructor(private size: number) {}

  /** Jobs waiting for a slot. */
  get queued(): number {
    return this.waiting.length;
  }

  async run<T>(job: () => Promise<T>): Promise<T> {
    // A finishing job hands its slot straight to the next in line, so a newcomer never slips in between.
    if (this.running >= this.size) await new Promise<void>((r) => this.waiting.push(r));
    else this.running++;
    try {
      return await job();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }
}

/** One promise per key while it runs: two viewers of one uncached page wait for the same render. */
export class Once<T> {
  private inFlight = new Map<string, Promise<T>>();
  run(key: string, job: () => Promise<T>): Promise<T> {
    const had = this.inFlight.get(key);
    if (had) return had;
    const p = job().finally(() => this.inFlight.delete(key));
    this.inFlight.set(key, p);
    return p;
  }
}

/**
 * Whether LibreOffice can run without a network (`unshare -rn`: a user namespace of its own, mapped to root,
 * and an empty network namespace), asked once. A document's linked images or data then cannot make the server
 * fetch anything. Where namespaces are not allowed (a container's default seccomp profile) conversions run as
 * before and the log says so once; docs/documents.md tells how to allow them.
 */
let isolation: Promise<boolean> | null = null;
export function networkIsolation(): Promise<boolean> {
  isolation ??= runTool("unshare", ["-rn", "true"], { timeoutMs: 5_000 }).then(
    () => true,
    (e) => {
      console.warn(`documents: LibreOffice conversions run with network access (unshare -rn is not allowed here: ${e instanceof Error ? e.message : e})`);
      return false;
    },
  );
  return isolation;
}
