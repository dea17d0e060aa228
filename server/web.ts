import path from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler } from "@remix-run/express";
import type { ServerBuild } from "@remix-run/node";
import compression from "compression";
import express from "express";

/**
 * Hosts the built Remix app. A small Express host instead of remix-serve because loaders need the client's
 * address (login rate limits per address) and nginx deployments need `trust proxy`.
 */
export async function startWeb(opts: { port: number; host?: string; buildDir?: string; proxyHops?: number }) {
  const buildDir = path.resolve(opts.buildDir ?? "build");
  const build = (await import(pathToFileURL(path.join(buildDir, "index.js")).href)) as ServerBuild;
  const app = express();
  app.disable("x-powered-by");
  // Behind nginx: believe exactly that many X-Forwarded-For hops from the right, so a client cannot
  // choose its own address by sending the header itself.
  if (opts.proxyHops) app.set("trust proxy", opts.proxyHops);
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
  return new Promise<{ close(): Promise<void>; port: number }>((resolve, reject) => {
    const server = app.listen(opts.port, opts.host ?? "0.0.0.0", () => {
      const addr = server.address();
      resolve({
        port: typeof addr === "object" && addr ? addr.port : opts.port,
        close: () => new Promise((r) => server.close(() => r())),
      });
    });
    server.once("error", reject);
  });
}

declare module "@remix-run/node" {
  interface AppLoadContext {
    clientIp?: string;
  }
}

// Run directly: `tsx server/web.ts` (the production image's web process).
if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const port = Number(process.env.PORT ?? 3000);
  const web = await startWeb({ port, proxyHops: Number(process.env.TRUST_PROXY ?? 0) || 0 });
  console.log(`ferrum web listening on http://localhost:${web.port}`);
  // Finish the requests in flight, then exit (rolling restarts behind nginx drop nothing).
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, () => void web.close().then(() => process.exit(0)));
}
