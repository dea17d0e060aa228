import type { AppDefinition, JobScriptContext } from "../types.ts";
import { debianVersion } from "../availability.ts";
import { gmshDoc } from "./doc.ts";
import { gmshFieldLabels } from "./form.ts";
import { shellQuote } from "../../job-shell.ts";
import { gmshMeshCommand } from "./job.ts";
import { readGmshProgress, readGmshResult } from "./output.ts";
import { gmshExample, gmshParamsSchema, parseGeoDeck, renderGeo, validateGmshParams, type GmshParams } from "./params.ts";

export const gmshApp: AppDefinition<GmshParams> = {
  id: "gmsh",
  names: { zh: "Gmsh 网格划分", en: "Gmsh meshing", es: "Mallado con Gmsh", ja: "Gmsh メッシュ生成" },
  category: "CAD",
  version: "4",
  code: { commands: ["gmsh"], packages: ["gmsh"], version: () => debianVersion("gmsh") },
  modes: ["graphical", "instruction"],
  paramsSchema: gmshParamsSchema,
  validateParams: validateGmshParams,
  fieldLabels: gmshFieldLabels,
  example: gmshExample,
  doc: gmshDoc,
  mainInput: "model.geo",
  defaultResources: { cores: 1, walltimeMin: 10 },
  renderDeck: (params) => ({ files: { "model.geo": renderGeo(params) } }),
  parseDeck: parseGeoDeck,
  jobScript: (ctx: JobScriptContext) =>
    [
      "#!/usr/bin/env bash",
      "set -euo pipefail",
      `cd ${shellQuote(ctx.workDir)}`,
      gmshMeshCommand(ctx.mainInput, "mesh.msh", ctx.cores),
      // The same mesh for CalculiX/Abaqus users; -0 reads mesh.msh and writes it out without meshing again.
      "exec gmsh -0 mesh.msh -o mesh.inp -format inp",
      "",
    ].join("\n"),
  parseOutput: readGmshResult,
  progress: readGmshProgress,
};
