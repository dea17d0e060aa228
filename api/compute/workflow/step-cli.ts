/**
 * A workflow step's job (step-job.ts): `step-cli.ts <workDir>` reads the step's inputs from the earlier steps'
 * work dirs and writes its deck, runs the app's own job script, then leaves its result for the later steps.
 * It ends with the app script's exit code; a value the step cannot take ends it with 3 and the reason on
 * stderr, in the owner's language.
 */
import { runStep, StepInputError } from "./step-job.ts";

const [workDir] = process.argv.slice(2);
if (!workDir) {
  console.error("usage: step-cli.ts <workDir>");
  process.exit(2);
}
// The executor stops a job by signalling its whole process group: the app's processes get it themselves, and
// this process waits for them to end so the job's exit status is theirs.
process.on("SIGTERM", () => {});
process.on("SIGINT", () => {});
try {
  process.exitCode = await runStep(workDir);
} catch (e) {
  console.error(e instanceof StepInputError ? e.message : (e as Error).stack ?? String(e));
  process.exitCode = 3;
}
