/** A message in the platform's four languages (the solvers' own copy of the type; they import nothing from the API). */
export type DeckTexts = Record<"zh" | "en" | "es" | "ja", string>;

/** One refused deck line or value: the key (empty for an unreadable line), its line, the message. */
export interface DeckIssue {
  field: string;
  line?: number;
  text: DeckTexts;
}

/** What each solver says, in its own words, about the four ways a `key = value` line can be wrong. */
export interface DeckLineTexts {
  syntax: DeckTexts;
  unknownKey: DeckTexts;
  duplicateKey: DeckTexts;
  notNumber: DeckTexts;
}

const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;
const LINE = /^([A-Za-z][A-Za-z0-9_]*)\s*=\s*(\S(?:.*\S)?)$/;

/**
 * Reads a solver deck of `key = value` lines (`#` starts a comment, blank lines are ignored): numbers for every
 * key but `stringKeys`. Unreadable lines, unknown or repeated keys and non-numbers become issues with their line
 * numbers; the values read are returned either way, with the line of each key, for the solver's schema to check.
 */
export function readKeyValueDeck(
  text: string,
  deck: { keys: readonly string[]; stringKeys: readonly string[]; texts: DeckLineTexts },
): { values: Record<string, number | string>; lines: Map<string, number>; issues: DeckIssue[] } {
  const known = new Set(deck.keys);
  const strings = new Set(deck.stringKeys);
  const issues: DeckIssue[] = [];
  const values: Record<string, number | string> = {};
  const lines = new Map<string, number>();
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = index + 1;
    const content = raw.replace(/#.*$/, "").trim();
    if (!content) return;
    const m = LINE.exec(content);
    if (!m) return void issues.push({ field: "", line, text: deck.texts.syntax });
    const [, key, value] = m;
    if (!known.has(key)) return void issues.push({ field: key, line, text: deck.texts.unknownKey });
    if (lines.has(key)) return void issues.push({ field: key, line, text: deck.texts.duplicateKey });
    lines.set(key, line);
    if (strings.has(key)) values[key] = value;
    else if (NUMBER.test(value)) values[key] = Number(value);
    else issues.push({ field: key, line, text: deck.texts.notNumber });
  });
  return { values, lines, issues };
}
