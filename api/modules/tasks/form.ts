import { z } from "zod";
import { availabilityOf } from "../../compute/apps/availability.ts";
import type { AppDefinition } from "../../compute/apps/types.ts";
import type { Lang, Texts } from "../../http/messages.ts";
import type { AppForm, FormField } from "../../../common/compute-form.ts";

export type { AppForm, FormField };

type JsonProp = { type?: string; enum?: unknown[]; minimum?: number; maximum?: number; exclusiveMinimum?: number; exclusiveMaximum?: number; default?: unknown };

/** Values many apps offer in a select: labelled once here rather than in every app. */
const COMMON_OPTIONS: Record<string, Texts> = {
  yes: { zh: "是", en: "Yes", es: "Sí", ja: "はい" },
  no: { zh: "否", en: "No", es: "No", ja: "いいえ" },
  none: { zh: "无", en: "None", es: "Ninguno", ja: "なし" },
};

const scalar = (v: unknown): number | string | null => (typeof v === "number" || typeof v === "string" ? v : null);

/** The app's params as form fields, in the schema's order (JSON Schema of the input side: defaults make a field optional). */
export function formFields(app: AppDefinition<any>, lang: Lang): FormField[] {
  const json = z.toJSONSchema(app.paramsSchema, { io: "input", unrepresentable: "any" }) as { properties?: Record<string, JsonProp>; required?: string[] };
  const example = (app.example ?? {}) as Record<string, unknown>;
  return Object.entries(json.properties ?? {}).map(([name, p]) => {
    const label = app.fieldLabels?.[name];
    const type: FormField["type"] = p.enum ? "enum" : p.type === "integer" ? "integer" : p.type === "number" ? "number" : "string";
    return {
      name,
      type,
      label: label?.label[lang] ?? name,
      unit: label?.unit ?? null,
      required: (json.required ?? []).includes(name),
      min: p.minimum ?? p.exclusiveMinimum ?? null,
      max: p.maximum ?? p.exclusiveMaximum ?? null,
      minExclusive: p.exclusiveMinimum !== undefined,
      maxExclusive: p.exclusiveMaximum !== undefined,
      default: scalar(p.default),
      example: scalar(example[name]),
      options: p.enum ? p.enum.map(String) : null,
      multiline: label?.multiline ? { maxBytes: label.multiline.maxBytes, accept: label.multiline.accept ?? null } : null,
      optionLabels: p.enum ? p.enum.map((v) => (label?.options?.[String(v)] ?? COMMON_OPTIONS[String(v)])?.[lang] ?? String(v)) : null,
      help: label?.help?.[lang] ?? null,
    };
  });
}

/**
 * The files of the app's example input (the form's pre-filled values rendered): instruction mode starts from
 * the main one, and a deck of several (an OpenFOAM case) is offered whole for download. Empty when the app has
 * no complete example.
 */
export function exampleFiles(app: AppDefinition<any>): Record<string, string> {
  try {
    const params = app.validateParams ? app.validateParams(app.example ?? {}) : app.paramsSchema.parse(app.example ?? {});
    return app.renderDeck(params).files;
  } catch {
    return {};
  }
}

/** Everything the web needs to draw an app's graphical and instruction forms. */
export function appForm(app: AppDefinition<any>, lang: Lang, maxCores: number): AppForm {
  const availability = availabilityOf(app);
  const example = exampleFiles(app);
  const exampleDeck = example[app.mainInput] ?? "";
  return {
    appId: app.id,
    name: app.names[lang],
    category: app.category,
    version: availability.version,
    available: availability.available,
    unavailableReason: availability.reason?.[lang] ?? null,
    modes: [...app.modes],
    mainInput: app.mainInput,
    defaultResources: app.defaultResources,
    maxCores,
    fields: formFields(app, lang),
    exampleDeck,
    exampleFileCount: Object.keys(example).length,
  };
}
