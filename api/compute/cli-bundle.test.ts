import { execFileSync } from "node:child_process";
import fs from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { cliBundle } from "./cli-bundle.ts";
import { nodeCli } from "./job-shell.ts";

const cli = (rel: string) => fileURLToPath(new URL(`../../${rel}`, import.meta.url));

describe("solver CLIs as plain-node bundles", () => {
  it("bundles a self-contained CLI once, by content, and the job command runs the bundle with node alone", () => {
    const diffusion = cli("solvers/diffusion/cli.ts");
    const bundle = cliBundle(diffusion);
    expect(bundle).toMatch(/node_modules\/\.cache\/ferrum-cli\/solvers-diffusion-cli-[0-9a-f]{16}\.mjs$/);
    expect(fs.existsSync(bundle!)).toBe(true);
    expect(cliBundle(diffusion)).toBe(bundle);
    const command = nodeCli(diffusion, "deck.txt");
    expect(command).toBe(`'${process.execPath}' '${bundle}' 'deck.txt'`);
    expect(command).not.toContain("tsx");
    // Runs without tsx: its usage line on a missing argument.
    let stderr = "";
    try {
      execFileSync(process.execPath, [bundle!], { stdio: "pipe" });
    } catch (e) {
      stderr = String((e as { stderr: Buffer }).stderr);
    }
    expect(stderr).toContain("usage:");
  });

  it("leaves a CLI that finds files beside its own module to tsx", () => {
    // The CALPHAD CLI reads its shipped databases from beside its module (import.meta.url).
    const calphad = cli("solvers/calphad/cli.ts");
    expect(cliBundle(calphad)).toBeNull();
    expect(nodeCli(calphad, "x")).toContain("--import");
  });
});
