import type { App } from "../../app.ts";
import { ApiError, Status } from "../../http/envelope.ts";
import type { AuthUser } from "../../http/router.ts";
import { createDirectedMessage, pushDirectedMessage } from "../notices/directed.ts";
import { feedbackLink, feedbackTexts, replyMessageTitle } from "./texts.ts";
import { validateReply } from "./validate.ts";

/**
 * Feedback/ReplyFeedback: stores the reply (a later reply replaces it) and tells the author with a directed
 * message that leads to the feedback; the push goes out once both are committed.
 */
export async function replyFeedback(app: App, admin: AuthUser, id: string, body: unknown): Promise<true> {
  const { reply } = validateReply(body);
  const sent = await app.db.transaction(async (tx) => {
    const [f] = await tx.query<{ user_id: string | null; title: string }>(
      `update feedback set reply = $2, reply_at = now(), reply_by = $3 where id = $1 returning user_id, title`,
      [id, reply, admin.id],
    );
    if (!f) throw new ApiError(Status.notFound, feedbackTexts.feedbackNotFound);
    // The author's account may be gone: the reply is kept, there is no one to tell.
    if (!f.user_id) return null;
    const messageId = await createDirectedMessage(tx, { userId: f.user_id, title: replyMessageTitle(f.title), content: reply, link: feedbackLink(id) });
    return { userId: f.user_id, messageId };
  });
  if (sent) await pushDirectedMessage(app, sent.userId, sent.messageId);
  return true;
}
