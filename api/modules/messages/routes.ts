import type { App } from "../../app.ts";
import { addDemoSeeder } from "../../db/seed.ts";
import type { Router } from "../../http/router.ts";
import { seedDemoMessages } from "./demo-notices.ts";
import { unreadCount } from "./unread.ts";

addDemoSeeder((db) => seedDemoMessages(db));

export function register(router: Router, app: App): void {
  // The header's unread badge (99+ above 99, hidden at 0: the web's part).
  router.get("SysMessage/GetNoReadMessageCount", async (ctx) => unreadCount(app.db, ctx.user!.id), { auth: "user" });
}
