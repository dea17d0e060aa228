import crypto from "node:crypto";
import { SignJWT } from "jose";
import { expect, it } from "vitest";
import { signLoginStr } from "../../api/modules/login/routes.ts";
import { describeEachBackend } from "./harness.ts";
import { auditRows, from, passwordLogin } from "./login-helpers.ts";

const ISSUER = "https://sso.example.test";
const SECRET = "sso-shared-secret-at-least-32-bytes-long!";
const SG_SECRET = "sg-partner-secret";
const MATDAO_SECRET = "matdao-partner-secret";

const hs256 = (claims: Record<string, unknown>, opts: { issuer?: string; exp?: number | string | null; secret?: string } = {}) => {
  let jwt = new SignJWT(claims).setProtectedHeader({ alg: "HS256" }).setIssuer(opts.issuer ?? ISSUER).setIssuedAt();
  if (opts.exp !== null) jwt = jwt.setExpirationTime(opts.exp ?? "5m");
  return jwt.sign(new TextEncoder().encode(opts.secret ?? SECRET));
};

describeEachBackend(
  "login: single sign-on (HS256) and partner login strings",
  (api) => {
    const sso = (jwtStr: string, ip = "192.0.2.40") => api().call("login/VerifySsoToken", { query: { jwtStr }, headers: from(ip) });

    it("logs in the user named by preferred_username, or by sub", async () => {
      const t = api();
      const r = await sso(await hs256({ preferred_username: "admin" }));
      expect(r.status).toBe(200);
      const [admin] = await t.api.app.db.query<{ id: string }>(`select id from users where name = 'admin'`);
      expect(r.returnData).toEqual({ token: expect.any(String), userId: admin.id });
      expect((await t.call("Login/Logout", { method: "POST", token: r.returnData.token })).returnData).toBe(true);
      const bySub = await sso(await hs256({ sub: "guest" }));
      expect(bySub.status).toBe(200);
      const [s] = await t.api.app.db.query<{ method: string }>(`select method from sessions where user_id = $1`, [bySub.returnData.userId]);
      expect(s.method).toBe("sso");
    });

    it("refuses a wrong issuer, an expired token, one without exp, a wrong key and alg none", async () => {
      const t = api();
      const past = Math.floor(Date.now() / 1000) - 60;
      const bad = [
        await hs256({ preferred_username: "admin" }, { issuer: "https://evil.example" }),
        await hs256({ preferred_username: "admin" }, { exp: past }),
        await hs256({ preferred_username: "admin" }, { exp: null }),
        await hs256({ preferred_username: "admin" }, { secret: "some-other-secret-that-is-long-enough!!" }),
        `${Buffer.from('{"alg":"none"}').toString("base64url")}.${Buffer.from(JSON.stringify({ preferred_username: "admin", iss: ISSUER, exp: past + 3600 })).toString("base64url")}.`,
        "not-a-jwt",
      ];
      for (const jwt of bad) {
        const r = await sso(jwt, "192.0.2.41");
        expect(r).toMatchObject({ status: 400, msg: "单点登录凭证无效或已过期", returnData: null });
      }
      const rows = await auditRows(t, "ip = $1", ["192.0.2.41"]);
      expect(rows.every((x) => x.method === "sso" && x.reason === "bad_token")).toBe(true);
      expect(rows).toHaveLength(bad.length);
    });

    it("accepts each token and login string once: a replay is refused, also when two uses race", async () => {
      const t = api();
      const ip = "192.0.2.46";
      const jwt = await hs256({ preferred_username: "admin", jti: crypto.randomUUID() });
      expect((await sso(jwt, ip)).status).toBe(200);
      expect(await sso(jwt, ip)).toMatchObject({ status: 400, msg: "该登录凭证已使用，请重新登录", returnData: null });
      const en = await api().call("login/VerifySsoToken", { query: { jwtStr: jwt }, headers: { ...from(ip), "accept-language": "en" } });
      expect(en.msg).toBe("This login link has already been used; please log in again");

      for (const [route, secret, user] of [
        ["login/SGLogin", SG_SECRET, "sg"],
        ["Login/MatdaoLogin", MATDAO_SECRET, "guest"],
      ] as const) {
        const loginStr = signLoginStr(user, secret, Date.now() - 1000);
        const [a, b] = await Promise.all([0, 1].map(() => t.call(route, { query: { loginStr }, headers: from(ip) })));
        expect([a.status, b.status].sort()).toEqual([200, 400]);
        expect([a, b].find((r) => r.status === 400)).toMatchObject({ msg: "该登录凭证已使用，请重新登录" });
        expect((await t.call(route, { query: { loginStr }, headers: from(ip) })).status).toBe(400);
      }
      const rows = await auditRows(t, "ip = $1 and not success", [ip]);
      expect(rows.map((r) => r.reason)).toEqual(Array(6).fill("replayed"));

      // Records outlive their strings by nothing: an expired one is dropped when the next is taken.
      await t.api.app.db.query(`update used_login_credentials set expires_at = now() - interval '1 second'`);
      expect((await sso(await hs256({ sub: "guest" }), ip)).status).toBe(200);
      const [{ n }] = await t.api.app.db.query<{ n: number }>(`select count(*)::int as n from used_login_credentials`);
      expect(n).toBe(1);
    });

    it("refuses a valid token for an unknown user", async () => {
      const r = await sso(await hs256({ preferred_username: "who-is-this" }));
      expect(r).toMatchObject({ status: 400, msg: "用户不存在" });
    });

    it("SGLogin creates an SG user on first sight (first=true), then first=false", async () => {
      const t = api();
      const name = "sg-newcomer";
      const r = await t.call("login/SGLogin", { query: { loginStr: signLoginStr(name, SG_SECRET) }, headers: from("192.0.2.42") });
      expect(r.status).toBe(200);
      expect(r.returnData).toEqual({ token: expect.any(String), userId: expect.any(String), first: true });
      const [u] = await t.api.app.db.query<{ real_name: string; department_id: string | null; roles: string[]; password_hash: string }>(
        `select real_name, department_id, password_hash, array(select role_code from user_roles where user_id = u.id) as roles from users u where name = $1`,
        [name],
      );
      expect(u).toMatchObject({ real_name: name, department_id: null, roles: ["SGUser"] });
      expect(u.password_hash.startsWith("scrypt$")).toBe(false);
      // The created account has no password anyone could use.
      expect((await passwordLogin(t, name, "", { ip: "192.0.2.42" })).status).toBe(400);
      expect((await passwordLogin(t, name, u.password_hash, { ip: "192.0.2.42" })).status).toBe(400);

      const again = await t.call("login/SGLogin", { query: { loginStr: signLoginStr(name, SG_SECRET) }, headers: from("192.0.2.42") });
      expect(again.returnData).toMatchObject({ userId: r.returnData.userId, first: false });
      const [{ n }] = await t.api.app.db.query<{ n: number }>(`select count(*)::int as n from users where name = $1`, [name]);
      expect(n).toBe(1);
    });

    it("SGLogin vouches only for SG users, and refuses forged or stale strings", async () => {
      const t = api();
      const ip = from("192.0.2.43");
      const admin = await t.call("login/SGLogin", { query: { loginStr: signLoginStr("admin", SG_SECRET) }, headers: ip });
      expect(admin).toMatchObject({ status: 400, msg: "该账号不是超算平台用户，无法通过超算平台登录" });
      const sg = await t.call("login/SGLogin", { query: { loginStr: signLoginStr("sg", SG_SECRET) }, headers: ip });
      expect(sg.status).toBe(200);

      const good = signLoginStr("sg", SG_SECRET);
      const [body, sig] = good.split(".");
      const forgedBody = Buffer.from(JSON.stringify({ name: "sg2", ts: Date.now() })).toString("base64url");
      const invalid = [
        signLoginStr("sg", "wrong-secret"),
        signLoginStr("sg", SG_SECRET, Date.now() - 6 * 60 * 1000),
        signLoginStr("sg", SG_SECRET, Date.now() + 6 * 60 * 1000),
        signLoginStr("sg", MATDAO_SECRET),
        `${forgedBody}.${sig}`,
        `${body}.${sig}.extra`,
        body,
        `${body}.`,
        "garbage",
      ];
      for (const loginStr of invalid) {
        const r = await t.call("login/SGLogin", { query: { loginStr }, headers: ip });
        expect(r, loginStr).toMatchObject({ status: 400, msg: "登录凭证无效或已过期" });
      }
      const [{ n }] = await t.api.app.db.query<{ n: number }>(`select count(*)::int as n from users where name = 'sg2'`);
      expect(n).toBe(0);
    });

    it("MatdaoLogin logs in an existing user only", async () => {
      const t = api();
      const ip = from("192.0.2.44");
      const r = await t.call("Login/MatdaoLogin", { query: { loginStr: signLoginStr("guest", MATDAO_SECRET) }, headers: ip });
      expect(r.status).toBe(200);
      const [guest] = await t.api.app.db.query<{ id: string }>(`select id from users where name = 'guest'`);
      expect(r.returnData).toEqual({ token: expect.any(String), userId: guest.id });
      const unknown = await t.call("Login/MatdaoLogin", { query: { loginStr: signLoginStr("matdao-stranger", MATDAO_SECRET) }, headers: ip });
      expect(unknown).toMatchObject({ status: 400, msg: "用户不存在" });
      const [{ n }] = await t.api.app.db.query<{ n: number }>(`select count(*)::int as n from users where name = 'matdao-stranger'`);
      expect(n).toBe(0);
      const sgSigned = await t.call("Login/MatdaoLogin", { query: { loginStr: signLoginStr("guest", SG_SECRET) }, headers: ip });
      expect(sgSigned.status).toBe(400);
    });
  },
  { SSO_JWT_ISSUER: ISSUER, SSO_JWT_SECRET: SECRET, SG_LOGIN_SECRET: SG_SECRET, MATDAO_LOGIN_SECRET: MATDAO_SECRET },
);

