import { z } from "zod";
import { formFieldSchema } from "./compute-form.server.ts";
import { sessionGone } from "./feedback-page.server.ts";
import { api, UpstreamError, type CallArgs } from "./upstream.server.ts";

/** The calls of the software catalogue and an app's documentation page, answers checked (docs/compute.md). */

const text = z.string().nullish().transform((s) => s ?? "");
const appSummary = z.object({ id: z.string(), name: text, version: text, modes: z.array(z.string()), available: z.boolean().default(true), unavailableReason: z.string().nullish().transform((s) => s ?? null) });
const categoryList = z.object({
  data: z.array(z.object({ category: z.string(), categoryText: text, description: text, apps: z.array(appSummary).nullish().transform((a) => a ?? []) })),
});
export type CatalogueCategory = z.infer<typeof categoryList>["data"][number];

const strings = z.array(z.string()).nullish().transform((a) => a ?? []);
const appDoc = z.object({
  appId: z.string(),
  name: z.string(),
  category: z.string(),
  version: text,
  modes: z.array(z.string()),
  mainInput: text,
  defaultResources: z.object({ cores: z.number(), walltimeMin: z.number() }).nullish(),
  description: z
    .object({ summary: text, model: strings, assumptions: strings, validity: strings, outputs: strings, references: strings })
    .nullish()
    .transform((d) => d ?? null),
  inputs: z.array(formFieldSchema),
  exampleDeck: text,
});
export type AppDocPage = z.infer<typeof appDoc>;

/** Every category that offers at least one app, in the API's order, with its apps. */
export async function loadCatalogue(args: CallArgs, token: string): Promise<CatalogueCategory[]> {
  try {
    const list = await api(args, "CalculateTask/GetSoftAlgorithmListBase", { token, schema: categoryList });
    return list.data.filter((c) => c.apps.length > 0);
  } catch (e) {
    return sessionGone(args, e);
  }
}

/** One app's documentation (CalculateTask/GetAppDoc); null for an unknown app. */
export async function loadAppDoc(args: CallArgs, token: string, appId: string): Promise<AppDocPage | null> {
  if (!appId) return null;
  try {
    return await api(args, "CalculateTask/GetAppDoc", { token, query: { appId }, schema: appDoc });
  } catch (e) {
    if (e instanceof UpstreamError && e.status === 404) return null;
    return sessionGone(args, e);
  }
}
