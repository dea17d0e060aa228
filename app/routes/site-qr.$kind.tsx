import type { LoaderFunctionArgs } from "@remix-run/node";
import QRCode from "qrcode";
import { CONTACT } from "~/lib/contact";
import { isHttps } from "~/lib/cookies.server";
import { env } from "~/lib/env.server";

/** The MECARD contact card behind the contact dialog's QR code: a phone's camera offers to save it. */
const MECARD = `MECARD:N:${CONTACT.team};TEL:${CONTACT.phoneIntl};EMAIL:${CONTACT.email};;`;

const cache = new Map<string, string>();

/**
 * QR images of the layout, as SVG: `contact` (the team's contact card), `follow` (this platform's
 * mobile home, /dashboard, to open on a phone) and `wxservice` (the WeChat service account: WX_SERVICE_URL,
 * by default this host's service introduction). Drawn on the server, so pages stay free of QR code.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const host = request.headers.get("x-forwarded-host")?.split(",")[0].trim() || url.host;
  const home = `${isHttps(request) ? "https" : "http"}://${host}/dashboard`;
  let text: string;
  if (params.kind === "contact") text = MECARD;
  else if (params.kind === "follow") text = home;
  else if (params.kind === "wxservice") text = env.WX_SERVICE_URL ?? `${home}#services`;
  else throw new Response("Not found", { status: 404 });
  let svg = cache.get(text);
  if (!svg) {
    svg = await QRCode.toString(text, { type: "svg", margin: 1, errorCorrectionLevel: "M", color: { dark: "#1b2a3a", light: "#ffffff" } });
    if (cache.size > 50) cache.clear();
    cache.set(text, svg);
  }
  return new Response(svg, {
    headers: {
      "content-type": "image/svg+xml; charset=utf-8",
      // The code names the host the browser asked for: never share it between hosts in a proxy cache.
      "cache-control": "private, max-age=3600",
      "x-content-type-options": "nosniff",
    },
  });
}
