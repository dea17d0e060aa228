import type { LoaderFunctionArgs } from "@remix-run/node";
import { forPage } from "~/lib/notices.server";
import { UpstreamError } from "~/lib/upstream.server";

type Range = { from: string | null; to: string | null };

/**
 * A statistics page's figures for the range in its address. A range the API refuses (reversed, longer than a
 * year) comes back as `rangeError`, said at the form's field, over the default range's figures; any other
 * failure is the page's.
 */
export async function statsForRange<T>(args: LoaderFunctionArgs, range: Range, fetch: (range: Range) => Promise<T>): Promise<{ stats: T; rangeError: string | null }> {
  try {
    return { stats: await fetch(range), rangeError: null };
  } catch (e) {
    if (!(e instanceof UpstreamError) || e.status !== 400) return forPage(args, () => Promise.reject(e));
    return { stats: await forPage(args, () => fetch({ from: null, to: null })), rangeError: e.msg };
  }
}
