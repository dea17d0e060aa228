/**
 * The condition script of calphad-equilibrium's instruction mode (main input `conditions.calphad`): one
 * keyword a line with its values, `#` comments, keywords in any case.
 *
 *   database alzn_mey        # a shipped database id, or: database file database.tdb
 *   components AL ZN         # VA is added where the database has it
 *   phases *                 # or a list: LIQUID FCC_A1 HCP_A3
 *   T 700 K                  # or °C / C
 *   P 101325 Pa              # optional; Pa or bar
 *   X ZN 0.30                # mole fractions of all components but one, or
 *   W ZN 0.35                # mass fractions
 *
 * The script is read into the same flat params the form gives, then checked by the same rules, with the
 * line of every refused value.
 */
import { checkCalphadParams, CalphadInputError, parseComposition, splitList, type CalphadCase, type CalphadInput, type CalphadIssue, type CalphadParams, type DatabaseInfo } from "./params.ts";
import { scriptTexts } from "./texts.ts";

export const CALPHAD_SCRIPT = "conditions.calphad";

const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;
const USAGE: Record<string, string> = {
  database: "database <id> | database file <name>.tdb",
  components: "components <element> <element> …",
  phases: "phases * | phases <phase> <phase> …",
  t: "T <value> K | °C",
  p: "P <value> Pa | bar",
  x: "X <element> <fraction> [<element> <fraction> …]",
  w: "W <element> <fraction> [<element> <fraction> …]",
};
/** Script keyword → the params key its line is reported under. */
const FIELD: Record<string, string> = { database: "database", components: "components", phases: "phases", t: "temperature", p: "pressurePa", x: "composition", w: "composition" };

export interface ParsedScript {
  /** The params as the script states them (not yet checked). */
  input: CalphadInput;
  /** Params key (and "composition:EL") → 1-based line, for the messages. */
  lines: Map<string, number>;
}

/** Reads the script's lines into params; throws CalphadInputError for lines it cannot read. */
export function readCalphadScript(text: string): ParsedScript {
  const issues: CalphadIssue[] = [];
  const lines = new Map<string, number>();
  const input: Record<string, unknown> = {};
  const seen = new Set<string>();
  const composition: string[] = [];
  let compositionUnit: "X" | "W" | undefined;
  text.split(/\r?\n|\r/).forEach((raw, index) => {
    const line = index + 1;
    const words = raw.replace(/#.*$/, "").trim().split(/\s+/).filter(Boolean);
    if (!words.length) return;
    const keyword = words[0].toLowerCase();
    const args = words.slice(1);
    const field = FIELD[keyword];
    const refuse = (text = scriptTexts.arguments(USAGE[keyword])) => void issues.push({ field: field ?? "", line, text });
    if (!field) return void issues.push({ field: "", line, text: /^[A-Za-z]/.test(words[0]) ? scriptTexts.unknownKeyword(words[0]) : scriptTexts.syntax });
    if (keyword === "x" || keyword === "w") {
      const unit = keyword === "x" ? "X" : "W";
      if (compositionUnit && compositionUnit !== unit) return refuse(scriptTexts.mixedUnits);
      compositionUnit = unit;
      if (args.length === 0 || args.length % 2 !== 0) return refuse();
      for (let i = 0; i < args.length; i += 2) {
        if (!NUMBER.test(args[i + 1])) return refuse(scriptTexts.notNumber(args[i + 1]));
        composition.push(`${args[i].toUpperCase()}=${Number(args[i + 1])}`);
        const key = `composition:${args[i].toUpperCase()}`;
        if (!lines.has(key)) lines.set(key, line);
      }
      if (!lines.has("composition")) lines.set("composition", line);
      return;
    }
    if (seen.has(keyword)) return refuse(scriptTexts.duplicate(words[0]));
    seen.add(keyword);
    lines.set(field, line);
    switch (keyword) {
      case "database":
        if (args.length === 1 && args[0].toLowerCase() !== "file") input.database = args[0];
        else if (args.length === 2 && args[0].toLowerCase() === "file") {
          input.database = "file";
          input.databaseFile = args[1];
        } else refuse();
        return;
      case "components":
        if (!args.length) return refuse();
        input.components = splitList(args.join(" ")).join(",");
        return;
      case "phases":
        if (!args.length) return refuse();
        input.phases = args.length === 1 && args[0] === "*" ? "*" : splitList(args.join(" ")).join(",");
        return;
      case "t": {
        if (args.length < 1 || args.length > 2) return refuse();
        if (!NUMBER.test(args[0])) return refuse(scriptTexts.notNumber(args[0]));
        const unit = (args[1] ?? "K").replace(/^º/, "°");
        if (unit !== "K" && unit !== "°C" && unit.toUpperCase() !== "C") return refuse(scriptTexts.temperatureUnit(args[1]));
        input.temperature = Number(args[0]);
        input.temperatureUnit = unit === "K" ? "K" : "°C";
        return;
      }
      case "p": {
        if (args.length < 1 || args.length > 2) return refuse();
        if (!NUMBER.test(args[0])) return refuse(scriptTexts.notNumber(args[0]));
        const unit = (args[1] ?? "Pa").toLowerCase();
        if (unit !== "pa" && unit !== "bar") return refuse(scriptTexts.pressureUnit(args[1]));
        input.pressurePa = Number(args[0]) * (unit === "bar" ? 1e5 : 1);
        return;
      }
    }
  });
  for (const [word, key] of [["database", "database"], ["components", "components"], ["T", "t"]] as const) {
    if (!seen.has(key) && !issues.some((i) => i.field === FIELD[key])) issues.push({ field: FIELD[key], text: scriptTexts.missing(word) });
  }
  if (issues.length) throw new CalphadInputError(issues);
  if (composition.length) input.composition = composition.join(",");
  if (compositionUnit) input.compositionUnit = compositionUnit;
  return { input: input as CalphadInput, lines };
}

/**
 * The script read and checked: params and the case. With `db` the elements and phases are checked against
 * it (an uploaded TDB is checked once its text is at hand, by the caller).
 */
export function parseCalphadScript(text: string, db?: DatabaseInfo): { params: CalphadParams; case: CalphadCase; lines: Map<string, number> } {
  const { input, lines } = readCalphadScript(text);
  return { ...checkCalphadParams(input, db, lines), lines };
}

/** Params → a script parseCalphadScript reads back to the same params (numbers round-trip exactly). */
export function renderCalphadScript(params: CalphadInput): string {
  const out = ["# Ferrum calphad-equilibrium conditions: one keyword a line, # comments"];
  out.push(params.database === "file" ? `database file ${params.databaseFile}` : `database ${params.database}`);
  out.push(`components ${splitList(params.components).join(" ")}`);
  const phases = (params.phases ?? "*").trim();
  out.push(`phases ${phases === "*" ? "*" : splitList(phases).join(" ")}`);
  out.push(`T ${params.temperature} ${params.temperatureUnit ?? "K"}`);
  if (params.pressurePa !== undefined) out.push(`P ${params.pressurePa} Pa`);
  const { fractions } = parseComposition(params.composition ?? "");
  const unit = params.compositionUnit ?? "X";
  for (const [el, v] of fractions) out.push(`${unit} ${el} ${v}`);
  return out.join("\n") + "\n";
}
