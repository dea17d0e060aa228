import { projectPath } from "../../../../common/project-path.ts";
import { debianVersion } from "../availability.ts";
import { GEO_FORBIDDEN_GREP, geoIssues } from "../gmsh/geo-check.ts";
import { gmshThreads } from "../gmsh/job.ts";
import { AppInputError, type AppDefinition, type JobScriptContext } from "../types.ts";
import { renderInp } from "./deck.ts";
import { calculixDoc } from "./doc.ts";
import { calculixFieldLabels } from "./form.ts";
import { parseInpDeck } from "./inp-deck.ts";
import { JOB, readCalculixProgress, readCalculixResult } from "./output.ts";
import { calculixExample, calculixParamsSchema, validateCalculixParams, type CalculixParams } from "./params.ts";
import { nodeCli, shellQuote } from "../../job-shell.ts";

// Resolved from the project root, not the cwd: a job runs in its work dir under DATA_DIR, far from the repository.
const VOLUME_INP_CLI = projectPath("api/compute/apps/calculix/volume-inp-cli.ts");

/**
 * Meshes model.geo when the deck has one: refused first if it would run programs or reach outside the work dir
 * (parseDeck only sees model.inp), then gmsh writes mesh.inp with node sets of its physical groups, cut to the
 * volume elements ccx should get.
 */
const meshGeoLines = (cores: number) => [
  "if [ -f model.geo ]; then",
  `  if grep -Eqn ${shellQuote(GEO_FORBIDDEN_GREP)} model.geo; then`,
  `    echo "model.geo refused: System/Shell commands or paths outside the task directory (absolute or ..):" >&2`,
  `    grep -En ${shellQuote(GEO_FORBIDDEN_GREP)} model.geo >&2 || true`,
  "    exit 2",
  "  fi",
  `  gmsh -3 ${gmshThreads(cores)} -string 'Mesh.SaveGroupsOfNodes=1;' model.geo -o mesh.inp -format inp`,
  `  ${nodeCli(VOLUME_INP_CLI)} mesh.inp`,
  "fi",
];

export const calculixApp: AppDefinition<CalculixParams> = {
  id: "calculix",
  names: { zh: "CalculiX 有限元分析", en: "CalculiX finite elements", es: "Elementos finitos CalculiX", ja: "CalculiX 有限要素解析" },
  category: "Limited",
  version: "2",
  code: { commands: ["ccx", "gmsh"], packages: ["calculix-ccx", "gmsh"], version: () => debianVersion("calculix-ccx") },
  modes: ["graphical", "instruction"],
  paramsSchema: calculixParamsSchema,
  validateParams: validateCalculixParams,
  fieldLabels: calculixFieldLabels,
  example: calculixExample,
  doc: calculixDoc,
  mainInput: `${JOB}.inp`,
  defaultResources: { cores: 1, walltimeMin: 30 },
  renderDeck: (params) => ({ files: { [`${JOB}.inp`]: renderInp(params) } }),
  parseDeck: parseInpDeck,
  // A model.geo beside the deck is meshed by gmsh first: the same check as the gmsh app's, at submission.
  checkDeckFiles: (files) => {
    const issues = files["model.geo"] === undefined ? [] : geoIssues(files["model.geo"], "model.geo");
    if (issues.length) throw new AppInputError(issues);
  },
  jobScript: (ctx: JobScriptContext) => {
    const cores = Math.max(1, Math.floor(ctx.cores));
    return [
      "#!/usr/bin/env bash",
      "set -euo pipefail",
      `cd ${shellQuote(ctx.workDir)}`,
      ...meshGeoLines(cores),
      // ccx's threads (matrix set-up, SPOOLES): one per core the task was given.
      `export OMP_NUM_THREADS=${cores} CCX_NPROC_STIFFNESS=${cores} CCX_NPROC_EQUATION_SOLVER=${cores}`,
      // exec: ccx replaces bash, so a cancel's SIGTERM reaches it at once.
      `exec ccx -i ${JOB}`,
      "",
    ].join("\n");
  },
  parseOutput: readCalculixResult,
  progress: readCalculixProgress,
};
