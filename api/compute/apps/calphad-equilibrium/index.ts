import { projectPath } from "../../../../common/project-path.ts";
import {
  CALPHAD_SCRIPT,
  calphadParamsSchema,
  checkCalphadParams,
  parseCalphadScript,
  renderCalphadScript,
  type CalphadInput,
  type CalphadParams,
} from "../../../../solvers/calphad/script/index.ts";
import { calphadApp } from "../calphad-app.ts";
import { calphadEquilibriumDoc } from "./doc.ts";
import { calphadFieldLabels } from "./form.ts";
import { readEquilibriumResult } from "./output.ts";

/** A Pb–Sn alloy in the two-phase field below the eutectic: the form's pre-filled values. */
export const calphadEquilibriumExample: CalphadInput = {
  database: "pbsn",
  components: "PB,SN",
  phases: "*",
  temperature: 450,
  temperatureUnit: "K",
  pressurePa: 101325,
  compositionUnit: "X",
  composition: "SN=0.5",
};

export const calphadEquilibriumApp = calphadApp<CalphadParams>({
  id: "calphad-equilibrium",
  names: { zh: "相平衡计算", en: "CALPHAD equilibrium", es: "Equilibrio CALPHAD", ja: "CALPHAD 平衡計算" },
  doc: calphadEquilibriumDoc,
  fieldLabels: calphadFieldLabels,
  example: calphadEquilibriumExample,
  script: CALPHAD_SCRIPT,
  // Resolved from the project root, not the cwd: a job runs in its work dir under DATA_DIR, far from the repository.
  cli: projectPath("solvers/calphad/cli.ts"),
  defaultResources: { cores: 1, walltimeMin: 10 },
  schema: calphadParamsSchema,
  check: checkCalphadParams,
  parse: parseCalphadScript,
  render: renderCalphadScript,
  parseOutput: (workDir) => readEquilibriumResult(workDir),
});
