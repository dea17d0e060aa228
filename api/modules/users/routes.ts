import type { App } from "../../app.ts";
import { ApiError, Status } from "../../http/envelope.ts";
import type { Router } from "../../http/router.ts";
import { updateMyInfo } from "./my-info.ts";
import { updatePassword } from "./password.ts";
import { userTexts } from "./texts.ts";
import { createUnitBySG } from "./unit.ts";
import { loadUserContext, loadUserInfo } from "./user-info.ts";

export function register(router: Router, app: App): void {
  const { db } = app;

  // Loaded on every route change of the web with mdId = the stored userId: only one's own.
  router.get(
    "Login/GetUserInfoByIdInfo",
    async (ctx) => {
      const mdId = (ctx.query.get("mdId") ?? "").trim();
      if (!mdId) throw new ApiError(Status.badRequest, "badInput", { fields: [{ field: "mdId", message: "required" }] });
      if (mdId.toLowerCase() !== ctx.user!.id.toLowerCase()) throw new ApiError(Status.forbidden, userTexts.notOwnId);
      return loadUserContext(db, ctx.user!.id);
    },
    { auth: "user" },
  );

  router.get("User/GetMyInfo", async (ctx) => loadUserInfo(db, ctx.user!.id), { auth: "user" });
  router.post("User/UpdateMyInfo", async (ctx) => updateMyInfo(db, ctx.user!.id, ctx.body), { auth: "user" });
  router.post("User/UpdatePassword", async (ctx) => updatePassword(app, ctx.user!, ctx.body, ctx.ip), { auth: "user" });
  router.post("System/CreateUnitBySG", async (ctx) => createUnitBySG(db, ctx.user!, ctx.ip, ctx.body), { auth: "user" });
}
