/**
 * `parseTdb(text)`: a TDB file into a Database. Syntax errors throw a TdbError naming the line; things a
 * calculation can live with (an undefined function, a parameter for a phase the file never declares, text
 * after `!`) become warnings, as pycalphad reads them without complaint.
 */
import { expandKeyword, lineIn, splitCommands, type RawCommand } from "./commands.ts";
import { references } from "./expression.ts";
import { parsePiecewise } from "./piecewise.ts";
import { TdbError, type Database, type TdbParameter, type TdbPhase, type TdbSpecies } from "./types.ts";

/** Parameter types the Gibbs energy models read (mobility parameters often leave out interstitial sublattices). */
const MODEL_TYPES = new Set(["G", "L", "TC", "BMAGN", "NT"]);

const NUMBER = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[ED][+-]?\d+)?$/i;

function toNumber(word: string, line: number, what: string): number {
  if (!NUMBER.test(word)) throw new TdbError(line, "bad-number", `${what}: "${word}" is not a number`);
  return Number(word.replace(/d/i, "E"));
}

/** The first whitespace-separated word of `text` from `pos`, with where it starts and ends. */
function word(text: string, pos: number): { value: string; start: number; end: number } {
  let start = pos;
  while (start < text.length && /\s/.test(text[start])) start++;
  let end = start;
  while (end < text.length && !/\s/.test(text[end])) end++;
  return { value: text.slice(start, end), start, end };
}

interface ParseState {
  db: Database;
  /** Type-definition characters used by each phase, applied once the whole file is read. */
  typeUse: Map<string, string[]>;
  constituentLines: Map<string, number>;
}

export function parseTdb(source: string): Database {
  const db: Database = { elements: {}, species: {}, functions: {}, phases: {}, parameters: [], typeDefinitions: [], warnings: [] };
  const state: ParseState = { db, typeUse: new Map(), constituentLines: new Map() };
  for (const cmd of splitCommands(source, db.warnings)) {
    const kw = word(cmd.text, 0);
    const keyword = expandKeyword(kw.value, cmd.line);
    const rest = { cmd, pos: kw.end };
    switch (keyword) {
      case "ELEMENT": readElement(state, rest); break;
      case "SPECIES": readSpecies(state, rest); break;
      case "FUNCTION": readFunction(state, rest); break;
      case "PHASE": readPhase(state, rest); break;
      case "CONSTITUENT": readConstituent(state, rest); break;
      case "PARAMETER": readParameter(state, rest); break;
      case "TYPE_DEFINITION": readTypeDefinition(state, rest); break;
      // Commands that set defaults for Thermo-Calc's interactive use, or document the file: nothing to compute.
      default: break;
    }
  }
  finish(state);
  return db;
}

interface Tail { cmd: RawCommand; pos: number }

function readElement({ db }: ParseState, { cmd, pos }: Tail) {
  const words = cmd.text.slice(pos).trim().split(/\s+/).filter(Boolean);
  if (words.length < 2) throw new TdbError(cmd.line, "bad-element", "ELEMENT needs a name and a reference phase");
  const name = words[0].toUpperCase();
  const num = (i: number, what: string) => (words[i] === undefined ? 0 : toNumber(words[i], lineIn(cmd, cmd.text.length), `ELEMENT ${name} ${what}`));
  db.elements[name] = { name, referencePhase: words[1].toUpperCase(), mass: num(2, "mass"), H298: num(3, "H298"), S298: num(4, "S298") };
  // VA carries no atoms; every other element is a species of itself.
  db.species[name] = { name, constituents: name === "VA" ? {} : { [name]: 1 }, charge: 0 };
}

/** A species formula such as AL2O3, FE1CR1 or FE/+2, read against the declared elements (longest match first). */
function parseFormula(db: Database, formula: string, line: number): Omit<TdbSpecies, "name"> {
  const [body, chargeText] = formula.toUpperCase().split("/");
  let charge = 0;
  if (chargeText !== undefined) {
    const m = /^([+-])(\d*\.?\d*)$/.exec(chargeText);
    if (!m) throw new TdbError(line, "bad-species", `"${formula}": the charge "/${chargeText}" is not like /+2 or /-`);
    charge = (m[1] === "-" ? -1 : 1) * (m[2] === "" ? 1 : Number(m[2]));
  }
  const constituents: Record<string, number> = {};
  let i = 0;
  while (i < body.length) {
    const two = body.slice(i, i + 2);
    const one = body.slice(i, i + 1);
    const el = /^[A-Z]{2}$/.test(two) && db.elements[two] ? two : db.elements[one] ? one : undefined;
    if (!el) throw new TdbError(line, "bad-species", `"${formula}": "${body.slice(i)}" does not start with a declared element`);
    i += el.length;
    const n = /^(?:\d+\.?\d*|\.\d+)/.exec(body.slice(i));
    const count = n ? Number(n[0]) : 1;
    if (n) i += n[0].length;
    constituents[el] = (constituents[el] ?? 0) + count;
  }
  if (Object.keys(constituents).length === 0) throw new TdbError(line, "bad-species", `"${formula}" has no elements`);
  return { constituents, charge };
}

