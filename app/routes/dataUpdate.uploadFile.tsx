import type { LoaderFunctionArgs } from "@remix-run/node";
import { streamFromApi } from "~/lib/attachments.server";
import { requireAccess } from "~/lib/auth.server";
import { idParam } from "~/lib/list-query";
import { pageFailure } from "~/lib/notices.server";
import { UPLOAD_PATH } from "~/lib/test-data";
import { UpstreamError } from "~/lib/upstream.server";

/**
 * GET /dataUpdate/uploadFile?kind=template | bad&id=: the offline upload's template, or an upload's rows to
 * correct with their reasons, streamed from the API for those who may upload (same origin, no token in the page).
 */
export async function loader(args: LoaderFunctionArgs) {
  const { token } = await requireAccess(args, UPLOAD_PATH);
  const search = new URL(args.request.url).searchParams;
  const id = idParam(search.get("id"));
  const [path, query] = search.get("kind") === "bad" && id ? ["TrialDetection/GetTestDataUploadBadRows", { id }] : ["TrialDetection/GetTestDataTemplate", {}];
  const r = await streamFromApi(args, path, query, token);
  return r.response ?? pageFailure(args, new UpstreamError(r.status, r.msg));
}
