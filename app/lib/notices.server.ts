import { redirect } from "@remix-run/node";
import { z } from "zod";
import { formatDate, relativeTimeText } from "../../common/dates.ts";
import { sanitizeRichText } from "../../common/sanitize.ts";
import { localLogout } from "./auth.server.ts";
import { getT } from "./i18n.server.ts";
import { PAGE_SIZE, type CenterQuery, type ManageQuery, type NoticeState } from "./notices.ts";
import { api, UpstreamError, type CallArgs } from "./upstream.server.ts";

/**
 * The SysMessage calls of docs/notices.md as the pages need them: answers checked, times formatted,
 * rich text run through the sanitiser again before it can reach a page (the API sanitises too; a page
 * never trusts that alone).
 */

const text = z.string().nullish().transform((s) => s ?? "");
const attachment = z.object({ path: z.string(), name: z.string(), size: z.number().nullish(), type: z.string().nullish() });
export type Attachment = { path: string; name: string; size: number; type: string };
const attachments = z
  .array(attachment)
  .nullish()
  .transform((a): Attachment[] => (a ?? []).map((x) => ({ path: x.path, name: x.name, size: x.size ?? 0, type: x.type ?? "" })));

const page = <T extends z.ZodType>(row: T) => z.object({ total: z.number(), page: z.number(), size: z.number(), rows: z.array(row) });

const noticeRow = z.object({ id: z.string(), title: text, author: text, time: z.string().nullish(), read: z.boolean() });
const messageRow = z.object({ id: z.string(), title: text, time: z.string().nullish(), read: z.boolean() });
const noticeDetailSchema = z.object({ id: z.string(), title: text, author: text, time: z.string().nullish(), content: text, read: z.boolean().optional(), attachments });
const messageDetailSchema = z.object({ id: z.string(), title: text, content: text, time: z.string().nullish(), read: z.boolean().optional(), link: z.string().nullish() });
const manageRow = z.object({
  id: z.string(),
  title: text,
  author: text,
  state: z.enum(["draft", "published", "withdrawn"]),
  createdAt: z.string().nullish(),
  publishedAt: z.string().nullish(),
});
const forEditSchema = z.object({ Id: z.string(), Title: text, Author: text, Content: text, State: z.enum(["draft", "published", "withdrawn"]), Attachments: attachments });

export interface ListRow {
  id: string;
  title: string;
  author: string;
  read: boolean;
  /** {y}-{m}-{d} {h}:{i}:{s} */
  when: string;
  /** 刚刚 / N分钟前 / … / the date (section 9), in the user's language. */
  ago: string;
}
export interface Listing {
  total: number;
  page: number;
  size: number;
  rows: ListRow[];
}

async function timeTexts(args: CallArgs) {
  const t = await getT(args.request);
  const now = Date.now();
  return (iso: string | null | undefined) => (iso ? { when: formatDate(iso), ago: relativeTimeText(t, iso, now) } : { when: "", ago: "" });
}

const listParams = (q: { page: number; keyword: string }) => ({ page: q.page, size: PAGE_SIZE, keyword: q.keyword || undefined });

export async function listNotices(args: CallArgs, token: string, q: Omit<CenterQuery, "tab">): Promise<Listing> {
  const r = await api(args, "SysMessage/GetSystemNoticeList", { token, query: { ...listParams(q), read: q.read }, schema: page(noticeRow) });
  const times = await timeTexts(args);
  return { ...r, rows: r.rows.map((n) => ({ id: n.id, title: n.title, author: n.author, read: n.read, ...times(n.time) })) };
}

export async function listMessages(args: CallArgs, token: string, q: Omit<CenterQuery, "tab">): Promise<Listing> {
  const r = await api(args, "SysMessage/GetUserMessageList", { token, query: { ...listParams(q), read: q.read }, schema: page(messageRow) });
  const times = await timeTexts(args);
  return { ...r, rows: r.rows.map((m) => ({ id: m.id, title: m.title, author: "", read: m.read, ...times(m.time) })) };
}

/**
 * Opens a published notice and marks it read for the caller before the page is shown. `wasUnread` tells
 * the page that the layout's badge (loaded in parallel with this loader) may still count it.
 */
