import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { streamFromApi } from "~/lib/attachments.server";
import { localLogout, requireUser } from "~/lib/auth.server";
import { labelsQuery } from "~/lib/detection";
import { getT } from "~/lib/i18n.server";

/**
 * GET /testDetection/sampleLabels?orderId=&size=&start=&ids=: an order's sample labels as a PDF, from
 * TrialDetection/GetSampleLabels (same origin, no token in the browser). The API decides who may read the
 * order; an order the user may not read, or without samples, is the 404 page.
 */
export async function loader(args: LoaderFunctionArgs) {
  const { token } = await requireUser(args);
  const t = await getT(args.request);
  const q = labelsQuery(new URL(args.request.url).searchParams);
  if (!q) throw new Response(t("errors.notFound"), { status: 404 });
  const out = await streamFromApi(args, "TrialDetection/GetSampleLabels", { orderId: q.orderId, size: q.size, start: String(q.start), ...(q.ids.length ? { ids: q.ids.join(",") } : {}) }, token);
  if (out.response) return out.response;
  if (out.sessionInvalid) throw redirect("/login", { headers: await localLogout(args.request, out.msg) });
  throw new Response(out.msg || t("errors.notFound"), { status: 404 });
}
