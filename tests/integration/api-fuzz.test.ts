import { expect, it } from "vitest";
import type { RouteDef } from "../../api/http/router.ts";
import { describeEachBackend, type TestApi } from "./harness.ts";
import { sessionFor } from "./session-helpers.ts";

/**
 * Malformed requests to every route of the API, as anonymous, an ordinary user and the SystemAdmin: none may
 * answer 5xx, the API stays up, and a route kept to some roles answers 403 to a user without them. The
 * routes come from the router itself, so a route added later is fuzzed without anyone listing it here.
 */

/** Routes of today; the router must not lose any (a refactor that drops registrations fails here). */
const ROUTES_TODAY = 70;

/** Parameter names the routes read (query or body); a request sets all of them to the same bad value. */
const NAMES = [
  "id", "Id", "path", "paths", "page", "pageSize", "appId", "mdId", "keyword", "filetype", "elements", "mobile", "code",
  "verificationCode", "verificationString", "loginStr", "jwtStr", "name", "pwd", "rempwd", "Title", "Content",
  "Attachments", "Author", "Publish", "Reply", "BizType", "Type", "mode", "params", "inputs", "deck", "workflow",
  "resources", "status", "type", "bizType", "replied", "ticket", "secret", "userId", "taskId", "file", "values", "unit",
];

const deep = (n: number) => "[".repeat(n) + "]".repeat(n);
/** Values that are wrong for any parameter: wrong types, out of range, hostile strings, oversized. */
const BAD_VALUES: unknown[] = [
  null,
  -1,
  1e308,
  ["a", 1, null],
  { $gt: "" },
  "",
  "../../../../etc/passwd",
  "'; drop table users; --",
  "\u0000\u202e\ud800",
  // Longer than any field allows; every name at once also makes the body larger than the default limit.
  "😀".repeat(300),
  "x".repeat(1_500),
];
const asQuery = (v: unknown) => (typeof v === "string" ? v : JSON.stringify(v));

/** Raw bodies a client could send, each with the content type it claims. */
const RAW_BODIES: Array<{ type: string; body: string }> = [
  { type: "application/json", body: '{"Title": "x", ' },
  { type: "application/json", body: "null" },
  { type: "application/json", body: "[]" },
  { type: "application/json", body: '"a string"' },
  { type: "application/json", body: "1e999" },
  { type: "application/json", body: deep(20_000) },
  // One field far over any body limit (sent once per route rather than in every field of every request).
  { type: "application/json", body: JSON.stringify({ Content: "x".repeat(200_000), Title: "x".repeat(60_000) }) },
  { type: "application/json", body: '{"__proto__": {"polluted": true}, "constructor": {"prototype": {"x": 1}}}' },
  { type: "application/x-www-form-urlencoded", body: "id=%E0%A4%A&id=2&%%%=&path[]=x" },
  { type: "multipart/form-data; boundary=zzz", body: "--zzz\r\nContent-Disposition: form-data; name=\"file\"; filename=\"../a.txt\"\r\n\r\nabc" },
  { type: "multipart/form-data", body: "no boundary at all" },
  { type: "text/xml", body: "<?xml version=\"1.0\"?><!DOCTYPE x [<!ENTITY e SYSTEM \"file:///etc/passwd\">]><x>&e;</x>" },
];

interface Sent {
  route: string;
  who: string;
  what: string;
  http: number;
  status: number;
}

async function fuzzRoute(t: TestApi, route: RouteDef, who: string, token: string | undefined): Promise<Sent[]> {
  const sent: Sent[] = [];
  const send = async (what: string, opts: Parameters<TestApi["call"]>[1]) => {
    const r = await t.call(route.path, { token, ...opts });
    sent.push({ route: `${route.method} ${route.path}`, who, what, http: r.http, status: r.status });
  };
  await send("nothing", { method: route.method });
  // The other method too: the route must refuse it, not fail.
  await send("other method", { method: route.method === "GET" ? "POST" : "GET" });
  for (const v of BAD_VALUES) {
    const label = typeof v === "string" ? `"${v.slice(0, 20)}"` : JSON.stringify(v).slice(0, 20);
    await send(`query ${label}`, { method: route.method, query: Object.fromEntries(NAMES.map((n) => [n, asQuery(v)])) });
    if (route.method === "POST") await send(`json ${label}`, { method: "POST", json: Object.fromEntries(NAMES.map((n) => [n, v])) });
  }
  if (route.method === "POST") {
    for (const b of RAW_BODIES) await send(`${b.type} ${b.body.slice(0, 20)}`, { method: "POST", body: b.body, headers: { "content-type": b.type } });
  }
  return sent;
}

describeEachBackend("API fuzz: every route, three identities, malformed input", (t) => {
  it("answers every malformed request without a 5xx, keeps role-bound routes to their roles, and stays up", async () => {
    const routes = t().api.app.router.list();
    expect(routes.length).toBeGreaterThanOrEqual(ROUTES_TODAY);
    const guestRoles = (await t().api.app.db.query<{ role_code: string }>(`select role_code from user_roles ur join users u on u.id = ur.user_id where u.name = 'guest'`)).map(
      (r) => r.role_code,
    );

    const sent: Sent[] = [];
    let roleBound = 0;
    const fuzzOne = async (route: RouteDef) => {
      // A fresh session per route: a route such as Logout or a password change may end the one it was given.
      const guest = await sessionFor(t(), "guest");
      const admin = await sessionFor(t(), "admin");
      const identities = [
        ["anonymous", undefined],
        ["guest", guest.token],
        ["admin", admin.token],
      ] as const;
      for (const batch of await Promise.all(identities.map(([who, token]) => fuzzRoute(t(), route, who, token)))) sent.push(...batch);
      // Kept to roles the guest lacks: 403 before any input is read.
      if (route.auth === "user" && route.roles && !route.roles.some((r) => guestRoles.includes(r))) {
        const r = await t().call(route.path, { method: route.method, token: guest.token });
        expect(r.status, `${route.method} ${route.path} as guest`).toBe(403);
        roleBound++;
      }
    };
    // A few routes at a time (each with its three identities at once): the API serves requests concurrently in
    // production, and a sequential run of some ten thousand requests took minutes of the suite.
    const queue = [...routes];
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        for (let route = queue.shift(); route; route = queue.shift()) await fuzzOne(route);
      }),
    );

    const failures = sent.filter((s) => s.http >= 500 || s.status >= 500);
    expect(failures, JSON.stringify(failures.slice(0, 10), null, 1)).toEqual([]);
    // Every identity reached every route, anonymous calls of routes behind login were refused as such.
    expect(sent.length).toBeGreaterThan(routes.length * 3 * 10);
    const anonymousBehindLogin = sent.filter((s) => s.who === "anonymous" && s.what === "nothing" && routes.find((r) => `${r.method} ${r.path}` === s.route)?.auth === "user");
    expect(anonymousBehindLogin.every((s) => s.status === 205)).toBe(true);
    expect(roleBound).toBeGreaterThan(5);
    console.log(`API fuzz [${t().backend}]: ${routes.length} routes (${roleBound} kept to roles), ${sent.length} malformed requests, no 5xx`);

    // Still up and still right.
    const s = await sessionFor(t(), "guest");
    const info = await t().call("Login/GetUserInfoByIdInfo", { token: s.token, query: { mdId: s.userId } });
    expect(info.status).toBe(200);
    // And no body reached Object.prototype.
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  }, 240_000);
});
