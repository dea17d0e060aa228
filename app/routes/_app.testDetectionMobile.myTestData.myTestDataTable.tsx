import { data, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { formatDate } from "../../common/dates.ts";
import detectionStyles from "~/components/detection/detection.css";
import { MobileList } from "~/components/mobile/MobileList";
import mobileStyles from "~/components/mobile/mobile.css";
import { systemListLinks } from "~/components/system/page-links";
import testDataStyles from "~/components/testData/testData.css";
import { requireAccess } from "~/lib/auth.server";
import { getMethods } from "~/lib/detection.server";
import { getT } from "~/lib/i18n.server";
import { pageMeta } from "~/lib/meta";
import { forPage } from "~/lib/notices.server";
import {
  DATA_LEVELS,
  MOBILE_RECORDS_PATH,
  isElement,
  QUANTITY_KEYS,
  RECORD_SOURCES,
  RECORDS_PAGE_SIZE,
  isFiltered,
  modifyRecordHref,
  recordQuery,
  recordsHref,
  unitOf,
  valueText,
  type TestRecord,
} from "~/lib/test-data";
import { listRecords } from "~/lib/test-data.server";

/**
 * /testDetectionMobile/myTestData/myTestDataTable: my test data on a phone (docs/test-data.md), the desktop
 * table's records as cards that load more at the bottom, at the level chosen, by keyword and source; each with
 * its measured values. A record from an offline upload or the phone opens its correction.
 */
export const handle = { i18n: ["testData", "detection"] };
export const links: LinksFunction = () => [...systemListLinks(), { rel: "stylesheet", href: detectionStyles }, { rel: "stylesheet", href: testDataStyles }, { rel: "stylesheet", href: mobileStyles }];
export const meta = pageMeta;

export async function loader(args: LoaderFunctionArgs) {
  const { token } = await requireAccess(args, MOBILE_RECORDS_PATH);
  const t = await getT(args.request, "testData");
  const methods = await forPage(args, () => getMethods(args, token));
  const q = recordQuery(
    new URL(args.request.url).searchParams,
    methods.map((m) => m.Code),
  );
  const list = await forPage(args, () => listRecords(args, token, q, RECORDS_PAGE_SIZE));
  return data({ title: t("myData.title"), q, list });
}

/** The values a card shows: those measured, in the catalogue's order (elements, then properties). */
const measured = (r: TestRecord) => QUANTITY_KEYS.filter((k) => r.Values[k] !== undefined);

export default function MobileRecordsPage() {
  const { q, list } = useLoaderData<typeof loader>();
  const { t } = useTranslation("testData");
  return (
    <div className="m-page" data-testid="mobile-records-page">
      <h1 className="dt-card-id">{t("myData.title")}</h1>
      <nav className="td-tabs" aria-label={t("myData.views")}>
        {DATA_LEVELS.map((level) => (
          <Link key={level} to={recordsHref(MOBILE_RECORDS_PATH, q, { level, page: 1 })} aria-current={q.level === level ? "page" : undefined} className="td-tab" data-testid={`level-${level}`}>
            {t(`myData.level.${level}`)}
          </Link>
        ))}
      </nav>
      <Form method="get" className="dt-lookup" role="search">
        <input type="hidden" name="level" value={q.level} />
        <label className="dt-stack-label dt-grow">
          {t("filters.keyword")}
          <input className="dt-text-input dt-wide" name="keyword" type="search" defaultValue={q.keyword} key={q.keyword} maxLength={100} />
        </label>
        <label className="dt-stack-label">
          {t("filters.source")}
          <select className="dt-select" name="source" defaultValue={q.source} key={q.source}>
            <option value="">{t("filters.any")}</option>
            {RECORD_SOURCES.map((s) => (
              <option key={s} value={s}>
                {t(`source.${s}`)}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="dt-scan-button">
          {t("filters.apply")}
        </button>
      </Form>
      <p className="ls-count" data-testid="records-count">
        {t("records.found", { count: list.total })}
      </p>
      <MobileList<TestRecord>
        key={recordsHref(MOBILE_RECORDS_PATH, q, { page: 1 })}
        testId="mobile-records"
        first={list}
        hrefFor={(page) => recordsHref(MOBILE_RECORDS_PATH, q, { page })}
        empty={isFiltered(q) ? t("records.emptyFilter") : t("records.empty")}
        render={(r) => (
          <div data-testid="record-card" data-code={r.Code}>
            <div className="m-card-title">
              <span className="ls-mono">{r.Code}</span>
              <span className="dt-state" data-state={r.Source === "lab" ? "verified" : "submitted"}>
                {t(`source.${r.Source}`)}
              </span>
            </div>
            <div className="m-card-line">{[r.Grade, r.HeatNo, r.Condition].filter(Boolean).join(" · ") || "—"}</div>
            <div className="m-card-line td-values">
              {measured(r)
                .map((k) => `${k} ${valueText(r.Values[k])}${isElement(k) || !unitOf(k) || unitOf(k) === k ? "" : ` ${unitOf(k)}`}`)
                .join(" · ") || "—"}
            </div>
            <div className="m-card-line dt-dim">
              {formatDate(r.TestedAt, "{y}-{m}-{d}")} · {r.OwnerName}
            </div>
            {r.Source === "upload" || r.Source === "mobile" ? (
              <div className="m-card-actions">
                <Link to={modifyRecordHref(r.Id)} data-testid="record-modify">
                  {t("mobile.modify")}
                </Link>
              </div>
            ) : null}
          </div>
        )}
      />
    </div>
  );
}
