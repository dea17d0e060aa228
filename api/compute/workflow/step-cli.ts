/**
 * A workflow step's job calls this before and after its app's own script (step-job.ts):
 *   step-cli.ts prepare <workDir>   inputs from the earlier steps → the step's deck
 *   step-cli.ts publish <workDir>   the step's result → workflow-result.json for the later steps
 * A value the step cannot take ends the job with exit 3 and the reason on stderr, in the owner's language.
 */
import { findApp } from "../apps/index.ts";
import { prepareStep, publishStep, StepInputError } from "./step-job.ts";

const [command, workDir] = process.argv.slice(2);
try {
  if (command === "prepare" && workDir) await prepareStep(workDir, findApp);
  else if (command === "publish" && workDir) await publishStep(workDir, findApp);
  else {
    console.error("usage: step-cli.ts prepare|publish <workDir>");
    process.exit(2);
  }
} catch (e) {
  console.error(e instanceof StepInputError ? e.message : (e as Error).stack ?? String(e));
  process.exit(3);
}
