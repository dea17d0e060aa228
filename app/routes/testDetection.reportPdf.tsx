import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { streamFromApi } from "~/lib/attachments.server";
import { localLogout, requireUser } from "~/lib/auth.server";
import { getT } from "~/lib/i18n.server";
import { idParam } from "~/lib/list-query";

/**
 * GET /testDetection/reportPdf?id=: one version of a test report, the PDF exactly as issued, from
 * TrialDetection/GetReportPdf (same origin, no token in the browser). The API decides who may read it; others
 * get the 404 page.
 */
export async function loader(args: LoaderFunctionArgs) {
  const { token } = await requireUser(args);
  const t = await getT(args.request);
  const id = idParam(new URL(args.request.url).searchParams.get("id"));
  if (!id) throw new Response(t("errors.notFound"), { status: 404 });
  const out = await streamFromApi(args, "TrialDetection/GetReportPdf", { id }, token);
  if (out.response) return out.response;
  if (out.sessionInvalid) throw redirect("/login", { headers: await localLogout(args.request, out.msg) });
  throw new Response(out.msg || t("errors.notFound"), { status: 404 });
}
