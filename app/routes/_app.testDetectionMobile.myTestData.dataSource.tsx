import { data, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { formatDate } from "../../common/dates.ts";
import detectionStyles from "~/components/detection/detection.css";
import { MobileList } from "~/components/mobile/MobileList";
import mobileStyles from "~/components/mobile/mobile.css";
import { systemListLinks } from "~/components/system/page-links";
import { DataSet, Origin } from "~/components/testData/SourceParts";
import testDataStyles from "~/components/testData/testData.css";
import { requireAccess } from "~/lib/auth.server";
import { getT } from "~/lib/i18n.server";
import { pageMeta } from "~/lib/meta";
import { forPage } from "~/lib/notices.server";
import { DATA_LEVELS, MOBILE_RECORDS_PATH, MOBILE_SOURCES_PATH, RECORDS_PAGE_SIZE, sourcesHref, sourcesQuery, type TestDataSource } from "~/lib/test-data";
import { listDataSources } from "~/lib/test-data.server";

/**
 * /testDetectionMobile/myTestData/dataSource: the test data sources on a phone (docs/test-data.md): the records
 * per source as links that filter, then the data sets as cards that load more at the bottom, each with where its
 * original is (the order's report, the uploaded file).
 */
export const handle = { i18n: ["testData", "detection"] };
export const links: LinksFunction = () => [...systemListLinks(), { rel: "stylesheet", href: detectionStyles }, { rel: "stylesheet", href: testDataStyles }, { rel: "stylesheet", href: mobileStyles }];
export const meta = pageMeta;

export async function loader(args: LoaderFunctionArgs) {
  const { token } = await requireAccess(args, MOBILE_SOURCES_PATH);
  const t = await getT(args.request, "testData");
  const q = sourcesQuery(new URL(args.request.url).searchParams);
  const got = await forPage(args, () => listDataSources(args, token, q, RECORDS_PAGE_SIZE));
  // MobileList keys its cards by Id: a data set is its source with its order or upload.
  const list = { ...got, rows: got.rows.map((s) => ({ ...s, Id: `${s.Source}/${s.OrderId ?? ""}/${s.UploadId ?? ""}` })) };
  return data({ title: t("sources.title"), q, list });
}

export default function MobileSourcesPage() {
  const { q, list } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation("testData");
  const href = (change: Parameters<typeof sourcesHref>[1]) => sourcesHref(q, change, MOBILE_SOURCES_PATH);
  return (
    <div className="m-page" data-testid="mobile-sources-page">
      <h1 className="dt-card-id">{t("sources.title")}</h1>
      <nav className="td-tabs" aria-label={t("myData.views")}>
        {DATA_LEVELS.map((level) => (
          <Link key={level} to={href({ level, page: 1 })} aria-current={q.level === level ? "page" : undefined} className="td-tab" data-testid={`level-${level}`}>
            {t(`myData.level.${level}`)}
          </Link>
        ))}
      </nav>
      <nav aria-label={t("sources.bySource")} className="m-chips" data-testid="source-counts">
        {list.Sources.map((c) => (
          <Link
            key={c.Source}
            to={href({ source: q.source === c.Source ? "" : c.Source, page: 1 })}
            aria-current={q.source === c.Source ? "true" : undefined}
            className="td-source-link m-chip"
            data-testid={`source-count-${c.Source}`}
          >
            {t(`source.${c.Source}`)} {c.Records.toLocaleString(i18n.language)}
          </Link>
        ))}
      </nav>
      <p className="ls-count" data-testid="sources-found">
        {q.source ? `${t(`source.${q.source}`)} · ` : ""}
        {t("sources.found", { count: list.total })}
      </p>
      <MobileList<TestDataSource & { Id: string }>
        key={href({ page: 1 })}
        testId="mobile-sources"
        first={list}
        hrefFor={(page) => href({ page })}
        empty={q.source ? t("sources.emptyFilter") : t("sources.empty")}
        render={(s) => (
          <div data-testid="source-card" data-source={s.Source}>
            <div className="m-card-title">
              <DataSet s={s} />
            </div>
            <div className="m-card-line">
              {t(`source.${s.Source}`)} · {t("mobile.records", { count: s.Records })} · {formatDate(s.LastTested, "{y}-{m}-{d}")}
            </div>
            <div className="m-card-actions">
              <Origin s={s} recordsPath={MOBILE_RECORDS_PATH} />
            </div>
          </div>
        )}
      />
    </div>
  );
}
