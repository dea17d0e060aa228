import { revokeToken } from "../../http/auth.ts";
import type { Ctx } from "../../http/router.ts";

/** Ends only this session; the user's other devices stay logged in. */
export async function logout(ctx: Ctx): Promise<true> {
  await revokeToken(ctx.app.db, ctx.user!.tokenHash, "logout");
  return true;
}
