import { z } from "zod";
import { sanitizeRichText } from "../../../common/sanitize.ts";
import { parse } from "../../http/router.ts";
import { attachmentPaths } from "./attachment-refs.ts";
import { charLength, fieldError, requireId } from "../../http/fields.ts";
import { AUTHOR_MAX, CONTENT_MAX, TITLE_MAX, noticeTexts } from "./texts.ts";

/** A boolean from JSON, or from a form's "true"/"1"/"on". */
export const flag = z.union([z.boolean(), z.enum(["true", "false", "1", "0", "on", ""])]).transform((v) => v === true || v === "true" || v === "1" || v === "on");

const saveSchema = z.object({
  Id: z.string().optional(),
  Title: z.string().optional(),
  Content: z.string().optional(),
  Author: z.string().optional(),
  Attachments: z.unknown().optional(),
  Publish: flag.optional(),
});

export interface NoticeInput {
  id: string | null;
  title: string;
  /** Sanitised. */
  content: string;
  /** undefined: keep the current author (or the caller's name for a new notice). */
  author: string | undefined;
  attachments: string[];
  publish: boolean;
}

/** The title rule notices and feedback share: required (请输入标题), at most 100 characters. */
export function checkTitle(raw: string | undefined): string {
  const title = (raw ?? "").trim();
  if (!title) throw fieldError("Title", noticeTexts.titleRequired);
  if (charLength(title) > TITLE_MAX) throw fieldError("Title", noticeTexts.titleTooLong);
  return title;
}

/** Rich text: at most 200 000 characters as sent, stored sanitised. */
export function checkContent(raw: string | undefined, field = "Content"): string {
  const content = raw ?? "";
  if (charLength(content) > CONTENT_MAX) throw fieldError(field, noticeTexts.contentTooLong);
  return sanitizeRichText(content);
}

export function checkAttachments(raw: unknown): string[] {
  const paths = attachmentPaths(raw);
  if (paths === "bad") throw fieldError("Attachments", noticeTexts.attachmentRefused);
  return paths;
}

/** SaveSystemNotice's payload, validated; the first refused field is the error and nothing is saved. */
export function validateNotice(body: unknown): NoticeInput {
  const b = parse(saveSchema, body);
  const id = b.Id?.trim() ? requireId(b.Id, "Id") : null;
  const title = checkTitle(b.Title);
  const content = checkContent(b.Content);
  let author: string | undefined;
  if (b.Author !== undefined && b.Author.trim() !== "") {
    author = b.Author.trim();
    if (charLength(author) > AUTHOR_MAX) throw fieldError("Author", noticeTexts.authorTooLong);
  }
  return { id, title, content, author, attachments: checkAttachments(b.Attachments), publish: b.Publish ?? false };
}
