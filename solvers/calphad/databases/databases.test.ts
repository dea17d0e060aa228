import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parseTdb } from "../tdb/parse.ts";
import { shippedDatabases } from "./index.ts";

describe("shipped databases", () => {
  it.each(shippedDatabases.map((d) => [d.id, d] as const))("%s parses and declares the listed elements and phases", (_id, d) => {
    const db = parseTdb(readFileSync(d.path, "utf8"));
    const elements = Object.keys(db.elements).filter((e) => e !== "VA" && e !== "/-");
    expect([...elements].sort()).toEqual([...d.elements].sort());
    expect(Object.keys(db.phases)).toEqual(d.phases);
    expect(db.parameters.length).toBeGreaterThan(0);
  });

  it("lists every shipped .tdb file once, with the README naming each", () => {
    const readme = readFileSync(new URL("README.md", import.meta.url), "utf8");
    expect(new Set(shippedDatabases.map((d) => d.id)).size).toBe(shippedDatabases.length);
    for (const d of shippedDatabases) expect(readme).toContain(`| ${d.id} | ${d.file} |`);
  });
});
