import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { localLogout, readAuth } from "~/lib/auth.server";
import { cookieOpts, rememberCookie } from "~/lib/cookies.server";
import { env } from "~/lib/env.server";
import { clearTags } from "~/lib/tags.server";
import { api } from "~/lib/upstream.server";
import { roleCodes, type UserContext } from "~/lib/user";

/** The request's host as the browser sent it (through nginx: X-Forwarded-Host). */
function requestHost(request: Request): string {
  return (request.headers.get("x-forwarded-host") ?? new URL(request.url).host).split(",")[0].trim().toLowerCase();
}

/**
 * Logout, confirmed in the header's dialog (section 4): the API session is revoked (a failure there does
 * not keep anyone logged in), then the session, the tabs and the remembered credentials are cleared. An
 * SGUser off the production domain goes back to the supercomputing app platform; anyone else to /loginOut.
 */
export async function action(args: ActionFunctionArgs) {
  const { request } = args;
  const auth = await readAuth(request);
  let roles: string[] = [];
  if (auth) {
    try {
      const user = (await api(args, "Login/GetUserInfoByIdInfo", { query: { mdId: auth.userId }, token: auth.token })) as UserContext;
      roles = roleCodes(user);
    } catch {
      // An expired or revoked session has no roles to ask about: the user simply goes to /loginOut.
    }
    try {
      await api(args, "Login/Logout", { method: "POST", token: auth.token });
    } catch {
      // Already invalid upstream, or the API is unreachable: the local session still ends below.
    }
  }
  const headers = await localLogout(request);
  headers.append("Set-Cookie", await clearTags(request));
  headers.append("Set-Cookie", await rememberCookie.serialize("", { ...cookieOpts(request), maxAge: 0, expires: new Date(0) }));

  const offProduction = !env.PRODUCTION_HOST || requestHost(request) !== env.PRODUCTION_HOST.toLowerCase();
  const to = roles.includes("SGUser") && offProduction && env.SG_PLATFORM_URL ? env.SG_PLATFORM_URL : "/loginOut";
  return redirect(to, { headers });
}

/** Logging out changes state, so it is never a GET: a visit to /logout just goes home. */
export const loader = () => redirect("/");
