import { z } from "zod";
import { cookieOpts, tagsCookie } from "./cookies.server.ts";
import { safePath } from "./redirects.ts";
import { MAX_TAGS, type Tag } from "./tags.ts";

/** A browser cookie holds about 4 KB; long addresses are kept without their query, long titles cut. */
const MAX_PATH = 200;
const MAX_TITLE = 60;

const stored = z.array(z.object({ path: z.string(), title: z.string() })).max(MAX_TAGS * 2);

/** The tags from the signed cookie; anything unreadable or foreign is dropped, never trusted. */
export async function readTags(request: Request): Promise<Tag[]> {
  let raw: unknown;
  try {
    raw = await tagsCookie.parse(request.headers.get("Cookie"));
  } catch {
    return [];
  }
  const r = stored.safeParse(raw);
  if (!r.success) return [];
  return r.data.filter((t) => safePath(t.path) !== null);
}

function fit(t: Tag): Tag {
  const path = t.path.length > MAX_PATH ? t.path.split("?")[0].slice(0, MAX_PATH) : t.path;
  return { path, title: t.title.slice(0, MAX_TITLE) };
}

export async function saveTags(request: Request, tags: readonly Tag[]): Promise<string> {
  return tagsCookie.serialize(tags.map(fit), cookieOpts(request));
}

/** Logout clears the menu tabs (section 4). */
export async function clearTags(request: Request): Promise<string> {
  return tagsCookie.serialize([], { ...cookieOpts(request), maxAge: 0, expires: new Date(0) });
}
