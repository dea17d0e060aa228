/**
 * Splitting a TDB text into commands: `$` starts a comment to the end of its line, `!` ends a command (and,
 * as in Thermo-Calc and pycalphad, whatever follows it on the same line is dropped), a command may run over
 * any number of lines, line ends may be LF, CRLF or CR, and tabs count as spaces. Each command keeps the line
 * it starts on and its own line breaks, so an error deep inside a multi-line PARAMETER names its real line.
 */
import { TdbError, type TdbWarning } from "./types.ts";

export interface RawCommand {
  /** The command's text without its `!`, line breaks kept as "\n". */
  text: string;
  /** 1-based line of its first non-blank character. */
  line: number;
}

/** Line of an offset in a command's text. */
export function lineIn(cmd: RawCommand, pos: number): number {
  let line = cmd.line;
  const end = Math.min(pos, cmd.text.length);
  for (let i = 0; i < end; i++) if (cmd.text.charCodeAt(i) === 10) line++;
  return line;
}

export function splitCommands(source: string, warnings: TdbWarning[]): RawCommand[] {
  const lines = source.split(/\r\n|\r|\n/);
  const out: RawCommand[] = [];
  let text = "";
  let start = 0;
  for (let i = 0; i < lines.length; i++) {
    const lineNo = i + 1;
    let l = lines[i].replace(/\t/g, " ");
    const dollar = l.indexOf("$");
    if (dollar >= 0) l = l.slice(0, dollar);
    const bang = l.indexOf("!");
    const body = bang >= 0 ? l.slice(0, bang) : l;
    if (text.trim() === "" && body.trim() !== "") {
      text = "";
      start = lineNo;
    }
    if (text !== "" || body.trim() !== "") text += body;
    if (bang >= 0) {
      const after = l.slice(bang + 1).trim();
      if (after !== "") {
        warnings.push({ line: lineNo, code: "text-after-end", message: `"${after}" after "!" is ignored` });
      }
      if (text.trim() !== "") out.push({ text, line: start });
      text = "";
    } else if (text !== "") {
      text += "\n";
    }
  }
  if (text.trim() !== "") {
    throw new TdbError(start, "unterminated-command", `the command "${text.trim().split(/\s+/)[0]}" is not ended by "!"`);
  }
  return out;
}

/** The keywords of the TDB format (Thermo-Calc Database Manager's Guide), for abbreviation matching. */
export const KEYWORDS = [
  "ELEMENT", "SPECIES", "PHASE", "CONSTITUENT", "ADD_CONSTITUENT", "COMPOUND_PHASE", "ALLOTROPIC_PHASE",
  "TEMPERATURE_LIMITS", "DEFINE_SYSTEM_DEFAULT", "DEFAULT_COMMAND", "DATABASE_INFORMATION", "TYPE_DEFINITION",
  "FTP_FILE", "FUNCTION", "PARAMETER", "OPTIONS", "TABLE", "ASSESSED_SYSTEMS", "REFERENCE_FILE",
  "LIST_OF_REFERENCES", "ADD_REFERENCES", "CASE", "ENDCASE", "VERSION_DATA", "VERSION_DATE", "DIFFUSION",
  "ZEROVOLUME_SPECIES",
] as const;
export type Keyword = (typeof KEYWORDS)[number];

/**
 * Expands an abbreviated keyword: each `_`-separated part may be shortened (`CONST`, `PARA`, `TEMP_LIM`,
 * `DATABASE_INFO`). An exact match wins; more than one candidate is an error.
 */
export function expandKeyword(word: string, line: number): Keyword {
  const w = word.toUpperCase();
  const exact = KEYWORDS.find((k) => k === w);
  if (exact) return exact;
  const parts = w.split("_");
  const matches = KEYWORDS.filter((k) => {
    const kp = k.split("_");
    return parts.length <= kp.length && parts.every((p, i) => p !== "" && kp[i].startsWith(p));
  });
  if (matches.length === 1) return matches[0];
  if (matches.length === 0) throw new TdbError(line, "unknown-keyword", `"${word}" is not a TDB keyword`);
  throw new TdbError(line, "ambiguous-keyword", `"${word}" is ambiguous: it may be ${matches.join(", ")}`);
}
