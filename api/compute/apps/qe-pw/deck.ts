import { ATOMIC_MASS } from "./pseudos.ts";
import type { QeParams } from "./params.ts";

/** CODATA 2018 Bohr radius in Å: the form takes Å, pw.x's celldm(1) is in bohr. */
export const BOHR_A = 0.529177210903;

/** The main input's name; EOS points go to eos/pNN.in next to it. */
export const MAIN_INPUT = "pw.in";
export const EOS_DIR = "eos";

/** pw.x's Bravais lattice index and the atoms of each structure (one species). */
const STRUCTURES = {
  bcc: { ibrav: 3, units: "alat", atoms: [[0, 0, 0]] },
  fcc: { ibrav: 2, units: "alat", atoms: [[0, 0, 0]] },
  diamond: { ibrav: 2, units: "alat", atoms: [[0, 0, 0], [0.25, 0.25, 0.25]] },
  // Crystal coordinates of ibrav 4's hexagonal axes: the two hcp sites.
  hcp: { ibrav: 4, units: "crystal", atoms: [[1 / 3, 2 / 3, 0.25], [2 / 3, 1 / 3, 0.75]] },
} as const;

const num = (v: number, digits = 8) => Number(v.toFixed(digits)).toString();
const fortranNum = (v: number) => (Number.isInteger(v) ? v.toFixed(1) : v.toExponential().replace("e", "d").replace("+", ""));

/** One pw.x input for the form's crystal at lattice constant `aAngstrom` (EOS points only change it and the prefix). */
export function renderPwInput(p: QeParams, aAngstrom: number, prefix: string): string {
  const s = STRUCTURES[p.lattice];
  const system = [`  ibrav = ${s.ibrav}`, `  celldm(1) = ${num(aAngstrom / BOHR_A)}`];
  if (p.lattice === "hcp") system.push(`  celldm(3) = ${num(p.cOverA)}`);
  system.push(`  nat = ${s.atoms.length}`, "  ntyp = 1", `  ecutwfc = ${num(p.ecutwfc, 4)}`);
  if (p.ecutrho !== undefined) system.push(`  ecutrho = ${num(p.ecutrho, 4)}`);
  if (p.smearing !== "none") system.push("  occupations = 'smearing'", `  smearing = '${p.smearing}'`, `  degauss = ${num(p.degauss, 6)}`);
  if (p.spinPolarized === "yes") system.push("  nspin = 2", `  starting_magnetization(1) = ${num(p.startingMagnetization, 4)}`);
  const shift = p.kShifted === "yes" ? 1 : 0;
  return [
    "&CONTROL",
    `  calculation = '${p.calculation}'`,
    `  prefix = '${prefix}'`,
    // Inside the work dir: a task never writes elsewhere, and deleting the task removes it.
    "  outdir = './tmp/'",
    // The job script links the chosen installed pseudopotential into the work dir (see job.ts), so the deck
    // names no machine path and runs the same under Slurm or when downloaded with its UPF file.
    "  pseudo_dir = './'",
    "  tstress = .true.",
    "  tprnfor = .true.",
    "/",
    "&SYSTEM",
    ...system,
    "/",
    "&ELECTRONS",
    `  conv_thr = ${fortranNum(p.convThr)}`,
    `  mixing_beta = ${num(p.mixingBeta, 4)}`,
    "/",
    "ATOMIC_SPECIES",
    `  ${p.element} ${ATOMIC_MASS[p.element] ?? 1} ${p.pseudopotential}`,
    `ATOMIC_POSITIONS ${s.units}`,
    ...s.atoms.map((xyz) => `  ${p.element} ${xyz.map((c) => num(c, 10)).join(" ")}`),
    "K_POINTS automatic",
    `  ${p.kpoints} ${p.kpoints} ${p.kpoints} ${shift} ${shift} ${shift}`,
    "",
  ].join("\n");
}

/** The lattice constants of an EOS scan: `points` evenly from −spread % to +spread % around a. */
export function eosLatticeConstants(a: number, points: number, spreadPercent: number): number[] {
  const s = spreadPercent / 100;
  return Array.from({ length: points }, (_, i) => a * (1 - s + (2 * s * i) / (points - 1)));
}

export const eosInputName = (i: number) => `${EOS_DIR}/p${String(i + 1).padStart(2, "0")}.in`;

/**
 * The work dir's inputs: pw.in at the given lattice constant (always run: its forces, stress and SCF are the
 * task's main result) and, for an EOS scan, eos/pNN.in at every other lattice constant of the scan. The point
 * equal to a (the middle one of an odd count) is pw.in itself, so it is not run twice; the fit uses them all.
 */
export function renderQeDeck(p: QeParams): { files: Record<string, string> } {
  const files: Record<string, string> = { [MAIN_INPUT]: renderPwInput(p, p.latticeConstantA, "pwscf") };
  if (p.eosPoints >= 2) {
    eosLatticeConstants(p.latticeConstantA, p.eosPoints, p.eosSpreadPercent).forEach((a, i) => {
      if (Math.abs(a - p.latticeConstantA) < 1e-9 * p.latticeConstantA) return;
      files[eosInputName(i)] = renderPwInput(p, a, `p${String(i + 1).padStart(2, "0")}`);
    });
  }
  return { files };
}
