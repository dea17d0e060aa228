import type { Db } from "../../db/index.ts";
import type { AuthUser } from "../../http/router.ts";
import { resolveAttachments, setAttachments } from "../notices/attachment-refs.ts";
import { validateFeedback } from "./validate.ts";

/** Feedback/AddFeedback: stores the caller's feedback with the caller's own attachments; answers its Id. */
export async function addFeedback(db: Db, user: AuthUser, body: unknown): Promise<string> {
  const f = validateFeedback(body);
  return db.transaction(async (tx) => {
    const attachmentIds = await resolveAttachments(tx, f.attachments, user);
    const [row] = await tx.query<{ id: string }>(
      `insert into feedback(user_id, title, content, biz_type, type) values ($1, $2, $3, $4, $5) returning id`,
      [user.id, f.title, f.content, f.bizType, f.type],
    );
    await setAttachments(tx, "feedback", row.id, attachmentIds);
    return row.id;
  });
}
