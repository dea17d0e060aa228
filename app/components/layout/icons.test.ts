import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { CATEGORY_ICON_NAMES } from "~/components/compute/CategoryIcon";
import { ICON_NAMES } from "./Icon.tsx";

describe("the icon sprite", () => {
  const svg = fs.readFileSync("app/components/layout/icons.svg", "utf8");
  const ids = [...svg.matchAll(/<symbol id="([^"]+)" viewBox="0 0 24 24">/g)].map((m) => m[1]);

  it("has exactly one symbol for every layout and category icon the components name", () => {
    expect(ids.sort()).toEqual([...ICON_NAMES, ...CATEGORY_ICON_NAMES.map((n) => `category-${n}`)].sort());
  });

  it("draws with shapes only: no script, style, link or foreign content", () => {
    expect(svg).not.toMatch(/<(script|style|a|foreignObject|image)\b|\son\w+=|href=/i);
  });
});
