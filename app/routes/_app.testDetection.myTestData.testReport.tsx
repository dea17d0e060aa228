import { Button } from "~/components/mantine/Button";
import { NativeSelect } from "~/components/NativeSelect";
import { Paper } from "~/components/mantine/Paper";
import { Stack } from "~/components/mantine/Stack";
import { Text } from "~/components/mantine/Text";
import { TextInput } from "~/components/TextInput";
import { data, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ReportTable } from "~/components/detection/ReportTable";
import detectionStyles from "~/components/detection/detection.css";
import { Pager } from "~/components/infoCenter/Pager";
import { PageHeader } from "~/components/PageHeader";
import { systemListLinks } from "~/components/system/page-links";
import { isPathAllowed, normalisePath } from "~/lib/access";
import { requireAccess } from "~/lib/auth.server";
import { ORDERS_PATH, REPORT_LIST, REPORT_PAGE_SIZE, REPORTS_PATH, reportQuery, reportsHref } from "~/lib/detection";
import { listReportRows } from "~/lib/detection.server";
import { getT } from "~/lib/i18n.server";
import { pageMeta } from "~/lib/meta";
import { forPage } from "~/lib/notices.server";
import { isImplemented } from "~/lib/pages";

/**
 * /testDetection/myTestData/testReport: the lab's test reports, newest first: each order's current report, or
 * every version; found by the start of a report's or order's code, or a project's code or name. A report opens
 * in the document viewer (page images: readable without JavaScript and on kiosks) or as the PDF as issued; a
 * correction is issued on the order's page. The list pattern of docs/pages.md; the filters are a GET form.
 */
export const handle = { i18n: ["detection", "infoCenter"] };
export const links: LinksFunction = () => [...systemListLinks(), { rel: "stylesheet", href: detectionStyles }];
export const meta = pageMeta;

export async function loader(args: LoaderFunctionArgs) {
  const { token, user } = await requireAccess(args, REPORTS_PATH);
  const t = await getT(args.request, "detection");
  const q = reportQuery(new URL(args.request.url).searchParams);
  const list = await forPage(args, () => listReportRows(args, token, q, REPORT_PAGE_SIZE));
  const canOpenOrder = isImplemented(ORDERS_PATH) && isPathAllowed(normalisePath(ORDERS_PATH), user.resList);
  return data({ title: t("reportList.title"), q, list, canOpenOrder });
}

export default function ReportListPage() {
  const { q, list, canOpenOrder } = useLoaderData<typeof loader>();
  const { t } = useTranslation("detection");
  const filtered = q.keyword !== "" || q.versions !== "current";
  return (
    <Stack gap="md" p={{ base: "sm", sm: "lg" }} data-testid="reports-page">
      <PageHeader title={t("reportList.title")} intro={t("reportList.intro")} />
      <Paper withBorder radius="md" p={{ base: "sm", sm: "md" }}>
        <Stack gap="sm">
          <Form method="get" className="ls-toolbar" role="search" data-testid="reports-filters">
            <TextInput className="ls-grow" name="keyword" type="search" label={t("reportList.keyword")} placeholder={t("reportList.keywordPlaceholder")} defaultValue={q.keyword} maxLength={100} key={q.keyword} />
            <NativeSelect name="versions" label={t("reportList.versionsLabel")} defaultValue={q.versions} key={`v-${q.versions}`}>
              {REPORT_LIST.filters.versions.map((v) => (
                <option key={v} value={v}>
                  {t(`reportList.versions.${v}`)}
                </option>
              ))}
            </NativeSelect>
            <NativeSelect className="ls-phone-only" name="sort" label={t("reportList.sortLabel")} defaultValue={q.sort} key={`o-${q.sort}`}>
              {REPORT_LIST.sorts.flatMap((k) => [k, `-${k}`]).map((k) => (
                <option key={k} value={k}>
                  {t(`reportList.sort.${k}`)}
                </option>
              ))}
            </NativeSelect>
            <Button type="submit">{t("reportList.search")}</Button>
          </Form>
          <Text className="ls-count" data-testid="reports-count">
            {t("reportList.found", { count: list.total })}
          </Text>
          {list.rows.length ? (
            <ReportTable rows={list.rows} sort={q.sort} sortHref={(sort) => reportsHref(q, { sort, page: 1 })} canOpenOrder={canOpenOrder} />
          ) : (
            <p className="ls-empty" data-testid="reports-empty">
              {filtered ? t("reportList.emptyFilter") : t("reportList.empty")}
            </p>
          )}
          <Pager total={list.total} size={list.size} current={q.page} hrefFor={(page) => reportsHref(q, { page })} />
        </Stack>
      </Paper>
    </Stack>
  );
}
