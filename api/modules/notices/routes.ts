import type { App } from "../../app.ts";
import { addDemoSeeder } from "../../db/seed.ts";
import type { Router } from "../../http/router.ts";
import { seedDemoMessages } from "./demo-notices.ts";
import { idOf, requireId } from "../../http/fields.ts";
import { deleteNotice, listForManage, noticeForEdit, saveNotice, withdrawNotice } from "./manage.ts";
import { listNotices, noticeDetail, noticeForDialog, readAll, readNotice } from "./published.ts";
import { unreadCount } from "./unread.ts";
import { listUserMessages, readUserMessage, userMessageDetail } from "./user-messages.ts";

addDemoSeeder((db) => seedDemoMessages(db));

const user = { auth: "user" } as const;
const admin = { auth: "user" as const, roles: ["SystemAdmin"] };
/** Notice content may be up to 200 000 characters: up to about 600 KB of UTF-8, more once JSON-escaped. */
const richBody = { maxBody: 2 * 1024 * 1024 };

export function register(router: Router, app: App): void {
  const { db } = app;

  // The header's unread badge (99+ above 99, hidden at 0: the web's part).
  router.get("SysMessage/GetNoReadMessageCount", async (ctx) => unreadCount(db, ctx.user!.id), user);

  router.get("SysMessage/GetSystemNoticeeDetailForDig", async (ctx) => noticeForDialog(db, ctx.user!.id, requireId(ctx.query.get("id"), "id")), user);
  router.get("SysMessage/GetSystemNoticeList", async (ctx) => listNotices(db, ctx.user!.id, ctx.query), user);
  router.get("SysMessage/GetSystemNoticeDetail", async (ctx) => noticeDetail(db, ctx.user!.id, requireId(ctx.query.get("id"), "id")), user);
  router.post("SysMessage/ReadSystemNotice", async (ctx) => readNotice(db, ctx.user!.id, idOf(ctx.body, "id")), user);

  router.get("SysMessage/GetUserMessageList", async (ctx) => listUserMessages(db, ctx.user!.id, ctx.query), user);
  router.get("SysMessage/GetUserMessageDetail", async (ctx) => userMessageDetail(db, ctx.user!.id, requireId(ctx.query.get("id"), "id")), user);
  router.post("SysMessage/ReadUserMessage", async (ctx) => readUserMessage(db, ctx.user!.id, idOf(ctx.body, "id")), user);
  router.post("SysMessage/ReadAll", async (ctx) => readAll(db, ctx.user!.id), user);

  router.get("SysMessage/GetSystemNoticeManageList", async (ctx) => listForManage(db, ctx.query), admin);
  router.get("SysMessage/GetSystemNoticeForEdit", async (ctx) => noticeForEdit(db, requireId(ctx.query.get("id"), "id")), admin);
  // app.hub is read per call (not captured here) so the hub can be swapped after start-up.
  router.post("SysMessage/SaveSystemNotice", async (ctx) => saveNotice(app, ctx.user!, ctx.body), { ...admin, ...richBody });
  router.post("SysMessage/WithdrawSystemNotice", async (ctx) => withdrawNotice(db, idOf(ctx.body, "Id")), admin);
  router.post("SysMessage/DeleteSystemNotice", async (ctx) => deleteNotice(db, idOf(ctx.body, "Id")), admin);
}
