import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import type { Texts } from "../../http/messages.ts";
import type { AppDefinition, ExternalCode } from "./types.ts";

/** Whether an app can take tasks on this machine, and the version a task records. */
export interface Availability {
  available: boolean;
  /** The installed code's version (or the app's own for a platform solver). */
  version: string;
  /** Why not, in every language; null when available. */
  reason: Texts | null;
}

/** Runs a command briefly and returns its stdout, or null when it is missing, fails or hangs. */
export function runBriefly(cmd: string, args: string[], timeoutMs = 5000): Promise<string | null> {
  return new Promise((resolve) => {
    execFile(cmd, args, { timeout: timeoutMs, maxBuffer: 1024 * 1024, env: { ...process.env, LC_ALL: "C" } }, (err, stdout) =>
      resolve(err ? null : String(stdout)),
    );
  });
}

/** A Debian package's installed version (dpkg's database, no run of the code), or null. */
export async function debianVersion(pkg: string): Promise<string | null> {
  const out = await runBriefly("dpkg-query", ["-W", "-f", "${Version}", pkg]);
  return out?.trim() || null;
}

/** An executable's absolute path: as given when absolute, else the first PATH entry that has it executable. */
export function findExecutable(cmd: string, pathVar = process.env.PATH ?? ""): string | null {
  const candidates = path.isAbsolute(cmd) ? [cmd] : pathVar.split(path.delimiter).filter(Boolean).map((d) => path.join(d, cmd));
  for (const c of candidates) {
    try {
      fs.accessSync(c, fs.constants.X_OK);
      if (fs.statSync(c).isFile()) return c;
    } catch {
      // not here; try the next PATH entry
    }
  }
  return null;
}

const missingTexts = (what: string, packages: string[]): Texts => {
  const pk = packages.join(" ");
  return {
    zh: `未安装 ${what}（Debian 软件包 ${pk}，可用 npm run setup:solvers 安装）`,
    en: `${what} is not installed (Debian package ${pk}; npm run setup:solvers installs it)`,
    es: `${what} no está instalado (paquete Debian ${pk}; npm run setup:solvers lo instala)`,
    ja: `${what} がインストールされていません（Debian パッケージ ${pk}、npm run setup:solvers でインストールできます）`,
  };
};

/** Looks for an app's code now: every command on PATH and every data path present, then its version. */
export async function detect(app: Pick<AppDefinition, "version" | "code">): Promise<Availability> {
  const code: ExternalCode | undefined = app.code;
  if (!code) return { available: true, version: app.version, reason: null };
  const missing = [...code.commands.filter((c) => !findExecutable(c)), ...(code.data ?? []).filter((d) => !fs.existsSync(d))];
  if (missing.length) return { available: false, version: app.version, reason: missingTexts(missing.join(", "), code.packages) };
  const version = (await code.version().catch(() => null)) ?? app.version;
  return { available: true, version, reason: null };
}

/**
 * What was found at the API's start (refreshAvailability), per app id. An app not looked at yet counts as
 * available with its own version, so a platform solver never waits for this.
 */
const known = new Map<string, Availability>();

export async function refreshAvailability(apps: readonly AppDefinition<any>[]): Promise<void> {
  const found = await Promise.all(apps.map(async (a) => [a.id, await detect(a)] as const));
  for (const [id, av] of found) known.set(id, av);
}

const lookups = { hits: 0, misses: 0 };

export function availabilityOf(app: Pick<AppDefinition, "id" | "version" | "code">): Availability {
  const found = known.get(app.id);
  if (found) lookups.hits++;
  else lookups.misses++;
  return found ?? { available: !app.code, version: app.version, reason: app.code ? missingTexts(app.code.commands.join(", "), app.code.packages) : null };
}

/**
 * The `appAvailability` cache of /systemManage/cacheManage: what was found per app. Clearing it looks again
 * (after an administrator installed or removed a code), so the apps never read as unknown in between.
 */
export const availabilityCache = (apps: readonly AppDefinition<any>[]) => ({
  stats: () => ({ entries: known.size, bytes: null, hits: lookups.hits, misses: lookups.misses }),
  clear: () => refreshAvailability(apps),
});
