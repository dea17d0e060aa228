/**
 * calphad-step CLI, as docs/compute.md "Solvers" sets out:
 *   node --import tsx solvers/calphad/step-cli.ts step.calphad
 * reads the step script (and the TDB it names, relative to the script's folder), prints `progress` lines and
 * one `point …` line per temperature (the app's live curves read them), then the transitions; writes
 * result.json with every point and exits 0. A bad script, database or name is exit 2 with the reason on
 * stderr; a failed equilibrium is 1.
 */
import { runScriptCli } from "./script-cli.ts";
import { pointLine, runStepScript } from "./step/run.ts";

runScriptCli({
  name: "calphad-step",
  // Each confirmed point is a log line: the task page's live curves read them.
  run: (script, readDeckFile, progress) => runStepScript(script, readDeckFile, { ...progress, onPoint: (p) => console.log(pointLine(p)) }),
  report: (r) => [
    ...r.transitions.map((t) => `transition ${t.kind} at ${t.T.toFixed(4)} K: ${t.below.join(" + ")} → ${t.above.join(" + ")}, ΔH = ${t.deltaH.toFixed(3)} J/mol`),
    `${r.points.length} points in ${r.stats.seconds.toFixed(3)} s: ${r.stats.warm} by Newton from the previous point, ${r.stats.global} global starts, ${r.stats.corrected} corrections`,
  ],
});
