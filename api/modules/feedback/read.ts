import { sanitizeRichText } from "../../../common/sanitize.ts";
import type { Db } from "../../db/index.ts";
import { ApiError, Status } from "../../http/envelope.ts";
import type { AuthUser } from "../../http/router.ts";
import { loadAttachments } from "../notices/attachment-refs.ts";
import { iso } from "../../http/fields.ts";
import { pagedQuery, parsePaging, Where, type Page } from "../../db/paged.ts";
import { feedbackTexts } from "./texts.ts";
import { parseListFilters } from "./validate.ts";

/** The author as admins see them: the real name, else the login name. */
const USER_NAME = `coalesce(nullif(u.real_name, ''), u.name, '')`;
const FROM = "feedback f left join users u on u.id = f.user_id";

export interface FeedbackRow {
  Id: string;
  Title: string;
  BizType: number;
  Type: number;
  UserName?: string;
  CreatedAt: string | null;
  Replied: boolean;
}

type Row = { id: string; title: string; biz_type: number; type: number; user_name: string; created_at: Date; replied: boolean };
const SELECT = `f.id, f.title, f.biz_type, f.type, ${USER_NAME} as user_name, f.created_at, f.reply_at is not null as replied`;
const toRow = (r: Row): FeedbackRow => ({ Id: r.id, Title: r.title, BizType: r.biz_type, Type: r.type, UserName: r.user_name, CreatedAt: iso(r.created_at), Replied: r.replied });

/** One's own list does not repeat one's own name. */
const withoutUserName = (r: Row): FeedbackRow => {
  const { UserName: _, ...row } = toRow(r);
  return row;
};

/** Feedback/GetFeedback: the author's own, or any for a SystemAdmin; anyone else is refused. */
export async function getFeedback(db: Db, user: AuthUser, id: string) {
  const [f] = await db.query<Row & { user_id: string | null; content: string; reply: string | null; reply_at: Date | null }>(
    `select ${SELECT}, f.user_id, f.content, f.reply, f.reply_at from ${FROM} where f.id = $1`,
    [id],
  );
  if (!f) throw new ApiError(Status.notFound, feedbackTexts.feedbackNotFound);
  if (f.user_id !== user.id && !user.roles.includes("SystemAdmin")) throw new ApiError(Status.forbidden, "forbidden");
  return {
    Id: f.id,
    Title: f.title,
    Content: sanitizeRichText(f.content),
    BizType: f.biz_type,
    Type: f.type,
    UserName: f.user_name,
    CreatedAt: iso(f.created_at),
    Reply: f.reply === null ? null : sanitizeRichText(f.reply),
    ReplyAt: iso(f.reply_at),
    Attachments: await loadAttachments(db, "feedback", id),
  };
}

/** Feedback/GetMyFeedbackList: the caller's own, newest first. */
export async function myFeedbackList(db: Db, userId: string, query: URLSearchParams): Promise<Page<FeedbackRow>> {
  const paging = parsePaging(query);
  const w = new Where();
  w.and(`f.user_id = ${w.param(userId)}`).titleContains("f.title", paging.keyword);
  const { total, rows } = await pagedQuery<Row>(db, { select: SELECT, from: FROM, where: w, orderBy: "f.created_at desc, f.id desc" }, paging);
  return { total, page: paging.page, size: paging.size, rows: rows.map(withoutUserName) };
}

/** Feedback/GetFeedbackList: everyone's, for SystemAdmin, filtered by title, type, category and replied. */
export async function feedbackList(db: Db, query: URLSearchParams): Promise<Page<FeedbackRow>> {
  const paging = parsePaging(query);
  const filters = parseListFilters(query);
  const w = new Where().titleContains("f.title", paging.keyword);
  if (filters.type !== null) w.and(`f.type = ${w.param(filters.type)}`);
  if (filters.bizType !== null) w.and(`f.biz_type = ${w.param(filters.bizType)}`);
  if (filters.replied !== null) w.and(filters.replied ? "f.reply_at is not null" : "f.reply_at is null");
  const { total, rows } = await pagedQuery<Row>(db, { select: SELECT, from: FROM, where: w, orderBy: "f.created_at desc, f.id desc" }, paging);
  return { total, page: paging.page, size: paging.size, rows: rows.map(toRow) };
}
