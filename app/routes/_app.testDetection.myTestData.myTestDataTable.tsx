import { Button } from "~/components/mantine/Button";
import { NativeSelect } from "~/components/mantine/NativeSelect";
import { Paper } from "~/components/mantine/Paper";
import { Stack } from "~/components/mantine/Stack";
import { Text } from "~/components/mantine/Text";
import { TextInput } from "~/components/mantine/TextInput";
import { data, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { OrderTable } from "~/components/detection/OrderTable";
import { OrderView } from "~/components/detection/OrderView";
import detectionStyles from "~/components/detection/detection.css";
import { Pager } from "~/components/infoCenter/Pager";
import { PageHeader } from "~/components/PageHeader";
import { systemListLinks } from "~/components/system/page-links";
import { requireAccess } from "~/lib/auth.server";
import { MY_DATA_PATH, myDataHref, ORDER_LIST, ORDER_PAGE_SIZE, orderQuery } from "~/lib/detection";
import { getMethods, getOrder, getOrderResults, getReports, listOrders } from "~/lib/detection.server";
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
    const [order, results, methods, reports] = await Promise.all([
      forPage(args, () => getOrder(args, token, id)),
      forPage(args, () => getOrderResults(args, token, id)),
      forPage(args, () => getMethods(args, token)),
      forPage(args, () => getReports(args, token, id)),
    ]);
    return data({ title: `${order.Code} · ${t("myData.title")}`, q, view: { order, results: results.Results, methods, reports: reports.Reports }, list: null });
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
  const filtered = q.keyword !== "" || q.state !== "all" || q.due !== "all";
  return (
    <Stack gap="md" p={{ base: "sm", sm: "lg" }} data-testid="my-data-page">
      <PageHeader title={t("myData.title")} intro={t("myData.intro")} />
      <Paper withBorder radius="md" p={{ base: "sm", sm: "md" }}>
        <Stack gap="sm">
          <Form method="get" className="ls-toolbar" role="search" data-testid="orders-filters">
            <TextInput className="ls-grow" name="keyword" type="search" label={t("orders.keyword")} placeholder={t("orders.keywordPlaceholder")} defaultValue={q.keyword} maxLength={100} key={q.keyword} />
            <NativeSelect name="state" label={t("orders.stateLabel")} defaultValue={q.state} key={`s-${q.state}`}>
              {ORDER_LIST.filters.state.map((s) => (
                <option key={s} value={s}>
                  {s === "all" ? t("samples.allStates") : t(`state.${s}`)}
                </option>
              ))}
            </NativeSelect>
            <NativeSelect name="due" label={t("orders.dueLabel")} defaultValue={q.due} key={`d-${q.due}`}>
              {ORDER_LIST.filters.due.map((d) => (
                <option key={d} value={d}>
                  {t(`orders.due.${d}`)}
                </option>
              ))}
            </NativeSelect>
            <NativeSelect className="ls-phone-only" name="sort" label={t("samples.sortLabel")} defaultValue={q.sort} key={`o-${q.sort}`}>
              {ORDER_LIST.sorts.flatMap((k) => [k, `-${k}`]).map((k) => (
                <option key={k} value={k}>
                  {t(`orders.sort.${k}`)}
                </option>
              ))}
            </NativeSelect>
            <Button type="submit">{t("samples.search")}</Button>
          </Form>
          <Text className="ls-count" data-testid="orders-count">
            {t("orders.found", { count: list!.total })}
          </Text>
          {list!.rows.length ? (
            <OrderTable rows={list!.rows} sort={q.sort} sortHref={(sort) => myDataHref(q, { sort, page: 1 })} openHref={(id) => myDataHref(q, { id })} />
          ) : (
            <p className="ls-empty" data-testid="orders-empty">
              {filtered ? t("orders.emptyFilter") : t("myData.empty")}
            </p>
          )}
          <Pager total={list!.total} size={list!.size} current={q.page} hrefFor={(page) => myDataHref(q, { page })} />
        </Stack>
      </Paper>
    </Stack>
  );
}