function readSpecies({ db }: ParseState, { cmd, pos }: Tail) {
  const words = cmd.text.slice(pos).trim().split(/\s+/).filter(Boolean);
  if (words.length < 2) throw new TdbError(cmd.line, "bad-species", "SPECIES needs a name and a formula");
  const name = words[0].toUpperCase();
  db.species[name] = { name, ...parseFormula(db, words[1], cmd.line) };
}

function readFunction({ db }: ParseState, { cmd, pos }: Tail) {
  const nameWord = word(cmd.text, pos);
  const name = nameWord.value.toUpperCase();
  if (!/^[A-Z_][A-Z0-9_]*$/.test(name)) throw new TdbError(cmd.line, "bad-expression", `"${nameWord.value}" is not a function name`);
  if (db.functions[name]) {
    throw new TdbError(cmd.line, "duplicate-function", `FUNCTION ${name} is defined twice (first on line ${db.functions[name].line})`);
  }
  const body = parsePiecewise(cmd.text.slice(nameWord.end), nameWord.end, (p) => lineIn(cmd, p), `FUNCTION ${name}`);
  db.functions[name] = { name, value: body.value, line: cmd.line };
}

function readPhase(state: ParseState, { cmd, pos }: Tail) {
  const { db } = state;
  const words = cmd.text.slice(pos).trim().split(/\s+/).filter(Boolean);
  if (words.length < 3) throw new TdbError(cmd.line, "bad-phase", "PHASE needs a name, type codes, a sublattice count and site ratios");
  const [fullName, suffix = ""] = words[0].toUpperCase().split(":");
  const name = fullName;
  if (db.phases[name]) throw new TdbError(cmd.line, "duplicate-phase", `PHASE ${name} is declared twice (first on line ${db.phases[name].line})`);
  const typeCodes = words[1];
  const count = toNumber(words[2], cmd.line, `PHASE ${name} sublattice count`);
  if (!Number.isInteger(count) || count < 1) throw new TdbError(cmd.line, "bad-phase", `PHASE ${name}: the sublattice count "${words[2]}" is not a positive integer`);
  const ratios = words.slice(3, 3 + count).map((w) => toNumber(w, cmd.line, `PHASE ${name} site ratio`));
  if (ratios.length < count) throw new TdbError(cmd.line, "bad-phase", `PHASE ${name}: ${count} sublattices but ${ratios.length} site ratios`);
  if (ratios.some((r) => !(r > 0))) throw new TdbError(cmd.line, "bad-phase", `PHASE ${name}: site ratios must be positive`);
  if (words.length > 3 + count) {
    db.warnings.push({ line: cmd.line, code: "extra-text", message: `PHASE ${name}: "${words.slice(3 + count).join(" ")}" after the site ratios is ignored` });
  }
  const phase: TdbPhase = { name, suffix, typeCodes, siteRatios: ratios, constituents: [], majorConstituents: [], line: cmd.line };
  db.phases[name] = phase;
  // `%` only marks the phase as entered; the other characters refer to TYPE_DEFINITIONs.
  for (const c of typeCodes) {
    if (c === "%") continue;
    const users = state.typeUse.get(c) ?? [];
    users.push(name);
    state.typeUse.set(c, users);
  }
}

/** Splits `:A,B%:VA:` style lists into sublattices; species separated by commas or spaces. */
function sublatticeLists(text: string): string[][] {
  return text.split(":").map((s) => s.trim().split(/[\s,]+/).filter(Boolean).map((x) => x.toUpperCase()));
}

function readConstituent(state: ParseState, { cmd, pos }: Tail) {
  const { db } = state;
  const nameWord = word(cmd.text, pos);
  const name = nameWord.value.toUpperCase().split(":")[0];
  const phase = db.phases[name];
  if (!phase) throw new TdbError(cmd.line, "unknown-phase", `CONSTITUENT for ${name}, which no PHASE command declared before`);
  const list = cmd.text.slice(nameWord.end).trim();
  if (!list.startsWith(":") || !list.endsWith(":") || list.length < 2) {
    throw new TdbError(cmd.line, "bad-constituent", `CONSTITUENT ${name}: the sublattices must be written between colons, as ":A,B:VA:"`);
  }
  const subls = sublatticeLists(list.slice(1, -1));
  if (subls.length !== phase.siteRatios.length) {
    throw new TdbError(cmd.line, "sublattice-mismatch", `CONSTITUENT ${name} lists ${subls.length} sublattices but the phase has ${phase.siteRatios.length}`);
  }
  subls.forEach((s, i) => {
    if (s.length === 0) throw new TdbError(cmd.line, "bad-constituent", `CONSTITUENT ${name}: sublattice ${i + 1} is empty`);
  });
  phase.majorConstituents = subls.map((s) => s.filter((x) => x.endsWith("%")).map((x) => x.slice(0, -1)));
  phase.constituents = subls.map((s) => [...new Set(s.map((x) => x.replace(/%$/, "")))].sort());
  state.constituentLines.set(name, cmd.line);
}

