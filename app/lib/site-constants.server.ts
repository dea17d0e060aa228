import { z } from "zod";
import { CONSTANT_DEFAULTS, CONSTANT_LANGS, constantsIn, type ConstantGroup, type ConstantTexts, type Labels } from "../../common/constants.ts";
import type { ConstantGroupRow } from "./constant-page.ts";
import { api, type CallArgs } from "./upstream.server.ts";

const labels = z.object(Object.fromEntries(CONSTANT_LANGS.map((l) => [l, z.string()])) as Record<(typeof CONSTANT_LANGS)[number], z.ZodString>);
const groups = z.array(
  z.object({
    Code: z.string(),
    Kind: z.enum(["enum", "texts"]),
    Items: z.array(
      z.object({
        Key: z.string(),
        Format: z.enum(["label", "text", "phone", "email"]),
        Labels: labels,
        Default: labels,
        Changed: z.boolean(),
        Version: z.number(),
        ChangedAt: z.string().nullable(),
        ChangedBy: z.string().nullable(),
      }),
    ),
  }),
) satisfies z.ZodType<ConstantGroupRow[]>;

/** System/GetConstantList: every item with its default, who changed it and its version (the admin page; never cached). */
export const constantList = (args: CallArgs, token: string) => api(args, "System/GetConstantList", { token, schema: groups });

/** System/GetConstantBase: what the pages show (public). */
const publicGroups = z.array(z.object({ Code: z.string(), Items: z.array(z.object({ Key: z.string(), Labels: labels })) }));

// Every page shows some constants (the footer's contact texts, a gender's label), so this process keeps them
// for a short while: a save on this web instance clears it at once, another instance's within TTL_MS.
const TTL_MS = 30_000;
let cached: { at: number; groups: ReadonlyArray<Pick<ConstantGroup, "code"> & { items: ReadonlyArray<{ key: string; labels: Labels }> }> } | null = null;
/** Bumped by a save here: an answer fetched before it is not kept (it may hold the old texts). */
let generation = 0;
const counts = { hits: 0, misses: 0 };

/** For /systemManage/cacheManage (this web server's `constants`). */
export const siteConstantsStats = () => ({
  entries: cached ? 1 : 0,
  bytes: cached ? Buffer.byteLength(JSON.stringify(cached.groups)) : 0,
  hits: counts.hits,
  misses: counts.misses,
});

/** The constants for the pages: the API's, held for 30 s; when it cannot be reached, the last known or the release's defaults. */
export async function siteConstants(args: CallArgs) {
  if (cached && Date.now() - cached.at < TTL_MS) {
    counts.hits++;
    return cached.groups;
  }
  counts.misses++;
  const asked = generation;
  try {
    const answer = await api(args, "System/GetConstantBase", { schema: publicGroups });
    const fresh = answer.map((g) => ({ code: g.Code, items: g.Items.map((i) => ({ key: i.Key, labels: i.Labels })) }));
    if (asked === generation) cached = { at: Date.now(), groups: fresh };
    return fresh;
  } catch {
    return cached?.groups ?? CONSTANT_DEFAULTS;
  }
}

const inLanguage = new WeakMap<object, Map<string, ConstantTexts>>();

/**
 * The constants in one language, as every page's root data carries them; made once per language for each answer
 * of the API (held 30 s), not per page. Here rather than in root.tsx so the browser never loads constants.ts.
 */
export async function siteConstantsIn(args: CallArgs, lang: string): Promise<ConstantTexts> {
  const groups = await siteConstants(args);
  let byLang = inLanguage.get(groups);
  if (!byLang) inLanguage.set(groups, (byLang = new Map()));
  let texts = byLang.get(lang);
  if (!texts) byLang.set(lang, (texts = constantsIn(groups, lang)));
  return texts;
}

/** After a save on this instance: the next page reads them afresh. */
export function forgetSiteConstants(): void {
  cached = null;
  generation++;
}

/** System/SaveConstant with the posted fields (a label per language, or one Value); clears this process's copy. */
export async function saveConstant(args: CallArgs, token: string, form: Record<string, string>) {
  const saved = await api(args, "System/SaveConstant", { token, form, schema: z.object({ Version: z.number() }) });
  forgetSiteConstants();
  return saved;
}

/** System/ResetConstant: the item back to the release's default. */
export async function resetConstant(args: CallArgs, token: string, group: string, key: string, version: string | null) {
  const done = await api(args, "System/ResetConstant", { token, form: { Group: group, Key: key, Version: version ?? "" } });
  forgetSiteConstants();
  return done;
}
