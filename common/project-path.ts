/**
 * Files the platform ships (migrations, solver CLIs, thermodynamic databases, the file client) are found from
 * the project's root, not from the module asking: the API also runs as one bundle in build/server/, where a
 * module's own URL no longer says where its source folder was.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

function findRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const pkg = path.join(dir, "package.json");
    if (fs.existsSync(pkg) && JSON.parse(fs.readFileSync(pkg, "utf8")).name === "ferrum") return dir;
    if (path.dirname(dir) === dir) throw new Error(`the Ferrum project folder is not above ${from}`);
  }
}

export const PROJECT_ROOT = findRoot(path.dirname(fileURLToPath(import.meta.url)));

/** A path inside the project, from its root: projectPath("api/db/migrations"). */
export function projectPath(...parts: string[]): string {
  return path.join(PROJECT_ROOT, ...parts);
}
