import { DEFAULT_DES_IV, DEFAULT_DES_KEY, desEncrypt } from "../../common/des.ts";
import { E2E_API_PORT, E2E_CAPTCHA } from "../../playwright.config.ts";
import { PASSWORD } from "./helpers.ts";

/**
 * Straight calls to the platform API the browser suite's platform runs, for setting the scene (content a
 * browser editor would never produce, such as script payloads) and for reading what a page did.
 */
const API = `http://127.0.0.1:${E2E_API_PORT}/api`;

export async function apiCall(
  path: string,
  opts: { token?: string; query?: Record<string, string>; form?: Record<string, string>; json?: unknown } = {},
): Promise<{ status: number; msg: string; returnData: any }> {
  const url = new URL(`${API}/${path}`);
  for (const [k, v] of Object.entries(opts.query ?? {})) url.searchParams.set(k, v);
  const headers: Record<string, string> = { xteam: "xteam", "accept-language": "zh" };
  if (opts.token) headers.AuthorizationToken = opts.token;
  let body: string | undefined;
  if (opts.json !== undefined) {
    headers["content-type"] = "application/json";
    body = JSON.stringify(opts.json);
  } else if (opts.form) {
    headers["content-type"] = "application/x-www-form-urlencoded";
    body = new URLSearchParams(opts.form).toString();
  }
  const res = await fetch(url, { method: body === undefined ? "GET" : "POST", headers, body });
  return res.json();
}

/** A token for a demo user, by the password login with the suite's fixed captcha. */
export async function apiLogin(name: string, password = PASSWORD): Promise<{ token: string; userId: string }> {
  const cap = await apiCall("Login/getCaptcha");
  const r = await apiCall("Login/LoginMethod", {
    form: { name, pwd: desEncrypt(password, DEFAULT_DES_KEY, DEFAULT_DES_IV), rempwd: "false", clientSignCode: cap.returnData, clientCode: E2E_CAPTCHA },
  });
  if (r.status !== 200) throw new Error(`login ${name}: ${r.msg}`);
  return r.returnData;
}

/** What the bell should show for a user right now. */
export async function apiUnread(token: string): Promise<number> {
  return Number((await apiCall("SysMessage/GetNoReadMessageCount", { token })).returnData);
}
