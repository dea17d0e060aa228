import type { App } from "../../app.ts";
import type { Router } from "../../http/router.ts";
import { actorOf } from "../system/oplog.ts";
import { constantBase, constantsCache, publicConstants, resetConstant, saveConstant } from "./constants.ts";

const systemAdmin = { auth: "user" as const, roles: ["SystemAdmin"] };

/** The platform's constants (docs/system.md): read by every page (public texts), edited by SystemAdmins. */
export function register(router: Router, app: App): void {
  const { db } = app;
  app.caches.register("constants", constantsCache(db));
  // Public: the login page's and the public pages' footers show the contact texts too.
  router.get("System/GetConstantBase", async () => publicConstants(db), { auth: "none" });
  router.get("System/GetConstantList", async () => constantBase(db), systemAdmin);
  router.post("System/SaveConstant", async (ctx) => saveConstant(app, actorOf(ctx), ctx.body), systemAdmin);
  router.post("System/ResetConstant", async (ctx) => resetConstant(app, actorOf(ctx), ctx.body), systemAdmin);
}
