import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { localLogout, requireUser } from "~/lib/auth.server";
import { isTaskId } from "~/lib/compute-task";
import { getTask, lngOf, localProgress, readLogFrom } from "~/lib/compute-task.server";
import { UpstreamError } from "~/lib/upstream.server";

/**
 * GET /steelResearchCompute/taskLog?id=&offset=: what the task page's poll asks for, as JSON: the task's
 * status, its log from the byte offset on and, while running, its progress curves ({status, text, nextOffset,
 * progress}). The API decides who may read it.
 */
export async function loader(args: LoaderFunctionArgs) {
  const { token } = await requireUser(args);
  const q = new URL(args.request.url).searchParams;
  const id = q.get("id");
  const offset = Number(q.get("offset") ?? 0);
  const headers = { "cache-control": "private, no-store" };
  if (!isTaskId(id) || !Number.isSafeInteger(offset) || offset < 0) return Response.json({ error: "not found" }, { status: 404, headers });
  try {
    const [task, log, lng] = await Promise.all([getTask(args, token, id), readLogFrom(args, token, id, offset, 256 * 1024), lngOf(args)]);
    return Response.json({ status: task.status, ...log, progress: localProgress(task.progress, lng) }, { headers });
  } catch (e) {
    if (!(e instanceof UpstreamError)) throw e;
    if (e.sessionInvalid) throw redirect("/login", { headers: await localLogout(args.request, e.msg) });
    const status = e.status === 404 || e.status === 400 ? 404 : 502;
    return Response.json({ error: e.msg || "error" }, { status, headers });
  }
}
