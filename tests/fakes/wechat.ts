import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A stand-in for WeChat's website login (open.weixin.qq.com and api.weixin.qq.com), which tests cannot reach.
 * It speaks the real protocol: GET /connect/qrconnect (the QR page; here a form where the tester "scans" as an
 * openid and confirms or cancels), the redirect back with `code` and `state`, GET /sns/oauth2/access_token
 * (appid, secret, code, grant_type=authorization_code → access_token, openid, unionid, or {errcode, errmsg}
 * with HTTP 200), and GET /sns/userinfo. A code lives five minutes and works once, as WeChat's do.
 */
export interface FakeWechat {
  url: string;
  /** A code as if `openid` had scanned and confirmed (for tests without a browser). */
  issueCode(openid: string, nickname?: string): string;
  close(): Promise<void>;
}

interface Grant {
  openid: string;
  nickname: string;
  at: number;
  used: boolean;
}

const CODE_TTL_MS = 5 * 60 * 1000;
const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export async function startFakeWechat(opts: { appid: string; secret: string; port?: number }): Promise<FakeWechat> {
  const codes = new Map<string, Grant>();
  const tokens = new Map<string, Grant>();
  const unionOf = (openid: string) => `u-${crypto.createHash("sha256").update(openid).digest("hex").slice(0, 20)}`;
  const issueCode = (openid: string, nickname = "") => {
    const code = crypto.randomBytes(16).toString("hex");
    codes.set(code, { openid, nickname, at: Date.now(), used: false });
    return code;
  };
  const json = (res: http.ServerResponse, body: unknown) => {
    res.writeHead(200, { "content-type": "application/json; charset=utf-8" });
    res.end(JSON.stringify(body));
  };

  const server = http.createServer((req, res) => {
    const u = new URL(req.url ?? "/", "http://fake");
    const q = u.searchParams;
    if (req.method === "GET" && u.pathname === "/connect/qrconnect") {
      if (q.get("appid") !== opts.appid || q.get("response_type") !== "code" || q.get("scope") !== "snsapi_login" || !q.get("redirect_uri")) {
        res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
        res.end("<!doctype html><title>微信登录</title><p>参数错误</p>");
        return;
      }
      const hidden = ["redirect_uri", "state"].map((k) => `<input type="hidden" name="${k}" value="${escape(q.get(k) ?? "")}">`).join("");
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      res.end(
        `<!doctype html><html lang="zh"><title>微信登录（测试）</title><body><h1>微信扫码登录（测试替身）</h1>
         <form method="post" action="/connect/confirm">${hidden}
         <label>openid <input name="openid" value="o-test-user"></label>
         <label>昵称 <input name="nickname" value="测试微信"></label>
         <button name="decision" value="allow">确认登录</button><button name="decision" value="deny">取消</button></form></body></html>`,
      );
      return;
    }
    if (req.method === "POST" && u.pathname === "/connect/confirm") {
      let body = "";
      req.on("data", (c) => (body += c));
      req.on("end", () => {
        const f = new URLSearchParams(body);
        const back = new URL(f.get("redirect_uri") ?? "");
        // Refused: WeChat sends the browser back without a code.
        if (f.get("decision") === "allow") back.searchParams.set("code", issueCode(f.get("openid") ?? "", f.get("nickname") ?? ""));
        back.searchParams.set("state", f.get("state") ?? "");
        res.writeHead(302, { location: back.toString() });
        res.end();
      });
      return;
    }
    if (req.method === "GET" && u.pathname === "/sns/oauth2/access_token") {
      if (q.get("appid") !== opts.appid) return json(res, { errcode: 40013, errmsg: "invalid appid" });
      if (q.get("secret") !== opts.secret) return json(res, { errcode: 40125, errmsg: "invalid appsecret" });
      if (q.get("grant_type") !== "authorization_code") return json(res, { errcode: 40002, errmsg: "invalid grant_type" });
      const grant = codes.get(q.get("code") ?? "");
      if (!grant || Date.now() - grant.at > CODE_TTL_MS) return json(res, { errcode: 40029, errmsg: "invalid code" });
      if (grant.used) return json(res, { errcode: 40163, errmsg: "code been used" });
      grant.used = true;
      const token = crypto.randomBytes(24).toString("hex");
      tokens.set(token, grant);
      return json(res, { access_token: token, expires_in: 7200, refresh_token: crypto.randomBytes(24).toString("hex"), openid: grant.openid, scope: "snsapi_login", unionid: unionOf(grant.openid) });
    }
    if (req.method === "GET" && u.pathname === "/sns/userinfo") {
      const grant = tokens.get(q.get("access_token") ?? "");
      if (!grant || grant.openid !== q.get("openid")) return json(res, { errcode: 40014, errmsg: "invalid access_token" });
      return json(res, { openid: grant.openid, nickname: grant.nickname, sex: 0, province: "", city: "", country: "", headimgurl: "", privilege: [], unionid: unionOf(grant.openid) });
    }
    res.writeHead(404);
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    issueCode,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
