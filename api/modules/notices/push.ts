import type { App } from "../../app.ts";
import { hubEvents } from "../../hub/publisher.ts";

/**
 * Pushes run after the data is committed: a hub failure must not turn a saved notice or reply into an
 * error, since clients also pick it up from the unread count on their next page load.
 */
async function safely(what: string, push: () => Promise<void>): Promise<void> {
  try {
    await push();
  } catch (err) {
    console.error(`hub push failed (${what}):`, err);
  }
}

export const pushSystemNotice = (app: App, noticeId: string) => safely("system notice", () => app.hub.toAll(...hubEvents.systemNotice(noticeId)));

export const pushDirectedMessage = (app: App, userId: string, messageId: string) =>
  safely("directed message", () => app.hub.toUser(userId, ...hubEvents.directedMessage(messageId)));
