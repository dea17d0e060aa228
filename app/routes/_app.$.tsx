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
