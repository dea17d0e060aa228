import { debianVersion } from "../availability.ts";
import type { AppDefinition } from "../types.ts";
import { MAIN_INPUT, renderQeDeck } from "./deck.ts";
import { qeDoc } from "./doc.ts";
import { qeFieldLabels } from "./form.ts";
import { qeJobScript } from "./job.ts";
import { readQeProgress, readQeResult } from "./output.ts";
import { isDeckSummary, qeExample, qeParamsSchema, validateQeParams, type QeTaskParams } from "./params.ts";
import { INSTALLED_PSEUDO_DIR, INSTALLED_PSEUDOS } from "./pseudos.ts";
import { checkQeDeckFiles, parseQeDeck } from "./pw-input.ts";

const INSTALLED_PSEUDO_FILES = new Set(INSTALLED_PSEUDOS.map((p) => p.file));

/** Quantum ESPRESSO pw.x: one element's crystal from the form (with an optional EOS scan), or the user's own pw.x input. */
export const qePwApp: AppDefinition<QeTaskParams> = {
  id: "qe-pw",
  names: { zh: "Quantum ESPRESSO 平面波计算（pw.x）", en: "Quantum ESPRESSO plane waves (pw.x)", es: "Quantum ESPRESSO ondas planas (pw.x)", ja: "Quantum ESPRESSO 平面波計算（pw.x）" },
  category: "FirstPrinciples",
  version: "6.7",
  code: {
    commands: ["pw.x"],
    packages: ["quantum-espresso", "quantum-espresso-data"],
    data: [INSTALLED_PSEUDO_DIR],
    version: () => debianVersion("quantum-espresso"),
  },
  modes: ["graphical", "instruction"],
  // Instruction mode records a summary of the user's deck instead (QeDeckSummary); the form is the schema's.
  paramsSchema: qeParamsSchema as unknown as AppDefinition<QeTaskParams>["paramsSchema"],
  validateParams: (raw) => validateQeParams(raw),
  fieldLabels: qeFieldLabels,
  example: qeExample,
  doc: qeDoc,
  mainInput: MAIN_INPUT,
  defaultResources: { cores: 1, walltimeMin: 30 },
  renderDeck: (params) => {
    if (isDeckSummary(params)) throw new Error("qe-pw: an instruction-mode task keeps its own deck; there is nothing to render");
    return renderQeDeck(params);
  },
  parseDeck: (text) => parseQeDeck(text),
  checkDeckFiles: (files, params) => checkQeDeckFiles(files, isDeckSummary(params) ? params.pseudopotentials : [], INSTALLED_PSEUDO_FILES),
  jobScript: (ctx) => qeJobScript(ctx),
  parseOutput: (workDir) => readQeResult(workDir),
  progress: (workDir) => readQeProgress(workDir),
};
