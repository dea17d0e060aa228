import { z } from "zod";
import { formatDate } from "../../common/dates.ts";
import { sanitizeRichText } from "../../common/sanitize.ts";
import type { FeedbackFilters } from "./feedback.ts";
import { PAGE_SIZE } from "./feedback.ts";
import { api, type CallArgs } from "./upstream.server.ts";

/** The Feedback calls of docs/notices.md, with their answers checked and the rich text sanitised for the page. */

const id = z.union([z.string(), z.number()]).transform(String);
const code = z.union([z.string(), z.number()]).transform(String);
const text = z.string().nullish().transform((s) => s ?? "");
/** ISO 8601 from the API, shown as {y}-{m}-{d} {h}:{i}:{s} (section 9). */
const when = z
  .string()
  .nullish()
  .transform((s) => (s ? formatDate(s) : ""));

const attachment = z.object({
  path: z.string(),
  name: z.string(),
  size: z.number().nullish().transform((n) => n ?? 0),
  type: z.string().nullish().transform((s) => s ?? ""),
});

const detailSchema = z.object({
  Id: id,
  Title: text,
  Content: text,
  BizType: code,
  Type: code,
  UserName: text,
  CreatedAt: when,
  Reply: text,
  ReplyAt: when,
  Attachments: z.array(attachment).nullish().transform((a) => a ?? []),
});

const rowSchema = z.object({
  Id: id,
  Title: text,
  BizType: code,
  Type: code,
  UserName: text.optional(),
  CreatedAt: when,
  Replied: z.boolean(),
});

const listSchema = z.object({ total: z.number(), page: z.number(), size: z.number(), rows: z.array(rowSchema) });

export type FeedbackDetail = z.infer<typeof detailSchema>;
export type FeedbackRow = z.infer<typeof rowSchema>;
export type FeedbackList = z.infer<typeof listSchema>;

export interface NewFeedback {
  Title: string;
  Content: string;
  BizType: string;
  Type: string;
  Attachments?: string[];
}

/** Feedback/AddFeedback; answers the new Id. */
export async function addFeedback(args: CallArgs, token: string, f: NewFeedback): Promise<string> {
  // JSON: the attachments are a list, which a form body cannot carry.
  const json = { Title: f.Title, Content: f.Content, BizType: Number(f.BizType), Type: Number(f.Type), Attachments: f.Attachments ?? [] };
  return String(await api(args, "Feedback/AddFeedback", { method: "POST", token, json, schema: id }));
}

/**
 * Feedback/GetFeedback, ready to render: the content and the reply sanitised here, on the server, whatever
 * the API stored (the page then puts them in the DOM as they are).
 */
export async function getFeedback(args: CallArgs, token: string, feedbackId: string): Promise<FeedbackDetail> {
  const f = await api(args, "Feedback/GetFeedback", { token, query: { id: feedbackId }, schema: detailSchema });
  return { ...f, Content: sanitizeRichText(f.Content), Reply: sanitizeRichText(f.Reply) };
}

export function myFeedbackList(args: CallArgs, token: string, page: number): Promise<FeedbackList> {
  return api(args, "Feedback/GetMyFeedbackList", { token, query: { page, size: PAGE_SIZE }, schema: listSchema });
}

export function feedbackList(args: CallArgs, token: string, f: FeedbackFilters): Promise<FeedbackList> {
  return api(args, "Feedback/GetFeedbackList", {
    token,
    schema: listSchema,
    query: {
      page: f.page,
      size: PAGE_SIZE,
      keyword: f.keyword || undefined,
      type: f.type || undefined,
      bizType: f.bizType || undefined,
      replied: f.replied === "all" ? undefined : f.replied === "replied",
    },
  });
}

export async function replyFeedback(args: CallArgs, token: string, feedbackId: string, reply: string): Promise<void> {
  await api(args, "Feedback/ReplyFeedback", { method: "POST", token, form: { Id: feedbackId, Reply: reply } });
}
