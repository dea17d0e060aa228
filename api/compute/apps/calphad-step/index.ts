import { projectPath } from "../../../../common/project-path.ts";
import { checkStepParams, stepParamsSchema, type StepInput, type StepParams } from "../../../../solvers/calphad/step/params.ts";
import { parseStepScript, renderStepScript, STEP_SCRIPT } from "../../../../solvers/calphad/step/script.ts";
import { calphadApp } from "../calphad-app.ts";
import { calphadStepDoc } from "./doc.ts";
import { calphadStepFieldLabels } from "./form.ts";
import { readStepProgress, readStepResult } from "./output.ts";

/** Pb–30Sn from the solid through the eutectic and the liquidus: the form's pre-filled values. */
export const calphadStepExample: StepInput = {
  database: "pbsn",
  components: "PB,SN",
  phases: "*",
  Tmin: 400,
  Tmax: 600,
  step: 2,
  temperatureUnit: "K",
  pressurePa: 101325,
  compositionUnit: "X",
  composition: "SN=0.3",
};

export const calphadStepApp = calphadApp<StepParams>({
  id: "calphad-step",
  names: { zh: "CALPHAD 温度步进（性质图）", en: "CALPHAD step over temperature", es: "Barrido CALPHAD en temperatura", ja: "CALPHAD 温度ステップ計算" },
  doc: calphadStepDoc,
  fieldLabels: calphadStepFieldLabels,
  example: calphadStepExample,
  script: STEP_SCRIPT,
  // Resolved from the project root, not the cwd: a job runs in its work dir under DATA_DIR, far from the repository.
  cli: projectPath("solvers/calphad/step-cli.ts"),
  defaultResources: { cores: 1, walltimeMin: 20 },
  schema: stepParamsSchema,
  check: checkStepParams,
  parse: parseStepScript,
  render: renderStepScript,
  parseOutput: (workDir) => readStepResult(workDir),
  progress: (workDir) => readStepProgress(workDir),
});
