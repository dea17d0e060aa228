import crypto from "node:crypto";
import { redirect } from "@remix-run/node";
import { z } from "zod";
import { cookieOpts, isHttps, wxStateCookie } from "./cookies.server.ts";
import { env } from "./env.server.ts";
import { api, type CallArgs } from "./upstream.server.ts";

/**
 * The web's half of WeChat website login (the API exchanges the code, api/modules/login/wechat.ts): sending
 * the browser to WeChat's QR page with an OAuth `state` kept in a signed cookie, and checking that state when
 * WeChat sends the browser back, so nobody can make another person's browser bind or log in with their code.
 */
export type WxPurpose = "login" | "bind";

/** Where WeChat sends the browser back for each purpose (this site's own pages). */
const CALLBACK: Record<WxPurpose, string> = { login: "/wxlogin", bind: "/myInfo/bindWxResult" };

export const wxConfigured = () => Boolean(env.WECHAT_APPID);

/** The browser's way to WeChat's QR page, with a fresh state remembered in the cookie. */
export async function toWechat(request: Request, purpose: WxPurpose): Promise<Response> {
  const state = crypto.randomBytes(16).toString("base64url");
  const url = new URL(request.url);
  const host = request.headers.get("x-forwarded-host")?.split(",")[0].trim() || url.host;
  const back = `${isHttps(request) ? "https" : "http"}://${host}${CALLBACK[purpose]}`;
  const to = new URL("/connect/qrconnect", env.WECHAT_OPEN_BASE);
  to.searchParams.set("appid", env.WECHAT_APPID ?? "");
  to.searchParams.set("redirect_uri", back);
  to.searchParams.set("response_type", "code");
  to.searchParams.set("scope", "snsapi_login");
  to.searchParams.set("state", state);
  to.hash = "wechat_redirect";
  return redirect(to.toString(), { headers: { "Set-Cookie": await wxStateCookie.serialize({ state, purpose }, cookieOpts(request)) } });
}

const remembered = z.object({ state: z.string(), purpose: z.enum(["login", "bind"]) });

/**
 * WeChat's answer on the callback: `code` when the person confirmed and the state is the one this browser
 * was given for this purpose; "cancelled" when WeChat came back without a code; "forged" otherwise. The
 * cookie is spent either way (the returned Set-Cookie clears it).
 */
export type WechatAnswer = { outcome: "code"; code: string; clear: string } | { outcome: "cancelled"; clear: string } | { outcome: "forged"; clear: string };

export async function wechatAnswer(request: Request, purpose: WxPurpose): Promise<WechatAnswer> {
  const q = new URL(request.url).searchParams;
  const saved = remembered.safeParse(await wxStateCookie.parse(request.headers.get("Cookie")));
  const clear = await wxStateCookie.serialize("", { ...cookieOpts(request), maxAge: 0 });
  const state = q.get("state") ?? "";
  const fits = saved.success && saved.data.purpose === purpose && state.length > 0 && crypto.timingSafeEqual(Buffer.from(sha(state)), Buffer.from(sha(saved.data.state)));
  if (!fits) return { outcome: "forged", clear };
  const code = q.get("code")?.trim();
  if (code) return { outcome: "code", code, clear };
  return { outcome: "cancelled", clear };
}
const sha = (s: string) => crypto.createHash("sha256").update(s).digest("hex");

const binding = z.object({ Bound: z.boolean(), Nickname: z.string(), BoundAt: z.string().nullable() });
export type WxBinding = z.infer<typeof binding>;

export const wxBinding = (args: CallArgs, token: string) => api(args, "Login/GetWxBinding", { token, schema: binding });
export const bindWx = (args: CallArgs, token: string, code: string) => api(args, "Login/BindWx", { token, form: { code }, schema: binding });
export const unbindWx = (args: CallArgs, token: string) => api(args, "Login/UnbindWx", { token, form: {}, schema: binding });
export const wxLogin = (args: CallArgs, code: string) =>
  api(args, "Login/WxLogin", { form: { code }, schema: z.object({ token: z.string(), userId: z.string(), first: z.boolean(), needUnit: z.boolean() }) });
