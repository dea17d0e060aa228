import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { formatDate } from "../../../common/dates.ts";
import { MY_DATA_PATH } from "~/lib/detection";
import { reportViewHref } from "~/lib/documents";
import { RECORDS_PATH, type TestDataSource } from "~/lib/test-data";

/** What a data set is and where its original is: the order and its report, the uploaded file, or the source's records. */
export function DataSet({ s }: { s: TestDataSource }) {
  const { t } = useTranslation("testData");
  const day = (iso: string) => formatDate(iso, "{y}-{m}-{d}");
  if (s.OrderId) {
    return (
      <>
        <Link to={`${MY_DATA_PATH}?view=orders&id=${s.OrderId}`} className="ls-mono dt-code-link">
          {t("sources.order", { code: s.OrderCode ?? "—" })}
        </Link>
        {s.ClientName ? <div className="dt-dim dt-small">{t("sources.client", { name: s.ClientName })}</div> : null}
      </>
    );
  }
  if (s.UploadId) {
    return (
      <>
        <span className="ls-strong">{s.FileName}</span>
        {s.UploadedBy && s.UploadedAt ? <div className="dt-dim dt-small">{t("sources.uploaded", { name: s.UploadedBy, date: day(s.UploadedAt) })}</div> : null}
      </>
    );
  }
  return <span>{t("sources.allOf", { source: t(`source.${s.Source}`) })}</span>;
}

export function Origin({ s, recordsPath = RECORDS_PATH }: { s: TestDataSource; recordsPath?: string }) {
  const { t } = useTranslation("testData");
  if (s.OrderId) {
    return s.ReportId ? (
      <Link to={reportViewHref(s.ReportId)} className="dt-code-link" data-testid="source-report">
        {t("sources.report", { code: s.ReportCode })}
      </Link>
    ) : (
      <span className="dt-dim">{t("sources.noReport")}</span>
    );
  }
  if (s.FileUrl) {
    return (
      <a href={s.FileUrl} className="dt-code-link" data-testid="source-file">
        {t("sources.file")}
      </a>
    );
  }
  return (
    <Link to={`${recordsPath}?source=${s.Source}`} className="dt-code-link">
      {t("sources.viewRecords")}
    </Link>
  );
}
