import { data, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { formatDate } from "../../common/dates.ts";
import detectionStyles from "~/components/detection/detection.css";
import { MobileList } from "~/components/mobile/MobileList";
import mobileStyles from "~/components/mobile/mobile.css";
import { systemListLinks } from "~/components/system/page-links";
import { requireAccess } from "~/lib/auth.server";
import { MOBILE_REPORTS_PATH, mobileReportsHref, REPORT_LIST, REPORT_PAGE_SIZE, reportPdfHref, reportQuery, type ReportListRow } from "~/lib/detection";
import { listReportRows } from "~/lib/detection.server";
import { reportViewHref } from "~/lib/documents";
import { getT } from "~/lib/i18n.server";
import { pageMeta } from "~/lib/meta";
import { forPage } from "~/lib/notices.server";

/**
 * /testDetectionMobile/testReport: the test reports on a phone, as cards that load more at the bottom: the
 * report (opened in the document viewer, or as its PDF), its order and client, who issued it and when. The
 * desktop list's filters (/testDetection/myTestData/testReport) in one GET form.
 */
export const handle = { i18n: ["detection"] };
export const links: LinksFunction = () => [...systemListLinks(), { rel: "stylesheet", href: detectionStyles }, { rel: "stylesheet", href: mobileStyles }];
export const meta = pageMeta;

export async function loader(args: LoaderFunctionArgs) {
  const { token } = await requireAccess(args, MOBILE_REPORTS_PATH);
  const t = await getT(args.request, "detection");
  const q = reportQuery(new URL(args.request.url).searchParams);
  const list = await forPage(args, () => listReportRows(args, token, q, REPORT_PAGE_SIZE));
  return data({ title: t("reportList.title"), q, list });
}

export default function MobileReportsPage() {
  const { q, list } = useLoaderData<typeof loader>();
  const { t } = useTranslation("detection");
  const filtered = q.keyword !== "" || q.versions !== "current";
  return (
    <div className="m-page" data-testid="mobile-reports-page">
      <h1 className="dt-card-id">{t("reportList.title")}</h1>
      <Form method="get" className="dt-lookup" role="search">
        <label className="dt-stack-label dt-grow">
          {t("reportList.keyword")}
          <input className="dt-text-input dt-wide" name="keyword" type="search" defaultValue={q.keyword} key={q.keyword} maxLength={100} placeholder={t("reportList.keywordPlaceholder")} />
        </label>
        <label className="dt-stack-label">
          {t("reportList.versionsLabel")}
          <select className="dt-select" name="versions" defaultValue={q.versions} key={q.versions}>
            {REPORT_LIST.filters.versions.map((v) => (
              <option key={v} value={v}>
                {t(`reportList.versions.${v}`)}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="dt-scan-button">
          {t("reportList.search")}
        </button>
      </Form>
      <p className="ls-count" data-testid="reports-count">
        {t("reportList.found", { count: list.total })}
      </p>
      <MobileList<ReportListRow>
        key={mobileReportsHref(q, { page: 1 })}
        testId="mobile-reports"
        first={list}
        hrefFor={(page) => mobileReportsHref(q, { page })}
        empty={filtered ? t("reportList.emptyFilter") : t("reportList.empty")}
        render={(r) => (
          <div data-testid="report-card" data-code={r.Code}>
            <div className="m-card-title">
              <Link to={reportViewHref(r.Id)} className="ls-mono dt-code-link">
                {r.Code}
              </Link>
              {r.Current ? (
                <span className="dt-state" data-state="reported">
                  {t("reports.current")}
                </span>
              ) : (
                <span className="dt-dim dt-small">{t("reports.replaced")}</span>
              )}
            </div>
            <div className="m-card-line">
              <span className="ls-mono">{r.OrderCode}</span> · {r.ClientName || "—"}
            </div>
            <div className="m-card-line">
              {formatDate(r.IssuedAt, "{y}-{m}-{d} {h}:{i}")} · {r.IssuedBy}
            </div>
            {r.Reason ? <div className="dt-reason">{t("reports.reason", { reason: r.Reason })}</div> : null}
            <div className="m-card-actions">
              <Link to={reportViewHref(r.Id)}>{t("reportList.view")}</Link>
              <a href={reportPdfHref(r.Id)} target="_blank" rel="noreferrer" data-testid="report-pdf">
                PDF
              </a>
            </div>
          </div>
        )}
      />
    </div>
  );
}
