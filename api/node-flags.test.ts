import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { projectPath } from "../common/project-path.ts";
import { API_NODE_FLAGS } from "./node-flags.ts";

/** The flags before the API's bundle in a command line, however it is written. */
const flagsBefore = (command: string[]) => command.slice(command.indexOf("node") + 1, command.indexOf("build/server/api.mjs"));

describe("the API's Node options", () => {
  it("are the same wherever the API is started", () => {
    const pkg = JSON.parse(fs.readFileSync(projectPath("package.json"), "utf8"));
    expect(flagsBefore(pkg.scripts["start:api"].split(/\s+/))).toEqual(API_NODE_FLAGS);
    const compose = fs.readFileSync(projectPath("deploy/compose.yaml"), "utf8");
    const command = /api:[\s\S]*?command: (\[.*\])/.exec(compose)?.[1];
    expect(command, "deploy/compose.yaml names the API's command").toBeDefined();
    expect(flagsBefore(JSON.parse(command!))).toEqual(API_NODE_FLAGS);
    // npm start spawns the API with the constant itself.
    expect(fs.readFileSync(projectPath("server/start.ts"), "utf8")).toMatch(/spawn\(process\.execPath, \[\.\.\.API_NODE_FLAGS,/);
  });

  it("are accepted by this Node and expose the collector the API calls after starting", async () => {
    const { execFileSync } = await import("node:child_process");
    const out = execFileSync(process.execPath, [...API_NODE_FLAGS, "-e", "process.stdout.write(typeof gc)"], { encoding: "utf8" });
    expect(out).toBe("function");
  });
});
