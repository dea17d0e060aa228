import { z } from "zod";
import { hasVisibleContent } from "../../../common/sanitize.ts";
import { parse } from "../../http/router.ts";
import { fieldError } from "../../http/fields.ts";
import { optional } from "../../db/paged.ts";
import { checkAttachments, checkContent, checkTitle } from "../notices/validate.ts";
import { feedbackTexts } from "./texts.ts";

/** BizType and Type arrive as JSON numbers or form strings; only 0, 1 and 2 exist. */
const code = z.union([z.number(), z.string()]).optional();
const toCode = (v: number | string | undefined): number | null => {
  const s = typeof v === "number" ? String(v) : (v ?? "").trim();
  return s === "0" || s === "1" || s === "2" ? Number(s) : null;
};

const addSchema = z.object({
  Title: z.string().optional(),
  Content: z.string().optional(),
  BizType: code,
  Type: code,
  Attachments: z.unknown().optional(),
});

export interface FeedbackInput {
  title: string;
  /** Sanitised. */
  content: string;
  bizType: number;
  type: number;
  attachments: string[];
}

/** AddFeedback's payload; the first refused field is the error and nothing is stored. */
export function validateFeedback(body: unknown): FeedbackInput {
  const b = parse(addSchema, body);
  const title = checkTitle(b.Title);
  const bizType = toCode(b.BizType);
  if (bizType === null) throw fieldError("BizType", feedbackTexts.bizTypeInvalid);
  const type = toCode(b.Type);
  if (type === null) throw fieldError("Type", feedbackTexts.typeInvalid);
  return { title, content: checkContent(b.Content), bizType, type, attachments: checkAttachments(b.Attachments) };
}

const replySchema = z.object({ Id: z.string().optional(), id: z.string().optional(), Reply: z.string().optional() });

/** ReplyFeedback's payload: the reply is rich text, stored sanitised, and must show something. */
export function validateReply(body: unknown): { reply: string } {
  const b = parse(replySchema, body);
  const reply = checkContent(b.Reply, "Reply");
  if (!hasVisibleContent(reply)) throw fieldError("Reply", feedbackTexts.replyRequired);
  return { reply };
}

const listSchema = z.object({
  type: optional(z.enum(["0", "1", "2"])),
  bizType: optional(z.enum(["0", "1", "2"])),
  replied: optional(z.enum(["all", "true", "false"])),
});

/** GetFeedbackList's filters beyond paging: type, bizType (0–2) and replied (true/false). */
export function parseListFilters(query: URLSearchParams) {
  const f = parse(listSchema, { type: query.get("type") ?? undefined, bizType: query.get("bizType") ?? undefined, replied: query.get("replied") ?? undefined });
  return {
    type: f.type === undefined ? null : Number(f.type),
    bizType: f.bizType === undefined ? null : Number(f.bizType),
    replied: f.replied === undefined || f.replied === "all" ? null : f.replied === "true",
  };
}
