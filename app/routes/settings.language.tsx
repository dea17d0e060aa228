import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { supportedLngs } from "~/i18n";
import { cookieOpts, lngCookie } from "~/lib/cookies.server";
import { safePath } from "~/lib/redirects";

/**
 * The language switcher's action: POST lng (zh, en, es, ja) and redirectTo. Stores the `lng` cookie (the
 * first thing the language detection reads) and goes back to the page, only ever a same-origin path.
 */
export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData();
  const lng = String(form.get("lng") ?? "");
  const back = safePath(form.get("redirectTo")) ?? "/";
  if (!(supportedLngs as readonly string[]).includes(lng)) return redirect(back);
  return redirect(back, { headers: { "Set-Cookie": await lngCookie.serialize(lng, cookieOpts(request)) } });
}

export const loader = () => redirect("/");
