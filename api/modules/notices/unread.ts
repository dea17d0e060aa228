import type { Db } from "../../db/index.ts";
import { PUBLISHED } from "./published.ts";

/**
 * Published notices the user (the parameter `userParam`, e.g. `$1`) has not opened, plus the user's own unread
 * directed messages: the bell's badge, as an SQL expression, so the layout's user context reads it in the same
 * statement as the user.
 */
export const unreadCountSql = (userParam: string) => `(
       (select count(*) from notices n
         where ${PUBLISHED}
           and not exists (select 1 from notice_reads r where r.notice_id = n.id and r.user_id = ${userParam}))::int
     + (select count(*) from user_messages m where m.user_id = ${userParam} and m.read_at is null)::int)`;

/** The bell's badge on its own (SysMessage/GetNoReadMessageCount). */
export async function unreadCount(db: Db, userId: string): Promise<number> {
  const [{ n }] = await db.query<{ n: number }>(`select ${unreadCountSql("$1")} as n`, [userId]);
  return Number(n);
}
