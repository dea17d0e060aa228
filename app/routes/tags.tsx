import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { loginUrl, readAuth } from "~/lib/auth.server";
import { getT } from "~/lib/i18n.server";
import { safePath } from "~/lib/redirects";
import { closeAll, closeOthers, closeTag, HOME_PATH, sameTag, type Tag } from "~/lib/tags";
import { readTags, saveTags } from "~/lib/tags.server";

/**
 * The tags view's actions (section 2): POST intent=close|closeOthers|closeAll|refresh with the tab's
 * `path` and the `current` page. Closing the page one is on goes to its neighbour; close all goes home;
 * refresh reloads the page. Only same-origin paths are ever redirected to.
 */
export async function action(args: ActionFunctionArgs) {
  const { request } = args;
  // The tabs are only this browser's list of pages; a session is enough, no need to load the user.
  if (!(await readAuth(request))) throw redirect(loginUrl(request, "/"));
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const path = safePath(form.get("path")) ?? HOME_PATH;
  const current = safePath(form.get("current")) ?? path;
  const homeTitle = (await getT(request))("tags.home");
  const tags = await readTags(request);

  let next: Tag[];
  let to: string;
  switch (intent) {
    case "close": {
      const r = closeTag(tags, path, homeTitle);
      next = r.tags;
      to = sameTag(path, current) ? r.next : current;
      break;
    }
    case "closeOthers":
      next = closeOthers(tags, path, homeTitle);
      to = path;
      break;
    case "closeAll":
      next = closeAll(tags, homeTitle);
      to = HOME_PATH;
      break;
    case "refresh":
      return redirect(path);
    default:
      throw new Response("Bad request", { status: 400 });
  }
  return redirect(to, { headers: { "Set-Cookie": await saveTags(request, next) } });
}

/** Nothing to show: a GET (a bookmarked or typed address) goes home. */
export const loader = () => redirect(HOME_PATH);
