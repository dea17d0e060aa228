import { cloneElement, Fragment, type ReactElement } from "react";

/**
 * A translated sentence with parts that are elements (a link, a code span) in whatever order the language puts
 * them: in `template`, `<back>…</back>` becomes `parts.back` holding that text. `{{name}}` placeholders are
 * filled from `values` as plain text after the split, so a value (a user's workflow title) never becomes an
 * element. react-i18next's Trans did this, but importing it put an HTML parser in every page's first load.
 */
export function TaggedText({ template, parts, values = {} }: { template: string; parts: Record<string, ReactElement>; values?: Record<string, string> }) {
  const fill = (s: string) => s.replace(/\{\{\s*(\w+)\s*\}\}/g, (m, k: string) => (Object.hasOwn(values, k) ? values[k] : m));
  const out: React.ReactNode[] = [];
  let last = 0;
  for (const m of template.matchAll(/<(\w+)>(.*?)<\/\1>/g)) {
    out.push(fill(template.slice(last, m.index)));
    const part = parts[m[1]];
    out.push(part ? cloneElement(part, { key: out.length }, fill(m[2])) : fill(m[0]));
    last = m.index + m[0].length;
  }
  out.push(fill(template.slice(last)));
  return <Fragment>{out}</Fragment>;
}
