import type { Socket } from "node:net";
import path from "node:path";
import type { Duplex } from "node:stream";
import { pathToFileURL } from "node:url";
import { createRequestHandler } from "@remix-run/express";
import type { ServerBuild } from "@remix-run/node";
import compression from "compression";
import express from "express";
import { createProxyMiddleware } from "http-proxy-middleware";

const HUB_PATH = /^\/signalr(\/|\?|$)/i;

/**
 * The API's real-time hub on the web's own origin: negotiate over HTTP and the WebSocket upgrade both go to
 * the API, so the browser needs no CORS and no second address. The API is found as the Remix app finds it
 * (app/lib/env.server.ts): UPSTREAM_URL, else the local API_PORT.
 */
function hubProxy(upstreamUrl?: string) {
  const target = (upstreamUrl ?? process.env.UPSTREAM_URL ?? `http://127.0.0.1:${process.env.API_PORT ?? 5050}`).replace(/\/+$/, "");
  return createProxyMiddleware({ target, ws: true, xfwd: true, pathFilter: (p) => HUB_PATH.test(p) });
}

/** The one API call the web passes on unchanged: an instrument sending a file with its token (docs/instrument-data.md). */
const INSTRUMENT_UPLOAD_PATH = /^\/api\/TrialDetection\/UploadEquipmentData$/i;

/**
 * An instrument sends its files to the platform's public address, as people reach it: the body is streamed
 * through to the API as it comes (files of gigabytes), never parsed here. The API checks the token.
 */
function instrumentUploadProxy(upstreamUrl?: string) {
  const target = (upstreamUrl ?? process.env.UPSTREAM_URL ?? `http://127.0.0.1:${process.env.API_PORT ?? 5050}`).replace(/\/+$/, "");
  return createProxyMiddleware({ target, xfwd: true, pathFilter: (p, req) => req.method === "POST" && INSTRUMENT_UPLOAD_PATH.test(p) });
}

/**
 * Hosts the built Remix app. A small Express host instead of remix-serve because loaders need the client's
 * address (login rate limits per address) and nginx deployments need `trust proxy`.
 */
export async function startWeb(opts: { port: number; host?: string; buildDir?: string; proxyHops?: number; upstreamUrl?: string }) {
  const buildDir = path.resolve(opts.buildDir ?? "build");
  const build = (await import(pathToFileURL(path.join(buildDir, "index.js")).href)) as ServerBuild;
  const app = express();
  app.disable("x-powered-by");
  // Behind nginx: believe exactly that many X-Forwarded-For hops from the right, so a client cannot
  // choose its own address by sending the header itself.
  if (opts.proxyHops) app.set("trust proxy", opts.proxyHops);
  const hub = hubProxy(opts.upstreamUrl);
  app.use(hub);
  app.use(instrumentUploadProxy(opts.upstreamUrl));
  app.use(compression());
  // Fingerprinted build assets can be cached for a year; everything else in public/ briefly.
  app.use("/build", express.static(path.resolve("public/build"), { immutable: true, maxAge: "1y" }));
  app.use(express.static(path.resolve("public"), { maxAge: "1h" }));
  app.all(
    "*",
    createRequestHandler({
      build,
      mode: process.env.NODE_ENV === "production" ? "production" : build.mode,
      getLoadContext: (req) => ({ clientIp: req.ip ?? req.socket.remoteAddress ?? "" }),
    }),
  );
  const hubSockets = new Set<Duplex>();
  return new Promise<{ close(): Promise<void>; port: number }>((resolve, reject) => {
    const server = app.listen(opts.port, opts.host ?? "0.0.0.0", () => {
      const addr = server.address();
      resolve({
        port: typeof addr === "object" && addr ? addr.port : opts.port,
        close: () =>
          new Promise((r) => {
            server.close(() => r());
            // Hub WebSockets never finish on their own; the clients reconnect (to this web's successor).
            for (const s of hubSockets) s.destroy();
          }),
      });
    });
    server.once("error", reject);
    // An instrument file of gigabytes streams through /dataUpdate/instrumentFile for as long as the link needs:
    // no whole-request limit (Node's default is 5 min), a connection idle for two minutes closed, headers still
    // due within Node's 60 s.
    server.requestTimeout = 0;
    server.timeout = 120_000;
    // WebSocket upgrades arrive before any request could have taught the proxy about this server.
    server.on("upgrade", (req, socket, head) => {
      if (!HUB_PATH.test(req.url ?? "")) return socket.destroy();
      hubSockets.add(socket);
      socket.once("close", () => hubSockets.delete(socket));
      hub.upgrade(req, socket as Socket, head);
    });
  });
}

declare module "@remix-run/node" {
  interface AppLoadContext {
    clientIp?: string;
  }
}
