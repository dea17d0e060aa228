import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { THEME_CSS_FILE, themeCss } from "./theme-css.ts";

describe("the theme stylesheet", () => {
  it("is what MantineProvider makes of app/theme.ts (after changing the theme, run npm run theme:css)", () => {
    expect(fs.readFileSync(THEME_CSS_FILE, "utf8")).toBe(themeCss());
  });

  it("holds the theme's own values and the responsive helper classes", () => {
    const css = themeCss();
    expect(css).toContain("--mantine-color-steel-7: #346caf");
    expect(css).toContain(".mantine-hidden-from-sm");
  });
});
