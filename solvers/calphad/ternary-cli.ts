/**
 * calphad-ternary-section CLI, as docs/compute.md "Solvers" sets out:
 *   node --import tsx solvers/calphad/ternary-cli.ts section.calphad
 * reads the section script (and the TDB it names, relative to the script's folder), prints `progress` lines
 * and what it found, writes result.json (the whole section) and section.svg (the Gibbs triangle) in the
 * current directory and exits 0. A bad script, database or name is exit code 2 with the reason on stderr.
 */
import { runScriptCli } from "./script-cli.ts";
import { runSectionScript } from "./ternary/run.ts";
import { ternarySectionSvg } from "./ternary-svg.ts";

runScriptCli({
  name: "calphad-ternary-section",
  run: runSectionScript,
  report: (r) => [
    ...r.threePhase.map((t) => `three-phase ${t.phases.join(" + ")}: ` + t.vertices.map((v, i) => `${t.phases[i]} (${Object.entries(v).map(([el, x]) => `${el} ${x.toFixed(4)}`).join(", ")})`).join("; ")),
    `stats: ${JSON.stringify(r.stats)}`,
  ],
  files: (r) => ({ "section.svg": ternarySectionSvg(r) }),
});
