import { Button } from "~/components/mantine/Button";
import { Stack } from "~/components/mantine/Stack";
import { data, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { OrderList } from "~/components/detection/OrderList";
import { OrderView } from "~/components/detection/OrderView";
import detectionStyles from "~/components/detection/detection.css";
import { PageHeader } from "~/components/PageHeader";
import { systemListLinks } from "~/components/system/page-links";
import { RecordList } from "~/components/testData/RecordList";
import testDataStyles from "~/components/testData/testData.css";
import { isPathAllowed, normalisePath } from "~/lib/access";
import { requireAccess } from "~/lib/auth.server";
import { MY_DATA_PATH, myDataHref, ORDER_PAGE_SIZE, orderQuery } from "~/lib/detection";
import { getMethods, listOrders, orderView } from "~/lib/detection.server";
import { getT } from "~/lib/i18n.server";
import { pageMeta } from "~/lib/meta";
import { forPage } from "~/lib/notices.server";
import { isImplemented } from "~/lib/pages";
import { myProjectOptions } from "~/lib/projects.server";
import { DATA_LEVELS, RECORDS_PAGE_SIZE, SIMILAR_PATHS, recordQuery, recordsHref } from "~/lib/test-data";
import { listRecords } from "~/lib/test-data.server";

/**
 * /testDetection/myTestData/myTestDataTable, "my test data" (docs/test-data.md): every test record the reader
 * sees, at the TestDetectionDataLevel chosen (all, my tasks, my group's), filtered by grade, a quantity and its
 * range, method, dates, source and project, with the columns the reader chooses, exported as CSV or Excel.
 * `?view=orders` lists the task orders the reader may see (outside users: their organisation's), and `?id=`
 * opens one read-only: samples, results with limits and verdicts, reports. The list pattern of docs/pages.md.
 */
export const handle = { i18n: ["testData", "detection", "infoCenter"] };
export const links: LinksFunction = () => [...systemListLinks(), { rel: "stylesheet", href: detectionStyles }, { rel: "stylesheet", href: testDataStyles }];
export const meta = pageMeta;

export async function loader(args: LoaderFunctionArgs) {
  const { token, user } = await requireAccess(args, MY_DATA_PATH);
  const t = await getT(args.request, "testData");
  const search = new URL(args.request.url).searchParams;
  if (search.get("view") === "orders" || search.has("id")) {
    const { q, id } = orderQuery(search);
    if (id) {
      const view = await forPage(args, () => orderView(args, token, id));
      return data({ kind: "order" as const, title: `${view.order.Code} · ${t("myData.title")}`, q, view });
    }
    const list = await forPage(args, () => listOrders(args, token, q, ORDER_PAGE_SIZE));
    return data({ kind: "orders" as const, title: t("myData.title"), q, list });
  }
  const methods = await forPage(args, () => getMethods(args, token));
  const q = recordQuery(search, methods.map((m) => m.Code));
  // The reader's research projects, for the project filter (none for those who have no project page).
  const [list, projects] = await Promise.all([forPage(args, () => listRecords(args, token, q, RECORDS_PAGE_SIZE)), myProjectOptions(args, token).catch(() => [])]);
  const similar = isImplemented(SIMILAR_PATHS.nearest) && isPathAllowed(normalisePath(SIMILAR_PATHS.nearest), user.resList);
  return data({
    kind: "records" as const,
    title: t("myData.title"),
    q,
    list,
    methods: methods.map((m) => ({ Code: m.Code, Name: m.Name })),
    projects: projects.map((p) => ({ Id: p.Id, Name: `${p.Code} ${p.Name}` })),
    similar,
  });
}

export default function MyTestDataPage() {
  const page = useLoaderData<typeof loader>();
  const { t } = useTranslation("testData");
  const tabs = (
    <nav className="td-tabs" aria-label={t("myData.views")}>
      {DATA_LEVELS.map((level) => (
        <Link
          key={level}
          to={page.kind === "records" ? recordsHref(MY_DATA_PATH, page.q, { level, page: 1 }) : `${MY_DATA_PATH}${level === "0" ? "" : `?level=${level}`}`}
          aria-current={page.kind === "records" && page.q.level === level ? "page" : undefined}
          className="td-tab"
          data-testid={`level-${level}`}
        >
          {t(`myData.level.${level}`)}
        </Link>
      ))}
      <Link to={`${MY_DATA_PATH}?view=orders`} aria-current={page.kind !== "records" ? "page" : undefined} className="td-tab" data-testid="view-orders">
        {t("myData.orders")}
      </Link>
    </nav>
  );
  if (page.kind === "order") {
    return (
      <Stack gap="md" p={{ base: "sm", sm: "lg" }} data-testid="my-data-page">
        <div className="sys-head">
          <PageHeader title={t("myData.title")} />
          <div className="sys-head-actions">
            <Button component={Link} to={myDataHref(page.q)} variant="subtle" data-testid="order-back">
              {t("detection:orders.back")}
            </Button>
          </div>
        </div>
        <OrderView order={page.view.order} results={page.view.results} methods={page.view.methods} reports={page.view.reports} canWrite={false} failure={null} back={myDataHref(page.q, { id: page.view.order.Id })} />
      </Stack>
    );
  }
  return (
    <Stack gap="md" p={{ base: "sm", sm: "lg" }} data-testid="my-data-page">
      <PageHeader title={t("myData.title")} intro={page.kind === "records" ? t("myData.intro") : t("myData.ordersIntro")} />
      {tabs}
      {page.kind === "orders" ? (
        <OrderList q={page.q} list={page.list} href={myDataHref} empty={t("myData.ordersEmpty")} hidden={{ view: "orders" }} />
      ) : (
        <RecordList
          path={MY_DATA_PATH}
          q={page.q}
          list={page.list}
          methods={page.methods}
          projects={page.projects}
          exportHref={(format) => recordsHref(`${MY_DATA_PATH}.${format}`, page.q, { page: null })}
          orderHref={(id) => `${MY_DATA_PATH}?view=orders&id=${id}`}
          similar={page.similar}
        />
      )}
    </Stack>
  );
}
