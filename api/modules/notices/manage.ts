import { z } from "zod";
import { sanitizeRichText } from "../../../common/sanitize.ts";
import type { App } from "../../app.ts";
import type { Db } from "../../db/index.ts";
import { ApiError, Status } from "../../http/envelope.ts";
import { parse, type AuthUser } from "../../http/router.ts";
import { loadAttachments, resolveAttachments, setAttachments } from "./attachment-refs.ts";
import { iso } from "../../http/fields.ts";
import { optional, pagedQuery, parsePaging, Where, type Page } from "../../db/paged.ts";
import { pushSystemNotice } from "./push.ts";
import { noticeTexts } from "./texts.ts";
import { validateNotice } from "./validate.ts";

export type NoticeState = "draft" | "published" | "withdrawn";
const STATE = `case when n.published_at is not null then 'published' when n.withdrawn_at is not null then 'withdrawn' else 'draft' end`;
const STATE_WHERE: Record<NoticeState, string> = {
  draft: "n.published_at is null and n.withdrawn_at is null",
  published: "n.published_at is not null",
  withdrawn: "n.published_at is null and n.withdrawn_at is not null",
};
const stateSchema = z.object({ state: optional(z.enum(["all", "draft", "published", "withdrawn"])) });

const notFound = () => new ApiError(Status.notFound, noticeTexts.noticeNotFound);

export interface ManageRow {
  id: string;
  title: string;
  author: string;
  state: NoticeState;
  createdAt: string | null;
  publishedAt: string | null;
}

/** SysMessage/GetSystemNoticeManageList: every notice in any state, newest first. */
export async function listForManage(db: Db, query: URLSearchParams): Promise<Page<ManageRow>> {
  const paging = parsePaging(query);
  const state = parse(stateSchema, { state: query.get("state") ?? undefined }).state ?? "all";
  const w = new Where().titleContains("n.title", paging.keyword);
  if (state !== "all") w.and(STATE_WHERE[state]);
  const { total, rows } = await pagedQuery<{ id: string; title: string; author: string; state: NoticeState; created_at: Date; published_at: Date | null }>(
    db,
    { select: `n.id, n.title, n.author, ${STATE} as state, n.created_at, n.published_at`, from: "notices n", where: w, orderBy: "n.created_at desc, n.id desc" },
    paging,
  );
  return {
    total,
    page: paging.page,
    size: paging.size,
    rows: rows.map((r) => ({ id: r.id, title: r.title, author: r.author, state: r.state, createdAt: iso(r.created_at), publishedAt: iso(r.published_at) })),
  };
}

/** SysMessage/GetSystemNoticeForEdit: the editor's fields, whatever the state. */
export async function noticeForEdit(db: Db, id: string) {
  const [n] = await db.query<{ id: string; title: string; author: string; content: string; state: NoticeState }>(
    `select n.id, n.title, n.author, n.content, ${STATE} as state from notices n where n.id = $1`,
    [id],
  );
  if (!n) throw notFound();
  return { Id: n.id, Title: n.title, Author: n.author, Content: sanitizeRichText(n.content), State: n.state, Attachments: await loadAttachments(db, "notice", id) };
}

/**
 * SysMessage/SaveSystemNotice: creates or updates a notice; `Publish: true` publishes a draft or withdrawn
 * notice and broadcasts it. Saving a published notice keeps it published without a second broadcast.
 */
export async function saveNotice(app: App, user: AuthUser, body: unknown): Promise<{ Id: string }> {
  const input = validateNotice(body);
  const { id, broadcast } = await app.db.transaction(async (tx) => {
    const attachmentIds = await resolveAttachments(tx, input.attachments, user);
    let id: string;
    let wasPublished = false;
    if (input.id) {
      const [cur] = await tx.query<{ published: boolean }>(`select published_at is not null as published from notices where id = $1 for update`, [input.id]);
      if (!cur) throw notFound();
      wasPublished = cur.published;
      await tx.query(`update notices set title = $2, content = $3, author = coalesce($4, author), updated_at = now() where id = $1`, [
        input.id,
        input.title,
        input.content,
        input.author ?? null,
      ]);
      id = input.id;
    } else {
      const [row] = await tx.query<{ id: string }>(
        `insert into notices(title, content, author, created_by)
         select $1, $2, coalesce($3, nullif(u.real_name, ''), u.name), u.id from users u where u.id = $4
         returning id`,
        [input.title, input.content, input.author ?? null, user.id],
      );
      id = row.id;
    }
    await setAttachments(tx, "notice", id, attachmentIds);
    const broadcast = input.publish && !wasPublished;
    if (broadcast) await tx.query(`update notices set published_at = now(), withdrawn_at = null where id = $1`, [id]);
    return { id, broadcast };
  });
  if (broadcast) await pushSystemNotice(app, id);
  return { Id: id };
}

/** SysMessage/WithdrawSystemNotice: a published notice leaves the lists and the badge; it can be published again. */
export async function withdrawNotice(db: Db, id: string): Promise<true> {
  const rows = await db.query(`update notices set published_at = null, withdrawn_at = now(), updated_at = now() where id = $1 and published_at is not null returning id`, [id]);
  if (rows.length) return true;
  const [exists] = await db.query(`select 1 from notices where id = $1`, [id]);
  if (!exists) throw notFound();
  throw new ApiError(Status.badRequest, noticeTexts.noticeNotPublished);
}

/** SysMessage/DeleteSystemNotice: the notice, its read marks and attachment links go; the files stay with their owners. */
export async function deleteNotice(db: Db, id: string): Promise<true> {
  const rows = await db.query(`delete from notices where id = $1 returning id`, [id]);
  if (!rows.length) throw notFound();
  return true;
}
