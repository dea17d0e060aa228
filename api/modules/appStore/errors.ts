import type { Texts } from "../../http/messages.ts";

/**
 * One refused thing in an app package, its manifest, a user's inputs or an app's result: where (a manifest
 * path such as `inputs[2].min`, an entry name, an output name), a stable code the pages and tests can match,
 * and the explanation in the four languages (zh phrased the way a researcher reads it).
 */
export interface AppStoreError {
  path: string;
  code: string;
  message: Texts;
}

export type Checked<T> = ({ ok: true } & T) | { ok: false; errors: AppStoreError[] };

export const appError = (path: string, code: string, message: Texts): AppStoreError => ({ path, code, message });

/** "a、b、c" in zh and ja, "a, b, c" otherwise: a list inside a message. */
export function listIn(lang: keyof Texts, items: readonly (string | number)[]): string {
  return items.map(String).join(lang === "zh" || lang === "ja" ? "、" : ", ");
}

/** A byte count as the messages say it (50 MiB, 2,000 entries are phrased by the caller). */
export function mib(bytes: number): string {
  return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MiB`;
}
