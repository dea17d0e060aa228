import { projectPath } from "../../../../common/project-path.ts";
import { debianVersion } from "../availability.ts";
import type { AppDefinition, JobScriptContext } from "../types.ts";
import { renderLammpsDeck } from "./deck.ts";
import { checkLammpsDeckFiles, parseLammpsDeck } from "./deck-check.ts";
import { lammpsDoc } from "./doc.ts";
import { lammpsFieldLabels } from "./form.ts";
import { LOG_FILE, readLammpsProgress, readLammpsResult } from "./output.ts";
import { lammpsExample, lammpsParamsSchema, validateLammpsParams, type LammpsParams } from "./params.ts";
import { INSTALLED_POTENTIALS, POTENTIALS_DIR } from "./potentials.ts";
import { shellQuote, nodeCli } from "../../job-shell.ts";

// Resolved from the project root: the job runs in its work dir under DATA_DIR, far from the repository.
const CHECK_CLI = projectPath("api/compute/apps/lammps/check-cli.ts");
/** The bash script: check included scripts, then LAMMPS (under mpirun with several cores), its log in log.lammps. */
export function lammpsJobScript(ctx: JobScriptContext): string {
  const input = shellQuote(ctx.mainInput);
  const lmp = `lmp -in ${input} -log ${LOG_FILE}`;
  return [
    "#!/usr/bin/env bash",
    "set -euo pipefail",
    `cd ${shellQuote(ctx.workDir)}`,
    // Bare potential names in pair_coeff are looked up here by LAMMPS itself when not in the work dir.
    `export LAMMPS_POTENTIALS=${POTENTIALS_DIR}`,
    // One thread per MPI rank: the cores asked for are the ranks.
    "export OMP_NUM_THREADS=1",
    // CreateTask checked the main input only; scripts it includes are checked the same way before LAMMPS reads them.
    `if grep -qE '^[[:space:]]*(include|jump)[[:space:]]' ${input}; then`,
    `  ${nodeCli(CHECK_CLI)} ${input}`,
    "fi",
    ...(ctx.cores > 1
      ? [
          // Open MPI refuses root unless told; only then is the flag given.
          'as_root=""',
          'if [ "$(id -u)" = 0 ]; then as_root="--allow-run-as-root"; fi',
          // exec: mpirun replaces bash, so a cancel's SIGTERM reaches it and it stops the ranks.
          `exec mpirun $as_root -np ${ctx.cores} ${lmp}`,
        ]
      : [`exec ${lmp}`]),
    "",
  ].join("\n");
}

export const lammpsApp: AppDefinition<LammpsParams> = {
  id: "lammps",
  names: { zh: "LAMMPS 分子动力学", en: "LAMMPS molecular dynamics", es: "Dinámica molecular LAMMPS", ja: "LAMMPS 分子動力学" },
  // Atomistic MD is neither CALPHAD nor phase field (Multiphase): the catalogue's "Other" (see the doc's summary).
  category: "Other",
  version: "1.0",
  code: {
    commands: ["lmp", "mpirun"],
    packages: ["lammps", "lammps-data", "openmpi-bin"],
    data: Object.values(INSTALLED_POTENTIALS).map((p) => `${POTENTIALS_DIR}/${p.file}`),
    version: () => debianVersion("lammps"),
  },
  modes: ["graphical", "instruction"],
  paramsSchema: lammpsParamsSchema,
  validateParams: validateLammpsParams,
  fieldLabels: lammpsFieldLabels,
  example: lammpsExample,
  doc: lammpsDoc,
  mainInput: "in.lammps",
  defaultResources: { cores: 1, walltimeMin: 30 },
  renderDeck: (params) => ({ files: { "in.lammps": renderLammpsDeck(params) } }),
  parseDeck: parseLammpsDeck,
  checkDeckFiles: (files) => checkLammpsDeckFiles(files),
  jobScript: lammpsJobScript,
  parseOutput: readLammpsResult,
  progress: readLammpsProgress,
};
