import { parseTdb, TdbError, type Database, type TdbPhase, type TdbPiecewise } from "../../../solvers/calphad/tdb/index.ts";
import type { DatabaseContent, PhaseView } from "./content.types.ts";

/**
 * The one place that knows the TDB reader's records: a parsed file as the catalogue shows it. Everything is
 * read from the parsed database (nothing re-scanned from the text), so what the page shows is what the
 * engine will compute with.
 */
export { TdbError };

// An open end (a range written without its upper limit) is Infinity to the reader; JSON has no Infinity, so null.
const bound = (t: number) => (Number.isFinite(t) ? t : null);
const ranges = (v: TdbPiecewise) => v.ranges.map((r) => ({ low: bound(r.low), high: bound(r.high), expression: r.text }));

function phaseView(p: TdbPhase): PhaseView {
  return {
    name: p.name,
    sublattices: p.siteRatios.map((ratio, i) => ({ ratio, constituents: p.constituents[i] ?? [] })),
    suffix: p.suffix,
    magnetic: p.magnetic ? { afm: p.magnetic.afm, p: p.magnetic.p } : null,
    disorderedPart: p.disorderedPhase ?? null,
    orderedPhase: p.orderedPhase ?? null,
  };
}

/** The catalogue's view of a parsed database; elements without the vacancy and the electron pseudo-elements. */
export function contentOf(db: Database): DatabaseContent {
  const elements = Object.keys(db.elements).filter((e) => e !== "VA" && e !== "/-").sort();
  const species = Object.keys(db.species).filter((s) => !(s in db.elements)).sort();
  return {
    warnings: db.warnings.map((w) => ({ line: w.line, code: w.code, message: w.message })).sort((a, b) => a.line - b.line),
    elements,
    species,
    phases: Object.values(db.phases).map(phaseView).sort((a, b) => a.name.localeCompare(b.name)),
    functions: Object.values(db.functions)
      .sort((a, b) => a.line - b.line)
      .map((f) => ({ name: f.name, ranges: ranges(f.value) })),
    parameters: db.parameters.map((p) => ({
      type: p.type,
      phase: p.phase,
      constituents: p.constituents,
      order: p.order,
      ranges: ranges(p.value),
      label: `${p.type}(${p.phase}${p.diffusingSpecies ? `&${p.diffusingSpecies}` : ""},${p.constituents.map((s) => s.join(",")).join(":")};${p.order})`,
    })),
  };
}

/** Parses a TDB text; a bad file throws the reader's TdbError (line, code, message). */
export const readDatabase = (text: string): DatabaseContent => contentOf(parseTdb(text));
