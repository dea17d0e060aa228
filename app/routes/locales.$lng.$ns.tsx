import type { LoaderFunctionArgs } from "@remix-run/node";
import { resources } from "~/lib/i18n.server";

/** Serves a translation namespace to the browser from the translations loaded at start (no file paths involved). */
export function loader({ params }: LoaderFunctionArgs) {
  const ns = (params.ns ?? "").replace(/\.json$/, "");
  const table = Object.hasOwn(resources, params.lng ?? "") ? resources[params.lng!] : undefined;
  if (!table || !Object.hasOwn(table, ns)) throw new Response("Not found", { status: 404 });
  return new Response(JSON.stringify(table[ns]), {
    headers: { "content-type": "application/json; charset=utf-8", "cache-control": "public, max-age=300" },
  });
}
