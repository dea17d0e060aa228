import type { LoaderFunctionArgs } from "@remix-run/node";
import { formatDate } from "../../common/dates.ts";
import { requireAccess } from "~/lib/auth.server";
import { csvResponse } from "~/lib/csv";
import { ENT_PATH, entQuery } from "~/lib/enterprises";
import { getT } from "~/lib/i18n.server";
import { forPage } from "~/lib/notices.server";
import { listEnterprises } from "~/lib/system.server";

/** Every page of the list's call, at most this many rows in one export. */
const MAX_ROWS = 10_000;
const PAGE = 100;

/**
 * GET /systemManage/enterpriseManager.csv with the list's filters and sort: every matching enterprise (not
 * only the page on screen), headers in the user's language.
 */
export async function loader(args: LoaderFunctionArgs) {
  const { token } = await requireAccess(args, ENT_PATH);
  const { q } = entQuery(new URL(args.request.url).searchParams);
  const t = await getT(args.request, "system");
  const c = (k: string) => t(`ent.col.${k}`);
  const rows: Array<Array<string | number>> = [];
  for (let page = 1; rows.length < MAX_ROWS; page++) {
    const list = await forPage(args, () => listEnterprises(args, token, { ...q, page }, PAGE));
    for (const e of list.rows)
      rows.push([e.Name, e.CreditCode ?? "", e.Contact, e.Phone, e.Address, e.People, t(`ent.status.${e.Disabled ? "disabled" : "enabled"}`), formatDate(e.CreatedAt)]);
    if (page * PAGE >= list.total) break;
  }
  const header = [c("name"), c("creditCode"), c("contact"), c("phone"), c("address"), c("people"), c("status"), c("createdAt")];
  return csvResponse("enterprises", [header, ...rows]);
}
