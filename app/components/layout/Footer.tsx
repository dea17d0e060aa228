import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { telHref } from "../../../common/phone.ts";
import { useConstants } from "~/lib/constants";
import { isImplemented } from "~/lib/pages";
import { Dialog, DialogClose, useUrlDialog } from "./Dialog";
import { Icon } from "./Icon";

/** Sections of /dashboard the footer links to (the public-pages developer gives them these ids). */
export const DASHBOARD_ANCHORS = { team: "/dashboard#team", services: "/dashboard#services", training: "/dashboard#training" };
export const NOTICE_CENTER = "/infoCenter/noticeCenter";
/** The QR code of the contact card (a vCard-like MECARD), served as SVG by /site-qr/contact. */
export const CONTACT_QR = "/site-qr/contact";
/** The QR's address changes with the phone and e-mail, so a browser's cached image never shows old ones. */
function contactQrSrc(c: Record<string, string>): string {
  let h = 7;
  for (const ch of `${c.phone}|${c.email}`) h = (h * 31 + ch.codePointAt(0)!) >>> 0;
  return `${CONTACT_QR}?v=${h.toString(36)}`;
}

/** Contact us (section 2): the fixed texts of /systemManage/constantManage and a QR image, in a dialog that opens with `?dialog=contact`. */
export function ContactDialog({ closeHref, onClose }: { closeHref: string; onClose: (e: React.MouseEvent) => void }) {
  const { t } = useTranslation();
  const contact = useConstants().SiteContact;
  return (
    <Dialog
      title={t("contact.title")}
      width={520}
      testId="contact-dialog"
      actions={
        <DialogClose href={closeHref} onClick={onClose}>
          {t("dialog.close")}
        </DialogClose>
      }
    >
      <div className="fe-contact">
        <figure className="fe-contact-qr">
          <img src={contactQrSrc(contact)} width={136} height={136} alt={t("contact.qrAlt")} />
          <figcaption>{t("contact.qrCaption")}</figcaption>
        </figure>
        <dl className="fe-contact-list">
          <div>
            <dt>
              <Icon name="pin" size={16} />
              {t("contact.addressLabel")}
            </dt>
            <dd>{contact.address}</dd>
          </div>
          <div>
            <dt>
              <Icon name="phone" size={16} />
              {t("contact.phoneLabel")}
            </dt>
            <dd>
              <a href={telHref(contact.phone)}>{contact.phone}</a>
            </dd>
          </div>
          <div>
            <dt>
              <Icon name="mail" size={16} />
              {t("contact.emailLabel")}
            </dt>
            <dd>
              <a href={`mailto:${contact.email}`}>{contact.email}</a>
            </dd>
          </div>
          <div>
            <dt>
              <Icon name="clock" size={16} />
              {t("contact.hoursLabel")}
            </dt>
            <dd>{contact.hours}</dd>
          </div>
        </dl>
      </div>
    </Dialog>
  );
}

/**
 * The footer (section 2): team intro, notice centre (once that page exists), training sign-up, service
 * intro and the contact-us dialog. `outside` gives the full-width variant of dashboard-type pages.
 */
export function Footer({ platformName, outside = false, wxServiceImg }: { platformName: string; outside?: boolean; wxServiceImg: string }) {
  const { t } = useTranslation();
  const contact = useUrlDialog("dialog", "contact");
  return (
    <footer className={`fe-footer${outside ? " is-outside" : ""}`} data-testid="footer">
      <nav className="fe-footer-links" aria-label={t("footer.label")}>
        <Link to={DASHBOARD_ANCHORS.team}>{t("footer.team")}</Link>
        {isImplemented(NOTICE_CENTER) ? <Link to={NOTICE_CENTER}>{t("footer.noticeCenter")}</Link> : null}
        <Link to={DASHBOARD_ANCHORS.training}>{t("footer.training")}</Link>
        <Link to={DASHBOARD_ANCHORS.services}>{t("footer.services")}</Link>
        <Link to={contact.openHref} onClick={contact.onOpen} preventScrollReset data-testid="contact-link">
          {t("footer.contact")}
        </Link>
      </nav>
      <figure style={{ margin: "6px auto 10px", display: "inline-flex", alignItems: "center", gap: 10, textAlign: "left" }} data-testid="wx-service">
        <img src={wxServiceImg} width={72} height={72} alt={t("wxService.alt")} loading="lazy" style={{ background: "#fff", borderRadius: 4, padding: 2 }} />
        <figcaption>
          <strong style={{ display: "block", fontSize: 13 }}>{t("wxService.title")}</strong>
          <span style={{ fontSize: 12 }}>{t("wxService.hint")}</span>
        </figcaption>
      </figure>
      <p className="fe-footer-copy">{t("footer.copyright", { year: new Date().getFullYear(), name: platformName })}</p>
      {contact.open ? <ContactDialog closeHref={contact.closeHref} onClose={contact.onClose} /> : null}
    </footer>
  );
}
