import { ATOMIC_MASS, INSTALLED_PSEUDOS, type InstalledPseudo } from "./pseudos.ts";
import type { QeParams } from "./params.ts";
import { chooseSpeciesPseudos } from "./species-pseudos.ts";
import { parseStructure } from "./structure.ts";

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

/** The crystal part of a pw.x input: SYSTEM's lattice lines and the species, cell and position cards. */
interface CrystalPart {
  lattice: string[];
  nat: number;
  species: string[];
  cards: string[];
}

/** One element's lattice from the form, at lattice constant `aAngstrom`. */
function latticeCrystal(p: QeParams, aAngstrom: number): CrystalPart {
  if (p.lattice === "cell") throw new Error("qe-pw: lattice = cell is rendered from its structure");
  const s = STRUCTURES[p.lattice];
  const lattice = [`  ibrav = ${s.ibrav}`, `  celldm(1) = ${num(aAngstrom / BOHR_A)}`];
  if (p.lattice === "hcp") lattice.push(`  celldm(3) = ${num(p.cOverA)}`);
  return {
    lattice,
    nat: s.atoms.length,
    species: [p.element],
    cards: [
      "ATOMIC_SPECIES",
      `  ${p.element} ${ATOMIC_MASS[p.element] ?? 1} ${p.pseudopotential}`,
      `ATOMIC_POSITIONS ${s.units}`,
      ...s.atoms.map((xyz) => `  ${p.element} ${xyz.map((c) => num(c, 10)).join(" ")}`),
    ],
  };
}

/**
 * The uploaded cell (validated by validateQeParams) with every vector times `scale`: ibrav 0, the cell in Å,
 * crystal coordinates (unchanged by a uniform scaling), and the pseudopotential chosen for each species
 * written into ATOMIC_SPECIES, so the user sees in pw.in which files ran.
 */
function uploadedCrystal(p: QeParams, scale: number, installed: readonly InstalledPseudo[]): CrystalPart {
  const cell = parseStructure(p.structure ?? "");
  const { pseudos, missing } = chooseSpeciesPseudos(cell.species, p.pseudopotential, installed);
  if (missing.length) throw new Error(`qe-pw: no installed pseudopotential for ${missing.join(", ")}`);
  return {
    lattice: ["  ibrav = 0"],
    nat: cell.atoms.length,
    species: cell.species,
    cards: [
      "ATOMIC_SPECIES",
      ...pseudos.map((x) => `  ${x.element} ${ATOMIC_MASS[x.element] ?? 1} ${x.file}`),
      "CELL_PARAMETERS angstrom",
      ...cell.cellA.map((v) => `  ${v.map((c) => num(c * scale, 10)).join(" ")}`),
      "ATOMIC_POSITIONS crystal",
      ...cell.atoms.map((a) => `  ${a.element} ${a.crystal.map((c) => num(c, 10)).join(" ")}`),
    ],
  };
}

/**
 * One pw.x input for the form's crystal at lattice constant `aAngstrom` (EOS points only change it and the
 * prefix); an uploaded cell is scaled uniformly by aAngstrom / latticeConstantA, so its EOS is a volume scan.
 */
export function renderPwInput(p: QeParams, aAngstrom: number, prefix: string, installed: readonly InstalledPseudo[] = INSTALLED_PSEUDOS): string {
  const crystal = p.lattice === "cell" ? uploadedCrystal(p, aAngstrom / p.latticeConstantA, installed) : latticeCrystal(p, aAngstrom);
  const system = [...crystal.lattice];
  system.push(`  nat = ${crystal.nat}`, `  ntyp = ${crystal.species.length}`, `  ecutwfc = ${num(p.ecutwfc, 4)}`);
  if (p.ecutrho !== undefined) system.push(`  ecutrho = ${num(p.ecutrho, 4)}`);
  if (p.smearing !== "none") system.push("  occupations = 'smearing'", `  smearing = '${p.smearing}'`, `  degauss = ${num(p.degauss, 6)}`);
  if (p.spinPolarized === "yes")
    system.push("  nspin = 2", ...crystal.species.map((_, i) => `  starting_magnetization(${i + 1}) = ${num(p.startingMagnetization, 4)}`));
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
    ...crystal.cards,
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
export function renderQeDeck(p: QeParams, installed: readonly InstalledPseudo[] = INSTALLED_PSEUDOS): { files: Record<string, string> } {
  const files: Record<string, string> = { [MAIN_INPUT]: renderPwInput(p, p.latticeConstantA, "pwscf", installed) };
  if (p.eosPoints >= 2) {
    eosLatticeConstants(p.latticeConstantA, p.eosPoints, p.eosSpreadPercent).forEach((a, i) => {
      if (Math.abs(a - p.latticeConstantA) < 1e-9 * p.latticeConstantA) return;
      files[eosInputName(i)] = renderPwInput(p, a, `p${String(i + 1).padStart(2, "0")}`, installed);
    });
  }
  return { files };
}
