import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Dialog, DialogClose, useUrlDialog } from "./Dialog";
import { Icon } from "./Icon";
import { LanguageSwitcher } from "./LanguageSwitcher";

export interface HeaderUser {
  name: string;
  /** null: the count is unknown (no badge). */
  unread: number | null;
}

/** Section 9: the badge reads 99+ above 99 and is hidden at 0. */
export function badgeText(n: number | null): string | null {
  if (!n || n <= 0) return null;
  return n > 99 ? "99+" : String(n);
}

/** The platform mark and name, linking home. */
export function Brand({ platformName }: { platformName: string }) {
  const { t } = useTranslation();
  return (
    <Link to="/" className="fe-brand" aria-label={platformName}>
      <svg className="fe-brand-mark" viewBox="0 0 32 32" width="32" height="32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="7" fill="currentColor" />
        {/* "Fe", drawn as strokes so it looks the same whatever fonts the device has. */}
        <path d="M7.5 9.5h8M7.5 9.5v13M7.5 15.8h6.5" stroke="#fff" strokeWidth="2.4" strokeLinecap="round" fill="none" />
        <path d="M18 18.3h7.2a3.6 3.6 0 1 0-1.1 2.9" stroke="#fff" strokeWidth="2.1" strokeLinecap="round" fill="none" />
      </svg>
      <span className="fe-brand-text">
        <span className="fe-brand-name">{platformName}</span>
        <span className="fe-brand-tagline">{t("layout.tagline")}</span>
      </span>
    </Link>
  );
}

/**
 * The header (section 2). Style 2 (the default, "material") is light; style 1 is the dark bar and adds
 * the task management link. Signed out it offers the login link; signed in the unread bell, the welcome
 * line, logout and the language. Below 992 px the texts give way to icons (home, logout) and a menu button
 * opens the sidebar drawer.
 */
export function Header({
  variant,
  platformName,
  locale,
  redirectTo,
  user,
  loginHref = "/login",
  drawerId,
}: {
  variant: "1" | "2";
  platformName: string;
  locale: string;
  /** Where the language switch comes back to: this page. */
  redirectTo: string;
  user?: HeaderUser;
  loginHref?: string;
  /** The id of the drawer checkbox, when the page has a sidebar. */
  drawerId?: string;
}) {
  const { t } = useTranslation();
  const logout = useUrlDialog("logout", "1");
  const badge = user ? badgeText(user.unread) : null;
  return (
    <header className={`fe-header fe-header-s${variant}`}>
      {drawerId ? (
        <label htmlFor={drawerId} className="fe-hbtn fe-drawer-btn">
          <Icon name="menu" size={20} />
          <span className="fe-sr">{t("layout.menu")}</span>
        </label>
      ) : null}
      <Brand platformName={platformName} />
      <nav className="fe-header-actions" aria-label={t("layout.userMenu")}>
        {user ? (
          <>
            <Link to="/computeDynamicRoute/index" className="fe-hbtn fe-only-mobile" aria-label={t("layout.home")}>
              <Icon name="home" size={20} />
            </Link>
            <Link
              to="/infoCenter/index"
              className="fe-hbtn fe-bell"
              aria-label={badge ? t("layout.unreadCount", { count: user.unread ?? 0 }) : t("layout.messages")}
              data-testid="unread-bell"
            >
              <Icon name="bell" size={20} />
              {badge ? (
                <span className="fe-badge" aria-hidden="true" data-testid="unread-badge">
                  {badge}
                </span>
              ) : null}
            </Link>
            {variant === "1" ? (
              <Link to="/myAllTask/index" className="fe-hbtn fe-only-desktop">
                <Icon name="task" />
                <span>{t("layout.taskManagement")}</span>
              </Link>
            ) : null}
            <Link to="/myInfo/index" className="fe-hbtn fe-welcome" data-testid="welcome">
              <Icon name="user" size={20} />
              <span className="fe-label">{t("layout.welcome", { name: user.name })}</span>
            </Link>
            <LanguageSwitcher current={locale} redirectTo={redirectTo} />
            <Link to={logout.openHref} onClick={logout.onOpen} className="fe-hbtn" preventScrollReset data-testid="logout-link">
              <Icon name="logout" size={20} />
              <span className="fe-label">{t("layout.logout")}</span>
            </Link>
          </>
        ) : (
          <>
            <LanguageSwitcher current={locale} redirectTo={redirectTo} />
            <Link to={loginHref} className="fe-hbtn fe-login" data-testid="login-link">
              <Icon name="user" size={20} />
              <span>{t("nav.login")}</span>
            </Link>
          </>
        )}
      </nav>
      {user && logout.open ? (
        <Dialog
          title={t("dialog.title")}
          testId="logout-dialog"
          actions={
            <>
              <DialogClose href={logout.closeHref} onClick={logout.onClose}>
                {t("dialog.cancel")}
              </DialogClose>
              <Form method="post" action="/logout" reloadDocument>
                <button type="submit" className="fe-btn fe-btn-primary" autoFocus>
                  {t("dialog.ok")}
                </button>
              </Form>
            </>
          }
        >
          <p>{t("dialog.logoutConfirm")}</p>
        </Dialog>
      ) : null}
    </header>
  );
}
