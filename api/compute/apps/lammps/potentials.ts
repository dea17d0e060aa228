/** Where the Debian package lammps-data installs the potential files LAMMPS ships. */
export const POTENTIALS_DIR = "/usr/share/lammps/potentials";

/** An installed EAM potential the graphical mode offers: its file, the pair style that reads it, its elements in file order. */
export interface InstalledPotential {
  file: string;
  pairStyle: "eam/fs" | "eam/cd";
  elements: readonly string[];
}

/**
 * The steel-relevant EAM potentials of lammps-data. Elements are listed as the files list them (pair_coeff maps
 * LAMMPS atom types to these names, so type 1 is the host and type 2 the solute whatever the file's order).
 */
export const INSTALLED_POTENTIALS = {
  "Fe_mm.eam.fs": { file: "Fe_mm.eam.fs", pairStyle: "eam/fs", elements: ["Fe"] },
  "FeP_mm.eam.fs": { file: "FeP_mm.eam.fs", pairStyle: "eam/fs", elements: ["Fe", "P"] },
  "AlFe_mm.eam.fs": { file: "AlFe_mm.eam.fs", pairStyle: "eam/fs", elements: ["Al", "Fe"] },
  "FeCr.cdeam": { file: "FeCr.cdeam", pairStyle: "eam/cd", elements: ["Fe", "Cr"] },
} as const satisfies Record<string, InstalledPotential>;

export type PotentialFile = keyof typeof INSTALLED_POTENTIALS;
export const POTENTIAL_FILES = Object.keys(INSTALLED_POTENTIALS) as [PotentialFile, ...PotentialFile[]];
/** Every element some installed potential describes. */
export const ELEMENTS = ["Fe", "Al", "Cr", "P"] as const;
export type Element = (typeof ELEMENTS)[number];
