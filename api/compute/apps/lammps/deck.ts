import type { LammpsParams } from "./params.ts";
import { INSTALLED_POTENTIALS, POTENTIALS_DIR } from "./potentials.ts";

/** The structure the graphical run writes at its end (offered for download). */
export const FINAL_DATA_FILE = "final.data";

/** Masses are read from the EAM file by pair_coeff; time damping constants follow the LAMMPS manual's advice. */
const THERMOSTAT_STEPS = 100;
const BAROSTAT_STEPS = 1000;

/**
 * Params → in.lammps. The relaxed lattice constant and cohesive energy are printed as `RESULT key = value`
 * lines of variables computed by LAMMPS itself, so the parser reads them exactly instead of recomputing.
 */
export function renderLammpsDeck(p: LammpsParams): string {
  const pot = INSTALLED_POTENTIALS[p.potential];
  const elements = pot.elements as readonly string[];
  // Type 1 is the host; with a two-element potential type 2 is the other element (the solute, possibly absent).
  const types = elements.length > 1 ? [p.element, ...elements.filter((e) => e !== p.element)] : [p.element];
  const n = p.cells;
  const lines = [
    `# Ferrum LAMMPS app: ${p.lattice} ${p.element}${p.solute !== "none" ? `-${p.solute}` : ""} with ${pot.file}`,
    "units           metal",
    "atom_style      atomic",
    "boundary        p p p",
    `lattice         ${p.lattice} ${p.latticeConstantA}`,
    `region          box block 0 ${n} 0 ${n} 0 ${n}`,
    `create_box      ${types.length} box`,
    "create_atoms    1 box",
  ];
  if (p.solute !== "none") lines.push(`set             type 1 type/fraction 2 ${p.soluteFraction} ${p.seed}`);
  lines.push(
    `pair_style      ${pot.pairStyle}`,
    `pair_coeff      * * ${POTENTIALS_DIR}/${pot.file} ${types.join(" ")}`,
    "neighbor        1.0 bin",
    "thermo_style    custom step temp pe etotal press vol",
    `thermo          ${p.thermoEvery}`,
    "",
  );
  if (p.relax === "yes") {
    lines.push(
      "# Relax the box (isotropic, zero pressure) and the atoms together",
      "fix             relax all box/relax iso 0.0 vmax 0.001",
      "min_style       cg",
      "minimize        1.0e-12 1.0e-12 1000 10000",
      "unfix           relax",
    );
  } else {
    lines.push("# No relaxation: energy of the structure as built", "run             0");
  }
  lines.push(
    `variable        a0 equal (vol/(${n}*${n}*${n}))^(1.0/3.0)`,
    "variable        ecoh equal pe/atoms",
    'print           "RESULT latticeConstantA = $(v_a0:%.8f)"',
    'print           "RESULT cohesiveEnergyEvPerAtom = $(v_ecoh:%.8f)"',
    'print           "RESULT atoms = $(atoms)"',
  );
  if (p.solute !== "none") {
    // What the random substitution really gave, which differs from the asked fraction in a small box.
    lines.push("group           solute type 2", "variable        xsolute equal count(solute)/atoms", 'print           "RESULT soluteFraction = $(v_xsolute:%.6f)"');
  }
  lines.push("");
  if (p.ensemble !== "none" && p.steps > 0) {
    const tdamp = THERMOSTAT_STEPS * p.timestepPs;
    const pdamp = BAROSTAT_STEPS * p.timestepPs;
    lines.push(
      "# Molecular dynamics",
      "reset_timestep  0",
      `timestep        ${p.timestepPs}`,
      // Twice the target: half the kinetic energy goes into the potential energy of the lattice (equipartition).
      `velocity        all create ${2 * p.temperatureK} ${p.seed} dist gaussian mom yes rot yes`,
      p.ensemble === "nvt"
        ? `fix             md all nvt temp ${p.temperatureK} ${p.temperatureK} ${tdamp}`
        : `fix             md all npt temp ${p.temperatureK} ${p.temperatureK} ${tdamp} iso ${p.pressureBar} ${p.pressureBar} ${pdamp}`,
      `run             ${p.steps}`,
      "unfix           md",
    );
  }
  lines.push(`write_data      ${FINAL_DATA_FILE}`, "");
  return lines.join("\n");
}
