import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiRaw } from "~/lib/upstream.server";

/**
 * /login/captcha?code=<captcha id>: the captcha image, proxied from Login/getCaptchaImg so the browser
 * only ever talks to the web. Only an SVG answer passes, and it may not run script or load anything.
 */
export async function loader(args: LoaderFunctionArgs) {
  const code = new URL(args.request.url).searchParams.get("code") ?? "";
  if (!/^[A-Za-z0-9-]{1,64}$/.test(code)) return new Response("Not found", { status: 404 });
  let res: Response;
  try {
    res = await apiRaw(args, "Login/getCaptchaImg", { query: { code } });
  } catch {
    return new Response("Unavailable", { status: 503, headers: { "cache-control": "no-store" } });
  }
  const type = res.headers.get("content-type") ?? "";
  if (!res.ok || !type.startsWith("image/svg+xml")) return new Response("Not found", { status: 404, headers: { "cache-control": "no-store" } });
  return new Response(await res.arrayBuffer(), {
    headers: {
      "content-type": "image/svg+xml",
      "cache-control": "no-store",
      "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'",
      "x-content-type-options": "nosniff",
    },
  });
}