function readParameter({ db }: ParseState, { cmd, pos }: Tail) {
  const open = cmd.text.indexOf("(", pos);
  const close = cmd.text.indexOf(")", open + 1);
  if (open < 0 || close < 0) throw new TdbError(cmd.line, "bad-parameter", `PARAMETER needs a designation like G(PHASE,A:B;0), found "${cmd.text.slice(pos).trim().slice(0, 40)}"`);
  const type = cmd.text.slice(pos, open).trim().toUpperCase();
  if (!/^[A-Z][A-Z0-9_]*$/.test(type)) throw new TdbError(lineIn(cmd, open), "bad-parameter", `"${type}" is not a parameter type`);
  // Whitespace around the separators is noise (a tab before ";0" in crtiv_ghosh.tdb); elsewhere it separates species.
  const inner = cmd.text.slice(open + 1, close).replace(/\s*([:;,&])\s*/g, "$1").trim().toUpperCase();
  const designation = `${type}(${inner})`;
  const comma = inner.indexOf(",");
  if (comma < 0) throw new TdbError(lineIn(cmd, open), "bad-parameter", `${designation}: a "," must separate the phase from its constituents`);
  const [phasePart, diffusingSpecies] = inner.slice(0, comma).split("&");
  const phase = phasePart.split(":")[0];
  let arrayText = inner.slice(comma + 1);
  let order = 0;
  const semi = arrayText.indexOf(";");
  if (semi >= 0) {
    const orderText = arrayText.slice(semi + 1);
    if (!/^\d+$/.test(orderText)) throw new TdbError(lineIn(cmd, open), "bad-parameter", `${designation}: the order "${orderText}" is not a non-negative integer`);
    order = Number(orderText);
    arrayText = arrayText.slice(0, semi);
  }
  const constituents = sublatticeLists(arrayText).map((s) => s.map((x) => x.replace(/%$/, "")).sort());
  if (constituents.some((s) => s.length === 0)) throw new TdbError(lineIn(cmd, open), "bad-parameter", `${designation}: a sublattice has no constituent`);
  const body = parsePiecewise(cmd.text.slice(close + 1), close + 1, (p) => lineIn(cmd, p), `PARAMETER ${designation}`);
  const param: TdbParameter = { type, phase, constituents, order, value: body.value, line: lineIn(cmd, open) };
  if (diffusingSpecies) param.diffusingSpecies = diffusingSpecies;
  if (body.reference) param.reference = body.reference;
  db.parameters.push(param);
}

function readTypeDefinition({ db }: ParseState, { cmd, pos }: Tail) {
  const t = cmd.text.slice(pos).trim();
  if (t === "") throw new TdbError(cmd.line, "bad-type-definition", "TYPE_DEFINITION needs a code character");
  db.typeDefinitions.push({ code: t[0], text: t.slice(1).replace(/\s+/g, " ").trim(), line: cmd.line });
}

/** After the whole file: type definitions, checks that need every declaration, and the reference graph. */
function finish(state: ParseState) {
  const { db } = state;
  applyTypeDefinitions(state);

  for (const phase of Object.values(db.phases)) {
    const line = state.constituentLines.get(phase.name);
    if (line === undefined) {
      db.warnings.push({ line: phase.line, code: "no-constituents", message: `PHASE ${phase.name} has no CONSTITUENT command and cannot be used` });
      continue;
    }
    for (const s of phase.constituents) for (const sp of s) {
      if (!db.species[sp]) throw new TdbError(line, "unknown-species", `CONSTITUENT ${phase.name}: "${sp}" is neither an ELEMENT nor a SPECIES`);
    }
  }

  // A later definition of the same parameter replaces the earlier (with a warning: it is usually a slip).
  const seen = new Map<string, number>();
  const keep: boolean[] = db.parameters.map(() => true);
  db.parameters.forEach((p, i) => {
    const key = `${p.type}|${p.phase}|${p.diffusingSpecies ?? ""}|${p.constituents.map((s) => s.join(",")).join(":")}|${p.order}`;
    const before = seen.get(key);
    if (before !== undefined) {
      keep[before] = false;
      db.warnings.push({ line: p.line, code: "duplicate-parameter", message: `${key.split("|")[0]}(${p.phase},…;${p.order}) repeats line ${db.parameters[before].line}; the later one is used` });
    }
    seen.set(key, i);
    const phase = db.phases[p.phase];
    if (!phase) {
      db.warnings.push({ line: p.line, code: "parameter-unknown-phase", message: `parameter for ${p.phase}, which no PHASE command declares` });
    } else if (MODEL_TYPES.has(p.type) && phase.constituents.length > 0 && p.constituents.length !== phase.siteRatios.length) {
      db.warnings.push({ line: p.line, code: "parameter-sublattices", message: `parameter for ${p.phase} lists ${p.constituents.length} sublattices but the phase has ${phase.siteRatios.length}; it is not used` });
    }
  });
  db.parameters = db.parameters.filter((_, i) => keep[i]);

  checkReferences(db);
}

