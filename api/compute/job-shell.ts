import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import type { JobScriptContext } from "./apps/types.ts";
import { cliBundle } from "./cli-bundle.ts";

/** Single-quoted for bash, so any path (spaces, quotes) reaches the command as one argument. */
export const shellQuote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

// The repository's own tsx (a dependency), as `npm start` runs TypeScript; bare "tsx" would resolve from the work dir.
const TSX_LOADER = pathToFileURL(createRequire(import.meta.url).resolve("tsx")).href;

/**
 * The shell command that runs one of the repository's TypeScript CLIs (a solver, a deck check) with this node:
 * its plain-node bundle where it has one (cli-bundle.ts), else through the repository's tsx. CLI paths are
 * resolved from their modules, not the cwd: a job runs in its work dir under DATA_DIR, far from the repository.
 */
export const nodeCli = (cli: string, ...args: string[]) => {
  const bundle = cliBundle(cli);
  return [process.execPath, ...(bundle ? [bundle] : ["--import", TSX_LOADER, cli]), ...args].map(shellQuote).join(" ");
};

/** The job script of an app whose solver is a TypeScript CLI reading the main input in the work dir. */
export function solverCliJobScript(cli: string, ctx: JobScriptContext): string {
  return [
    "#!/usr/bin/env bash",
    "set -euo pipefail",
    `cd ${shellQuote(ctx.workDir)}`,
    // exec: the solver replaces bash, so a cancel's SIGTERM reaches it at once (it is in the job's process group too).
    `exec ${nodeCli(cli, ctx.mainInput)}`,
    "",
  ].join("\n");
}
