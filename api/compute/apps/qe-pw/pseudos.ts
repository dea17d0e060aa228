import fs from "node:fs";
import path from "node:path";

/** Where Debian's quantum-espresso-data installs its pseudopotentials. */
export const INSTALLED_PSEUDO_DIR = "/usr/share/espresso/pseudo";

/** Standard atomic weights (IUPAC, rounded) for ATOMIC_SPECIES; pw.x only uses them for dynamics, but a deck should be right. */
export const ATOMIC_MASS: Record<string, number> = {
  H: 1.008, He: 4.0026, Li: 6.94, Be: 9.0122, B: 10.81, C: 12.011, N: 14.007, O: 15.999, F: 18.998, Ne: 20.18,
  Na: 22.99, Mg: 24.305, Al: 26.982, Si: 28.086, P: 30.974, S: 32.06, Cl: 35.45, Ar: 39.948, K: 39.098, Ca: 40.078,
  Sc: 44.956, Ti: 47.867, V: 50.942, Cr: 51.996, Mn: 54.938, Fe: 55.845, Co: 58.933, Ni: 58.693, Cu: 63.546, Zn: 65.38,
  Ga: 69.723, Ge: 72.63, As: 74.922, Se: 78.971, Br: 79.904, Kr: 83.798, Rb: 85.468, Sr: 87.62, Y: 88.906, Zr: 91.224,
  Nb: 92.906, Mo: 95.95, Tc: 98, Ru: 101.07, Rh: 102.91, Pd: 106.42, Ag: 107.87, Cd: 112.41, In: 114.82, Sn: 118.71,
  Sb: 121.76, Te: 127.6, I: 126.9, Xe: 131.29, Cs: 132.91, Ba: 137.33, La: 138.91, Ce: 140.12, Pr: 140.91, Nd: 144.24,
  Pm: 145, Sm: 150.36, Eu: 151.96, Gd: 157.25, Tb: 158.93, Dy: 162.5, Ho: 164.93, Er: 167.26, Tm: 168.93, Yb: 173.05,
  Lu: 174.97, Hf: 178.49, Ta: 180.95, W: 183.84, Re: 186.21, Os: 190.23, Ir: 192.22, Pt: 195.08, Au: 196.97, Hg: 200.59,
  Tl: 204.38, Pb: 207.2, Bi: 208.98, Po: 209, At: 210, Rn: 222, Fr: 223, Ra: 226, Ac: 227, Th: 232.04, Pa: 231.04, U: 238.03,
};

/** An element symbol as the periodic table writes it ("fe", " Fe " → "Fe"), or null when it is none. */
export function elementSymbol(raw: string): string | null {
  const s = raw.trim();
  const sym = s.charAt(0).toUpperCase() + s.slice(1).toLowerCase();
  return sym in ATOMIC_MASS ? sym : null;
}

/**
 * The element a UPF file is for: UPF v2 has `element="Fe"` in PP_HEADER, UPF v1 a line "  Fe   Element";
 * without either, the file name's leading symbol ("Fe.pbe-…", "C_3.98148.UPF"). Null when none of them names one.
 */
export function upfElement(head: string, fileName: string): string | null {
  const v2 = /element\s*=\s*"([^"]*)"/i.exec(head);
  if (v2) return elementSymbol(v2[1]);
  const v1 = /^\s*([A-Za-z]{1,2})\s+Element\b/m.exec(head);
  if (v1) return elementSymbol(v1[1]);
  const byName = /^([A-Za-z]{1,2})(?=[._-])/.exec(fileName);
  return byName ? elementSymbol(byName[1]) : null;
}

export interface InstalledPseudo {
  file: string;
  element: string;
}

/** The UPF files of a directory with their elements (only the header is read); empty when the directory is missing. */
export function readPseudoDir(dir: string): InstalledPseudo[] {
  let names: string[];
  try {
    names = fs.readdirSync(dir).filter((n) => /\.upf$/i.test(n)).sort();
  } catch {
    return [];
  }
  const out: InstalledPseudo[] = [];
  for (const file of names) {
    let head = "";
    try {
      const fd = fs.openSync(path.join(dir, file), "r");
      try {
        const buf = Buffer.alloc(8192);
        head = buf.subarray(0, fs.readSync(fd, buf, 0, buf.length, 0)).toString("latin1");
      } finally {
        fs.closeSync(fd);
      }
    } catch {
      continue; // unreadable: not offered
    }
    const element = upfElement(head, file);
    if (element) out.push({ file, element });
  }
  return out;
}

/** Read once when the module loads: the form's options come from what is installed on this machine. */
export const INSTALLED_PSEUDOS: readonly InstalledPseudo[] = readPseudoDir(INSTALLED_PSEUDO_DIR);
