import http from "node:http";
import type { AddressInfo } from "node:net";
import Busboy from "busboy";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * The web's calls to the API over Node's HTTP client (upstream-http.server.ts): answers read whole, passed through
 * as streams, uploads sent as streams, failures turned into UpstreamError. Against a real HTTP server on loopback
 * that answers as the API does (the envelope), so each case is exact.
 */
let server: http.Server;
let seen: Array<{ method: string; url: string; headers: http.IncomingHttpHeaders; body: Buffer; files: Record<string, Buffer> }> = [];

const reply = (res: http.ServerResponse, status: number, body: string, headers: Record<string, string | string[]> = {}) => {
  res.writeHead(status, { "content-type": "application/json", ...headers });
  res.end(body);
};

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const entry = { method: req.method ?? "", url: req.url ?? "", headers: req.headers, body: Buffer.alloc(0), files: {} as Record<string, Buffer> };
    seen.push(entry);
    const route = new URL(req.url ?? "/", "http://x").pathname;
    if ((req.headers["content-type"] ?? "").startsWith("multipart/form-data")) {
      const bb = Busboy({ headers: req.headers });
      bb.on("file", (name, file) => {
        const parts: Buffer[] = [];
        file.on("data", (c: Buffer) => parts.push(c));
        file.on("end", () => (entry.files[name] = Buffer.concat(parts)));
      });
      bb.on("close", () => reply(res, 200, JSON.stringify({ status: 200, msg: "", returnData: { files: Object.keys(entry.files) } })));
      req.pipe(bb);
      return;
    }
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      entry.body = Buffer.concat(chunks);
      if (route === "/api/ok") return reply(res, 200, JSON.stringify({ status: 200, msg: "", returnData: { n: 42, echo: entry.body.toString("utf8") } }));
      if (route === "/api/refused") return reply(res, 200, JSON.stringify({ status: 403, msg: "没有权限", returnData: null }));
      if (route === "/api/broken") return reply(res, 502, "<html>bad gateway</html>", { "content-type": "text/html" });
      if (route === "/api/file") {
        res.writeHead(200, { "content-type": "image/png", "set-cookie": ["a=1", "b=2"], "x-kind": "captcha" });
        return res.end(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 3]));
      }
      if (route === "/api/silent") return; // never answers
      reply(res, 404, "{}");
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  process.env.UPSTREAM_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => {
  server.closeAllConnections();
  server.close();
});

const args = (init?: RequestInit) => ({ request: new Request("http://web.test/page", { headers: { "user-agent": "Kiosk/1.0", "accept-language": "zh-CN,zh;q=0.9" }, ...init }) });

describe("calls to the API", () => {
  it("sends the query, form, token, language and browser, and returns returnData", async () => {
    const { api } = await import("./upstream.server.ts");
    seen = [];
    const got = await api(args(), "ok", { query: { id: "7", skip: undefined }, form: { Name: "张三", Age: 30 }, token: "tok" });
    expect(got).toEqual({ n: 42, echo: "Name=%E5%BC%A0%E4%B8%89&Age=30" });
    const [r] = seen;
    expect(r.method).toBe("POST");
    expect(r.url).toBe("/api/ok?id=7");
    expect(r.headers).toMatchObject({ xteam: "xteam", authorizationtoken: "tok", "user-agent": "Kiosk/1.0", "content-type": "application/x-www-form-urlencoded" });
    expect(r.headers["content-length"]).toBe(String(Buffer.byteLength("Name=%E5%BC%A0%E4%B8%89&Age=30")));
  });

  it("turns a refused envelope and an answer that is not one into UpstreamError", async () => {
    const { api, UpstreamError } = await import("./upstream.server.ts");
    await expect(api(args(), "refused")).rejects.toMatchObject({ status: 403, msg: "没有权限" });
    const broken = await api(args(), "broken").catch((e: unknown) => e);
    expect(broken).toBeInstanceOf(UpstreamError);
    expect(broken).toMatchObject({ status: 502 });
  });

  it("streams a multipart upload whole, boundary and bytes intact", async () => {
    const { api } = await import("./upstream.server.ts");
    seen = [];
    const bytes = Buffer.alloc(3 * 1024 * 1024 + 17, 7);
    const form = new FormData();
    form.set("note", "x");
    form.set("file", new Blob([bytes]), "big.bin");
    expect(await api(args(), "upload", { multipart: form })).toEqual({ files: ["file"] });
    expect(seen[0].files.file.equals(bytes)).toBe(true);
  });

  it("passes a file answer through as a Response, headers and all", async () => {
    const { apiRaw } = await import("./upstream.server.ts");
    const res = await apiRaw(args(), "file");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(res.headers.get("x-kind")).toBe("captcha");
    expect(res.headers.getSetCookie()).toEqual(["a=1", "b=2"]);
    expect(Buffer.from(await res.arrayBuffer())).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 3]));
  });

  it("passes the browser's body on as it arrives (apiStreamed)", async () => {
    const { apiStreamed } = await import("./upstream.server.ts");
    const { z } = await import("zod");
    seen = [];
    const request = new Request("http://web.test/upload", { method: "POST", body: "raw-bytes", headers: { "content-type": "text/plain", "content-length": "9" } });
    expect(await apiStreamed({ request }, "ok", "tok", z.object({ n: z.number(), echo: z.string() }))).toEqual({ n: 42, echo: "raw-bytes" });
    expect(seen[0].headers["content-length"]).toBe("9");
  });

  it("closes an idle kept-alive connection itself before the API would, so no request goes out on a socket the API is closing", async () => {
    const { upstreamRequest, readJson, IDLE_SOCKET_MS } = await import("./upstream-http.server.ts");
    const api = http.createServer((_req, res) => reply(res, 200, "{}"));
    api.keepAliveTimeout = IDLE_SOCKET_MS + 2_000; // announced as Keep-Alive: timeout=6
    await new Promise<void>((r) => api.listen(0, "127.0.0.1", r));
    // "end" on the API's side is the web's FIN (the web hung up); a "close" without it is the API's own timeout.
    const closed = new Promise<{ by: string }>((resolve) =>
      api.once("connection", (socket) => {
        socket.once("end", () => resolve({ by: "web" }));
        socket.once("close", () => resolve({ by: "api" }));
      }),
    );
    try {
      const answer = await upstreamRequest(new URL(`http://127.0.0.1:${(api.address() as AddressInfo).port}/`), { method: "GET", headers: {} });
      await readJson(answer);
      expect((await closed).by).toBe("web");
    } finally {
      api.closeAllConnections();
      api.close();
    }
  }, 20_000);

  it("gives up on an API that does not answer, and on one that is not there, as a timeout in the user's language", async () => {
    const { upstreamRequest } = await import("./upstream-http.server.ts");
    const silent = new URL(`${process.env.UPSTREAM_URL}/api/silent`);
    await expect(upstreamRequest(silent, { method: "GET", headers: {}, timeoutMs: 200 })).rejects.toThrow("upstream timeout");
    const { api } = await import("./upstream.server.ts");
    const closed = http.createServer();
    await new Promise<void>((r) => closed.listen(0, "127.0.0.1", r));
    const port = (closed.address() as AddressInfo).port;
    closed.close();
    const { env } = await import("./env.server.ts");
    const was = env.upstreamUrl;
    env.upstreamUrl = `http://127.0.0.1:${port}`;
    try {
      await expect(api(args(), "ok")).rejects.toMatchObject({ status: 0, msg: "请求超时" });
    } finally {
      env.upstreamUrl = was;
    }
  });
});
