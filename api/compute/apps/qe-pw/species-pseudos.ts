import type { InstalledPseudo } from "./pseudos.ts";

/** Exchange–correlation tags as UPF file names write them (QE's naming convention: Element.[rel-]functional-…-kind). */
const FUNCTIONALS = new Set(["pz", "pbe", "pbesol", "blyp", "tpss", "pw91", "revpbe", "bp", "lda", "coulomb"]);
/** Pseudopotential kinds: norm-conserving (vbc, bhs, mt, fhi, rrkj, hgh), ultrasoft (rrkjus, van), PAW (kjpaw). */
const KINDS = new Set(["vbc", "bhs", "mt", "fhi", "rrkj", "hgh", "rrkjus", "van", "kjpaw"]);

export interface PseudoFamily {
  functional?: string;
  kind?: string;
  relativistic: boolean;
}

/** The family tags of a UPF file name: "Fe.pz-nd-rrkjus.UPF" → pz, rrkjus; "C_3.98148.UPF" → none. */
export function pseudoFamily(file: string): PseudoFamily {
  const tokens = file.replace(/\.upf$/i, "").toLowerCase().split(/[-_.]/).slice(1);
  return {
    functional: tokens.find((t) => FUNCTIONALS.has(t)),
    kind: tokens.find((t) => KINDS.has(t)),
    relativistic: tokens.includes("rel"),
  };
}

/** How well a candidate matches the reference family: the functional matters most (mixing them is wrong), then the kind. */
function familyScore(ref: PseudoFamily, cand: PseudoFamily): number {
  return (ref.functional && ref.functional === cand.functional ? 4 : 0) + (ref.kind && ref.kind === cand.kind ? 2 : 0) + (ref.relativistic === cand.relativistic ? 1 : 0);
}

export interface SpeciesPseudo {
  element: string;
  file: string;
}

/**
 * One installed pseudopotential per element of a cell: the chosen file itself for its own element, else the
 * installed file whose name best matches the chosen one's family (same functional, then same kind), the
 * first by name among equals (the list is sorted). `missing` lists elements with nothing installed.
 */
export function chooseSpeciesPseudos(
  elements: readonly string[],
  chosenFile: string,
  installed: readonly InstalledPseudo[],
): { pseudos: SpeciesPseudo[]; missing: string[] } {
  const ref = pseudoFamily(chosenFile);
  const pseudos: SpeciesPseudo[] = [];
  const missing: string[] = [];
  for (const element of elements) {
    const own = installed.filter((p) => p.element === element);
    if (!own.length) {
      missing.push(element);
      continue;
    }
    const exact = own.find((p) => p.file === chosenFile);
    let best = exact ?? own[0];
    if (!exact) {
      let bestScore = familyScore(ref, pseudoFamily(best.file));
      for (const p of own.slice(1)) {
        const s = familyScore(ref, pseudoFamily(p.file));
        if (s > bestScore) [best, bestScore] = [p, s];
      }
    }
    pseudos.push({ element, file: best.file });
  }
  return { pseudos, missing };
}
