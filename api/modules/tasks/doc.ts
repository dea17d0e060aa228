import type { AppDefinition } from "../../compute/apps/types.ts";
import type { Lang, Texts } from "../../http/messages.ts";
import { appForm, type FormField } from "./form.ts";

export interface AppDocView {
  appId: string;
  name: string;
  names: Texts;
  category: string;
  version: string;
  modes: readonly string[];
  mainInput: string;
  defaultResources: { cores: number; walltimeMin: number };
  description: {
    summary: string;
    model: string[];
    assumptions: string[];
    validity: string[];
    outputs: string[];
    references: string[];
  } | null;
  /** The inputs exactly as the graphical form describes them (label, unit, range, default, example). */
  inputs: FormField[];
  /** The main input file rendered from the app's example: what instruction mode starts with. */
  exampleDeck: string;
}

/** CalculateTask/GetAppDoc: the documentation page of one app, in the caller's language. */
export function appDoc(app: AppDefinition<any>, lang: Lang, maxCores: number): AppDocView {
  const form = appForm(app, lang, maxCores);
  // An app without its own documentation still gets its inputs and example listed.
  const doc = app.doc;
  const pick = (list: Texts[]) => list.map((t) => t[lang]);
  return {
    appId: app.id,
    name: form.name,
    names: app.names,
    category: app.category,
    version: app.version,
    modes: app.modes,
    mainInput: app.mainInput,
    defaultResources: app.defaultResources,
    description: doc
      ? {
          summary: doc.summary[lang],
          model: pick(doc.model),
          assumptions: pick(doc.assumptions),
          validity: pick(doc.validity),
          outputs: pick(doc.outputs),
          references: [...doc.references],
        }
      : null,
    inputs: form.fields,
    exampleDeck: form.exampleDeck,
  };
}
