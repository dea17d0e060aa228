/**
 * The sidebar state cookie of section 3: `sidebarStatus`, 1 open or 0 closed, 7 days. A plain cookie (not
 * signed, not httpOnly) so the browser can flip it at once when JavaScript runs; the server reads the same.
 */
export const SIDEBAR_COOKIE = "sidebarStatus";
export const SIDEBAR_MAX_AGE = 7 * 24 * 60 * 60;

export function sidebarCookieString(open: boolean, secure = false): string {
  return `${SIDEBAR_COOKIE}=${open ? 1 : 0}; Path=/; Max-Age=${SIDEBAR_MAX_AGE}; SameSite=Lax${secure ? "; Secure" : ""}`;
}

/** Open unless the cookie says 0 (the desktop default is an open sidebar). */
export function sidebarOpenFrom(cookieHeader: string | null | undefined): boolean {
  const m = /(?:^|;\s*)sidebarStatus=([^;]*)/.exec(cookieHeader ?? "");
  return m?.[1] !== "0";
}
