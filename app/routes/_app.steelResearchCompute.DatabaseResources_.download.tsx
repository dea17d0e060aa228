import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAccess } from "~/lib/auth.server";
import { getT } from "~/lib/i18n.server";
import { pageFailure } from "~/lib/notices.server";
import { CATALOGUE_PATH, isDatabaseId } from "~/lib/tdb";
import { downloadDatabase } from "~/lib/tdb.server";
import { UpstreamError } from "~/lib/upstream.server";

/**
 * GET /steelResearchCompute/DatabaseResources/download?id=: a database's TDB file as it was shipped or uploaded.
 * The API decides who may have it; its answer is passed through with its own headers (name, sandbox).
 */
export async function loader(args: LoaderFunctionArgs) {
  const { token } = await requireAccess(args, CATALOGUE_PATH);
  const id = new URL(args.request.url).searchParams.get("id");
  const notFound = async () => new Response((await getT(args.request))("errors.notFound"), { status: 404 });
  if (!isDatabaseId(id)) return notFound();
  const res = await downloadDatabase(args, token, id);
  // A file comes with its content-disposition; anything else is the API's envelope saying why not.
  if (!res.ok || !res.headers.get("content-disposition")) {
    const env = (await res.json().catch(() => null)) as { status?: number; msg?: string } | null;
    return pageFailure(args, new UpstreamError(env?.status ?? res.status, env?.msg ?? ""));
  }
  const headers = new Headers();
  for (const h of ["content-type", "content-length", "content-disposition", "content-security-policy", "x-content-type-options"]) {
    const v = res.headers.get(h);
    if (v) headers.set(h, v);
  }
  headers.set("cache-control", "private, no-store");
  return new Response(res.body, { status: 200, headers });
}
