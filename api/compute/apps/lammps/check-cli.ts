/**
 * Run by the job before LAMMPS when the input includes other scripts (include, jump to a file): CreateTask
 * only saw the main input, so the included files of the deck get the same safety check here. Prints each
 * problem to stderr and exits 2; exits 0 when every script reached is safe.
 * Usage: node --import tsx check-cli.ts in.lammps   (in the work dir)
 */
import fs from "node:fs";
import { scriptFiles, unsafeCommands } from "./deck-check.ts";
import { readScript } from "./script.ts";

const seen = new Set<string>();
const problems: string[] = [];
const queue = [process.argv[2] ?? "in.lammps"];
while (queue.length) {
  const file = queue.shift()!;
  if (seen.has(file)) continue;
  seen.add(file);
  let text: string;
  try {
    text = fs.readFileSync(file, "utf8");
  } catch {
    problems.push(`${file}: cannot be read (an included script must be a file of the deck)`);
    continue;
  }
  const commands = readScript(text);
  for (const issue of unsafeCommands(commands)) problems.push(`${file}:${issue.line ?? "?"}: ${issue.text.en}`);
  // Paths were checked above: what is left are work-dir files to look at in turn.
  for (const next of scriptFiles(commands)) queue.push(next);
}
if (problems.length) {
  for (const p of problems) process.stderr.write(`${p}\n`);
  process.exit(2);
}
