import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAccess } from "~/lib/auth.server";
import { streamFromApi } from "~/lib/attachments.server";
import { pageFailure } from "~/lib/notices.server";
import { PEOPLE_PATH, peopleQuery } from "~/lib/people";
import { personQuery } from "~/lib/system.server";
import { UpstreamError } from "~/lib/upstream.server";

/**
 * GET /systemManage/personManage.xlsx: the people list as filtered and sorted on the page (all pages), as an
 * Excel workbook the API streams (System/ExportPersons, same scope as the list).
 */
export async function loader(args: LoaderFunctionArgs) {
  const { token } = await requireAccess(args, PEOPLE_PATH);
  const { q } = peopleQuery(new URL(args.request.url).searchParams);
  const query = Object.fromEntries(Object.entries({ ...personQuery(q), page: undefined }).filter(([, v]) => v !== undefined).map(([k, v]) => [k, String(v)]));
  const r = await streamFromApi(args, "System/ExportPersons", query, token);
  return r.response ?? pageFailure(args, new UpstreamError(r.status, r.msg));
}
