import type { Db } from "../../db/index.ts";
import { PUBLISHED } from "./published.ts";

/** Published notices the user has not opened, plus the user's own unread directed messages: the bell's badge. */
export async function unreadCount(db: Db, userId: string): Promise<number> {
  const [{ n }] = await db.query<{ n: number }>(
    `select
       (select count(*) from notices n
         where ${PUBLISHED}
           and not exists (select 1 from notice_reads r where r.notice_id = n.id and r.user_id = $1))::int
     + (select count(*) from user_messages m where m.user_id = $1 and m.read_at is null)::int as n`,
    [userId],
  );
  return Number(n);
}
