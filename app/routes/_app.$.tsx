import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAccess } from "~/lib/auth.server";
import { getT } from "~/lib/i18n.server";

/**
 * Any path no page answers: the access rule runs first (so a forbidden path is a 403 whether or not the
 * page exists yet), then it is a 404.
 */
export async function loader(args: LoaderFunctionArgs) {
  await requireAccess(args);
  const t = await getT(args.request);
  throw new Response(t("errors.notFound"), { status: 404 });
}

/**
 * Never rendered (the loader always throws), but a component keeps this a page route: the layout's loader
 * runs and its error boundary shows the 403/404 inside the layout instead of a bare text response.
 */
export default function UnknownPage() {
  return null;
}
