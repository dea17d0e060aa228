/**
 * Run by the job script in the work dir before any OpenFOAM program: the platform's parseDeck only sees
 * system/controlDict, so the rest of an uploaded case (includes, #codeStream, coded BCs, outside paths, where
 * the mesh comes from) is checked here. Prints `<solver> <mesh source>` on stdout; on a refusal prints each
 * reason with its file and line to stderr (the task's error shows that tail) and exits 2.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { findExecutable } from "../availability.ts";
import { AppInputError } from "../types.ts";
import { CONTROL_DICT, caseFileIssues, parseControlDict } from "./case.ts";

/** Files an uploaded case holds: system/, constant/ and the time folders (0, 0.orig, numbers). */
const CASE_DIR = /^(system|constant|\d[\d.eE+-]*|\d[\d.]*\.orig)$/;
const POLY_MESH = ["points", "faces", "owner", "neighbour", "boundary"];

function caseFiles(root: string): string[] {
  const out: string[] = [];
  const walk = (rel: string) => {
    for (const d of fs.readdirSync(path.join(root, rel), { withFileTypes: true })) {
      const r = rel ? `${rel}/${d.name}` : d.name;
      if (d.isDirectory()) walk(r);
      else if (d.isFile()) out.push(r);
    }
  };
  for (const d of fs.readdirSync(root, { withFileTypes: true })) if (d.isDirectory() && CASE_DIR.test(d.name)) walk(d.name);
  return out.sort();
}

export function checkCase(root: string): { solver: string; mesh: "blockMesh" | "polyMesh" } | { errors: string[] } {
  const errors: string[] = [];
  const at = (file: string, line?: number) => (line ? `${file}:${line}: ` : `${file}: `);
  const controlPath = path.join(root, CONTROL_DICT);
  if (!fs.existsSync(controlPath)) return { errors: [`${CONTROL_DICT}: missing`] };

  let solver = "";
  try {
    solver = parseControlDict(fs.readFileSync(controlPath, "utf8")).solver;
  } catch (e) {
    if (!(e instanceof AppInputError)) throw e;
    for (const i of e.issues) errors.push(at(CONTROL_DICT, i.line) + i.text.en);
  }
  for (const rel of caseFiles(root)) {
    if (rel === CONTROL_DICT) continue;
    const buf = fs.readFileSync(path.join(root, rel));
    if (buf.includes(0)) continue; // a binary field or mesh file: no directives to find in it
    for (const i of caseFileIssues(rel, buf.toString("utf8"))) errors.push(at(rel, i.line) + i.text.en);
  }

  const hasBlockMesh = fs.existsSync(path.join(root, "system/blockMeshDict"));
  const hasPolyMesh = POLY_MESH.every((f) => fs.existsSync(path.join(root, "constant/polyMesh", f)));
  if (!hasBlockMesh && !hasPolyMesh) {
    errors.push("no mesh: the case needs system/blockMeshDict or a mesh in constant/polyMesh (points, faces, owner, neighbour, boundary)");
  }
  if (solver && !findExecutable(solver)) errors.push(`${solver} is not installed on this machine`);
  return errors.length ? { errors } : { solver, mesh: hasBlockMesh ? "blockMesh" : "polyMesh" };
}

// Only as a program (the job script), not when a test imports checkCase.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const r = checkCase(process.cwd());
  if ("errors" in r) {
    process.stderr.write(`The case was refused before running:\n${r.errors.join("\n")}\n`);
    process.exit(2);
  }
  process.stdout.write(`${r.solver} ${r.mesh}\n`);
}
