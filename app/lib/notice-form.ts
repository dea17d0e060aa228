/**
 * The notice editor's own checks, the same limits as the API's (docs/notices.md): title required
 * (请输入标题) and at most 100 characters, author at most 50, content at most 200 000. The API checks
 * again; these give the answer under the field without a round trip and keep bad input from being sent.
 */
export const TITLE_MAX = 100;
export const AUTHOR_MAX = 50;
export const CONTENT_MAX = 200_000;

export type NoticeErrorKey = "titleRequired" | "titleTooLong" | "authorTooLong" | "contentTooLong";
export type NoticeErrors = Partial<Record<"Title" | "Author" | "Content", NoticeErrorKey>>;

const chars = (s: string) => [...s].length;

export function checkNotice(v: { title: string; author: string; content: string }): NoticeErrors {
  const out: NoticeErrors = {};
  const title = v.title.trim();
  if (!title) out.Title = "titleRequired";
  else if (chars(title) > TITLE_MAX) out.Title = "titleTooLong";
  if (chars(v.author.trim()) > AUTHOR_MAX) out.Author = "authorTooLong";
  if (chars(v.content) > CONTENT_MAX) out.Content = "contentTooLong";
  return out;
}

export const NOTICE_INTENTS = ["preview", "draft", "publish"] as const;
export type NoticeIntent = (typeof NOTICE_INTENTS)[number];
export const noticeIntent = (v: unknown): NoticeIntent | null => (NOTICE_INTENTS.includes(v as NoticeIntent) ? (v as NoticeIntent) : null);

export const MANAGE_INTENTS = ["publish", "withdraw", "delete"] as const;
export type ManageIntent = (typeof MANAGE_INTENTS)[number];
export const manageIntent = (v: unknown): ManageIntent | null => (MANAGE_INTENTS.includes(v as ManageIntent) ? (v as ManageIntent) : null);
