import type { App } from "../../app.ts";
import type { Router } from "../../http/router.ts";
import { idOf, requireId } from "../../http/fields.ts";
import { addFeedback } from "./add.ts";
import { feedbackList, getFeedback, myFeedbackList } from "./read.ts";
import { replyFeedback } from "./reply.ts";

const user = { auth: "user" } as const;
const admin = { auth: "user" as const, roles: ["SystemAdmin"] };
/** Rich text up to 200 000 characters: up to about 600 KB of UTF-8, more once escaped. */
const richBody = { maxBody: 2 * 1024 * 1024 };

export function register(router: Router, app: App): void {
  const { db } = app;
  router.post("Feedback/AddFeedback", async (ctx) => addFeedback(db, ctx.user!, ctx.body), { ...user, ...richBody });
  router.get("Feedback/GetFeedback", async (ctx) => getFeedback(db, ctx.user!, requireId(ctx.query.get("id"), "id")), user);
  router.get("Feedback/GetMyFeedbackList", async (ctx) => myFeedbackList(db, ctx.user!.id, ctx.query), user);
  router.get("Feedback/GetFeedbackList", async (ctx) => feedbackList(db, ctx.query), admin);
  // app.hub is read per call inside, so the hub can be swapped after start-up.
  router.post("Feedback/ReplyFeedback", async (ctx) => replyFeedback(app, ctx.user!, idOf(ctx.body, "Id"), ctx.body), { ...admin, ...richBody });
}
