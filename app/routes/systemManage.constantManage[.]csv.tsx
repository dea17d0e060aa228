import type { LoaderFunctionArgs } from "@remix-run/node";
import { CONSTANT_LANGS } from "../../common/constants.ts";
import { requireAccess } from "~/lib/auth.server";
import { CONST_PATH, constQuery, filterConstants } from "~/lib/constant-page";
import { csvResponse } from "~/lib/csv";
import { getT } from "~/lib/i18n.server";
import { forPage } from "~/lib/notices.server";
import { constantList } from "~/lib/site-constants.server";

/** GET /systemManage/constantManage.csv with the page's filters: every shown item in the four languages. */
export async function loader(args: LoaderFunctionArgs) {
  const { token } = await requireAccess(args, CONST_PATH);
  const { q } = constQuery(new URL(args.request.url).searchParams);
  const t = await getT(args.request, "system");
  const groups = filterConstants(await forPage(args, () => constantList(args, token)), q);
  const header = [t("const.groupLabel"), t("const.col.key"), ...CONSTANT_LANGS.map((l) => t(`const.lang.${l}`)), t("const.col.status")];
  const rows = groups.flatMap((g) =>
    g.Items.map((i) => [`${t(`const.group.${g.Code}.name`)} (${g.Code})`, i.Key, ...CONSTANT_LANGS.map((l) => i.Labels[l]), t(i.Changed ? "const.changed" : "const.default")]),
  );
  return csvResponse("constants", [header, ...rows]);
}
