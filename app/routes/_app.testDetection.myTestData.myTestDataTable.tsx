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
import { requireAccess } from "~/lib/auth.server";
import { MY_DATA_PATH, myDataHref, ORDER_PAGE_SIZE, orderQuery } from "~/lib/detection";
import { listOrders, orderView } from "~/lib/detection.server";
import { getT } from "~/lib/i18n.server";
import { pageMeta } from "~/lib/meta";
import { forPage } from "~/lib/notices.server";

/**
 * /testDetection/myTestData/myTestDataTable, "my test data": the task orders the reader may see, as the API
 * scopes them (outside users, whose only testing page this is: their organisation's), with their state; `?id=`
 * opens one read-only: samples, results with limits and verdicts, and the report versions to view or download.
 * The list pattern of docs/pages.md with the orders list's filters. The test records' table of the data
 * issue (level filter, chosen columns, export) comes to this page beside the orders.
 */
export const handle = { i18n: ["detection", "infoCenter"] };
export const links: LinksFunction = () => [...systemListLinks(), { rel: "stylesheet", href: detectionStyles }];
export const meta = pageMeta;

export async function loader(args: LoaderFunctionArgs) {
  const { token } = await requireAccess(args, MY_DATA_PATH);
  const t = await getT(args.request, "detection");
  const { q, id } = orderQuery(new URL(args.request.url).searchParams);
  if (id) {
    const view = await forPage(args, () => orderView(args, token, id));
    return data({ title: `${view.order.Code} · ${t("myData.title")}`, q, view, list: null });
  }
  const list = await forPage(args, () => listOrders(args, token, q, ORDER_PAGE_SIZE));
  return data({ title: t("myData.title"), q, view: null, list });
}

export default function MyTestDataPage() {
  const { q, view, list } = useLoaderData<typeof loader>();
  const { t } = useTranslation("detection");
  if (view) {
    return (
      <Stack gap="md" p={{ base: "sm", sm: "lg" }} data-testid="my-data-page">
        <div className="sys-head">
          <PageHeader title={t("myData.title")} />
          <div className="sys-head-actions">
            <Button component={Link} to={myDataHref(q)} variant="subtle" data-testid="order-back">
              {t("orders.back")}
            </Button>
          </div>
        </div>
        <OrderView order={view.order} results={view.results} methods={view.methods} reports={view.reports} canWrite={false} failure={null} back={myDataHref(q, { id: view.order.Id })} />
      </Stack>
    );
  }
  return (
    <Stack gap="md" p={{ base: "sm", sm: "lg" }} data-testid="my-data-page">
      <PageHeader title={t("myData.title")} intro={t("myData.intro")} />
      <OrderList q={q} list={list!} href={myDataHref} empty={t("myData.empty")} />
    </Stack>
  );
}
