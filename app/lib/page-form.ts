import type { FieldErrors } from "../../common/forms/check.ts";

/** The browser-safe half of the page pattern (docs/pages.md); the actions' half is page-actions.server.ts. */

/** What an edit form's action answers when it did not save: the values as posted, and the errors by field. */
export interface FormFailure {
  values: Record<string, string>;
  /** field → message key of the form's schema (the page's `errors.<key>`) or, from the API, the text itself. */
  errors: FieldErrors;
  /** A refusal not about one field (e.g. someone else changed the row), in the user's language. */
  formError: string | null;
  /** True when the refusal was the optimistic concurrency check: the page offers to reload. */
  stale: boolean;
}

/**
 * A field error's text: a key of the form's errors in the page's namespace (`<prefix>.<key>`, e.g.
 * `dept.errors.nameRequired`), or (with a leading "=") the API's own text, already in the user's language.
 */
export const errorText = (t: (key: string) => string, v: string | undefined, prefix = "errors"): string | undefined =>
  v === undefined ? undefined : v.startsWith("=") ? v.slice(1) : t(`${prefix}.${v}`);

