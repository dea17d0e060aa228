/** One command of a LAMMPS input: its first line's number (1-based), the command word and its arguments, unquoted. */
export interface ScriptCommand {
  line: number;
  command: string;
  args: string[];
}

/** Splits one logical line into words as LAMMPS does: whitespace apart, "…", '…' and """…""" kept whole. */
function words(text: string): string[] {
  const out: string[] = [];
  let i = 0;
  while (i < text.length) {
    while (i < text.length && /\s/.test(text[i])) i++;
    if (i >= text.length) break;
    const quote = text.startsWith('"""', i) ? '"""' : text[i] === '"' || text[i] === "'" ? text[i] : null;
    if (quote) {
      const end = text.indexOf(quote, i + quote.length);
      const stop = end < 0 ? text.length : end;
      out.push(text.slice(i + quote.length, stop));
      i = end < 0 ? text.length : end + quote.length;
    } else {
      let j = i;
      while (j < text.length && !/\s/.test(text[j])) j++;
      out.push(text.slice(i, j));
      i = j;
    }
  }
  return out;
}

/** Drops a `#` comment, except inside quotes (where LAMMPS keeps it). */
function stripComment(line: string): string {
  let quote: string | null = null;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quote) {
      if (line.startsWith(quote, i)) {
        i += quote.length - 1;
        quote = null;
      }
    } else if (line.startsWith('"""', i)) {
      quote = '"""';
      i += 2;
    } else if (c === '"' || c === "'") {
      quote = c;
    } else if (c === "#") {
      return line.slice(0, i);
    }
  }
  return line;
}

/** The commands of an input script; a trailing `&` continues a command on the next line, as in LAMMPS. */
export function readScript(text: string): ScriptCommand[] {
  const lines = text.split(/\r?\n/);
  const out: ScriptCommand[] = [];
  for (let i = 0; i < lines.length; i++) {
    const first = i + 1;
    let logical = lines[i];
    while (/&\s*$/.test(logical) && i + 1 < lines.length) logical = logical.replace(/&\s*$/, " ") + lines[++i];
    const w = words(stripComment(logical));
    if (w.length) out.push({ line: first, command: w[0], args: w.slice(1) });
  }
  return out;
}
