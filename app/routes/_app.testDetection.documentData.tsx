import { Button } from "~/components/mantine/Button";
import { NativeSelect } from "~/components/NativeSelect";
import { Paper } from "~/components/mantine/Paper";
import { Stack } from "~/components/mantine/Stack";
import { Text } from "~/components/mantine/Text";
import { TextInput } from "~/components/TextInput";
import { data, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { formatDate } from "../../common/dates.ts";
import detectionStyles from "~/components/detection/detection.css";
import { Pager } from "~/components/infoCenter/Pager";
import { PageHeader } from "~/components/PageHeader";
import { systemListLinks } from "~/components/system/page-links";
import testDataStyles from "~/components/testData/testData.css";
import { requireAccess } from "~/lib/auth.server";
import { MY_DATA_PATH, sampleQueryHref } from "~/lib/detection";
import { attachmentViewHref, instrumentViewHref, reportViewHref } from "~/lib/documents";
import { getT } from "~/lib/i18n.server";
import { pageMeta } from "~/lib/meta";
import { keywordFrom, listHref, pageFrom } from "~/lib/notices";
import { forPage } from "~/lib/notices.server";
import { DOCUMENT_KINDS, DOCUMENTS_PATH, RECORDS_PAGE_SIZE, type TestDocument } from "~/lib/test-data";
import { listTestDocuments } from "~/lib/test-data.server";

/**
 * /testDetection/documentData (the institute's staff; docs/test-data.md): the documents behind the test data,
 * newest first: each order's current report, the instrument files assigned to samples, the samples' photos; by
 * kind and by a sample, order or file name. Each opens in the document viewer (pages drawn on the server, so a
 * kiosk reads them too) and links to its sample and order. The list pattern of docs/pages.md.
 */
export const handle = { i18n: ["testData", "detection", "infoCenter"] };
export const links: LinksFunction = () => [...systemListLinks(), { rel: "stylesheet", href: detectionStyles }, { rel: "stylesheet", href: testDataStyles }];
export const meta = pageMeta;

const viewHref = (d: TestDocument) => (d.Kind === "report" ? reportViewHref(d.Id) : d.Kind === "instrument" ? instrumentViewHref(d.Id) : attachmentViewHref(d.Id));

export async function loader(args: LoaderFunctionArgs) {
  const { token } = await requireAccess(args, DOCUMENTS_PATH);
  const t = await getT(args.request, "testData");
  const search = new URL(args.request.url).searchParams;
  const kind = (DOCUMENT_KINDS as readonly string[]).includes(search.get("kind") ?? "") ? search.get("kind")! : "";
  const q = { kind, keyword: keywordFrom(search.get("keyword")), page: pageFrom(search.get("page")) };
  const list = await forPage(args, () => listTestDocuments(args, token, q, RECORDS_PAGE_SIZE));
  return data({ title: t("documents.title"), q, list });
}

export default function TestDocumentsPage() {
  const { q, list } = useLoaderData<typeof loader>();
  const { t } = useTranslation("testData");
  const href = (page: number) => listHref(DOCUMENTS_PATH, { ...q, page }, { kind: "", keyword: "", page: 1 });
  const col = (k: string) => t(`documents.col.${k}`);
  return (
    <Stack gap="md" p={{ base: "sm", sm: "lg" }} data-testid="documents-page">
      <PageHeader title={t("documents.title")} intro={t("documents.intro")} />
      <Paper withBorder radius="md" p={{ base: "sm", sm: "md" }}>
        <Stack gap="sm">
          <Form method="get" className="ls-toolbar" role="search" data-testid="documents-filters">
            <TextInput
              className="ls-grow"
              name="keyword"
              type="search"
              label={t("documents.keyword")}
              placeholder={t("documents.keywordPlaceholder")}
              defaultValue={q.keyword}
              maxLength={100}
              key={q.keyword}
            />
            <NativeSelect name="kind" label={t("documents.kind")} defaultValue={q.kind} key={`k-${q.kind}`}>
              <option value="">{t("filters.any")}</option>
              {DOCUMENT_KINDS.map((k) => (
                <option key={k} value={k}>
                  {t(`documents.kinds.${k}`)}
                </option>
              ))}
            </NativeSelect>
            <Button type="submit">{t("filters.apply")}</Button>
          </Form>
          <Text className="ls-count" data-testid="documents-count">
            {t("documents.found", { count: list.total })}
          </Text>
          {list.rows.length ? (
            <div className="ls-scroll">
              <table className="ls-table" data-testid="documents-table">
                <thead>
                  <tr>
                    <th scope="col">{col("document")}</th>
                    <th scope="col">{col("sample")}</th>
                    <th scope="col">{col("date")}</th>
                  </tr>
                </thead>
                <tbody>
                  {list.rows.map((d) => (
                    <tr key={`${d.Kind}/${d.Id}`} data-testid="document-row" data-kind={d.Kind}>
                      <td className="ls-strong">
                        <div>
                          <Link to={viewHref(d)} className="dt-code-link td-doc-title">
                            {d.Title}
                          </Link>
                          <div className="dt-dim dt-small">
                            {t(`documents.kinds.${d.Kind}`)}
                            {d.Detail ? ` · ${d.Kind === "instrument" ? t(`documents.parser.${d.Detail}`, { defaultValue: d.Detail }) : d.Detail}` : ""}
                          </div>
                        </div>
                      </td>
                      <td data-label={col("sample")}>
                        <div>
                          {d.SampleCode ? (
                            <Link to={sampleQueryHref(d.SampleCode)} className="dt-code-link ls-mono">
                              {d.SampleCode}
                            </Link>
                          ) : null}
                          <div className="dt-small">
                            <Link to={`${MY_DATA_PATH}?view=orders&id=${d.OrderId}`} className="dt-code-link">
                              {t("documents.order", { code: d.OrderCode })}
                            </Link>
                          </div>
                        </div>
                      </td>
                      <td data-label={col("date")} className="ls-dim dt-small">
                        {formatDate(d.At, "{y}-{m}-{d} {h}:{i}")}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : (
            <p className="ls-empty" data-testid="documents-empty">
              {q.kind || q.keyword ? t("documents.emptyFilter") : t("documents.empty")}
            </p>
          )}
          <Pager total={list.total} size={list.size} current={q.page} hrefFor={href} />
        </Stack>
      </Paper>
    </Stack>
  );
}
