import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { openDb } from "../api/db/index.ts";
import { migrate } from "../api/db/migrate.ts";
import { projectPath } from "../common/project-path.ts";

/**
 * A fresh PGlite data folder for a test's API, copied from a migrated template instead of made anew: PGlite's
 * initdb (a process of its own, about 6 s on this 2-core machine) and the migrations (about 2 s) ran for every
 * test file and backend, about a third of the integration suite's time. The template is keyed by PGlite's
 * version and the migrations' text, so a new migration makes a new one; it lives in node_modules/.cache (the
 * project's, never a shared temporary folder) and is made once per key by whichever worker gets there first.
 * What the API does at start (its migration check, the seeds) still runs on the copy.
 */
const MIGRATIONS = projectPath("api/db/migrations");

function templateKey(): string {
  const h = createHash("sha256");
  h.update(JSON.parse(fs.readFileSync(projectPath("node_modules/@electric-sql/pglite/package.json"), "utf8")).version);
  for (const f of fs.readdirSync(MIGRATIONS).sort()) h.update(f).update(fs.readFileSync(path.join(MIGRATIONS, f)));
  return h.digest("hex").slice(0, 16);
}

let template: Promise<string> | null = null;

async function makeTemplate(): Promise<string> {
  const dir = projectPath(`node_modules/.cache/ferrum-pglite/${templateKey()}`);
  if (fs.existsSync(path.join(dir, "PG_VERSION"))) return dir;
  const work = `${dir}.tmp-${process.pid}-${Date.now()}`;
  const db = await openDb({ dataDir: work });
  await migrate(db);
  await db.close();
  try {
    fs.mkdirSync(path.dirname(dir), { recursive: true });
    // Atomic: another worker that finished first keeps its template, and this one goes.
    fs.renameSync(path.join(work, "pgdata"), dir);
  } catch {
    if (!fs.existsSync(path.join(dir, "PG_VERSION"))) throw new Error(`PGlite template not made at ${dir}`);
  }
  fs.rmSync(work, { recursive: true, force: true });
  return dir;
}

/** Fills `dataDir/pgdata` (the API's PGlite folder) with the migrated template. */
export async function pgliteFromTemplate(dataDir: string): Promise<void> {
  template ??= makeTemplate();
  fs.cpSync(await template, path.join(dataDir, "pgdata"), { recursive: true });
}
