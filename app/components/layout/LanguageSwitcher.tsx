import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { lngNames, supportedLngs } from "~/i18n";
import { Icon } from "./Icon";

/**
 * The four interface languages as submit buttons of one form (POST /settings/language sets the `lng`
 * cookie and comes back here). A <details> menu, so it opens without JavaScript. The whole document is
 * reloaded after a switch: every text on the page changes.
 */
export function LanguageSwitcher({ current, redirectTo }: { current: string; redirectTo: string }) {
  const { t } = useTranslation();
  const name = lngNames[current as keyof typeof lngNames] ?? current;
  return (
    <details className="fe-menu fe-lang">
      <summary className="fe-hbtn" aria-label={`${t("layout.language")}: ${name}`}>
        <Icon name="globe" />
        <span className="fe-lang-name" aria-hidden="true">
          {name}
        </span>
        <Icon name="chevronDown" size={14} className="fe-caret" />
      </summary>
      <Form method="post" action="/settings/language" reloadDocument className="fe-menu-list" aria-label={t("layout.language")}>
        <input type="hidden" name="redirectTo" value={redirectTo} />
        {supportedLngs.map((l) => (
          <button key={l} type="submit" name="lng" value={l} lang={l} aria-pressed={l === current} className="fe-menu-item">
            {lngNames[l]}
          </button>
        ))}
      </Form>
    </details>
  );
}
