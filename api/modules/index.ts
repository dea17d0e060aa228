import type { App } from "../app.ts";
import type { Router } from "../http/router.ts";
import * as login from "./login/routes.ts";
import * as users from "./users/routes.ts";
import * as menus from "./menus/routes.ts";
import * as compute from "./compute/routes.ts";
import * as messages from "./messages/routes.ts";
import * as dashboard from "./dashboard/routes.ts";

/** Every API module, each adding its own calls. */
export function registerModules(router: Router, app: App): void {
  for (const m of [login, users, menus, compute, messages, dashboard]) m.register(router, app);
}
