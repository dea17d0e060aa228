import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { streamFromApi } from "~/lib/attachments.server";
import { localLogout, requireUser } from "~/lib/auth.server";
import { isTaskId } from "~/lib/compute-task";
import { getT } from "~/lib/i18n.server";

/**
 * GET /steelResearchCompute/taskFile?id=&path=: a file of a task's work dir, streamed from
 * CalculateTask/GetTaskFile with its type, disposition and sandboxing headers (same origin, no token in the
 * browser). The API refuses others' tasks and paths outside the work dir; those are the 404 page.
 */
export async function loader(args: LoaderFunctionArgs) {
  const { token } = await requireUser(args);
  const q = new URL(args.request.url).searchParams;
  const id = q.get("id");
  const path = q.get("path") ?? "";
  const t = await getT(args.request);
  if (!isTaskId(id) || !path || path.length > 1000) throw new Response(t("errors.notFound"), { status: 404 });
  const out = await streamFromApi(args, "CalculateTask/GetTaskFile", { id, path }, token);
  if (out.response) return out.response;
  if (out.sessionInvalid) throw redirect("/login", { headers: await localLogout(args.request, out.msg) });
  throw new Response(out.msg || t("errors.notFound"), { status: 404 });
}
