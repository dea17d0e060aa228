import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { projectPath } from "../../common/project-path.ts";
import { buildSync } from "esbuild";

/**
 * The repository's TypeScript CLIs (solvers, deck checks) run in jobs. Through tsx each start cost about 270 ms
 * of the trivial task's 380 (tsx's loader and transforming the sources on every run); bundled into one plain
 * ES module, node starts it in about 100 ms. Bundles are made on first use in each API process and kept in
 * the project's node_modules/.cache (beside the code the jobs already run from, so a Slurm node sees them
 * too), named by the hash of their content: a changed source makes a new bundle, never a stale one.
 *
 * Shipped files are found from the project's root (common/project-path.ts), which a bundle in node_modules/.cache
 * finds as well as its sources do. A CLI whose bundle imports a module by a computed path (a .ts source plain
 * node cannot load) or calls `require` keeps running through tsx; so does everything when the cache cannot be
 * written.
 */
const ROOT = projectPath(".");
const CACHE_DIR = path.join(ROOT, "node_modules/.cache/ferrum-cli");
const bundles = new Map<string, string | null>();

export function cliBundle(cli: string): string | null {
  if (bundles.has(cli)) return bundles.get(cli)!;
  let file: string | null = null;
  try {
    const { outputFiles } = buildSync({ entryPoints: [cli], bundle: true, platform: "node", format: "esm", target: "node20", write: false, logLevel: "silent" });
    const code = outputFiles[0]!.text;
    if (!/\bimport\(\s*[^"'\s)]|Dynamic require of/.test(code)) {
      const hash = crypto.createHash("sha256").update(code).digest("hex").slice(0, 16);
      // e.g. solvers-diffusion-cli-<hash>.mjs
      const name = path.relative(ROOT, cli).replace(/\.ts$/, "").replace(/[^A-Za-z0-9]+/g, "-");
      file = path.join(CACHE_DIR, `${name}-${hash}.mjs`);
      if (!fs.existsSync(file)) {
        fs.mkdirSync(CACHE_DIR, { recursive: true });
        // Written aside and renamed: a job started meanwhile by another process never reads half a file.
        const tmp = `${file}.${process.pid}.tmp`;
        fs.writeFileSync(tmp, code);
        fs.renameSync(tmp, file);
      }
    }
  } catch (e) {
    console.error(`compute: ${path.basename(cli)} runs through tsx (no bundle: ${(e as Error).message.split("\n")[0]})`);
    file = null;
  }
  bundles.set(cli, file);
  return file;
}
