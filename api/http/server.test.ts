import type { IncomingMessage } from "node:http";
import { describe, expect, it } from "vitest";
import { clientIp } from "./server.ts";

const req = (peer: string, xff?: string) =>
  ({ socket: { remoteAddress: peer }, headers: xff ? { "x-forwarded-for": xff } : {} }) as unknown as IncomingMessage;

describe("clientIp", () => {
  it("uses the peer address when no proxy is trusted", () => {
    expect(clientIp(req("203.0.113.9", "198.51.100.1"), false)).toBe("203.0.113.9");
  });
  it("believes the last X-Forwarded-For hop from loopback or a trusted proxy, never the client's own entries", () => {
    expect(clientIp(req("127.0.0.1", "198.51.100.1"), false)).toBe("198.51.100.1");
    expect(clientIp(req("10.0.0.5", "1.2.3.4, 198.51.100.1"), true)).toBe("198.51.100.1");
    expect(clientIp(req("::1", " , "), false)).toBe("::1");
  });
});
