import { projectPath } from "../../../../common/project-path.ts";
import { checkSectionParams, parseSectionScript, renderSectionScript, SECTION_SCRIPT, sectionParamsSchema, type SectionInput, type SectionParams } from "../../../../solvers/calphad/ternary/script.ts";
import { calphadApp } from "../calphad-app.ts";
import { calphadTernaryDoc } from "./doc.ts";
import { sectionFieldLabels } from "./form.ts";
import { readSectionResult } from "./output.ts";

/** Ghosh's Cr–Ti–V at 650 °C, the section of issue 6's acceptance: the form's pre-filled values. */
export const calphadTernaryExample: SectionInput = {
  database: "crtiv_ghosh",
  components: "CR,TI,V",
  phases: "*",
  temperature: 923,
  temperatureUnit: "K",
  pressurePa: 101325,
  density: 30,
};

export const calphadTernarySectionApp = calphadApp<SectionParams>({
  id: "calphad-ternary-section",
  names: { zh: "三元等温截面", en: "CALPHAD ternary isothermal section", es: "Sección isotérmica ternaria CALPHAD", ja: "CALPHAD 三元系等温断面" },
  doc: calphadTernaryDoc,
  fieldLabels: sectionFieldLabels,
  example: calphadTernaryExample,
  script: SECTION_SCRIPT,
  // Resolved from the project root, not the cwd: a job runs in its work dir under DATA_DIR, far from the repository.
  cli: projectPath("solvers/calphad/ternary-cli.ts"),
  defaultResources: { cores: 1, walltimeMin: 10 },
  schema: sectionParamsSchema,
  check: checkSectionParams,
  parse: parseSectionScript,
  render: renderSectionScript,
  parseOutput: (workDir) => readSectionResult(workDir),
});
