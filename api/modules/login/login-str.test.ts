import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { signLoginStr, verifyLoginStr } from "./login-str.ts";

describe("partner loginStr", () => {
  const secret = "s3cret";
  const now = 1_760_000_000_000;

  it("round-trips, and matches the documented format byte for byte", () => {
    const s = signLoginStr("张三", secret, now);
    expect(verifyLoginStr(s, secret, now)).toEqual({ name: "张三", expiresAt: new Date(now + 300_000) });
    const body = Buffer.from(JSON.stringify({ name: "张三", ts: now })).toString("base64url");
    const sig = crypto.createHmac("sha256", secret).update(body).digest("base64url");
    expect(s).toBe(`${body}.${sig}`);
  });

  it("accepts 5 minutes of clock difference either way, not more", () => {
    expect(verifyLoginStr(signLoginStr("a", secret, now - 300_000), secret, now)?.name).toBe("a");
    expect(verifyLoginStr(signLoginStr("a", secret, now + 300_000), secret, now)?.name).toBe("a");
    expect(verifyLoginStr(signLoginStr("a", secret, now - 300_001), secret, now)).toBeNull();
    expect(verifyLoginStr(signLoginStr("a", secret, now + 300_001), secret, now)).toBeNull();
  });

  it("rejects other secrets, tampering and malformed claims", () => {
    const sign = (claims: unknown) => {
      const body = Buffer.from(JSON.stringify(claims)).toString("base64url");
      return `${body}.${crypto.createHmac("sha256", secret).update(body).digest("base64url")}`;
    };
    expect(verifyLoginStr(signLoginStr("a", "other", now), secret, now)).toBeNull();
    const [body, sig] = signLoginStr("a", secret, now).split(".");
    expect(verifyLoginStr(`${body}x.${sig}`, secret, now)).toBeNull();
    expect(verifyLoginStr(`${body}.${sig.slice(0, -2)}`, secret, now)).toBeNull();
    expect(verifyLoginStr(sign({ name: "a", ts: String(now) }), secret, now)).toBeNull();
    expect(verifyLoginStr(sign({ name: "", ts: now }), secret, now)).toBeNull();
    expect(verifyLoginStr(sign({ name: "a\nb", ts: now }), secret, now)).toBeNull();
    expect(verifyLoginStr(sign({ name: "x".repeat(65), ts: now }), secret, now)).toBeNull();
    expect(verifyLoginStr(sign([1]), secret, now)).toBeNull();
    const notJson = Buffer.from("{oops").toString("base64url");
    expect(verifyLoginStr(`${notJson}.${crypto.createHmac("sha256", secret).update(notJson).digest("base64url")}`, secret, now)).toBeNull();
  });
});
