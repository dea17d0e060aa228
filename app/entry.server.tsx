import type { EntryContext } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { renderToPipeableStream } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { contentSecurityPolicy, newNonce } from "./lib/csp.server.ts";
import { i18next, instanceFor } from "./lib/i18n.server.ts";
import { NonceContext } from "./lib/nonce.ts";
import { sidebarMarkup } from "./lib/sidebar-markup.server.tsx";
import { SidebarMarkupContext } from "./components/layout/Sidebar.tsx";
import { wholePage } from "./lib/strip-nul.server.ts";

const ABORT_DELAY = 10_000;
/**
 * How long Remix waits for deferred loader data before it gives up on it. No loader here returns deferred
 * data, yet Remix keeps a timer this long for every page, and the timer holds the page's encoded loader data
 * until it fires: at Remix's default (4.95 s) that was about 600 pages' data under 16 connections. One second
 * bounds it; it must stay below ABORT_DELAY so a rejection still reaches the page before React aborts.
 */
export const streamTimeout = 1_000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
) {
  // Render in the user's language; the instance holds every namespace, so whatever the matched routes
  // declare in `handle.i18n` is there.
  const instance = instanceFor(await i18next.getLocale(request));
  const nonce = newNonce();

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    /**
     * Everyone gets the whole page in one piece. No loader defers data and no page suspends, so the shell is
     * the page, and sending it early gained nothing; written as it rendered, its ~2 KB chunks each went through
     * two node streams, a web stream and a socket write (docs/decisions.md, 10). One buffer goes through once.
     */
    const sendPage = () => {
      shellRendered = true;
      responseHeaders.set("Content-Type", "text/html; charset=utf-8");
      responseHeaders.set("Content-Security-Policy", contentSecurityPolicy(nonce));
      responseHeaders.set("X-Content-Type-Options", "nosniff");
      responseHeaders.set("Referrer-Policy", "same-origin");
      responseHeaders.set("X-Frame-Options", "SAMEORIGIN");
      const { sink, html } = wholePage();
      html.then((body) => resolve(new Response(body, { headers: responseHeaders, status: responseStatusCode })), reject);
      pipe(sink);
    };
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <I18nextProvider i18n={instance}>
          <SidebarMarkupContext.Provider value={sidebarMarkup}>
            <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
          </SidebarMarkupContext.Provider>
        </I18nextProvider>
      </NonceContext.Provider>,
      {
        nonce,
        onAllReady() {
          clearTimeout(abortTimer);
          sendPage();
        },
        onShellError(error: unknown) {
          clearTimeout(abortTimer);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
    // Aborts what is still pending after ABORT_DELAY; cleared once all has rendered. Left running, it kept
    // each request's whole render (loader data, HTML, React state) alive for 10 s: under 16 connections that
    // was hundreds of MB in the web process (docs/decisions.md, 10).
    const abortTimer = setTimeout(abort, ABORT_DELAY);
  });
}
