import { createCookie, createCookieSessionStorage } from "@remix-run/node";
import { env } from "./env.server.ts";

/**
 * Separate cookies for separate concerns, so loaders running in parallel never overwrite each other's
 * Set-Cookie: the login session, one-shot toasts, the tags view, remembered credentials, language.
 */
const base = { httpOnly: true, sameSite: "lax" as const, path: "/", secrets: [env.sessionSecret], secure: env.COOKIE_SECURE === "always" };
const WEEK = 7 * 24 * 60 * 60;

export interface AuthSession {
  token: string;
  /** ms since epoch when the token was issued: older than 2 hours is logged out (section 4). */
  tokenDate: number;
  userId: string;
}

export const authStorage = createCookieSessionStorage<AuthSession>({ cookie: { name: "__session", ...base } });

export type Toast = { kind: "error" | "warning" | "success" | "info"; text: string };
export const flashStorage = createCookieSessionStorage<Record<string, never>, { toast: Toast }>({
  cookie: { name: "__flash", ...base },
});

export const tagsCookie = createCookie("__tags", { ...base, maxAge: WEEK });

/** Remember-password: DES-encrypted name and password, 7 days, httpOnly so page scripts never see them. */
export const rememberCookie = createCookie("__remember", { ...base, maxAge: WEEK });

/** The QR login ticket's secret stays with the desktop browser that asked for it. */
export const qrCookie = createCookie("__qr", { ...base, maxAge: 10 * 60 });

/** A WeChat sign-in under way: the OAuth `state` sent to WeChat and what it is for (login or bind), 10 minutes. */
export const wxStateCookie = createCookie("__wx", { ...base, maxAge: 10 * 60 });

/**
 * The SMS code state of section 3 ("the mobile verification code info cookie lasts 5 minutes"): which
 * number, the verification string, when it was sent (for the 60 s countdown) and for which form.
 */
export const smsCookie = createCookie("__sms", { ...base, maxAge: 5 * 60 });

/** Interface language; readable by remix-i18next, plain (not secret). */
export const lngCookie = createCookie("lng", { path: "/", sameSite: "lax", httpOnly: true, maxAge: 365 * 24 * 60 * 60 });

/** Cookies are Secure when the request came over https (directly or through nginx). */
export function isHttps(request: Request): boolean {
  return new URL(request.url).protocol === "https:" || request.headers.get("x-forwarded-proto") === "https";
}
export const cookieOpts = (request: Request) => (isHttps(request) ? { secure: true } : {});

export async function flashToast(request: Request, toast: Toast): Promise<string> {
  const s = await flashStorage.getSession(request.headers.get("Cookie"));
  s.flash("toast", toast);
  return flashStorage.commitSession(s, cookieOpts(request));
}
