/** What one pw.x output file says, as far as the platform reports it. Pure text parsing: no files here. */
export interface PwRun {
  /** Every `!` total energy (one per SCF cycle; the last is the result), Ry. */
  finalEnergiesRy: number[];
  fermiEnergyEv?: number;
  highestOccupiedEv?: number;
  /** Last printed, Bohr magneton per cell (spin-polarised runs). */
  totalMagnetization?: number;
  absoluteMagnetization?: number;
  /** Iterations of the last converged SCF cycle. */
  scfIterations?: number;
  /** Estimated SCF accuracy per iteration, over all SCF cycles in order, Ry. */
  scfAccuracyRy: number[];
  forces?: { atoms: Array<{ atom: number; type: number; f: [number, number, number] }>; totalForce?: number };
  /** Stress tensor in kbar and the pressure P, kbar. */
  stress?: { kbar: number[][]; pressureKbar: number };
  /** celldm(1) in bohr and the unit-cell volume in bohr³, as pw.x read them. */
  alatBohr?: number;
  volumeBohr3?: number;
  /** pw.x's Bravais lattice index: 0 for a cell given by CELL_PARAMETERS. */
  ibrav?: number;
  nat?: number;
  /** The job's end as pw.x writes it. */
  jobDone: boolean;
}

const NUM = String.raw`[-+]?(?:\d+\.?\d*|\.\d+)(?:[eEdD][-+]?\d+)?`;
const toNum = (s: string) => Number(s.replace(/[dD]/, "e"));

const lastMatch = (text: string, re: RegExp): RegExpExecArray | null => {
  let last: RegExpExecArray | null = null;
  const g = new RegExp(re.source, re.flags.includes("g") ? re.flags : re.flags + "g");
  for (let m = g.exec(text); m; m = g.exec(text)) last = m;
  return last;
};

/**
 * Reads a pw.x output (also half-written: every field is optional and nothing throws). Numbers a Fortran
 * field overflowed into asterisks are skipped rather than read as NaN.
 */
export function parsePwOutput(text: string): PwRun {
  const run: PwRun = { finalEnergiesRy: [], scfAccuracyRy: [], jobDone: /JOB DONE\./.test(text) };
  for (const m of text.matchAll(new RegExp(String.raw`^!\s+total energy\s+=\s+(${NUM})\s+Ry`, "gm"))) run.finalEnergiesRy.push(toNum(m[1]));
  for (const m of text.matchAll(new RegExp(String.raw`estimated scf accuracy\s+<\s+(${NUM})\s+Ry`, "g"))) {
    const v = toNum(m[1]);
    if (Number.isFinite(v)) run.scfAccuracyRy.push(v);
  }
  const fermi = lastMatch(text, new RegExp(String.raw`the Fermi energy is\s+(${NUM})\s+ev`, "i"));
  if (fermi) run.fermiEnergyEv = toNum(fermi[1]);
  const homo = lastMatch(text, new RegExp(String.raw`highest occupied(?:, lowest unoccupied)? level \(ev\):\s+(${NUM})`, "i"));
  if (homo) run.highestOccupiedEv = toNum(homo[1]);
  const mag = lastMatch(text, new RegExp(String.raw`total magnetization\s+=\s+(${NUM})\s+Bohr mag/cell`));
  if (mag) run.totalMagnetization = toNum(mag[1]);
  const absMag = lastMatch(text, new RegExp(String.raw`absolute magnetization\s+=\s+(${NUM})\s+Bohr mag/cell`));
  if (absMag) run.absoluteMagnetization = toNum(absMag[1]);
  const iters = lastMatch(text, /convergence has been achieved in\s+(\d+)\s+iterations/);
  if (iters) run.scfIterations = Number(iters[1]);
  const ibrav = /bravais-lattice index\s+=\s+(-?\d+)/.exec(text);
  if (ibrav) run.ibrav = Number(ibrav[1]);
  const alat = /celldm\(1\)=\s*(\S+)/.exec(text);
  if (alat && Number.isFinite(toNum(alat[1]))) run.alatBohr = toNum(alat[1]);
  const vol = new RegExp(String.raw`unit-cell volume\s+=\s+(${NUM})\s+\(a\.u\.\)\^3`).exec(text);
  if (vol) run.volumeBohr3 = toNum(vol[1]);
  const nat = /number of atoms\/cell\s+=\s+(\d+)/.exec(text);
  if (nat) run.nat = Number(nat[1]);
  run.forces = readForces(text, run.nat);
  run.stress = readStress(text);
  return run;
}

/** The last "Forces acting on atoms" block: one line per atom, then the total force. */
function readForces(text: string, nat?: number): PwRun["forces"] {
  const start = text.lastIndexOf("Forces acting on atoms");
  if (start < 0) return undefined;
  const lines = text.slice(start).split("\n").slice(1);
  const atoms: NonNullable<PwRun["forces"]>["atoms"] = [];
  const atomRe = new RegExp(String.raw`^\s*atom\s+(\d+)\s+type\s+(\d+)\s+force\s+=\s+(${NUM})\s+(${NUM})\s+(${NUM})`);
  let totalForce: number | undefined;
  for (const line of lines) {
    const a = atomRe.exec(line);
    if (a) {
      // Later blocks (contributions printed with high verbosity) repeat atom numbers: the first block is the total.
      if (atoms.some((x) => x.atom === Number(a[1]))) continue;
      atoms.push({ atom: Number(a[1]), type: Number(a[2]), f: [toNum(a[3]), toNum(a[4]), toNum(a[5])] });
      continue;
    }
    const t = new RegExp(String.raw`Total force\s+=\s+(${NUM})`).exec(line);
    if (t) {
      totalForce = toNum(t[1]);
      break;
    }
  }
  if (!atoms.length || (nat !== undefined && atoms.length !== nat && totalForce === undefined)) return undefined;
  return { atoms, totalForce };
}

/** The last stress block: "total stress (Ry/bohr**3) (kbar) P= …" and three rows, kbar in columns 4–6. */
function readStress(text: string): PwRun["stress"] {
  const m = lastMatch(text, new RegExp(String.raw`total\s+stress\s+\(Ry/bohr\*\*3\)\s+\(kbar\)\s+P=\s*(${NUM})[^\n]*\n([^\n]*)\n([^\n]*)\n([^\n]*)`));
  if (!m) return undefined;
  const rows = [m[2], m[3], m[4]].map((l) => l.trim().split(/\s+/).map(toNum));
  if (rows.some((r) => r.length !== 6 || r.some((v) => !Number.isFinite(v)))) return undefined;
  return { pressureKbar: toNum(m[1]), kbar: rows.map((r) => r.slice(3)) };
}
