import type { LoaderFunctionArgs } from "@remix-run/node";
import { intlPhone } from "../../common/phone.ts";
import { isHttps } from "~/lib/cookies.server";
import { env } from "~/lib/env.server";
import { qrSvg } from "~/lib/qr-images.server";
import { siteConstantsIn } from "~/lib/site-constants.server";

const TEAM = "Ferrum Platform Team";

/** MECARD escapes \ ; , : in its values. */
const mecardValue = (s: string) => s.replace(/([\\;,:])/g, "\\$1");

/**
 * The contact card behind the contact dialog's QR code (the phone and e-mail of /systemManage/constantManage):
 * a phone's camera offers to save it.
 */
async function mecard(args: LoaderFunctionArgs): Promise<string> {
  const c = (await siteConstantsIn(args, "en")).SiteContact;
  return `MECARD:N:${mecardValue(TEAM)};TEL:${mecardValue(intlPhone(c.phone))};EMAIL:${mecardValue(c.email)};;`;
}

/**
 * QR images of the layout, as SVG: `contact` (the team's contact card), `follow` (this platform's
 * mobile home, /dashboard, to open on a phone) and `wxservice` (the WeChat service account: WX_SERVICE_URL,
 * by default this host's service introduction). Drawn on the server, so pages stay free of QR code.
 */
export async function loader(args: LoaderFunctionArgs) {
  const { request, params } = args;
  const url = new URL(request.url);
  const host = request.headers.get("x-forwarded-host")?.split(",")[0].trim() || url.host;
  const home = `${isHttps(request) ? "https" : "http"}://${host}/dashboard`;
  let text: string;
  if (params.kind === "contact") text = await mecard(args);
  else if (params.kind === "follow") text = home;
  else if (params.kind === "wxservice") text = env.WX_SERVICE_URL ?? `${home}#services`;
  else throw new Response("Not found", { status: 404 });
  const svg = await qrSvg(text);
  return new Response(svg, {
    headers: {
      "content-type": "image/svg+xml; charset=utf-8",
      // The code names the host the browser asked for: never share it between hosts in a proxy cache.
      "cache-control": "private, max-age=3600",
      "x-content-type-options": "nosniff",
    },
  });
}
