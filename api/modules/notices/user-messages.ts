import { z } from "zod";
import { sanitizeRichText } from "../../../common/sanitize.ts";
import type { Db } from "../../db/index.ts";
import { ApiError, Status } from "../../http/envelope.ts";
import { parse } from "../../http/router.ts";
import { iso } from "../../http/fields.ts";
import { optional, pagedQuery, parsePaging, Where, type Page } from "../../db/paged.ts";
import { noticeTexts } from "./texts.ts";

export const readFilterSchema = z.object({ read: optional(z.enum(["all", "read", "unread"])) });
export const readFilter = (query: URLSearchParams) => parse(readFilterSchema, { read: query.get("read") ?? undefined }).read ?? "all";

export interface UserMessageRow {
  id: string;
  title: string;
  time: string | null;
  read: boolean;
}

/** SysMessage/GetUserMessageList: the caller's own directed messages, newest first. */
export async function listUserMessages(db: Db, userId: string, query: URLSearchParams): Promise<Page<UserMessageRow>> {
  const paging = parsePaging(query);
  const read = readFilter(query);
  const w = new Where();
  w.and(`m.user_id = ${w.param(userId)}`).titleContains("m.title", paging.keyword);
  if (read !== "all") w.and(read === "read" ? "m.read_at is not null" : "m.read_at is null");
  const { total, rows } = await pagedQuery<{ id: string; title: string; created_at: Date; read: boolean }>(
    db,
    { select: "m.id, m.title, m.created_at, m.read_at is not null as read", from: "user_messages m", where: w, orderBy: "m.created_at desc, m.id desc" },
    paging,
  );
  return { total, page: paging.page, size: paging.size, rows: rows.map((r) => ({ id: r.id, title: r.title, time: iso(r.created_at), read: r.read })) };
}

/** SysMessage/GetUserMessageDetail: another user's message is "not found", so ids reveal nothing. */
export async function userMessageDetail(db: Db, userId: string, id: string) {
  const [m] = await db.query<{ id: string; title: string; content: string; created_at: Date; read: boolean; link: string | null }>(
    `select id, title, content, created_at, read_at is not null as read, link from user_messages where id = $1 and user_id = $2`,
    [id, userId],
  );
  if (!m) throw new ApiError(Status.notFound, noticeTexts.messageNotFound);
  return { id: m.id, title: m.title, content: sanitizeRichText(m.content), time: iso(m.created_at), read: m.read, link: m.link };
}

/** SysMessage/ReadUserMessage: marks one of the caller's own messages read (the first read time stays). */
export async function readUserMessage(db: Db, userId: string, id: string): Promise<true> {
  const rows = await db.query(`update user_messages set read_at = coalesce(read_at, now()) where id = $1 and user_id = $2 returning id`, [id, userId]);
  if (!rows.length) throw new ApiError(Status.notFound, noticeTexts.messageNotFound);
  return true;
}
