import type { App } from "../../app.ts";
import type { Db } from "../../db/index.ts";
import { pushDirectedMessage } from "./push.ts";

/** A message for one user: its title, HTML content (already safe) and, optionally, the web path it leads to. */
export interface DirectedMessage {
  userId: string;
  title: string;
  content: string;
  link?: string | null;
}

/** Stores a directed message; call inside the transaction that causes it, then push after the commit. */
export async function createDirectedMessage(db: Db, m: DirectedMessage): Promise<string> {
  const [row] = await db.query<{ id: string }>(`insert into user_messages(user_id, title, content, link) values ($1, $2, $3, $4) returning id`, [
    m.userId,
    m.title,
    m.content,
    m.link ?? null,
  ]);
  return row.id;
}

/** Stores a directed message and pushes it to the user's connections: for callers without a transaction. */
export async function sendDirectedMessage(app: App, m: DirectedMessage): Promise<string> {
  const id = await createDirectedMessage(app.db, m);
  await pushDirectedMessage(app, m.userId, id);
  return id;
}

export { pushDirectedMessage };
