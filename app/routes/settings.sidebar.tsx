import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { isHttps } from "~/lib/cookies.server";
import { sidebarCookieString } from "~/lib/sidebar";
import { safePath } from "~/lib/redirects";

/**
 * The sidebar toggle without JavaScript: POST open=1|0 and redirectTo; stores `sidebarStatus` and goes
 * back (same-origin paths only). With JavaScript the browser writes the same cookie itself.
 */
export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData();
  const open = form.get("open") !== "0";
  const back = safePath(form.get("redirectTo")) ?? "/";
  return redirect(back, { headers: { "Set-Cookie": sidebarCookieString(open, isHttps(request)) } });
}

export const loader = () => redirect("/");