export async function openNotice(args: CallArgs, token: string, id: string) {
  const n = await api(args, "SysMessage/GetSystemNoticeDetail", { token, query: { id }, schema: noticeDetailSchema });
  if (!n.read) await api(args, "SysMessage/ReadSystemNotice", { token, form: { id } });
  const times = await timeTexts(args);
  return { id: n.id, title: n.title, author: n.author, ...times(n.time), content: sanitizeRichText(n.content), attachments: n.attachments, wasUnread: !n.read };
}

/** Opens one of the caller's directed messages, marking it read (another user's id is a 404). */
export async function openMessage(args: CallArgs, token: string, id: string) {
  const m = await api(args, "SysMessage/GetUserMessageDetail", { token, query: { id }, schema: messageDetailSchema });
  if (!m.read) await api(args, "SysMessage/ReadUserMessage", { token, form: { id } });
  const times = await timeTexts(args);
  return { id: m.id, title: m.title, ...times(m.time), content: sanitizeRichText(m.content), link: m.link ?? null, wasUnread: !m.read };
}

export async function readAll(args: CallArgs, token: string): Promise<void> {
  await api(args, "SysMessage/ReadAll", { token, method: "POST" });
}

export interface ManageListRow {
  id: string;
  title: string;
  author: string;
  state: NoticeState;
  created: string;
  published: string;
}

export async function listForManage(args: CallArgs, token: string, q: ManageQuery) {
  const r = await api(args, "SysMessage/GetSystemNoticeManageList", { token, query: { ...listParams(q), state: q.state }, schema: page(manageRow) });
  return {
    total: r.total,
    page: r.page,
    size: r.size,
    rows: r.rows.map(
      (n): ManageListRow => ({
        id: n.id,
        title: n.title,
        author: n.author,
        state: n.state,
        created: n.createdAt ? formatDate(n.createdAt) : "",
        published: n.publishedAt ? formatDate(n.publishedAt) : "",
      }),
    ),
  };
}

export async function noticeForEdit(args: CallArgs, token: string, id: string) {
  const n = await api(args, "SysMessage/GetSystemNoticeForEdit", { token, query: { id }, schema: forEditSchema });
  return { id: n.Id, title: n.Title, author: n.Author, content: sanitizeRichText(n.Content), state: n.State, attachments: n.Attachments };
}

export interface NoticeDraft {
  id: string | null;
  title: string;
  author: string;
  content: string;
  attachments: string[];
}

export async function saveNotice(args: CallArgs, token: string, draft: NoticeDraft, publish: boolean): Promise<string> {
  const r = await api(args, "SysMessage/SaveSystemNotice", {
    token,
    json: {
      ...(draft.id ? { Id: draft.id } : {}),
      Title: draft.title,
      Author: draft.author,
      Content: draft.content,
      Attachments: draft.attachments,
      Publish: publish,
    },
    schema: z.object({ Id: z.string() }),
  });
  return r.Id;
}

/** The editor's preview: posted content as a page may show it. */
export const previewHtml = (html: string) => sanitizeRichText(html);

export async function withdrawNotice(args: CallArgs, token: string, id: string): Promise<void> {
  await api(args, "SysMessage/WithdrawSystemNotice", { token, form: { Id: id } });
}

export async function deleteNotice(args: CallArgs, token: string, id: string): Promise<void> {
  await api(args, "SysMessage/DeleteSystemNotice", { token, form: { Id: id } });
}

/** The field a refusal names (returnData.fields[0].field), if any. */
export const refusedField = (e: UpstreamError): string | null =>
  (e.returnData as { fields?: Array<{ field?: string }> } | null)?.fields?.[0]?.field ?? null;

/**
 * Loader-side handling of a failed call: a rejected session logs out (section 8), a missing or malformed
 * id is the 404 page inside the layout, anything else the error page with the API's message.
 */
export async function pageFailure(args: CallArgs, e: unknown): Promise<never> {
  if (!(e instanceof UpstreamError)) throw e;
  if (e.sessionInvalid) throw redirect("/login", { headers: await localLogout(args.request, e.msg) });
  if (e.status === 404 || (e.status === 400 && refusedField(e)?.toLowerCase() === "id")) {
    const t = await getT(args.request);
    throw new Response(t("errors.notFound"), { status: 404, statusText: "Not Found" });
  }
  throw new Response(e.msg || "Error", { status: e.status >= 400 && e.status < 600 ? e.status : 502 });
}

/** Runs a call for a loader; failures become the pages above. */
export async function forPage<T>(args: CallArgs, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (e) {
    return pageFailure(args, e);
  }
}
