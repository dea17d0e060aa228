import type { App } from "../../app.ts";
import type { Router } from "../../http/router.ts";

export function register(router: Router, app: App): void {
  // A short-lived ticket for one hub connection: the web hands it to the browser's SignalR client, which
  // sends it as the access token; the hub checks it against AuthorizationUser (api/hub/ticket.ts).
  router.get("SysMessage/GetHubTicket", async (ctx) => app.hub.ticket(ctx.user!.id), { auth: "user" });
}
