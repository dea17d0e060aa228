/**
 * Integrity of the shipped steel-grade data (index.ts): the checks a reviewer cannot do by eye over some two
 * hundred grades. They do not prove a figure right (that is the citation's job), only that the data is whole,
 * consistent and loadable (the database's checks: one row per element, min ≤ max, a figure has a number).
 */

import { describe, expect, it } from "vitest";
import { GRADE_FAMILIES, GRADE_PROPERTIES, GRADE_SYSTEMS } from "./types.ts";
import { GRADES, SOURCES } from "./index.ts";

/** The elements a steel standard's composition table may list. */
const CHEMICAL_SYMBOLS = new Set([
  "C", "Si", "Mn", "P", "S", "Cr", "Ni", "Mo", "V", "W", "Co", "Cu", "Al", "Ti", "Nb", "Ta", "N", "B", "O", "H",
  "Pb", "Bi", "Se", "Te", "Ca", "Ce", "Zr", "Sn", "Sb", "As", "Mg", "Fe", "Re", "La",
]);

const KEY_PREFIX: Record<string, string> = { GB: "gb-", ASTM: "astm-", "AISI-SAE": "aisi-", JIS: "jis-", EN: "en-", ISO: "iso-" };

const byKey = new Map(GRADES.map((g) => [g.key, g]));
const sourceKeys = new Set(SOURCES.map((s) => s.key));

describe("shipped steel grades", () => {
  it("has at least 100 grades with unique keys", () => {
    expect(GRADES.length).toBeGreaterThanOrEqual(100);
    expect(byKey.size).toBe(GRADES.length);
  });

  it("covers every family and every system, and nothing else", () => {
    expect(new Set(GRADES.map((g) => g.family))).toEqual(new Set(GRADE_FAMILIES));
    expect(new Set(GRADES.map((g) => g.system))).toEqual(new Set(GRADE_SYSTEMS));
  });

  it("names each grade, with a key that starts with its system", () => {
    for (const g of GRADES) {
      expect(g.name.trim(), g.key).not.toBe("");
      expect(g.standard.trim(), g.key).not.toBe("");
      expect(g.key.startsWith(KEY_PREFIX[g.system]), g.key).toBe(true);
    }
  });

  it("gives every grade a composition of valid elements, each once, with min ≤ max", () => {
    for (const g of GRADES) {
      expect(g.composition.length, g.key).toBeGreaterThan(0);
      const seen = new Set<string>();
      for (const e of g.composition) {
        const at = `${g.key} ${e.element}`;
        expect(CHEMICAL_SYMBOLS.has(e.element), at).toBe(true);
        expect(seen.has(e.element), `${at} twice`).toBe(false);
        seen.add(e.element);
        expect(e.min !== undefined || e.max !== undefined, at).toBe(true);
        for (const v of [e.min, e.max]) if (v !== undefined) expect(v >= 0 && v <= 100, at).toBe(true);
        if (e.min !== undefined && e.max !== undefined) expect(e.min, at).toBeLessThanOrEqual(e.max);
      }
    }
  });

  it("gives every property figure a known property, a number, a condition and min ≤ max", () => {
    for (const g of GRADES) {
      for (const p of g.properties) {
        const at = `${g.key} ${p.property} (${p.condition})`;
        expect(Object.keys(GRADE_PROPERTIES), at).toContain(p.property);
        expect(p.min !== undefined || p.max !== undefined || p.value !== undefined, at).toBe(true);
        expect(p.condition.trim(), at).not.toBe("");
        for (const v of [p.min, p.max, p.value]) if (v !== undefined) expect(Number.isFinite(v) && v > 0, at).toBe(true);
        if (p.min !== undefined && p.max !== undefined) expect(p.min, at).toBeLessThanOrEqual(p.max);
      }
    }
  });

  it("cites only documents listed in SOURCES, each listed once with a title", () => {
    expect(sourceKeys.size).toBe(SOURCES.length);
    for (const s of SOURCES) expect(s.title.trim(), s.key).not.toBe("");
    for (const g of GRADES) {
      for (const e of g.composition) expect(sourceKeys.has(e.source), `${g.key} ${e.element} ${e.source}`).toBe(true);
      for (const p of g.properties) expect(sourceKeys.has(p.source), `${g.key} ${p.property} ${p.source}`).toBe(true);
      if (g.equivalentsSource) expect(sourceKeys.has(g.equivalentsSource.source), `${g.key} equivalents`).toBe(true);
    }
  });

  it("links equivalents both ways, to existing grades, never to itself, with a cross-reference", () => {
    for (const g of GRADES) {
      expect(new Set(g.equivalents).size, g.key).toBe(g.equivalents.length);
      expect(g.equivalentsSource !== undefined, `${g.key} equivalentsSource`).toBe(g.equivalents.length > 0);
      for (const k of g.equivalents) {
        expect(k, g.key).not.toBe(g.key);
        const other = byKey.get(k);
        expect(other, `${g.key} → ${k}`).toBeDefined();
        expect(other!.equivalents, `${k} should list ${g.key}`).toContain(g.key);
        expect(other!.system, `${g.key} → ${k} is the same system`).not.toBe(g.system);
      }
    }
  });
});
