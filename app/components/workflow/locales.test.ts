import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { supportedLngs } from "../../i18n.ts";

// The workflow pages' texts (app/locales/*/workflow.json): the same keys and placeholders in all four
// languages, and every key the components and their server helpers ask for is there.
const load = (lng: string) => JSON.parse(fs.readFileSync(path.resolve(`app/locales/${lng}/workflow.json`), "utf8"));
const flat = (o: Record<string, unknown>, prefix = ""): Record<string, string> =>
  Object.fromEntries(
    Object.entries(o).flatMap(([k, v]) => (typeof v === "string" ? [[`${prefix}${k}`, v]] : Object.entries(flat(v as Record<string, unknown>, `${prefix}${k}.`)))),
  );
const texts = Object.fromEntries(supportedLngs.map((l) => [l, flat(load(l))]));
// {{values}} and the <tag>…</tag> pairs a Trans text fills with elements (a lone <step> is literal text).
const placeholders = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}|<(\w+)>[^<]*<\/\2>/g)].map((m) => m[1] ?? `<${m[2]}>`).sort();

/** Keys passed as literals to a t() bound to the workflow namespace in a source file. */
function keysUsed(file: string): string[] {
  const src = fs.readFileSync(file, "utf8");
  const names = new Set<string>();
  for (const m of src.matchAll(/const \{ t(?:: (\w+))? \} = useTranslation\("workflow"\)/g)) names.add(m[1] ?? "t");
  // Server helpers: getT(request, "workflow") bound to t.
  if (/const t = await getT\([^)]*"workflow"\)/.test(src) || /\(await getT\([^)]*"workflow"\)\)\(/.test(src)) names.add("t").add("getTWorkflow");
  const keys: string[] = [];
  for (const n of names) {
    const call = n === "getTWorkflow" ? /\(await getT\([^)]*"workflow"\)\)\("([\w.]+)"/g : new RegExp(`\\b${n}\\("([\\w.]+)"`, "g");
    for (const m of src.matchAll(call)) keys.push(m[1]);
  }
  return keys;
}

describe("workflow texts", () => {
  it("has the same keys and placeholders in zh, en, es and ja", () => {
    const keys = Object.keys(texts.en).sort();
    for (const l of supportedLngs) {
      expect(Object.keys(texts[l]).sort(), l).toEqual(keys);
      for (const k of keys) {
        expect(texts[l][k].trim(), `${l} ${k}`).not.toBe("");
        expect(placeholders(texts[l][k]), `${l} ${k}`).toEqual(placeholders(texts.en[k]));
      }
    }
  });

  it("has every key the pages use", () => {
    const files = [
      ...fs.readdirSync("app/components/workflow").filter((f) => f.endsWith(".tsx")).map((f) => path.join("app/components/workflow", f)),
      "app/lib/workflow.server.ts",
      "app/lib/workflow-editor.server.ts",
    ];
    const used = new Set(files.flatMap(keysUsed));
    expect(used.size).toBeGreaterThan(40);
    for (const k of used) expect(texts.en[k], k).toBeTruthy();
    // Built at run time: the checks' messages (Say) and the error summary's places.
    for (const k of ["paramsJson", "paramsObject", "inputLine", "inputTwice", "reportJson", "reportArray"]) expect(texts.en[`check.${k}`], k).toBeTruthy();
    for (const k of ["steps", "report", "name", "newApp"]) expect(texts.en[`editor.where.${k}`], k).toBeTruthy();
  });
});
