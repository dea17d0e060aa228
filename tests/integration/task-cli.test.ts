import { execFile, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { expect, it } from "vitest";
import { BUILTIN_CLIENT } from "../../api/modules/attachments/client.ts";
import { describeEachBackend } from "./harness.ts";
import { DEMO_MOBILE, lastCode } from "./login-helpers.ts";
import { sessionFor } from "./session-helpers.ts";

const run = promisify(execFile);
const BASE = { c0: 0.2, cs: 0.9, temperatureC: 925, timeH: 2, depthMm: 3, nodes: 201, diffusivity: "constant" };
const LONG = { ...BASE, diffusivity: "tibbetts", nodes: 2001, steps: 200_000 };
const FINISHED = ["succeeded", "failed", "cancelled"];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describeEachBackend("compute tasks: DeleteTask and the ferrum command-line client", (t) => {
  const finished = async (token: string, id: string) => {
    for (let until = Date.now() + 30_000; Date.now() < until; await sleep(150)) {
      const r = await t().call("CalculateTask/GetTask", { token, query: { id } });
      if (FINISHED.includes(r.returnData?.status)) return r.returnData;
    }
    throw new Error(`task ${id} did not finish`);
  };

  it("DeleteTask: owner or admin, finished tasks only, removes the row and the work dir", async () => {
    const owner = await sessionFor(t(), "outside");
    const other = await sessionFor(t(), "guest");
    const admin = await sessionFor(t(), "inside");
    const submit = (params: unknown) =>
      t().call("CalculateTask/CreateTask", { token: owner.token, json: { appId: "carburizing", mode: "graphical", params, resources: { cores: 1, walltimeMin: 5 } } });
    const del = (token: string, id: string, lang = "zh-CN") => t().call("CalculateTask/DeleteTask", { token, json: { id }, headers: { "accept-language": lang } });

    const long = (await submit(LONG)).returnData.taskId as string;
    const refused = await del(owner.token, long, "en");
    expect(refused).toMatchObject({ status: 400, msg: "The task has not finished; cancel it before deleting it" });
    expect((await del(other.token, long)).status).toBe(404);
    await t().call("CalculateTask/CancelTask", { token: owner.token, json: { id: long } });
    expect((await finished(owner.token, long)).status).toBe("cancelled");

    const dir = t().api.app.tasks.dirOf(long);
    expect(fs.existsSync(dir)).toBe(true);
    expect((await del(other.token, long)).status).toBe(404);
    expect(await del(owner.token, long)).toMatchObject({ status: 200, returnData: { id: long } });
    expect(fs.existsSync(dir)).toBe(false);
    expect((await t().call("CalculateTask/GetTask", { token: owner.token, query: { id: long } })).status).toBe(404);
    expect((await del(owner.token, long)).status).toBe(404);

    const done = (await submit(BASE)).returnData.taskId as string;
    expect((await finished(owner.token, done)).status).toBe("succeeded");
    expect((await del(admin.token, done)).status).toBe(200);
    expect(fs.existsSync(t().api.app.tasks.dirOf(done))).toBe(false);
  });

  it("GetCalculateTaskOrderBase: all=1 lists everyone's tasks for admins only", async () => {
    const owner = await sessionFor(t(), "transfer");
    const admin = await sessionFor(t(), "admin");
    const other = await sessionFor(t(), "guest");
    const r = await t().call("CalculateTask/CreateTask", { token: owner.token, json: { appId: "carburizing", mode: "graphical", params: BASE } });
    const id = r.returnData.taskId;
    const list = (token: string) => t().call("CalculateTask/GetCalculateTaskOrderBase", { token, query: { all: "1", size: "50" } });
    expect((await list(admin.token)).returnData.rows.find((x: { id: string }) => x.id === id)).toMatchObject({ userName: "transfer" });
    expect((await list(other.token)).returnData.rows.some((x: { id: string }) => x.id === id)).toBe(false);
    const byUser = await t().call("CalculateTask/GetCalculateTaskOrderBase", { token: admin.token, query: { all: "1", user: "transf" } });
    expect(byUser.returnData.rows.map((x: { userName: string }) => x.userName)).toEqual(["transfer"]);
    const none = await t().call("CalculateTask/GetCalculateTaskOrderBase", { token: admin.token, query: { all: "1", user: "%" } });
    expect(none.returnData.total).toBe(0);
    await finished(owner.token, id);
  });

  it("ferrum: login by SMS, apps, submit carburizing, follow its log to the end, status, download result.json, cancel", async () => {
    const home = fs.mkdtempSync(path.join(os.tmpdir(), "ferrum-home-"));
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ferrum-cli-"));
    const env = { ...process.env, HOME: home, FERRUM_URL: t().base, FERRUM_LANG: "en", FERRUM_TOKEN: "" };
    const cli = (...args: string[]) => run(process.execPath, [BUILTIN_CLIENT, ...args], { env, cwd: dir, timeout: 60_000 });

    await expect(cli("apps")).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining("FERRUM_TOKEN") });

    // login --sms: the code is typed in (here: written to the CLI's stdin once the outbox has it).
    const mobile = DEMO_MOBILE.outside;
    const child = spawn(process.execPath, [BUILTIN_CLIENT, "login", "--sms", mobile], { env, cwd: dir });
    let out = "";
    let err = "";
    child.stdout.on("data", (b) => (out += b));
    child.stderr.on("data", (b) => (err += b));
    for (let until = Date.now() + 15_000; !err.includes("Code sent"); await sleep(50)) if (Date.now() > until) throw new Error(`no prompt: ${err}`);
    child.stdin.end(`${lastCode(t(), mobile)}\n`);
    const code = await new Promise((r) => child.on("close", r));
    expect(code, err).toBe(0);
    expect(out).toContain("Logged in");
    const tokenFile = path.join(home, ".config", "ferrum", "token");
    expect(fs.statSync(tokenFile).mode & 0o777).toBe(0o600);

    const apps = await cli("apps");
    expect(apps.stdout).toMatch(/carburizing\s+Carburizing\s+v1\.0/);

    const params = path.join(dir, "params.json");
    fs.writeFileSync(params, JSON.stringify(BASE));
    const sub = await cli("submit", "carburizing", params);
    const id = sub.stdout.trim();
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const logs = await cli("logs", "-f", id);
    expect(logs.stdout).toMatch(/progress 1\.000/);
    expect(logs.stderr).toContain(`Task ${id} succeeded`);
    const status = await cli("status", id);
    expect(status.stdout).toContain(`${id}  carburizing  succeeded`);
    expect(status.stdout).toMatch(/exit code 0/);
    const list = await cli("status");
    expect(list.stdout).toContain(id);

    const down = await cli("download", id);
    expect(down.stdout.trim()).toBe("result.json");
    const result = JSON.parse(fs.readFileSync(path.join(dir, "result.json"), "utf8"));
    expect(result).toMatchObject({ solver: "carburizing", caseDepthMm: expect.any(Number) });
    const deck = await cli("download", id, "carburize.in", "deck.in");
    expect(fs.readFileSync(path.join(dir, deck.stdout.trim()), "utf8")).toMatch(/^temperatureC = 925$/m);
    await expect(cli("download", id, "../../etc/passwd", "x")).rejects.toMatchObject({ code: 1 });

    // A deck file is instruction mode; --token overrides the kept token; cancel stops it.
    const deckFile = path.join(dir, "long.in");
    fs.writeFileSync(deckFile, Object.entries(LONG).map(([k, v]) => `${k} = ${v}`).join("\n") + "\n");
    const other = await sessionFor(t(), "outside");
    const long = (await cli("--token", other.token, "submit", "carburizing", deckFile)).stdout.trim();
    expect((await t().call("CalculateTask/GetTask", { token: other.token, query: { id: long } })).returnData.mode).toBe("instruction");
    const cancelled = await cli("cancel", long);
    expect(cancelled.stdout).toContain(long);
    expect((await finished(other.token, long)).status).toBe("cancelled");
    await expect(cli("logs", "-f", long)).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining("cancelled") });

    // The attachment commands still answer.
    expect((await cli("unread")).stdout.trim()).toMatch(/^\d+$/);
    await cli("logout");
    expect(fs.existsSync(tokenFile)).toBe(false);
  });
});
