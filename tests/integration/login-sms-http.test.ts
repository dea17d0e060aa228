import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeEach, expect, it } from "vitest";
import { describeEachBackend } from "./harness.ts";
import { DEMO_MOBILE, from, readOutbox } from "./login-helpers.ts";

/** A stand-in SMS gateway: records what it receives and answers with whatever status a test sets. */
const received: Array<{ auth: string | undefined; contentType: string | undefined; body: any }> = [];
let answer = 200;
const gateway = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on("data", (c) => chunks.push(c));
  req.on("end", () => {
    received.push({
      auth: req.headers.authorization,
      contentType: req.headers["content-type"],
      body: JSON.parse(Buffer.concat(chunks).toString("utf8")),
    });
    res.writeHead(answer, { "content-type": "application/json" });
    res.end(answer < 300 ? '{"ok":true}' : '{"error":"boom"}');
  });
});
await new Promise<void>((resolve) => gateway.listen(0, "127.0.0.1", resolve));
const gatewayUrl = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}/send`;
afterAll(() => new Promise<void>((resolve) => gateway.close(() => resolve())));

describeEachBackend(
  "login: SMS over the HTTP gateway",
  (api) => {
    beforeEach(() => {
      received.length = 0;
      answer = 200;
    });

    it("posts {mobile, code, template} with the bearer token, and the code logs in", async () => {
      const t = api();
      const mobile = DEMO_MOBILE.guest;
      const r = await t.call("Login/GetLoginMobileValidateCode", { query: { mobile }, headers: from("192.0.2.30") });
      expect(r.status).toBe(200);
      expect(received).toHaveLength(1);
      expect(received[0].auth).toBe("Bearer gateway-token");
      expect(received[0].contentType).toBe("application/json");
      expect(received[0].body).toEqual({ mobile, code: expect.stringMatching(/^\d{6}$/), template: "login" });
      // The embedded outbox is not used when a gateway is configured.
      expect(readOutbox(t)).toEqual([]);
      const login = await t.call("Login/MobileLoginMethod", {
        form: { mobile, verificationCode: received[0].body.code, verificationString: r.returnData },
        headers: from("192.0.2.30"),
      });
      expect(login.status).toBe(200);
    });

    it("sends nothing to the gateway for an unregistered number", async () => {
      const r = await api().call("Login/GetLoginMobileValidateCode", { query: { mobile: "13712345678" }, headers: from("192.0.2.31") });
      expect(r.status).toBe(200);
      expect(received).toHaveLength(0);
    });

    it("turns a gateway failure into an error envelope and leaves no usable code", async () => {
      const t = api();
      answer = 500;
      const mobile = DEMO_MOBILE.admin;
      const r = await t.call("Login/GetLoginMobileValidateCode", { query: { mobile }, headers: from("192.0.2.32") });
      expect(r).toMatchObject({ http: 200, status: 500, msg: "短信发送失败，请稍后再试", returnData: null });
      expect(received).toHaveLength(1);
      const [row] = await t.api.app.db.query<{ usable: boolean; verification_string: string }>(
        `select used_at is null and expires_at > now() as usable, verification_string from sms_codes where mobile = $1 order by created_at desc limit 1`,
        [mobile],
      );
      expect(row.usable).toBe(false);
      const login = await t.call("Login/MobileLoginMethod", {
        form: { mobile, verificationCode: received[0].body.code, verificationString: row.verification_string },
        headers: from("192.0.2.32"),
      });
      expect(login.status).toBe(400);
    });
  },
  { SMS_PROVIDER: "http", SMS_HTTP_URL: gatewayUrl, SMS_HTTP_TOKEN: "gateway-token" },
);
