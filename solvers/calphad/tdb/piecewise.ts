/**
 * The body shared by FUNCTION and PARAMETER: `low expr; high Y expr; high N [reference]`. The high limit may
 * be left out (`0;,,N` in Thermo-Calc exports: then the range is open), as may the final N.
 */
import { parseExpression } from "./expression.ts";
import { TdbError, type TdbPiecewise } from "./types.ts";

const LIMIT = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[ED][+-]?\d+)?/i;

export interface PiecewiseBody {
  value: TdbPiecewise;
  reference?: string;
}

/**
 * Parses `text` (a command's tail starting at offset `base` of the command) into ranges. `what` names the
 * function or parameter in error messages.
 */
export function parsePiecewise(text: string, base: number, lineAt: (pos: number) => number, what: string): PiecewiseBody {
  let pos = 0;
  const skipSpace = () => { while (pos < text.length && /\s/.test(text[pos])) pos++; };
  const readLimit = (): number | undefined => {
    const m = LIMIT.exec(text.slice(pos));
    if (!m) return undefined;
    pos += m[0].length;
    return Number(m[0].replace(/d/i, "E"));
  };
  const fail = (message: string): never => { throw new TdbError(lineAt(base + pos), "bad-range", `${what}: ${message}`); };

  skipSpace();
  let low: number | undefined;
  if (text[pos] === ",") {
    // A left-out lower limit: it does not matter, since the first range extends downwards anyway.
    while (text[pos] === "," || /\s/.test(text[pos] ?? "")) pos++;
    low = 298.15;
  } else {
    low = readLimit();
    if (low === undefined) fail("a lower temperature limit is missing before the expression");
  }
  const ranges: TdbPiecewise["ranges"] = [];
  for (;;) {
    const semi = text.indexOf(";", pos);
    if (semi < 0) fail(`a ";" is missing after the expression "${text.slice(pos).trim()}"`);
    const exprText = text.slice(pos, semi);
    if (exprText.trim() === "") fail("an expression is empty");
    const expr = parseExpression(exprText, lineAt, base + pos);
    pos = semi + 1;
    while (pos < text.length && (text[pos] === "," || /\s/.test(text[pos]))) pos++;
    const high = readLimit() ?? Infinity;
    if (!(high > low!)) fail(`the range ends at ${high}, not above its start ${low}`);
    ranges.push({ low: low!, high, expr, text: exprText.replace(/\s+/g, " ").trim() });
    skipSpace();
    const flag = text[pos]?.toUpperCase();
    const flagEnds = pos + 1 >= text.length || !/[A-Z0-9_]/i.test(text[pos + 1]);
    if (flag === "Y" && flagEnds) { pos++; low = high; continue; }
    if (flag === "N" && flagEnds) { pos++; break; }
    // Without a flag (pycalphad reads these too): another ";" means another range, otherwise the rest is the
    // reference key (NiCrAl.tdb has `0.0; 6000.00   99DUP6`).
    if (text.indexOf(";", pos) >= 0) { low = high; continue; }
    break;
  }
  const reference = text.slice(pos).replace(/\s+/g, " ").trim();
  return { value: { ranges }, reference: reference === "" ? undefined : reference };
}
