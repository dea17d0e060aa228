import { debianVersion } from "../availability.ts";
import type { AppDefinition } from "../types.ts";
import { checkCaseFiles, CONTROL_DICT, parseControlDict, renderCavityCase } from "./case.ts";
import { openFoamDoc } from "./doc.ts";
import { openFoamFieldLabels } from "./form.ts";
import { OPENFOAM_DIR, openFoamJobScript } from "./job.ts";
import { readOpenFoamProgress, readOpenFoamResult } from "./output.ts";
import { openFoamExample, openFoamParamsSchema, validateCavityParams, type CavityParams, type OpenFoamParams } from "./params.ts";

export const openFoamApp: AppDefinition<OpenFoamParams> = {
  id: "openfoam",
  names: { zh: "OpenFOAM 流体计算", en: "OpenFOAM CFD", es: "OpenFOAM CFD", ja: "OpenFOAM 流体解析" },
  category: "Fluid",
  version: "1912",
  code: {
    commands: ["blockMesh", "icoFoam", "postProcess", "decomposePar", "reconstructPar", "mpirun"],
    packages: ["openfoam"],
    // Every OpenFOAM program reads etc/controlDict under WM_PROJECT_DIR at start.
    data: [`${OPENFOAM_DIR}/etc/controlDict`],
    version: () => debianVersion("openfoam"),
  },
  modes: ["graphical", "instruction"],
  paramsSchema: openFoamParamsSchema,
  validateParams: validateCavityParams,
  fieldLabels: openFoamFieldLabels,
  example: openFoamExample,
  doc: openFoamDoc,
  mainInput: CONTROL_DICT,
  defaultResources: { cores: 1, walltimeMin: 30 },
  // Only graphical params reach renderDeck (validateCavityParams filled in the cavity's fields).
  renderDeck: (params) => ({ files: renderCavityCase(params as CavityParams) }),
  parseDeck: parseControlDict,
  checkDeckFiles: (files) => checkCaseFiles(files),
  jobScript: openFoamJobScript,
  parseOutput: readOpenFoamResult,
  progress: readOpenFoamProgress,
};
