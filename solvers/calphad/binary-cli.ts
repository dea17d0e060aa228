/**
 * calphad-binary-diagram CLI, as docs/compute.md "Solvers" sets out:
 *   node --import tsx solvers/calphad/binary-cli.ts diagram.calphad
 * reads the condition script (and the TDB it names, relative to the script's folder), prints `progress`
 * lines with the tie-lines found so far, writes result.json (the whole diagram, `invariants` included) and
 * diagram.svg in the current directory and exits 0. A bad script, database or name is exit code 2 with the
 * reason on stderr; a failure of the mapping itself is 1.
 */
import { renderDiagramSvg } from "./diagram-svg.ts";
import { runDiagramScript } from "./mapping/run.ts";
import { runScriptCli } from "./script-cli.ts";

runScriptCli({
  name: "calphad-binary-diagram",
  run: runDiagramScript,
  report: (r) => r.invariants.map((inv) => `${inv.kind} ${inv.reaction} at ${inv.T.toFixed(3)} K: ` + Object.entries(inv.phases).map(([p, x]) => `${p} x=${x.toFixed(4)}`).join(", ")),
  files: (r) => ({ "diagram.svg": renderDiagramSvg(r, { unit: r.unit, title: `${r.components.join("–")} (${r.database})` }) }),
});
