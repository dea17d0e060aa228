import { Anchor } from "~/components/mantine/Anchor";
import { Group } from "~/components/mantine/Group";
import { Text } from "~/components/mantine/Text";
import { Form, Link, useLocation, useRouteLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { lngNames, supportedLngs } from "~/i18n";

/**
 * The frame of the public account pages (login, logout, first-login prompt, unit prompt, SSO errors):
 * a centred card on desktop with the platform's pitch beside it, a full-width stack on phones.
 */
export function AuthShell({ variant = "desktop", children, narrow }: { variant?: "desktop" | "mobile"; children: React.ReactNode; narrow?: boolean }) {
  const { t } = useTranslation("login");
  const root = useRouteLoaderData("root") as { platformName?: string; locale?: string } | undefined;
  const name = root?.platformName ?? "Ferrum";
  return (
    <div className={`login-page login-page-${variant}`}>
      <div className={`login-card${narrow ? " login-card-narrow" : ""}`}>
        {narrow ? null : (
          <aside className="login-brand">
            <BrandMark name={name} />
            <p className="login-brand-tagline">{t("brand.tagline")}</p>
            <ul className="login-brand-points">
              <li>{t("brand.point1")}</li>
              <li>{t("brand.point2")}</li>
              <li>{t("brand.point3")}</li>
            </ul>
            <Anchor component={Link} to="/dashboard" c="white" size="sm" className="login-brand-more">
              {t("brand.more")} →
            </Anchor>
          </aside>
        )}
        <section className="login-main">
          {narrow ? (
            <Group mb="md">
              <BrandMark name={name} dark />
            </Group>
          ) : (
            <div className="login-main-mark">
              <BrandMark name={name} dark />
            </div>
          )}
          {children}
        </section>
      </div>
      <footer className="login-foot">
        <LanguageLinks current={root?.locale} label={t("language")} />
        <Text size="xs">© {name}</Text>
      </footer>
    </div>
  );
}

function BrandMark({ name, dark }: { name: string; dark?: boolean }) {
  return (
    <Link to="/dashboard" className={`login-mark${dark ? " login-mark-dark" : ""}`}>
      <img src="/favicon.svg" alt="" width={32} height={32} />
      <span>{name}</span>
    </Link>
  );
}

/** The four languages as buttons of one plain form (POST /settings/language), so it works without JavaScript. */
function LanguageLinks({ current, label }: { current?: string; label: string }) {
  const location = useLocation();
  return (
    <Form method="post" action="/settings/language" reloadDocument className="login-langs" aria-label={label}>
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      {supportedLngs.map((l) => (
        <button key={l} type="submit" name="lng" value={l} lang={l} aria-pressed={l === current} className="login-lang">
          {lngNames[l]}
        </button>
      ))}
    </Form>
  );
}
