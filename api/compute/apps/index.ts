import type { Lang } from "../../http/messages.ts";
import { availabilityOf } from "./availability.ts";
import { carburizingApp } from "./carburizing/index.ts";
import { calculixApp } from "./calculix/index.ts";
import { gmshApp } from "./gmsh/index.ts";
import { qePwApp } from "./qe-pw/index.ts";
import { openFoamApp } from "./openfoam/index.ts";
import { lammpsApp } from "./lammps/index.ts";
import { calphadEquilibriumApp } from "./calphad-equilibrium/index.ts";
import { calphadTernarySectionApp } from "./calphad-ternary-section/index.ts";
import { calphadBinaryDiagramApp } from "./calphad-binary-diagram/index.ts";
import { calphadStepApp } from "./calphad-step/index.ts";
import { phaseFieldApp } from "./phase-field/index.ts";
import { kwnPrecipitationApp } from "./kwn-precipitation/index.ts";
import { workflowApp } from "../workflow/app.ts";
import type { AppDefinition } from "./types.ts";
import { storeAppEntry } from "./store-apps.ts";

/** Every compute app; adding one is a line here and its own folder, nothing else. */
export const APPS: readonly AppDefinition<any>[] = [carburizingApp, openFoamApp, lammpsApp, qePwApp, calculixApp, gmshApp, calphadEquilibriumApp, calphadBinaryDiagramApp, calphadStepApp, calphadTernarySectionApp, phaseFieldApp, kwnPrecipitationApp, workflowApp];

const byId = new Map(APPS.map((a) => [a.id, a]));

/** A built-in app, or a version of an app store app this instance knows (store-apps.ts). */
export const findApp = (id: string): AppDefinition<any> | undefined => byId.get(id) ?? storeAppEntry(id)?.app;

/** An app as the category list and the pages show it. */
export interface AppSummary {
  id: string;
  name: string;
  names: AppDefinition["names"];
  version: string;
  /** False when its code is not installed here; `unavailableReason` says why, in the caller's language. */
  available: boolean;
  unavailableReason: string | null;
  modes: readonly string[];
  mainInput: string;
  defaultResources: AppDefinition["defaultResources"];
}

export function appsOfCategory(category: string, lang: Lang): AppSummary[] {
  return APPS.filter((a) => a.category === category).map((a) => {
    const av = availabilityOf(a);
    return {
    id: a.id,
    name: a.names[lang],
    names: a.names,
    version: av.version,
    available: av.available,
    unavailableReason: av.reason?.[lang] ?? null,
    modes: a.modes,
    mainInput: a.mainInput,
    defaultResources: a.defaultResources,
    };
  });
}
