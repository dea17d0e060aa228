import { projectPath } from "../../../../common/project-path.ts";
import type { JobScriptContext } from "../types.ts";
import { shellQuote, nodeCli } from "../../job-shell.ts";

/** Where Debian's openfoam keeps etc/controlDict; every OpenFOAM program stops without WM_PROJECT_DIR pointing here. */
export const OPENFOAM_DIR = "/usr/share/openfoam";
/** Decomposition for runs on several cores, kept apart from the case's own decomposeParDict (which may ask for another count). */
const DECOMPOSE_DICT = "system/decomposeParDict.ferrum";

// Resolved from the project root: the job runs in its work dir, far from the repository.
const CHECK_CASE = projectPath("api/compute/apps/openfoam/check-case.ts");
/**
 * The case is checked (check-case.ts names the solver and where the mesh comes from), meshed, its cell centres
 * written for the picture, then the solver runs with its log on stdout (stdout.log: the live log, the residual
 * plot and the download). On one core the solver is exec'd so a cancel's SIGTERM reaches it directly; on several
 * it runs under mpirun on a hierarchical split and the last time is reconstructed afterwards.
 */
export function openFoamJobScript(ctx: JobScriptContext): string {
  const n = Math.max(1, Math.floor(ctx.cores));
  const lines = [
    "#!/usr/bin/env bash",
    "set -euo pipefail",
    `cd ${shellQuote(ctx.workDir)}`,
    `export WM_PROJECT_DIR=${shellQuote(OPENFOAM_DIR)}`,
    "# A program's own log; on failure its tail goes to stderr, which the task's error shows.",
    'run_logged() { local log="$1"; shift; "$@" > "$log" 2>&1 || { echo "$* failed:" >&2; tail -n 25 "$log" >&2; exit 1; }; }',
    `checked=$(${nodeCli(CHECK_CASE)})`,
    'read -r SOLVER MESH <<< "$checked"',
    'if [ "$MESH" = blockMesh ]; then run_logged log.blockMesh blockMesh; fi',
    "# Cell centres for the velocity picture; the mesh does not move, so the start time's are the last time's.",
    'postProcess -func writeCellCentres -latestTime > log.cellCentres 2>&1 || echo "cell centres not written: no velocity picture"',
    'echo "Running $SOLVER on ' + n + ' core(s)"',
  ];
  if (n === 1) {
    lines.push('exec "$SOLVER"');
  } else {
    lines.push(
      `cat > ${DECOMPOSE_DICT} <<'EOF'`,
      "FoamFile { version 2.0; format ascii; class dictionary; object decomposeParDict; }",
      `numberOfSubdomains ${n};`,
      "method hierarchical;",
      `coeffs { n (${n} 1 1); order xyz; }`,
      "EOF",
      `run_logged log.decomposePar decomposePar -force -decomposeParDict ${DECOMPOSE_DICT}`,
      // Root may only run mpirun with the explicit flag (containers); never added for a normal user.
      'ROOT_FLAG=(); if [ "$(id -u)" = 0 ]; then ROOT_FLAG=(--allow-run-as-root); fi',
      `mpirun "\${ROOT_FLAG[@]}" -np ${n} "$SOLVER" -parallel -decomposeParDict ${DECOMPOSE_DICT}`,
      "run_logged log.reconstructPar reconstructPar -latestTime",
    );
  }
  return lines.join("\n") + "\n";
}
