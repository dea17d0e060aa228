import type { JobScriptContext } from "../types.ts";
import { EOS_DIR } from "./deck.ts";
import { INSTALLED_PSEUDO_DIR } from "./pseudos.ts";
import { shellQuote } from "../../job-shell.ts";

/** Card names that end the ATOMIC_SPECIES block of a pw.x input. */
const CARDS = "ATOMIC_SPECIES|ATOMIC_POSITIONS|K_POINTS|CELL_PARAMETERS|OCCUPATIONS|CONSTRAINTS|ATOMIC_FORCES|ATOMIC_VELOCITIES|ADDITIONAL_K_POINTS|SOLVENTS|HUBBARD";

/**
 * The job: pw.x on pw.in, then on each EOS point (eos/pNN.in) when the deck has them.
 *
 * Pseudopotentials: renderDeck only returns texts, so it cannot copy a UPF file. Rather than writing the
 * installed directory's absolute path into the deck (which would tie it to this machine), every deck reads
 * its pseudopotentials from the work dir (pseudo_dir './', or none: ESPRESSO_PSEUDO points there) and this
 * script symlinks each file named in ATOMIC_SPECIES from the installed directory unless the user uploaded it.
 * A file that is neither is a clear error before pw.x starts. The script reads the deck itself (awk), so it
 * is the same for both modes and both executors, and needs nothing from the API.
 *
 * Output: pw.x's output goes through tee into pw.out (the parsed file) and stdout.log (the live log). With a
 * pipe there is no `exec`; a cancel's SIGTERM goes to the whole process group, pw.x (or mpirun) included.
 */
export function qeJobScript(ctx: JobScriptContext, installedDir = INSTALLED_PSEUDO_DIR): string {
  const cores = Math.max(1, Math.floor(ctx.cores));
  return [
    "#!/usr/bin/env bash",
    "set -euo pipefail",
    `cd ${shellQuote(ctx.workDir)}`,
    // One MPI rank per core given: OpenMP threads on top would oversubscribe the cores the task was granted.
    "export OMP_NUM_THREADS=1",
    'export ESPRESSO_PSEUDO="$PWD"',
    `INSTALLED=${shellQuote(installedDir)}`,
    "PW=(pw.x)",
    `if [ ${cores} -gt 1 ]; then`,
    `  PW=(mpirun -np ${cores})`,
    // OpenMPI refuses root unless told; only then, so a normal user's run stays as OpenMPI wants it.
    '  if [ "$(id -u)" = 0 ]; then PW+=(--allow-run-as-root); fi',
    "  PW+=(pw.x)",
    "fi",
    "",
    "# The pseudopotential files an input names: the third field of each ATOMIC_SPECIES line.",
    "pseudos_of() {",
    `  awk '{ u = toupper($1) } u ~ /^(${CARDS})$/ { on = (u == "ATOMIC_SPECIES"); next } on && NF >= 3 && $1 !~ /^[!#]/ { print $3 }' "$1"`,
    "}",
    "link_pseudos() {",
    '  local p',
    '  for p in $(pseudos_of "$1"); do',
    '    if [ -e "$p" ]; then continue; fi',
    '    if [ -f "$INSTALLED/$p" ]; then ln -s "$INSTALLED/$p" "$p"; continue; fi',
    '    echo "pseudopotential $p (named in $1): neither uploaded with the input nor installed in $INSTALLED" >&2',
    "    exit 2",
    "  done",
    "}",
    "run_pw() {",
    '  link_pseudos "$1"',
    '  "${PW[@]}" -in "$1" | tee "${1%.in}.out"',
    "}",
    "",
    `run_pw ${shellQuote(ctx.mainInput)}`,
    `for input in ${EOS_DIR}/p*.in; do`,
    '  [ -f "$input" ] || continue',
    '  echo "=== EOS point $input ==="',
    '  run_pw "$input"',
    "done",
    "",
  ].join("\n");
}
