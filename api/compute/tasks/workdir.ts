import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";

/** DATA_DIR/tasks/<id>: a task's inputs, job script, logs and outputs. */
export const taskDir = (dataDir: string, taskId: string) => path.join(dataDir, "tasks", taskId);

/** One segment of a deck path: a plain name, not hidden, not `.` or `..`. */
const SEGMENT = "[A-Za-z0-9_][A-Za-z0-9._-]{0,99}";
/**
 * Paths a deck's files may have: a plain name, or up to four folders deep (an OpenFOAM case's `system/controlDict`,
 * `0/U`), always relative, forward slashes, no `..`, no hidden names.
 */
export const SAFE_DECK_PATH = new RegExp(`^(?:${SEGMENT}/){0,3}${SEGMENT}$`);

/** sha256 over the files' names and contents in name order: the same inputs give the same hash. */
export function hashFiles(files: Record<string, string>): string {
  const h = crypto.createHash("sha256");
  for (const name of Object.keys(files).sort()) h.update(name).update("\0").update(files[name]).update("\0");
  return h.digest("hex");
}

export async function writeInputs(dir: string, files: Record<string, string>): Promise<void> {
  await fs.mkdir(dir, { recursive: true });
  for (const [name, text] of Object.entries(files)) {
    const file = path.join(dir, ...name.split("/"));
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.writeFile(file, text);
  }
}

/** Whether the inputs on disk still hash to what was submitted: a lost run is only repeated from intact inputs. */
export async function inputsIntact(dir: string, names: string[], expectedHash: string): Promise<boolean> {
  const files: Record<string, string> = {};
  try {
    for (const n of names) files[n] = await fs.readFile(path.join(dir, n), "utf8");
  } catch {
    return false;
  }
  return hashFiles(files) === expectedHash;
}

/** What a run writes; removed before a lost run is repeated so nothing of the first attempt is read as its result. */
const RUN_OUTPUTS = ["result.json", "stdout.log", "stderr.log", "workflow-result.json", "step-params.json", "step-inputs.json"];
export async function clearRunOutputs(dir: string): Promise<void> {
  for (const f of RUN_OUTPUTS) await fs.rm(path.join(dir, f), { force: true });
}

/**
 * A file inside the work dir named by a user: relative, no `..`, and after resolving symlinks still inside
 * the work dir and a regular file. Anything else is null (the caller answers "no such file").
 */
export async function resolveInside(dir: string, rel: string): Promise<string | null> {
  if (!rel || rel.includes("\0") || path.isAbsolute(rel) || /^[A-Za-z]:/.test(rel)) return null;
  const parts = rel.split(/[\\/]+/);
  if (parts.some((p) => p === ".." || p === "")) return null;
  try {
    const root = await fs.realpath(dir);
    const real = await fs.realpath(path.join(root, ...parts));
    if (!real.startsWith(root + path.sep)) return null;
    return (await fs.stat(real)).isFile() ? real : null;
  } catch {
    return null;
  }
}

/**
 * Up to `max` bytes of a log from `offset`, cut before a split UTF-8 character (it comes whole next time).
 * `more` says the page stopped at `max`, so the log may go on: a reader asks again from `nextOffset` at once
 * rather than with its next poll.
 */
export async function readLog(file: string, offset: number, max = 64 * 1024): Promise<{ text: string; nextOffset: number; more: boolean }> {
  let fh: fs.FileHandle;
  try {
    fh = await fs.open(file, "r");
  } catch {
    return { text: "", nextOffset: offset, more: false };
  }
  try {
    const buf = Buffer.alloc(max);
    const { bytesRead } = await fh.read(buf, 0, max, offset);
    let end = bytesRead;
    // Step back over a trailing incomplete sequence: continuation bytes 10xxxxxx after a lead byte that wants more.
    let i = end - 1;
    while (i >= 0 && i >= end - 4 && (buf[i] & 0xc0) === 0x80) i--;
    if (i >= 0 && i < end) {
      const lead = buf[i];
      const need = lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : lead >= 0xc0 ? 2 : 1;
      if (end - i < need) end = i;
    }
    return { text: buf.subarray(0, end).toString("utf8"), nextOffset: offset + end, more: bytesRead === max };
  } finally {
    await fh.close();
  }
}

/** The last lines of the solver's stderr: its own reason for failing, shown in the task's error. */
export async function stderrTail(dir: string, maxChars = 500): Promise<string> {
  try {
    const text = (await fs.readFile(path.join(dir, "stderr.log"), "utf8")).trim();
    return text.length > maxChars ? "…" + text.slice(-maxChars) : text;
  } catch {
    return "";
  }
}
