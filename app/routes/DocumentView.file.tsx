import type { LoaderFunctionArgs } from "@remix-run/node";
import { documentSource, sourceParams } from "~/lib/documents";
import { streamDocument } from "~/lib/documents.server";
import { getT } from "~/lib/i18n.server";

/**
 * GET /DocumentView/file?src=…[&inline=1]: the document itself (the viewer's download button, and its image
 * shown inline), from Document/Download with the user's token, under the same access rules as its pages.
 */
export async function loader(args: LoaderFunctionArgs) {
  const q = new URL(args.request.url).searchParams;
  const source = documentSource(q);
  if (!source) throw new Response((await getT(args.request))("errors.notFound"), { status: 404 });
  return streamDocument(args, "Document/Download", { ...sourceParams(source), ...(q.get("inline") === "1" ? { inline: "1" } : {}) });
}
