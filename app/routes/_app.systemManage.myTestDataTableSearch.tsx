import { Stack } from "~/components/mantine/Stack";
import { data, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import detectionStyles from "~/components/detection/detection.css";
import { PageHeader } from "~/components/PageHeader";
import { systemListLinks } from "~/components/system/page-links";
import { RecordList } from "~/components/testData/RecordList";
import testDataStyles from "~/components/testData/testData.css";
import { isPathAllowed, normalisePath } from "~/lib/access";
import { requireAccess } from "~/lib/auth.server";
import { MY_DATA_PATH } from "~/lib/detection";
import { getMethods } from "~/lib/detection.server";
import { getT } from "~/lib/i18n.server";
import { pageMeta } from "~/lib/meta";
import { forPage } from "~/lib/notices.server";
import { isImplemented } from "~/lib/pages";
import { RECORDS_PAGE_SIZE, RECORDS_SEARCH_PATH, SIMILAR_PATHS, recordQuery, recordsHref } from "~/lib/test-data";
import { listRecords } from "~/lib/test-data.server";

/**
 * /systemManage/myTestDataTableSearch: the test records across people, for administrators in their scope (a
 * SystemAdmin all, an InsideAdmin their department subtree, an OutsideAdmin their enterprise): the table of
 * "my test data" with each record's owner and their department or organisation, and a filter by owner.
 */
export const handle = { i18n: ["testData", "detection", "infoCenter"] };
export const links: LinksFunction = () => [...systemListLinks(), { rel: "stylesheet", href: detectionStyles }, { rel: "stylesheet", href: testDataStyles }];
export const meta = pageMeta;

export async function loader(args: LoaderFunctionArgs) {
  const { token, user } = await requireAccess(args, RECORDS_SEARCH_PATH);
  const t = await getT(args.request, "testData");
  const methods = await forPage(args, () => getMethods(args, token));
  const q = recordQuery(new URL(args.request.url).searchParams, methods.map((m) => m.Code));
  const list = await forPage(args, () => listRecords(args, token, q, RECORDS_PAGE_SIZE, true));
  const allowed = (path: string) => isImplemented(path) && isPathAllowed(normalisePath(path), user.resList);
  return data({ title: t("search.title"), q, list, methods: methods.map((m) => ({ Code: m.Code, Name: m.Name })), canOpenOrder: allowed(MY_DATA_PATH), similar: allowed(SIMILAR_PATHS.nearest) });
}

export default function RecordSearchPage() {
  const { q, list, methods, canOpenOrder, similar } = useLoaderData<typeof loader>();
  const { t } = useTranslation("testData");
  return (
    <Stack gap="md" p={{ base: "sm", sm: "lg" }} data-testid="records-search-page">
      <PageHeader title={t("search.title")} intro={t("search.intro")} />
      <RecordList
        path={RECORDS_SEARCH_PATH}
        q={q}
        list={list}
        methods={methods}
        projects={[]}
        exportHref={(format) => recordsHref(`${RECORDS_SEARCH_PATH}.${format}`, q, { page: null })}
        orderHref={canOpenOrder ? (id) => `${MY_DATA_PATH}?view=orders&id=${id}` : undefined}
        similar={similar}
        admin
      />
    </Stack>
  );
}
