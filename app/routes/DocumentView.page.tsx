import type { LoaderFunctionArgs } from "@remix-run/node";
import { documentSource, sourceParams } from "~/lib/documents";
import { streamDocument } from "~/lib/documents.server";
import { getT } from "~/lib/i18n.server";

/**
 * GET /DocumentView/page?src=…&n=<page>: one page of a document as a PNG, drawn on the server, from
 * Document/GetPage with the user's token. The API checks access on every image (someone else's document is
 * the 404 page); the browser keeps no copy (Cache-Control: private, no-store).
 */
export async function loader(args: LoaderFunctionArgs) {
  const q = new URL(args.request.url).searchParams;
  const source = documentSource(q);
  const n = q.get("n") ?? "";
  if (!source || !/^\d{1,6}$/.test(n)) throw new Response((await getT(args.request))("errors.notFound"), { status: 404 });
  return streamDocument(args, "Document/GetPage", { ...sourceParams(source), page: n });
}
