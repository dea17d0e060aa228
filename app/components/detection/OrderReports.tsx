import { Button } from "~/components/mantine/Button";
import { Textarea } from "~/components/Textarea";
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { formatDate } from "../../../common/dates.ts";
import { DETECTION_LIMITS } from "../../../common/forms/limits.ts";
import type { OrderFailure } from "~/components/detection/OrderView";
import { reportPdfHref, type ReportRow } from "~/lib/detection";
import { reportViewHref } from "~/lib/documents";

/**
 * The order's test reports: every version as issued (the newest current), each to view or download as its PDF, with why a
 * later one replaced it; the lab corrects a reported order's report by issuing a new version, with a reason.
 */
export function OrderReports({ orderId, reports, canReissue, failure, back }: { orderId: string; reports: ReportRow[]; canReissue: boolean; failure: OrderFailure | null; back: string }) {
  const { t } = useTranslation("detection");
  const failed = failure?.form === "reissue" ? failure : null;
  return (
    <section className="dt-panel" aria-labelledby="order-reports" data-testid="order-reports">
      <h3 id="order-reports" className="dt-section">
        {t("reports.title")}
      </h3>
      <ul className="dt-reports">
        {reports.map((r) => (
          <li key={r.Id} data-testid="order-report" data-current={r.Current || undefined}>
            <Link to={reportViewHref(r.Id)} className="ls-mono dt-code-link" data-testid="order-report-view">
              {r.Code}
            </Link>{" "}
            <a href={reportPdfHref(r.Id)} target="_blank" rel="noreferrer" className="dt-small">
              PDF
            </a>{" "}
            {r.Current ? <span className="dt-state" data-state="reported">{t("reports.current")}</span> : <span className="dt-dim">{t("reports.replaced")}</span>}
            <div className="dt-dim dt-small">
              {r.IssuedBy} · {formatDate(r.IssuedAt, "{y}-{m}-{d} {h}:{i}")}
              {r.Reason ? ` · ${t("reports.reason", { reason: r.Reason })}` : ""}
            </div>
          </li>
        ))}
      </ul>
      {canReissue ? (
        <details className="dt-reason-action" open={failed ? true : undefined}>
          <summary className="dt-summary" data-testid="report-reissue-open">
            {t("reports.reissue")}
          </summary>
          <Form method="post" className="dt-reason-form">
            <input type="hidden" name="intent" value="reissue" />
            <input type="hidden" name="OrderId" value={orderId} />
            <input type="hidden" name="back" value={back} />
            <Textarea
              name="Reason"
              label={t("reports.reissueReason")}
              required
              maxLength={DETECTION_LIMITS.reason}
              defaultValue={failed?.values.Reason ?? ""}
              error={failed ? (failed.errors.Reason ?? failed.message ?? undefined) : undefined}
              rows={2}
              data-testid="report-reissue-reason"
            />
            <Button type="submit" data-testid="report-reissue">
              {t("reports.reissueConfirm")}
            </Button>
          </Form>
        </details>
      ) : null}
    </section>
  );
}
