import { sanitizeRichText } from "../../../common/sanitize.ts";
import type { Db } from "../../db/index.ts";
import { ApiError, Status } from "../../http/envelope.ts";
import { loadAttachments } from "./attachment-refs.ts";
import { iso } from "../../http/fields.ts";
import { pagedQuery, parsePaging, Where, type Page } from "../../db/paged.ts";
import { noticeTexts } from "./texts.ts";
import { readFilter } from "./user-messages.ts";

/** What users may see: published, and not scheduled for later. Drafts and withdrawn notices never show. */
export const PUBLISHED = "n.published_at is not null and n.published_at <= now()";
const readBy = (userParam: string) => `exists (select 1 from notice_reads r where r.notice_id = n.id and r.user_id = ${userParam})`;

export interface NoticeRow {
  id: string;
  title: string;
  author: string;
  time: string | null;
  read: boolean;
}

/** SysMessage/GetSystemNoticeList: published notices, newest first, with the caller's read state. */
export async function listNotices(db: Db, userId: string, query: URLSearchParams): Promise<Page<NoticeRow>> {
  const paging = parsePaging(query);
  const read = readFilter(query);
  const w = new Where();
  const user = w.param(userId);
  w.and(PUBLISHED).titleContains("n.title", paging.keyword);
  if (read !== "all") w.and(read === "read" ? readBy(user) : `not ${readBy(user)}`);
  const { total, rows } = await pagedQuery<{ id: string; title: string; author: string; published_at: Date; read: boolean }>(
    db,
    { select: `n.id, n.title, n.author, n.published_at, ${readBy(user)} as read`, from: "notices n", where: w, orderBy: "n.published_at desc, n.id desc" },
    paging,
  );
  return {
    total,
    page: paging.page,
    size: paging.size,
    rows: rows.map((r) => ({ id: r.id, title: r.title, author: r.author, time: iso(r.published_at), read: r.read })),
  };
}

async function publishedNotice(db: Db, userId: string, id: string) {
  const [n] = await db.query<{ id: string; title: string; author: string; published_at: Date; content: string; read: boolean }>(
    `select n.id, n.title, n.author, n.published_at, n.content, ${readBy("$2")} as read from notices n where n.id = $1 and ${PUBLISHED}`,
    [id, userId],
  );
  if (!n) throw new ApiError(Status.notFound, noticeTexts.noticeNotFound);
  return { id: n.id, title: n.title, author: n.author, time: iso(n.published_at), content: sanitizeRichText(n.content), read: n.read };
}

/** SysMessage/GetSystemNoticeeDetailForDig: the pushed notice's dialog; opening it does not mark it read. */
export async function noticeForDialog(db: Db, userId: string, id: string) {
  const { read: _read, ...n } = await publishedNotice(db, userId, id);
  return n;
}

/** SysMessage/GetSystemNoticeDetail: the notice page, with attachments and the caller's read state. */
export async function noticeDetail(db: Db, userId: string, id: string) {
  const n = await publishedNotice(db, userId, id);
  return { ...n, attachments: await loadAttachments(db, "notice", id) };
}

/** SysMessage/ReadSystemNotice: only a published notice can be read. */
export async function readNotice(db: Db, userId: string, id: string): Promise<true> {
  const [n] = await db.query(`select 1 from notices n where n.id = $1 and ${PUBLISHED}`, [id]);
  if (!n) throw new ApiError(Status.notFound, noticeTexts.noticeNotFound);
  await db.query(`insert into notice_reads(notice_id, user_id) values ($1, $2) on conflict do nothing`, [id, userId]);
  return true;
}

/** SysMessage/ReadAll: every published notice and every directed message of the caller read, at once. */
export async function readAll(db: Db, userId: string): Promise<true> {
  await db.transaction(async (tx) => {
    await tx.query(
      `insert into notice_reads(notice_id, user_id) select n.id, $1 from notices n where ${PUBLISHED} on conflict do nothing`,
      [userId],
    );
    await tx.query(`update user_messages set read_at = now() where user_id = $1 and read_at is null`, [userId]);
  });
  return true;
}
