import { redirect } from "@remix-run/node";
import { authStorage, cookieOpts, flashStorage, type AuthSession } from "./cookies.server.ts";
import { env } from "./env.server.ts";
import { getT } from "./i18n.server.ts";
import { isPathAllowed, normalisePath } from "./access.ts";
import { api, UpstreamError, type CallArgs } from "./upstream.server.ts";
import type { UserContext } from "./user.ts";

/** Section 9: a token counts as logged in for 2 hours (7.2 million ms). */
export const TOKEN_LIFETIME_MS = 7_200_000;

export interface SignedIn {
  token: string;
  userId: string;
  tokenDate: number;
  user: UserContext;
}

export async function readAuth(request: Request): Promise<AuthSession | null> {
  const s = await authStorage.getSession(request.headers.get("Cookie"));
  const token = s.get("token");
  const userId = s.get("userId");
  const tokenDate = s.get("tokenDate");
  if (!token || !userId || !tokenDate) return null;
  return { token, userId, tokenDate };
}

/** Set-Cookie that stores a fresh login (token, tokenDate, userId). */
export async function commitLogin(request: Request, login: { token: string; userId: string }): Promise<string> {
  const s = await authStorage.getSession(request.headers.get("Cookie"));
  s.set("token", login.token);
  s.set("userId", login.userId);
  s.set("tokenDate", Date.now());
  return authStorage.commitSession(s, cookieOpts(request));
}

/** Set-Cookie values that end the local session (and optionally leave a one-time message). */
export async function localLogout(request: Request, message?: string): Promise<Headers> {
  const h = new Headers();
  const s = await authStorage.getSession(request.headers.get("Cookie"));
  h.append("Set-Cookie", await authStorage.destroySession(s, cookieOpts(request)));
  if (message) {
    const f = await flashStorage.getSession(request.headers.get("Cookie"));
    f.flash("toast", { kind: "warning", text: message });
    h.append("Set-Cookie", await flashStorage.commitSession(f, cookieOpts(request)));
  }
  return h;
}

const PHONE_UA = /Android.+Mobile|iPhone|iPod|Windows Phone|Mobile Safari|HarmonyOS.+Mobile/i;
export const isPhone = (request: Request) => PHONE_UA.test(request.headers.get("user-agent") ?? "");

/** Where an unauthenticated visitor goes: /dashboard on the production host, /loginMobile on phones, else /login. */
export function loginUrl(request: Request, wanted?: string): string {
  const url = new URL(request.url);
  const host = (request.headers.get("x-forwarded-host") ?? url.host).toLowerCase();
  if (env.DASHBOARD_HOST && host === env.DASHBOARD_HOST.toLowerCase()) return "/dashboard";
  const target = wanted ?? url.pathname + url.search;
  const page = isPhone(request) ? "/loginMobile" : "/login";
  return target && target !== "/" && !target.toLowerCase().startsWith("/login") ? `${page}?redirect=${encodeURIComponent(target)}` : page;
}

/**
 * What the loaders of one HTTP request share: they run in parallel and each would ask the API the same thing.
 * Remix gives each loader its own Request but the same load context (made once per HTTP request by the
 * server), so the context is the key. Only loaders (GET) share: an action may change what is read, and the
 * loaders after it must see that.
 */
function sharedByLoaders<T>(kept: WeakMap<object, Promise<T>>, args: CallArgs, load: () => Promise<T>): Promise<T> {
  const key = args.request.method === "GET" ? args.context : undefined;
  const known = key && kept.get(key);
  if (known) return known;
  const p = load();
  if (key) kept.set(key, p);
  return p;
}

const usersOfRequests = new WeakMap<object, Promise<SignedIn>>();

/**
 * The section 4 guard: no session → login page (wanted path remembered); token older than 2 hours →
 * logged out; user info loaded with mdId; no role → 当前用户不存在角色，请重试 and local logout;
 * session rejected by the API (205–208) → cleared, to /login, message once.
 */
export function requireUser(args: CallArgs): Promise<SignedIn> {
  return sharedByLoaders(usersOfRequests, args, () => loadUser(args));
}

async function loadUser(args: CallArgs): Promise<SignedIn> {
  const { request } = args;
  const auth = await readAuth(request);
  if (!auth) throw redirect(loginUrl(request));
  const t = await getT(request);
  if (Date.now() - auth.tokenDate > TOKEN_LIFETIME_MS) {
    throw redirect(loginUrl(request), { headers: await localLogout(request, t("errors.sessionExpired")) });
  }
  let user: UserContext;
  try {
    user = (await api(args, "Login/GetUserInfoByIdInfo", { query: { mdId: auth.userId }, token: auth.token })) as UserContext;
  } catch (e) {
    if (e instanceof UpstreamError && e.sessionInvalid) {
      throw redirect("/login", { headers: await localLogout(request, e.msg || t("errors.sessionExpired")) });
    }
    // Section 8: other failures while loading user info reset the token and send the user to log in again.
    const msg = e instanceof UpstreamError ? e.msg || "Error" : "Error";
    throw redirect(loginUrl(request), { headers: await localLogout(request, msg) });
  }
  if (!user.roleList?.length) {
    throw redirect("/login", { headers: await localLogout(request, t("errors.noRole")) });
  }
  return { ...auth, user };
}

/**
 * requireUser, then the page-access rule: the path must be in the resource list, the compute menu or the
 * whitelist, else a 403 page (当前用户没有此页面访问权限). UpdatePwd false forces the password change first.
 */
export async function requireAccess(args: CallArgs, path = new URL(args.request.url).pathname): Promise<SignedIn> {
  const signedIn = await requireUser(args);
  const p = normalisePath(path);
  if (signedIn.user.userInfo.UpdatePwd === false && p !== "/myinfo/index") {
    throw redirect("/myInfo/index?UpdatePwd=0");
  }
  // An SG user arrives without a unit; the unit prompt (no cancel, no close) comes before any page.
  if (signedIn.user.needUnit) throw redirect("/myInfo/createUnit");
  let categories: string[] = [];
  if (p.startsWith("/steelresearchcompute/")) categories = await computeCategories(args, signedIn.token);
  if (!isPathAllowed(p, signedIn.user.resList, categories)) {
    const t = await getT(args.request);
    throw new Response(t("errors.forbidden"), { status: 403, statusText: "Forbidden" });
  }
  return signedIn;
}

export interface Category {
  category: string;
  categoryText: string;
  description: string;
  icon: string;
  sort: number;
}

const categoriesOfRequests = new WeakMap<object, Promise<Category[]>>();

/** The compute categories: a compute page's access check and the page itself share one call. */
export function listCategories(args: CallArgs, token: string): Promise<Category[]> {
  return sharedByLoaders(categoriesOfRequests, args, async () => {
    const r = (await api(args, "CalculateTask/GetSoftAlgorithmListBase", { token })) as { data: Category[] };
    return r.data;
  });
}

async function computeCategories(args: CallArgs, token: string): Promise<string[]> {
  return (await listCategories(args, token)).map((c) => c.category);
}

/** Throws a 403 unless the user has one of the roles (for actions that a menu entry alone does not guard). */
export async function requireRole(args: CallArgs, roles: string[]): Promise<SignedIn> {
  const s = await requireUser(args);
  if (!s.user.roleList.some((r) => roles.includes(r.RoleCode))) {
    const t = await getT(args.request);
    throw new Response(t("errors.forbidden"), { status: 403 });
  }
  return s;
}
