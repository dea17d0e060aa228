import { writeFile } from "node:fs/promises";
import { APP_LOGS, RUN_STATUS_FILE } from "./run-files.ts";
import { runSandboxed, type SandboxRuntime } from "./sandbox.ts";

/**
 * An app store task's job (app-definition.ts jobScript): runs the package's command in the sandbox, in the
 * current directory (the task's work dir), passing the app's output on to the executor's logs as it comes (the
 * task page shows it live), and exits with the app's status, so the executor, cancel, walltime and the task page
 * treat it like any solver.
 *
 *   run-cli.ts <appDir> <runtime> <command> <memoryMiB> <cores> <walltimeMin>
 *
 * The sandbox's own timeout sits 10 s under the walltime, so a run that takes too long ends as "timeout" with
 * its logs kept rather than being cut by the executor first.
 */
const [appDir, runtime, command, memory, cores, walltime] = process.argv.slice(2);
if (!appDir || !runtime || !command) {
  console.error("usage: run-cli.ts <appDir> <runtime> <command> <memoryMiB> <cores> <walltimeMin>");
  process.exit(2);
}
const walltimeMin = Number(walltime) || 10;
const run = await runSandboxed({
  workDir: process.cwd(),
  appDir,
  runtime: runtime as SandboxRuntime,
  command,
  resources: { cores: Number(cores) || 1, memoryMiB: Number(memory) || 512, walltimeMin },
  timeoutMs: Math.max(5_000, walltimeMin * 60_000 - 10_000),
  logNames: APP_LOGS,
  // process.stdout and stderr lead to the executor's logs (files or pipes: written synchronously on Linux, in order).
  onOutput: (stream, kept) => (stream === "stdout" ? process.stdout : process.stderr).write(kept),
}).catch((e: Error) => {
  // The sandbox could not start (bubblewrap missing, a folder the run's uid cannot reach): the reason is the task's error.
  console.error(e.message);
  process.exit(1);
});
await writeFile(RUN_STATUS_FILE, `${JSON.stringify({ reason: run.reason, exitCode: run.exitCode, signal: run.signal, durationMs: run.durationMs })}\n`);

const WHY: Record<string, string> = {
  timeout: "the app ran out of its walltime",
  memory: "the app ran out of memory",
  "output-limit": "the app wrote more than its output limit",
  cpu: "the app used up its CPU time",
  killed: `the app was killed by ${run.signal ?? "a signal"}`,
};
if (run.reason !== "ok" && WHY[run.reason]) process.stderr.write(`\n[ferrum] ${WHY[run.reason]}\n`);
process.exitCode = run.reason === "ok" ? 0 : run.exitCode && run.exitCode > 0 ? run.exitCode : 1;
