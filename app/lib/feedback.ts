import type { AttachmentValue } from "./attachments.ts";

/**
 * Feedback (sections 2, 3 and 5): the enumerations, the form's rules and the list filters, shared by the
 * /feedback page, the floating dialog and /systemManage/feedback. Pure, so the browser can use it too.
 */

/** Section 3: 0 cloud computing, 1 computing task, 2 materials app. */
export const BIZ_TYPES = ["0", "1", "2"] as const;
/** Section 3: 0 requirement, 1 bug, 2 suggestion. */
export const FEEDBACK_TYPES = ["0", "1", "2"] as const;

export const TITLE_MAX = 100;
export const REPLY_MAX = 2000;
export const PAGE_SIZE = 10;

export type FeedbackErrorKey = "titleRequired" | "titleTooLong" | "bizTypeInvalid" | "typeInvalid" | "contentTooLong" | "replyRequired" | "replyTooLong";
export type FeedbackErrors = Partial<Record<string, FeedbackErrorKey>>;

/** The contract caps rich text at 200 000 characters (docs/notices.md). */
export const CONTENT_MAX = 200_000;

/** Characters as the API counts them (code points), not UTF-16 units. */
const charLength = (s: string) => [...s].length;

const isOneOf = (v: string | undefined, list: readonly string[]) => v !== undefined && list.includes(v);

/** Section 5: the title is required (请输入标题); the two choices must be one of the three values each. */
export function checkFeedback(v: Record<string, string | undefined>): FeedbackErrors {
  const out: FeedbackErrors = {};
  const title = (v.Title ?? "").trim();
  if (!title) out.Title = "titleRequired";
  else if (charLength(title) > TITLE_MAX) out.Title = "titleTooLong";
  if (!isOneOf(v.BizType, BIZ_TYPES)) out.BizType = "bizTypeInvalid";
  if (!isOneOf(v.Type, FEEDBACK_TYPES)) out.Type = "typeInvalid";
  if (charLength(v.Content ?? "") > CONTENT_MAX) out.Content = "contentTooLong";
  return out;
}

export function checkReply(v: Record<string, string | undefined>): FeedbackErrors {
  const reply = (v.Reply ?? "").trim();
  if (!reply) return { Reply: "replyRequired" };
  if (charLength(reply) > REPLY_MAX) return { Reply: "replyTooLong" };
  return {};
}

export type RepliedFilter = "all" | "replied" | "unreplied";

/** The admin list's filters, read from the address; anything unknown falls back to "all". */
export interface FeedbackFilters {
  keyword: string;
  type: string;
  bizType: string;
  replied: RepliedFilter;
  page: number;
}

export function filtersFrom(q: URLSearchParams): FeedbackFilters {
  const pick = (v: string | null, list: readonly string[]) => (v !== null && list.includes(v) ? v : "");
  const replied = q.get("replied");
  return {
    keyword: (q.get("keyword") ?? "").trim().slice(0, 100),
    type: pick(q.get("type"), FEEDBACK_TYPES),
    bizType: pick(q.get("bizType"), BIZ_TYPES),
    replied: replied === "replied" || replied === "unreplied" ? replied : "all",
    page: pageFrom(q),
  };
}

export function pageFrom(q: URLSearchParams): number {
  const n = Number(q.get("page"));
  return Number.isInteger(n) && n >= 1 && n <= 100_000 ? n : 1;
}

/** The number of pages for a total (at least one, so "page 1 of 1" reads right on an empty list). */
export const pageCount = (total: number, size: number) => Math.max(1, Math.ceil(total / size));

/** A list address with one parameter changed, keeping the others (filters survive paging). */
export function withParam(search: string, name: string, value: string | null): string {
  const q = new URLSearchParams(search);
  if (value === null || value === "") q.delete(name);
  else q.set(name, value);
  const s = q.toString();
  return s ? `?${s}` : "?";
}

/** What the /feedback action answers when it does not redirect (errors, or success for the dialog). */
export type FeedbackActionResult =
  | { ok: true; id: string }
  | {
      ok: false;
      errors: FeedbackErrors;
      values: { Title: string; BizType: string; Type: string; Content: string };
      /** What was attached so far, offered again with the form. */
      attachments: AttachmentValue[];
      /** The API's refusal, already in the user's language. */
      formError: string | null;
    };
