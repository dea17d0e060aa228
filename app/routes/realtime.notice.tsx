import type { LoaderFunctionArgs } from "@remix-run/node";
import { dialogNotice, islandJson } from "~/lib/realtime.server";

/** A published notice for the system-message dialog, by id. */
export const loader = (args: LoaderFunctionArgs) =>
  islandJson(args, async (token) => {
    const id = new URL(args.request.url).searchParams.get("id") ?? "";
    if (!/^[0-9a-f-]{36}$/i.test(id)) return { notice: null };
    return { notice: await dialogNotice(args, token, id) };
  });
