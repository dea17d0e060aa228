/**
 * calphad-equilibrium CLI, as docs/compute.md "Solvers" sets out:
 *   node --import tsx solvers/calphad/cli.ts conditions.calphad
 * reads the condition script (and the TDB it names, relative to the script's folder), prints `progress`
 * lines and what it did to stdout, writes result.json in the current directory and exits 0. A bad script,
 * database or name is exit code 2 with the reason on stderr; an equilibrium that does not converge is 1.
 */
import { runScriptCli } from "./script-cli.ts";
import { CalphadSolveError, runCalphadScript } from "./script/run.ts";

runScriptCli({
  name: "calphad-equilibrium",
  run: runCalphadScript,
  // Not converged is the solver's own verdict: the task fails with it rather than showing an answer.
  solveError: CalphadSolveError,
  report: (r) => {
    const metastable = Object.entries(r.drivingForces).filter(([, df]) => df < 0);
    return [
      `GM = ${r.GM.toFixed(4)} J/mol; ` + Object.entries(r.MU).map(([el, mu]) => `MU(${el}) = ${mu.toFixed(4)}`).join(", "),
      ...(metastable.length ? [`metastable: ${metastable.map(([p, df]) => `${p} ${df.toFixed(3)} J/mol`).join(", ")}`] : []),
    ];
  },
});
