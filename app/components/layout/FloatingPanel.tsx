import { useTranslation } from "react-i18next";
import { FeedbackButton } from "~/components/feedback/FeedbackButton";
import { isImplemented } from "~/lib/pages";
import { Icon } from "./Icon";

/** The QR code of "follow us": the platform's mobile home on this host, served as SVG. */
export const FOLLOW_QR = "/site-qr/follow";
export const FEEDBACK_PATH = "/feedback";

/**
 * The floating panel at the right edge (section 2): follow-us and WeChat service QRs in a popover (<details>, no JavaScript
 * needed), and the feedback button for style type 2 once the feedback page exists (a link to it without
 * JavaScript, the feedback dialog over the page with it).
 */
export function FloatingPanel({ variant, wxServiceImg }: { variant: "1" | "2"; wxServiceImg: string }) {
  const { t } = useTranslation();
  const feedback = variant === "2" && isImplemented(FEEDBACK_PATH);
  return (
    <aside className="fe-float" aria-label={t("float.label")}>
      <details className="fe-menu fe-float-item">
        <summary className="fe-float-btn" aria-label={t("float.followUs")} title={t("float.followUs")}>
          <Icon name="qr" size={20} />
        </summary>
        <div className="fe-float-pop" data-testid="follow-us">
          <img src={FOLLOW_QR} width={140} height={140} alt={t("float.qrAlt")} loading="lazy" />
          <p className="fe-float-title">{t("float.followUs")}</p>
          <p className="fe-float-hint">{t("float.followUsHint")}</p>
          <img src={wxServiceImg} width={140} height={140} alt={t("wxService.alt")} loading="lazy" style={{ marginTop: 12 }} data-testid="wx-service-qr-float" />
          <p className="fe-float-title">{t("wxService.title")}</p>
          <p className="fe-float-hint">{t("wxService.hint")}</p>
        </div>
      </details>
      {feedback ? (
        <FeedbackButton label={t("float.feedback")} />
      ) : null}
    </aside>
  );
}
