import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { streamFromApi } from "~/lib/attachments.server";
import { localLogout, requireUser } from "~/lib/auth.server";
import { getT } from "~/lib/i18n.server";
import { platformOf } from "~/lib/client-platform";

/**
 * GET /download/client: the client download of the first-login prompt and the navbar, streamed from
 * JHAppServer/DownLoad (filetype jhAppClientFile) for the logged-in user, for the platform the browser says it
 * runs on (the API serves that platform's newest "new client" release, docs/app-store.md).
 */
export async function loader(args: LoaderFunctionArgs) {
  const { token } = await requireUser(args);
  const platform = platformOf(args.request.headers.get("user-agent") ?? "");
  const out = await streamFromApi(args, "JHAppServer/DownLoad", { filetype: "jhAppClientFile", ...(platform ? { platform } : {}) }, token);
  if (out.response) return out.response;
  if (out.sessionInvalid) throw redirect("/login", { headers: await localLogout(args.request, out.msg) });
  const t = await getT(args.request, "attachments");
  throw new Response(out.msg || t("client.notFound"), { status: 404 });
}
