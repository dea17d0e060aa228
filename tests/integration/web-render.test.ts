import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler, type ServerBuild } from "@remix-run/node";
import { describe, expect, it } from "vitest";

/**
 * A rendered page leaves nothing running behind it for long. The render's abort timer (app/entry.server.tsx)
 * once ran its full 10 s after every page and Remix's deferred-data timer 5 s, each keeping the request's loader
 * data, HTML and React state alive: under 16 connections that held about 300 MB in the web process.
 */
describe("server render", () => {
  it("clears its timers once the page has rendered", async () => {
    const buildFile = path.resolve("build/index.js");
    if (!fs.existsSync(buildFile)) throw new Error("no production build: run `npm run build` first");
    const build = (await import(pathToFileURL(buildFile).href)) as ServerBuild;
    const handle = createRequestHandler(build, "production");
    const render = async (page: string) => {
      const res = await handle(new Request(`http://localhost${page}`, { headers: { "user-agent": "Mozilla/5.0 Chrome/120" } }));
      expect(res.headers.get("content-type")).toContain("text/html");
      expect(await res.text()).toContain("</html>");
    };
    // The first render loads the translations and opens the connection to the API: their timers stay.
    await render("/login");
    const timers = () => process.getActiveResourcesInfo().filter((r) => r === "Timeout").length;
    const before = timers();
    for (const page of ["/login", "/dashboard", "/login"]) await render(page);
    // Remix's own timer for deferred data (streamTimeout) ends a second later; then nothing of them is left.
    const deadline = Date.now() + 3_000;
    while (timers() > before && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(timers()).toBeLessThanOrEqual(before);
  });
});
