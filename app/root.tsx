import { MantineProvider } from "~/components/mantine/MantineProvider";
import { mantineHtmlProps } from "~/components/mantine/mantineHtmlProps";
import { data, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useRouteError,
  useRouteLoaderData,
} from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useChangeLanguage } from "remix-i18next/react";
import { Toast } from "~/components/Toast";
import { ErrorPage } from "~/components/ErrorPage";
import { cookieOpts, flashStorage } from "~/lib/cookies.server";
import { env } from "~/lib/env.server";
import { i18next } from "~/lib/i18n.server";
import { useNonce } from "~/lib/nonce";
import { useHydrated } from "~/lib/use-hydrated";
import { wxServiceImg } from "~/lib/wxservice.server";
import { siteConstantsIn } from "~/lib/site-constants.server";
import { theme } from "~/theme";
import mantineStyles from "@mantine/core/styles.css";
import appStyles from "~/styles/app.css";
import themeStyles from "~/styles/mantine-theme.css";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: mantineStyles },
  { rel: "stylesheet", href: themeStyles },
  { rel: "stylesheet", href: appStyles },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export async function loader(args: LoaderFunctionArgs) {
  const { request } = args;
  const locale = await i18next.getLocale(request);
  const flash = await flashStorage.getSession(request.headers.get("Cookie"));
  const toast = flash.get("toast") ?? null;
  const [wxImg, constants] = await Promise.all([wxServiceImg(args), siteConstantsIn(args, locale)]);
  return data(
    { locale, toast, platformName: env.PLATFORM_NAME, headerStyle: env.HEADER_STYLE, wxServiceImg: wxImg, constants },
    toast ? { headers: { "Set-Cookie": await flashStorage.commitSession(flash, cookieOpts(request)) } } : undefined,
  );
}

export type RootData = Awaited<ReturnType<typeof loader>>["data"];
export const useRootData = () => useRouteLoaderData<typeof loader>("root");

export const handle = { i18n: ["common"] };

function Document({ locale, children }: { locale: string; children: React.ReactNode }) {
  const { i18n } = useTranslation();
  const nonce = useNonce();
  return (
    <html lang={locale} dir={i18n.dir(locale)} {...mantineHtmlProps}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body>
        {/* The theme's CSS variables come from mantine-theme.css (npm run theme:css), not an inline <style> in
            every page; the light scheme is the only one, so no script picks one before paint. */}
        <MantineProvider
          theme={theme}
          forceColorScheme="light"
          withCssVariables={false}
          withGlobalClasses={false}
          getStyleNonce={() => nonce ?? ""}
        >
          {children}
        </MantineProvider>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  const { locale, toast } = useLoaderData<typeof loader>();
  useChangeLanguage(locale);
  // Marks the end of hydration for whatever mounts later (a plot drawn in the browser after a navigation).
  useHydrated();
  return (
    <Document locale={locale}>
      <Outlet />
      {toast ? <Toast key={JSON.stringify(toast)} toast={toast} /> : null}
    </Document>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const root = useRouteLoaderData<typeof loader>("root");
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const text = isRouteErrorResponse(error) && typeof error.data === "string" ? error.data : undefined;
  return (
    <Document locale={root?.locale ?? "en"}>
      <ErrorPage status={status} message={text} />
    </Document>
  );
}
