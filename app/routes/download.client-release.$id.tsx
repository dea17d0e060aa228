import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { streamFromApi } from "~/lib/attachments.server";
import { localLogout, requireUser } from "~/lib/auth.server";
import { getT } from "~/lib/i18n.server";

/** GET /download/client-release/:id: one desktop client release's file (/steelApp/deskAppInfo), for the logged-in user. */
export async function loader(args: LoaderFunctionArgs) {
  const { token } = await requireUser(args);
  const out = await streamFromApi(args, "MaterialAPP/DownloadClientRelease", { id: args.params.id ?? "" }, token);
  if (out.response) return out.response;
  if (out.sessionInvalid) throw redirect("/login", { headers: await localLogout(args.request, out.msg) });
  const t = await getT(args.request, "attachments");
  throw new Response(out.msg || t("client.notFound"), { status: 404 });
}
