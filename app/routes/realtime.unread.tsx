import type { LoaderFunctionArgs } from "@remix-run/node";
import { islandJson } from "~/lib/realtime.server";
import { api } from "~/lib/upstream.server";

/** The unread count for the bell, when a push says it changed. */
export const loader = (args: LoaderFunctionArgs) =>
  islandJson(args, async (token) => {
    const n = Number(await api(args, "SysMessage/GetNoReadMessageCount", { token }));
    return { count: Number.isFinite(n) && n >= 0 ? Math.floor(n) : 0 };
  });
