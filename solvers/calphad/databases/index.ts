/**
 * The thermodynamic databases Ferrum ships: public TDB files copied unchanged (headers kept) from pycalphad's
 * and kawin's test data. The catalogue lists these; `databases.test.ts` checks that each entry's elements and
 * phases are what the file really declares.
 */
import { projectPath } from "../../../common/project-path.ts";

export interface ShippedDatabase {
  /** The file stem, used as the database id in apps and the API. */
  id: string;
  /** Path relative to this folder. */
  file: string;
  /** Absolute path on this machine. */
  path: string;
  title: string;
  elements: string[];
  phases: string[];
  citation: string;
  source: string;
}

const PYCALPHAD = "pycalphad@c3766376 pycalphad/tests/databases/ (NIMS CPDDB file)";
const KAWIN = "kawin@d785d33 examples/";

const entry = (e: Omit<ShippedDatabase, "path">): ShippedDatabase => ({ ...e, path: projectPath("solvers/calphad/databases", e.file) });

export const shippedDatabases: ShippedDatabase[] = [
  entry({
    id: "alzn_mey", file: "alzn_mey.tdb", title: "Al–Zn",
    elements: ["AL", "ZN"], phases: ["LIQUID", "FCC_A1", "HCP_A3"],
    citation: "S. an Mey, Reevaluation of the Al–Zn system, Z. Metallkd. 84 (1993) 451–455",
    source: PYCALPHAD,
  }),
  entry({
    id: "alfe", file: "alfe.tdb", title: "Al–Fe (magnetic BCC/FCC, B2 order–disorder)",
    elements: ["AL", "FE"], phases: ["LIQUID", "BCC_A2", "B2_BCC", "FCC_A1", "HCP_A3", "AL2FE", "AL13FE4", "AL5FE2", "AL5FE4"],
    citation: "COST 507, Thermochemical database for light metal alloys, vol. 2, eds. I. Ansara, A.T. Dinsdale, M.H. Rand (1998), ISBN 92-828-3902-8",
    source: PYCALPHAD,
  }),
  entry({
    id: "pbsn", file: "pbsn.tdb", title: "Pb–Sn",
    elements: ["PB", "SN"], phases: ["LIQUID", "FCC_A1", "BCT_A5"],
    citation: "T.L. Ngai, Y.A. Chang, A thermodynamic analysis of the Pb–Sn system and the calculation of the Pb–Sn phase diagram, CALPHAD 5 (1981) 267–276",
    source: PYCALPHAD,
  }),
  entry({
    id: "crtiv_ghosh", file: "crtiv_ghosh.tdb", title: "Cr–Ti–V",
    elements: ["CR", "TI", "V"], phases: ["LIQUID", "BCC_A2", "HCP_A3", "LAVES_C14", "LAVES_C36", "LAVES_C15"],
    citation: "G. Ghosh, Thermodynamic and kinetic modeling of the Cr–Ti–V system, J. Phase Equilib. 23 (2002) 310–328",
    source: PYCALPHAD,
  }),
  entry({
    id: "FeCrNi_kawin_matcalc", file: "FeCrNi_kawin_matcalc.tdb", title: "Fe–Cr–Ni (steel, with mobilities)",
    elements: ["CR", "FE", "NI"], phases: ["FCC_A1", "BCC_A2", "SIGMA"],
    citation: "MatCalc open steel database mc_fe v2.060 (Open Database License, opendatacommons.org/licenses/odbl/1.0/)",
    source: KAWIN,
  }),
  entry({
    id: "AlScZr", file: "kwn/AlScZr.tdb", title: "Al–Sc–Zr (precipitation example)",
    elements: ["AL", "SC", "ZR"], phases: ["AL3SC", "AL3ZR", "FCC_A1"],
    citation: "Al–Zr: T. Wang, Z. Jin, J. Zhao, J. Phase Equilib. 22 (2001) 544 (as the file header states)",
    source: KAWIN,
  }),
  entry({
    id: "CuTi", file: "kwn/CuTi.tdb", title: "Cu–Ti (precipitation example, with mobilities)",
    elements: ["CU", "TI"],
    phases: ["LIQUID", "FCC_A1", "HCP_A3", "BCC_A2", "BCT_A5", "C11B_CUTI2", "B11_CUTI", "CU2TI", "CU3TI2", "CU4TI", "CU4TI3"],
    citation: "J. Wang et al., Calphad (2011); mobilities from J. Wang et al., J. Phase Equilib. Diffus. (2011) (as the file header states)",
    source: KAWIN,
  }),
  entry({
    id: "NiCrAl", file: "kwn/NiCrAl.tdb", title: "Ni–Cr–Al (precipitation example, L12/A1 and B2/A2 order–disorder)",
    elements: ["AL", "CR", "NI"],
    phases: ["GAS", "LIQUID", "FCC_A1", "BCC_A2", "HCP_A3", "BCC_B2", "FCC_L12", "C14_LAVES", "C15_LAVES", "C36_LAVES", "SIGMA",
      "NEWSIGMA", "CHI_A12", "MTI2", "AL11CR2", "AL13CR2", "AL4CR", "AL8CR5_H", "AL8CR5_L", "AL9CR4_H", "AL9CR4_L", "ALCR2",
      "AL3NI1", "AL3NI2", "AL3NI5"],
    citation: "N. Dupin, I. Ansara, Thermodynamic re-assessment of the ternary system Al–Cr–Ni, Calphad 25 (2001) 279–298",
    source: KAWIN,
  }),
];

/** The entry of a shipped database by id, or undefined. */
export function shippedDatabase(id: string): ShippedDatabase | undefined {
  return shippedDatabases.find((d) => d.id === id);
}