function applyTypeDefinitions(state: ParseState) {
  const { db } = state;
  for (const td of db.typeDefinitions) {
    const users = state.typeUse.get(td.code) ?? [];
    state.typeUse.delete(td.code);
    const tokens = td.text.replace(/,/g, " ").split(/\s+/).filter(Boolean).map((x) => x.toUpperCase());
    // `% SEQ *` and other non-GES definitions only concern Thermo-Calc's bookkeeping.
    if (tokens[0] !== "GES" || tokens.length < 4) continue;
    const action = tokens[3];
    if ("MAGNETIC".startsWith(action) && action.length >= 3) {
      const afm = toNumber(tokens[4] ?? "", td.line, "TYPE_DEFINITION MAGNETIC anti-ferromagnetic factor");
      const p = toNumber(tokens[5] ?? "", td.line, "TYPE_DEFINITION MAGNETIC structure factor");
      if (afm === 0) throw new TdbError(td.line, "bad-type-definition", "the anti-ferromagnetic factor 0 (Xiong's model) is not supported");
      if (!(p > 0 && p < 1)) throw new TdbError(td.line, "bad-type-definition", `the structure factor p = ${p} must lie between 0 and 1`);
      // Like pycalphad, the phases that carry the code get the hint, whatever phase name the line repeats.
      for (const name of users) db.phases[name].magnetic = { afm, p };
    } else if (/^DIS/.test(action)) {
      const ordered = tokens[2];
      const disordered = tokens[4];
      if (!disordered) throw new TdbError(td.line, "bad-type-definition", "DIS_PART needs the name of the disordered phase");
      for (const n of [ordered, disordered]) {
        if (!db.phases[n]) throw new TdbError(td.line, "unknown-phase", `TYPE_DEFINITION ${td.code}: ${n} is not a declared phase`);
      }
      // Here the names on the line decide (pycalphad does the same): both phases of the pair are marked.
      db.phases[ordered].disorderedPhase = disordered;
      db.phases[disordered].orderedPhase = ordered;
    } else {
      db.warnings.push({ line: td.line, code: "type-definition-ignored", message: `TYPE_DEFINITION ${td.code} (${action}) does not change the Gibbs energy models here and is ignored` });
    }
  }
  for (const [code, phases] of state.typeUse) {
    db.warnings.push({ line: db.phases[phases[0]].line, code: "undefined-type-code", message: `type code "${code}" of ${phases.join(", ")} has no TYPE_DEFINITION` });
  }
}

/** Undefined references are 0 (warned once each); a function that reaches itself is an error. */
function checkReferences(db: Database) {
  const refsOf = new Map<string, Set<string>>();
  for (const f of Object.values(db.functions)) {
    const s = new Set<string>();
    for (const r of f.value.ranges) references(r.expr, s);
    refsOf.set(f.name, s);
  }
  const warned = new Set<string>();
  const warnUndefined = (name: string, line: number) => {
    if (db.functions[name] || warned.has(name)) return;
    warned.add(name);
    db.warnings.push({ line, code: "undefined-function", message: `${name} is not defined and counts as 0` });
  };
  for (const f of Object.values(db.functions)) for (const r of refsOf.get(f.name)!) warnUndefined(r, f.line);
  for (const p of db.parameters) for (const r of p.value.ranges) for (const n of references(r.expr)) warnUndefined(n, p.line);

  const state = new Map<string, 1 | 2>(); // 1: on the current path, 2: done
  const visit = (name: string, path: string[]) => {
    const st = state.get(name);
    if (st === 2 || !db.functions[name]) return;
    if (st === 1) {
      const cycle = [...path.slice(path.indexOf(name)), name];
      throw new TdbError(db.functions[name].line, "circular-function", `FUNCTION ${name} refers back to itself (${cycle.join(" → ")})`);
    }
    state.set(name, 1);
    for (const r of refsOf.get(name)!) visit(r, [...path, name]);
    state.set(name, 2);
  };
  for (const name of Object.keys(db.functions)) visit(name, []);
}
