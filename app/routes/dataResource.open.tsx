import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { EXTERNAL_DATA_RESOURCES } from "../../common/data-resources.ts";
import { localLogout, requireAccess } from "~/lib/auth.server";
import { matdaoUrl } from "~/lib/data-resources.server";
import { getT } from "~/lib/i18n.server";
import { UpstreamError } from "~/lib/upstream.server";

/**
 * /dataResource/open?code=: an external database of the data-resource menu. A single-sign-on partner (Matdao)
 * gets a login string made now, for this person (MatdaoSSO/GetRequestMatdaoUrl), so a link copied from the
 * page never carries one; while no SSO secret is configured the person lands on the partner's public page
 * and logs in there. Only codes of EXTERNAL_DATA_RESOURCES are followed: this is not an open redirect.
 */
export async function loader(args: LoaderFunctionArgs) {
  const { token } = await requireAccess(args, "/dataResource/open");
  const code = new URL(args.request.url).searchParams.get("code") ?? "";
  const entry = EXTERNAL_DATA_RESOURCES.find((e) => e.code === code);
  if (!entry) throw new Response((await getT(args.request, "dataResource"))("errors.entryUnknown"), { status: 404 });
  if (!entry.sso) throw redirect(entry.url);
  try {
    throw redirect(await matdaoUrl(args, token, entry.code), { headers: { "Cache-Control": "no-store" } });
  } catch (e) {
    if (!(e instanceof UpstreamError)) throw e;
    if (e.sessionInvalid) throw redirect("/login", { headers: await localLogout(args.request, e.msg) });
    throw redirect(entry.url);
  }
}
