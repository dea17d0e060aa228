import fs from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";

/**
 * The route-matching patches in patches/ (docs/decisions.md, 10), loaded the way the production server loads
 * them (CommonJS, through Node's resolution, not Vite's), so these tests see what `npm start` runs.
 */
const require = createRequire(import.meta.url);
const router = require("@remix-run/router") as typeof import("@remix-run/router");
const { createStaticHandler, createStaticRouter } = require("react-router-dom/server.js") as typeof import("react-router-dom/server");

const routes = [
  {
    id: "root",
    path: "",
    children: [
      { id: "home", index: true },
      { id: "app", children: [{ id: "task", path: "steelResearchCompute/computeTaskSource" }, { id: "cat", path: "steelResearchCompute/:category" }] },
      { id: "csv", path: "myProject/myProjectList.csv" },
      { id: "Case", path: "Exact", caseSensitive: true },
      { id: "splat", path: "*" },
    ],
  },
];
const ids = (path: string) => router.matchRoutes(routes, path)?.map((m) => m.route.id);

describe("route matching with the kept route tree", () => {
  it("matches the same as before, however often it is asked", () => {
    for (let round = 0; round < 3; round++) {
      expect(ids("/")).toEqual(["root", "home"]);
      expect(ids("/steelResearchCompute/computeTaskSource")).toEqual(["root", "app", "task"]);
      expect(ids("/steelResearchCompute/calphad")).toEqual(["root", "app", "cat"]);
      expect(router.matchRoutes(routes, "/steelResearchCompute/calphad")?.[2].params).toEqual({ category: "calphad" });
      expect(ids("/myproject/myprojectlist.csv")).toEqual(["root", "csv"]);
      expect(ids("/Exact")).toEqual(["root", "Case"]);
      expect(ids("/exact")).toEqual(["root", "splat"]);
      expect(ids("/no/such/page")).toEqual(["root", "splat"]);
    }
  });

  it("answers each caller with its own copy of a kept match, and forgets kept pathnames past 2,000", () => {
    const first = router.matchRoutes(routes, "/steelResearchCompute/phasefield")!;
    (first[2].params as Record<string, string>).category = "changed";
    first.pop();
    expect(router.matchRoutes(routes, "/steelResearchCompute/phasefield")?.[2].params).toEqual({ category: "phasefield" });
    expect(router.matchRoutes(routes, "/steelResearchCompute/phasefield")).toHaveLength(3);
    // A flood of distinct addresses (anyone can send them) empties the memory instead of growing it.
    for (let i = 0; i < 2500; i++) expect(ids(`/x${i}`)).toEqual(["root", "splat"]);
    expect(ids("/steelResearchCompute/computeTaskSource")).toEqual(["root", "app", "task"]);
  });

  it("keeps a pattern's end and case apart (one compiled pattern each)", () => {
    expect(router.matchPath({ path: "/a", end: false }, "/a/b")?.pathnameBase).toBe("/a");
    expect(router.matchPath({ path: "/a", end: true }, "/a/b")).toBeNull();
    expect(router.matchPath({ path: "/A", caseSensitive: true }, "/a")).toBeNull();
    expect(router.matchPath({ path: "/A", caseSensitive: false }, "/a")?.pathname).toBe("/a");
    // end defaults to true: undefined and true share a pattern, false has its own.
    expect(router.matchPath({ path: "/a" }, "/a/b")).toBeNull();
  });

  it("sees routes that lazy discovery adds to a tree it already matched (a browser-style router)", async () => {
    const r = router.createRouter({
      routes: [{ id: "root", path: "/" }],
      history: router.createMemoryHistory({ initialEntries: ["/"] }),
      patchRoutesOnNavigation: ({ path, patch }) => {
        if (path === "/late") patch("root", [{ id: "late", path: "late" }]);
      },
    }).initialize();
    try {
      await r.navigate("/late");
      expect(r.state.matches.map((m) => m.route.id)).toEqual(["root", "late"]);
    } finally {
      r.dispose();
    }
  });

  it("builds a server's data routes once per route tree", async () => {
    const handler = createStaticHandler(routes);
    const context = await handler.query(new Request("http://localhost/steelResearchCompute/calphad"));
    if (context instanceof Response) throw new Error("unexpected redirect");
    const a = createStaticRouter(routes, context);
    const b = createStaticRouter(routes, context);
    expect(a.routes).toBe(b.routes);
    expect(a.state.matches.map((m) => m.route.id)).toEqual(["root", "app", "cat"]);
  });

  it("is applied to every patched file after install", () => {
    for (const file of ["@remix-run/router/dist/router.cjs.js", "@remix-run/react/dist/server.js", "react-router-dom/server.js"]) {
      expect(fs.readFileSync(require.resolve(file), "utf8"), file).toContain("Ferrum patch");
    }
  });
});
