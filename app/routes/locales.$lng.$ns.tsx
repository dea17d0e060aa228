import fs from "node:fs/promises";
import path from "node:path";
import type { LoaderFunctionArgs } from "@remix-run/node";
import i18n from "~/i18n";
import { localesDir } from "~/lib/i18n.server";

/** Serves translation namespaces to the browser; names are checked so no path can leave app/locales. */
export async function loader({ params }: LoaderFunctionArgs) {
  const { lng = "", ns = "" } = params;
  const name = ns.replace(/\.json$/, "");
  if (!(i18n.supportedLngs as string[]).includes(lng) || !/^[a-zA-Z-]+$/.test(name)) throw new Response("Not found", { status: 404 });
  try {
    const body = await fs.readFile(path.join(localesDir, lng, `${name}.json`), "utf8");
    return new Response(body, {
      headers: { "content-type": "application/json; charset=utf-8", "cache-control": "public, max-age=300" },
    });
  } catch {
    throw new Response("Not found", { status: 404 });
  }
}
