import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { safePath } from "~/lib/redirects";

/**
 * /redirect/<path>: re-enters <path> (section 2: used to reload a route, e.g. the tags view's refresh).
 * Only paths on this site; anything else goes home.
 */
export function loader({ params, request }: LoaderFunctionArgs) {
  const rest = params["*"] ?? "";
  return redirect(safePath(`/${rest}${new URL(request.url).search}`) ?? "/", { headers: { "cache-control": "no-store" } });
}
