/**
 * CSV as RFC 4180 (CRLF, quotes doubled) for every export of the platform. A text cell that starts like a
 * formula (= + - @, tab, CR) gets a leading apostrophe, so a name typed by one user never runs as a formula
 * in another user's spreadsheet; numbers are written as they are. Small enough not to need a library.
 */
export function csvCell(v: string | number | boolean | null | undefined): string {
  if (v === null || v === undefined) return "";
  const s = String(v);
  const safe = typeof v === "string" && /^[=+\-@\t\r]/.test(s) ? `'${s}` : s;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export const csvText = (rows: Array<Array<string | number | boolean | null | undefined>>) => rows.map((r) => r.map(csvCell).join(",")).join("\r\n") + "\r\n";
