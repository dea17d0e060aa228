import type { Lang } from "../../http/messages.ts";
import { carburizingApp } from "./carburizing/index.ts";
import type { AppDefinition } from "./types.ts";

/** Every compute app; adding one is a line here and its own folder, nothing else. */
export const APPS: readonly AppDefinition<any>[] = [carburizingApp];

const byId = new Map(APPS.map((a) => [a.id, a]));

export const findApp = (id: string): AppDefinition<any> | undefined => byId.get(id);

/** An app as the category list and the pages show it. */
export interface AppSummary {
  id: string;
  name: string;
  names: AppDefinition["names"];
  version: string;
  modes: readonly string[];
  mainInput: string;
  defaultResources: AppDefinition["defaultResources"];
}

export function appsOfCategory(category: string, lang: Lang): AppSummary[] {
  return APPS.filter((a) => a.category === category).map((a) => ({
    id: a.id,
    name: a.names[lang],
    names: a.names,
    version: a.version,
    modes: a.modes,
    mainInput: a.mainInput,
    defaultResources: a.defaultResources,
  }));
}
