import { describe, expect, it } from "vitest";
import { readKeyValueDeck } from "./key-value-deck.ts";

const t = (en: string) => ({ zh: en, en, es: en, ja: en });
const texts = { syntax: t("syntax"), unknownKey: t("unknown"), duplicateKey: t("duplicate"), notNumber: t("not a number") };

describe("key = value decks", () => {
  it("reads numbers and the string keys, skips comments and blank lines, and remembers each key's line", () => {
    const r = readKeyValueDeck("# a deck\n\nT = 723.15  # K\nmodel = allen-cahn\nn=1e-3\n", { keys: ["T", "model", "n"], stringKeys: ["model"], texts });
    expect(r).toEqual({ values: { T: 723.15, model: "allen-cahn", n: 1e-3 }, lines: new Map([["T", 3], ["model", 4], ["n", 5]]), issues: [] });
  });

  it("names every bad line: unreadable, unknown, repeated, not a number", () => {
    const r = readKeyValueDeck("T = 1\nwhat\nx = 2\nT = 3\nn = 1,5\n", { keys: ["T", "n"], stringKeys: [], texts });
    expect(r.issues.map((i) => [i.line, i.field, i.text.en])).toEqual([
      [2, "", "syntax"],
      [3, "x", "unknown"],
      [4, "T", "duplicate"],
      [5, "n", "not a number"],
    ]);
    expect(r.values).toEqual({ T: 1 });
  });
});
