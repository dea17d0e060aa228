import { issueToken } from "../../api/http/auth.ts";
import type { TestApi } from "./harness.ts";

/** A session for a demo user issued directly (no captcha, no login module involved): token and userId. */
export async function sessionFor(t: TestApi, name: string): Promise<{ token: string; userId: string }> {
  const [u] = await t.api.app.db.query<{ id: string }>(`select id from users where name = $1`, [name]);
  if (!u) throw new Error(`no user ${name}`);
  return { token: await issueToken(t.api.app.db, u.id, "test"), userId: u.id };
}

/** Calls Login/GetUserInfoByIdInfo for a demo user with a fresh session. */
export async function userContextOf(t: TestApi, name: string) {
  const s = await sessionFor(t, name);
  const r = await t.call("Login/GetUserInfoByIdInfo", { token: s.token, query: { mdId: s.userId } });
  if (r.status !== 200) throw new Error(`user info ${name}: ${r.status} ${r.msg}`);
  return r.returnData;
}
