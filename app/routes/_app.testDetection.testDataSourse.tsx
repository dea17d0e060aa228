import { Paper } from "~/components/mantine/Paper";
import { Stack } from "~/components/mantine/Stack";
import { Text } from "~/components/mantine/Text";
import { data, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { formatDate } from "../../common/dates.ts";
import detectionStyles from "~/components/detection/detection.css";
import { Pager } from "~/components/infoCenter/Pager";
import { PageHeader } from "~/components/PageHeader";
import { systemListLinks } from "~/components/system/page-links";
import statsStyles from "~/components/system/statistics.css";
import { StatFact } from "~/components/system/StatParts";
import { DataSet, Origin } from "~/components/testData/SourceParts";
import testDataStyles from "~/components/testData/testData.css";
import { requireAccess } from "~/lib/auth.server";
import { getT } from "~/lib/i18n.server";
import { pageMeta } from "~/lib/meta";
import { forPage } from "~/lib/notices.server";
import { DATA_LEVELS, RECORDS_PAGE_SIZE, SOURCES_PATH, sourcesHref, sourcesQuery } from "~/lib/test-data";
import { listDataSources } from "~/lib/test-data.server";

/**
 * /testDetection/testDataSourse, test data sources (docs/test-data.md): where the records the reader sees at a
 * level came from. The records per source, then the data sets newest first: a lab order (opened read-only,
 * with its client and latest report in the document viewer), an offline upload (its original file, who
 * uploaded it and when), or all the records of another source. Links and a GET address: works without JavaScript.
 */
export const handle = { i18n: ["testData", "detection"] };
export const links: LinksFunction = () => [...systemListLinks(), { rel: "stylesheet", href: detectionStyles }, { rel: "stylesheet", href: testDataStyles }, { rel: "stylesheet", href: statsStyles }];
export const meta = pageMeta;

export async function loader(args: LoaderFunctionArgs) {
  const { token } = await requireAccess(args, SOURCES_PATH);
  const t = await getT(args.request, "testData");
  const q = sourcesQuery(new URL(args.request.url).searchParams);
  const list = await forPage(args, () => listDataSources(args, token, q, RECORDS_PAGE_SIZE));
  return data({ title: t("sources.title"), q, list });
}

export default function TestDataSourcesPage() {
  const { q, list } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation(["testData", "detection"]);
  const n = (v: number) => v.toLocaleString(i18n.language);
  const col = (k: string) => t(`sources.col.${k}`);
  return (
    <Stack gap="md" p={{ base: "sm", sm: "lg" }} data-testid="sources-page">
      <PageHeader title={t("sources.title")} intro={t("sources.intro")} />
      <nav className="td-tabs" aria-label={t("myData.views")}>
        {DATA_LEVELS.map((level) => (
          <Link key={level} to={sourcesHref(q, { level, page: 1 })} aria-current={q.level === level ? "page" : undefined} className="td-tab" data-testid={`level-${level}`}>
            {t(`myData.level.${level}`)}
          </Link>
        ))}
      </nav>
      <nav aria-label={t("sources.bySource")}>
        <dl className="st-facts" data-testid="source-counts">
          {list.Sources.map((c) => (
            <StatFact
              key={c.Source}
              testId={`source-count-${c.Source}`}
              label={t(`source.${c.Source}`)}
              value={
                <Link to={sourcesHref(q, { source: q.source === c.Source ? "" : c.Source, page: 1 })} aria-current={q.source === c.Source ? "true" : undefined} className="td-source-link">
                  {n(c.Records)}
                </Link>
              }
            />
          ))}
        </dl>
      </nav>
      <Paper withBorder radius="md" p={{ base: "sm", sm: "md" }}>
        <Stack gap="sm">
          <Text className="ls-count" data-testid="sources-found">
            {q.source ? `${t(`source.${q.source}`)} · ` : ""}
            {t("sources.found", { count: list.total })}
          </Text>
          {list.rows.length ? (
            <div className="ls-scroll">
              <table className="ls-table" data-testid="sources-table">
                <thead>
                  <tr>
                    <th scope="col">{col("set")}</th>
                    <th scope="col">{col("source")}</th>
                    <th scope="col">{col("records")}</th>
                    <th scope="col">{col("last")}</th>
                    <th scope="col">{col("origin")}</th>
                  </tr>
                </thead>
                <tbody>
                  {list.rows.map((s) => (
                    <tr key={`${s.Source}/${s.OrderId ?? ""}/${s.UploadId ?? ""}`} data-testid="source-row" data-source={s.Source}>
                      <td>
                        <DataSet s={s} />
                      </td>
                      <td data-label={col("source")}>{t(`source.${s.Source}`)}</td>
                      <td data-label={col("records")} className="ls-num">
                        {n(s.Records)}
                      </td>
                      <td data-label={col("last")} className="ls-dim">
                        {formatDate(s.LastTested, "{y}-{m}-{d}")}
                      </td>
                      <td data-label={col("origin")}>
                        <Origin s={s} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : (
            <p className="ls-empty" data-testid="sources-empty">
              {q.source ? t("sources.emptyFilter") : t("sources.empty")}
            </p>
          )}
          <Pager total={list.total} size={list.size} current={q.page} hrefFor={(page) => sourcesHref(q, { page })} />
        </Stack>
      </Paper>
    </Stack>
  );
}
