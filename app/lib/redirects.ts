/**
 * Where a login may send the user afterwards. Pure (no server imports) so the pages and their tests share it.
 * `redirect` must stay on this origin; `src` may leave it only for hosts the deployment allow-lists, and
 * then carries the token (the spec's "redirect to an external address with the token appended").
 */
export const DEFAULT_AFTER_LOGIN = "/computeDynamicRoute/index";

const BASE = "http://ferrum.invalid";

/** A same-origin path (with its query and hash) or null: no scheme, no `//host`, no backslash tricks. */
export function safePath(raw: unknown): string | null {
  if (typeof raw !== "string" || !raw) return null;
  const p = raw.trim();
  if (!p.startsWith("/") || p.startsWith("//") || p.includes("\\")) return null;
  if (/[\u0000-\u001f]/.test(p)) return null;
  let u: URL;
  try {
    u = new URL(p, BASE);
  } catch {
    return null;
  }
  if (u.origin !== BASE) return null;
  return u.pathname + u.search + u.hash;
}

/** The external URL of `src` when its host is allow-listed (http or https only), else null. */
export function allowedExternal(raw: string | null | undefined, hosts: readonly string[]): URL | null {
  if (!raw) return null;
  let u: URL;
  try {
    u = new URL(raw.trim());
  } catch {
    return null;
  }
  if (u.protocol !== "http:" && u.protocol !== "https:") return null;
  if (u.username || u.password) return null;
  const allowed = hosts.map((h) => h.toLowerCase());
  return allowed.includes(u.host.toLowerCase()) || allowed.includes(u.hostname.toLowerCase()) ? u : null;
}

/** The external target with `token=<token>` appended (replacing any token the link already had). */
export function withToken(target: URL, token: string): string {
  const u = new URL(target.href);
  u.searchParams.set("token", token);
  return u.href;
}

/** The query string that carries the after-login target through the login pages' links and forms. */
export function targetQuery(t: { redirect?: string | null; src?: string | null }, extra: Record<string, string> = {}): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(extra)) q.set(k, v);
  if (t.redirect) q.set("redirect", t.redirect);
  if (t.src) q.set("src", t.src);
  const s = q.toString();
  return s ? `?${s}` : "";
}