const rsa = crypto.generateKeyPairSync("rsa", { modulusLength: 2048 });
const ec = crypto.generateKeyPairSync("ec", { namedCurve: "P-256" });

describeEachBackend(
  "login: single sign-on with an RSA public key",
  (api) => {
    it("accepts RS256 signed by the key's owner and refuses HS256 signed with the public key", async () => {
      const good = await new SignJWT({ preferred_username: "admin" }).setProtectedHeader({ alg: "RS256" }).setIssuer(ISSUER).setExpirationTime("5m").sign(rsa.privateKey);
      expect((await api().call("login/VerifySsoToken", { query: { jwtStr: good } })).status).toBe(200);
      // The classic confusion attack: the public key, which anyone has, used as an HMAC secret.
      const pem = rsa.publicKey.export({ type: "spki", format: "pem" }) as string;
      const confused = await new SignJWT({ preferred_username: "admin" }).setProtectedHeader({ alg: "HS256" }).setIssuer(ISSUER).setExpirationTime("5m").sign(new TextEncoder().encode(pem));
      expect((await api().call("login/VerifySsoToken", { query: { jwtStr: confused }, headers: from("192.0.2.45") })).status).toBe(400);
      const otherKey = await new SignJWT({ preferred_username: "admin" }).setProtectedHeader({ alg: "ES256" }).setIssuer(ISSUER).setExpirationTime("5m").sign(ec.privateKey);
      expect((await api().call("login/VerifySsoToken", { query: { jwtStr: otherKey }, headers: from("192.0.2.45") })).status).toBe(400);
    });
  },
  { SSO_JWT_ISSUER: ISSUER, SSO_JWT_PUBLIC_KEY: rsa.publicKey.export({ type: "spki", format: "pem" }) as string },
);

describeEachBackend(
  "login: single sign-on with an EC public key",
  (api) => {
    it("accepts ES256", async () => {
      const jwt = await new SignJWT({ sub: "guest" }).setProtectedHeader({ alg: "ES256" }).setIssuer(ISSUER).setExpirationTime("5m").sign(ec.privateKey);
      const r = await api().call("login/VerifySsoToken", { query: { jwtStr: jwt } });
      expect(r.status).toBe(200);
      expect(r.returnData.userId).toEqual(expect.any(String));
    });
  },
  { SSO_JWT_ISSUER: ISSUER, SSO_JWT_PUBLIC_KEY: ec.publicKey.export({ type: "spki", format: "pem" }) as string },
);
