import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
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

  it("bundles a CLI that reads the shipped databases, which it finds from the project's root, from any folder", () => {
    const calphad = cli("solvers/calphad/cli.ts");
    const bundle = cliBundle(calphad);
    expect(bundle).toMatch(/solvers-calphad-cli-[0-9a-f]{16}\.mjs$/);
    // A job's work dir is outside the project: the deck names the shipped Pb–Sn database.
    const work = fs.mkdtempSync(path.join(os.tmpdir(), "cli-bundle-"));
    try {
      fs.writeFileSync(path.join(work, "conditions.calphad"), "database pbsn\ncomponents PB SN\nT 450 K\nX SN 0.5\n");
      execFileSync(process.execPath, [bundle!, "conditions.calphad"], { cwd: work, stdio: "pipe" });
      const result = JSON.parse(fs.readFileSync(path.join(work, "result.json"), "utf8"));
      expect(result.phases.map((p: { name: string }) => p.name).sort()).toEqual(["BCT_A5", "FCC_A1"]);
    } finally {
      fs.rmSync(work, { recursive: true, force: true });
    }
  }, 30_000);

  it("leaves a CLI that imports modules by a computed path to tsx", () => {
    // A workflow step loads its app's module by the app's id: a .ts source that plain node cannot load.
    const step = cli("api/compute/workflow/step-cli.ts");
    expect(cliBundle(step)).toBeNull();
    expect(nodeCli(step, "x")).toContain("--import");
  });

  it("no shipped module finds a file relative to its own URL (a bundle would look in the wrong place)", () => {
    const root = cli("");
    const offenders: string[] = [];
    for (const dir of ["api", "solvers", "common"]) {
      for (const file of fs.readdirSync(path.join(root, dir), { recursive: true }) as string[]) {
        if (!file.endsWith(".ts") || file.endsWith(".test.ts")) continue;
        const text = fs.readFileSync(path.join(root, dir, file), "utf8");
        if (/new URL\([^)]*import\.meta\.url/.test(text)) offenders.push(path.join(dir, file));
      }
    }
    expect(offenders).toEqual([]);
  });
});
