import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { isAttachmentPath } from "~/lib/attachments";
import { streamFromApi } from "~/lib/attachments.server";
import { localLogout, requireUser } from "~/lib/auth.server";
import { getT } from "~/lib/i18n.server";

/**
 * GET /attachment/<path>: an attachment for a logged-in user, streamed from Attachment/Download with its
 * type, disposition (images inline) and sandboxing headers. Rich-text images point here. Anything the API
 * does not answer with a file is the 404 page.
 */
export async function loader(args: LoaderFunctionArgs) {
  const { token } = await requireUser(args);
  const path = args.params["*"] ?? "";
  const t = await getT(args.request, "attachments");
  if (!isAttachmentPath(path)) throw new Response(t("notFound"), { status: 404 });
  const out = await streamFromApi(args, "Attachment/Download", { path }, token);
  if (out.response) return out.response;
  if (out.sessionInvalid) throw redirect("/login", { headers: await localLogout(args.request, out.msg) });
  throw new Response(out.msg || t("notFound"), { status: 404 });
}
