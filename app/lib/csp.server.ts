import crypto from "node:crypto";
import { env } from "./env.server.ts";
import { currentWxServiceImg } from "./wxservice.server.ts";

/** 128 random bits per page, as the CSP spec asks of a nonce. */
export const newNonce = () => crypto.randomBytes(16).toString("base64");

const originOf = (url: string | undefined): string | null => {
  if (!url) return null;
  try {
    const u = new URL(url);
    return u.protocol === "http:" || u.protocol === "https:" ? u.origin : null;
  } catch {
    return null;
  }
};

/**
 * The Content-Security-Policy of every page (docs/decisions.md, 9):
 * - scripts only with this page's nonce, and what they load ('strict-dynamic'), so markup injected into a page
 *   can run nothing, not even an inline handler;
 * - <style> elements only from this origin or with the nonce; style attributes stay allowed because React and
 *   Mantine set layout through them (they cannot run code);
 * - images from this origin, plus the host of a configured WeChat service QR image;
 * - fetch and the hub's WebSocket to this origin only ('self' covers ws: and wss: of the same host);
 * - forms may post here, and end on the hosts a login or logout may redirect to (a form's redirect counts);
 * - no plugins, no <base>, framed only by this origin.
 */
export function contentSecurityPolicy(nonce: string): string {
  const wx = currentWxServiceImg();
  const img = ["'self'", originOf(wx.startsWith("/") ? undefined : wx)].filter(Boolean);
  const formTargets = [
    "'self'",
    ...env.ALLOWED_REDIRECT_HOSTS,
    ...[env.SG_PLATFORM_URL].map(originOf),
    env.PRODUCTION_HOST ? env.PRODUCTION_HOST.toLowerCase() : null,
  ].filter(Boolean);
  return [
    "default-src 'self'",
    `script-src 'nonce-${nonce}' 'strict-dynamic'`,
    `style-src 'self' 'nonce-${nonce}'`,
    "style-src-attr 'unsafe-inline'",
    `img-src ${img.join(" ")}`,
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'self'",
    `form-action ${[...new Set(formTargets)].join(" ")}`,
  ].join("; ");
}
