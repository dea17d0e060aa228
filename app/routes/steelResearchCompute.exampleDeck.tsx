import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { localLogout, requireUser } from "~/lib/auth.server";
import { loadAppExample } from "~/lib/compute-form.server";
import { deckTarGz } from "~/lib/deck-files.server";
import { getT } from "~/lib/i18n.server";
import { UpstreamError } from "~/lib/upstream.server";

/**
 * GET /steelResearchCompute/exampleDeck?app=: the app's example input, every file of it, as
 * <app>-example.tar.gz with its folders (an OpenFOAM case). Edited and uploaded again on the instruction form,
 * it runs as it is.
 */
export async function loader(args: LoaderFunctionArgs) {
  const { token } = await requireUser(args);
  const appId = new URL(args.request.url).searchParams.get("app") ?? "";
  const t = await getT(args.request);
  if (!/^[a-z0-9-]{1,64}$/.test(appId)) throw new Response(t("errors.notFound"), { status: 404 });
  try {
    const ex = await loadAppExample(args, token, appId);
    if (!Object.keys(ex.files).length) throw new Response(t("errors.notFound"), { status: 404 });
    const folder = `${ex.appId}-example`;
    return new Response(deckTarGz(folder, ex.files), {
      headers: {
        "content-type": "application/gzip",
        "content-disposition": `attachment; filename="${folder}.tar.gz"`,
        "cache-control": "private, no-store",
        "x-content-type-options": "nosniff",
      },
    });
  } catch (e) {
    if (!(e instanceof UpstreamError)) throw e;
    if (e.sessionInvalid) throw redirect("/login", { headers: await localLogout(args.request, e.msg) });
    throw new Response(t("errors.notFound"), { status: 404 });
  }
}
