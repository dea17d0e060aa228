import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAccess } from "~/lib/auth.server";
import { streamFromApi } from "~/lib/attachments.server";
import { pageFailure } from "~/lib/notices.server";
import { PEOPLE_PATH } from "~/lib/people";
import { UpstreamError } from "~/lib/upstream.server";

/** GET /systemManage/personManage-template.xlsx: the import template, with its columns explained, in the user's language. */
export async function loader(args: LoaderFunctionArgs) {
  const { token } = await requireAccess(args, PEOPLE_PATH);
  const r = await streamFromApi(args, "System/GetPersonImportTemplate", {}, token);
  return r.response ?? pageFailure(args, new UpstreamError(r.status, r.msg));
}
