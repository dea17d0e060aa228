import { projectPath } from "../../../../common/project-path.ts";
import { checkDiagramParams, DIAGRAM_SCRIPT, diagramParamsSchema, parseDiagramScript, renderDiagramScript, type DiagramInput, type DiagramParams } from "../../../../solvers/calphad/mapping/script.ts";
import { calphadApp } from "../calphad-app.ts";
import { calphadBinaryDiagramDoc } from "./doc.ts";
import { diagramFieldLabels } from "./form.ts";
import { readDiagramProgress, readDiagramResult } from "./output.ts";

/** Pb–Sn from room temperature to above Pb's melting point: the form's pre-filled values. */
export const calphadBinaryDiagramExample: DiagramInput = {
  database: "pbsn",
  components: "PB,SN",
  phases: "*",
  Tmin: 300,
  Tmax: 650,
  temperatureUnit: "K",
  step: 2,
  pressurePa: 101325,
};

export const calphadBinaryDiagramApp = calphadApp<DiagramParams>({
  id: "calphad-binary-diagram",
  names: { zh: "二元相图", en: "Binary phase diagram", es: "Diagrama de fases binario", ja: "二元系状態図" },
  doc: calphadBinaryDiagramDoc,
  fieldLabels: diagramFieldLabels,
  example: calphadBinaryDiagramExample,
  script: DIAGRAM_SCRIPT,
  // Resolved from the project root, not the cwd: a job runs in its work dir under DATA_DIR, far from the repository.
  cli: projectPath("solvers/calphad/binary-cli.ts"),
  defaultResources: { cores: 1, walltimeMin: 10 },
  schema: diagramParamsSchema,
  check: checkDiagramParams,
  parse: parseDiagramScript,
  render: renderDiagramScript,
  parseOutput: (workDir) => readDiagramResult(workDir),
  progress: (workDir) => readDiagramProgress(workDir),
});
