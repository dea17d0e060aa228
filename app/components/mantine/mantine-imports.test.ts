import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const DIR = "app/components/mantine";
const shims = fs.readdirSync(DIR).filter((f) => f.endsWith(".js")).map((f) => f.slice(0, -3));

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return p === DIR ? [] : sourceFiles(p);
    // Tests may import Mantine itself to compare with it (Table.test.tsx).
    return /\.tsx?$/.test(e.name) && !/\.(d|test)\.tsx?$/.test(e.name) ? [p] : [];
  });
}

/**
 * Pages import each Mantine component from its own module here, never from @mantine/core's index: the Remix
 * compiler puts every component reached through that index into the chunk all pages load (docs/decisions.md, 8).
 * A module here is either a one-line re-export of Mantine's own file (a .js with its .d.ts) or, for the components
 * on almost every page, our own drawing of Mantine's markup (a .tsx, held to it by light-boxes.test.tsx).
 */
describe("Mantine component modules", () => {
  it("each re-exports its one component from Mantine's own file, with its types from @mantine/core", () => {
    expect(shims.length).toBeGreaterThan(5);
    for (const name of shims) {
      const js = fs.readFileSync(path.join(DIR, `${name}.js`), "utf8");
      expect(js).toMatch(new RegExp(`^export \\{ ${name} \\} from "\\.\\./\\.\\./\\.\\./node_modules/@mantine/core/esm/[\\w/-]+\\.mjs";\\n$`));
      const target = path.join(DIR, /from "([^"]+)"/.exec(js)![1]);
      expect(fs.existsSync(target), `${name}.js points at ${target}`).toBe(true);
      expect(fs.readFileSync(path.join(DIR, `${name}.d.ts`), "utf8")).toBe(`export { ${name} } from "@mantine/core";\n`);
    }
  });

  it("no page or component imports a value from @mantine/core itself (types may, and tests)", () => {
    const offenders = sourceFiles("app").filter((f) => /import\s+\{[^}]*\}\s*from\s*"@mantine\/core"/.test(fs.readFileSync(f, "utf8")));
    expect(offenders).toEqual([]);
  });
});
