/**
 * Just enough of OpenFOAM's dictionary syntax to read a controlDict's top-level entries and to find the
 * directives that would run code or read files outside the case. Not a full parser: nested dictionaries are
 * skipped by brace depth, and values are kept as their raw text.
 */

/** The text with comments blanked out, line breaks kept, so line numbers still match the user's file. */
export function stripComments(text: string): string {
  let out = "";
  let i = 0;
  let inString = false;
  while (i < text.length) {
    const c = text[i];
    if (inString) {
      out += c;
      if (c === "\\" && i + 1 < text.length) out += text[++i];
      else if (c === '"') inString = false;
      i++;
    } else if (c === '"') {
      inString = true;
      out += c;
      i++;
    } else if (c === "/" && text[i + 1] === "/") {
      while (i < text.length && text[i] !== "\n") i++;
    } else if (c === "/" && text[i + 1] === "*") {
      i += 2;
      while (i < text.length && !(text[i] === "*" && text[i + 1] === "/")) {
        if (text[i] === "\n") out += "\n";
        i++;
      }
      i += 2;
    } else {
      out += c;
      i++;
    }
  }
  return out;
}

export interface DictEntry {
  key: string;
  value: string;
  /** 1-based line of the key in the original text. */
  line: number;
}

/** `key value;` entries at the top level (outside every `{ }`), in file order; later ones win in OpenFOAM. */
export function topLevelEntries(text: string): DictEntry[] {
  const lines = stripComments(text).split("\n");
  const entries: DictEntry[] = [];
  let depth = 0;
  lines.forEach((raw, idx) => {
    if (depth === 0) {
      const m = /^\s*([A-Za-z_][A-Za-z0-9_]*)\s+([^;{}]*?)\s*;/.exec(raw);
      if (m) entries.push({ key: m[1], value: m[2], line: idx + 1 });
    }
    for (const ch of raw) {
      if (ch === "{") depth++;
      else if (ch === "}") depth = Math.max(0, depth - 1);
    }
  });
  return entries;
}

/** The last top-level entry of that key (OpenFOAM's own rule when a key repeats). */
export const lastEntry = (entries: DictEntry[], key: string) => entries.filter((e) => e.key === key).at(-1);

export type UnsafeKind = "runsCode" | "outsidePath";

export interface UnsafeLine {
  line: number;
  kind: UnsafeKind;
  /** The directive or text that was refused, as written. */
  what: string;
}

/** Include directives whose argument is a file path (#includeEtc is relative to OpenFOAM's etc, still no `..`). */
const INCLUDE = /#(include|includeEtc|includeIfPresent|sinclude|includeFunc|includeFuncIfPresent)\s+(?:"([^"]*)"|<[a-z]+>\/?(\S*)|(\S+))/g;
/**
 * Directives and entries that compile or run code: #calc/#codeStream, coded BCs and function objects, shell
 * calls, and a shared library named by path (an uploaded file loaded through `libs`, even as $FOAM_CASE/…).
 */
const RUNS_CODE = [/#calc\b/, /#codeStream\b/, /\btype\s+coded\w*/, /\bsystemCall\b/, /\bcodeInclude\b/, /[^\s"()]*\/[^\s"()]*\.so\b/];

/** A path that leaves the case: absolute, home-relative, through `..`, or through an environment variable other than the case's own. */
export function leavesCase(p: string): boolean {
  const s = p.trim();
  if (s.startsWith("/") || s.startsWith("~") || /^[A-Za-z]:[\\/]/.test(s)) return true;
  if (s.split(/[\\/]+/).includes("..")) return true;
  if (s.includes("$") && !/^\$\{?FOAM_CASE\}?(\/|$)/.test(s)) return true;
  return false;
}

/**
 * Lines of a case file that would run code or read outside the work dir: `#calc`, `#codeStream`, coded
 * boundary conditions and function objects, `systemCall`, includes and quoted file names with absolute or
 * `..` paths, and `libs` loading a library by path.
 */
export function unsafeLines(text: string): UnsafeLine[] {
  const found: UnsafeLine[] = [];
  stripComments(text)
    .split("\n")
    .forEach((raw, idx) => {
      const line = idx + 1;
      for (const re of RUNS_CODE) {
        const m = re.exec(raw);
        // Spaces collapsed: the message quotes the directive, not the file's column alignment.
        if (m) found.push({ line, kind: "runsCode", what: m[0].replace(/\s+/g, " ") });
      }
      for (const m of raw.matchAll(INCLUDE)) {
        const target = m[2] ?? m[3] ?? m[4] ?? "";
        if (leavesCase(target)) found.push({ line, kind: "outsidePath", what: m[0].trim() });
      }
      // Quoted names (table files, libs, regex keys): only paths that leave the case are refused.
      for (const m of raw.matchAll(/"([^"]*)"/g)) {
        if (/#\w+\s*$/.test(raw.slice(0, m.index))) continue; // the include's own argument, judged above
        if (/[\\/]/.test(m[1]) && leavesCase(m[1])) found.push({ line, kind: "outsidePath", what: m[0] });
      }
      if (/^\s*libs\b/.test(raw) && /\//.test(raw)) found.push({ line, kind: "outsidePath", what: raw.trim() });
    });
  return found;
}
