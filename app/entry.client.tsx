import { RemixBrowser } from "@remix-run/react";
import i18next from "i18next";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { getInitialNamespaces } from "remix-i18next/client";
import i18n from "./i18n.ts";
import { fetchBackend } from "./lib/i18n-fetch-backend.ts";

async function hydrate() {
  // The server rendered in <html lang>; load the same language and namespaces before hydrating.
  await i18next
    .use(initReactI18next)
    .use(fetchBackend)
    .init({
      ...i18n,
      lng: document.documentElement.lang,
      ns: getInitialNamespaces(),
      detection: { order: ["htmlTag"], caches: [] },
    });
  startTransition(() => {
    hydrateRoot(
      document,
      <I18nextProvider i18n={i18next}>
        <StrictMode>
          <RemixBrowser />
        </StrictMode>
      </I18nextProvider>,
    );
  });
}

if (window.requestIdleCallback) window.requestIdleCallback(hydrate);
else window.setTimeout(hydrate, 1);
