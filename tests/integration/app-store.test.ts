import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { writeZip, type ZipSpec } from "../../api/modules/appStore/test-archives.ts";
import { describeEachBackend } from "./harness.ts";
import { sessionFor } from "./session-helpers.ts";
import { taskCalls, waitFor } from "./task-helpers.ts";

const EXAMPLES = path.resolve(__dirname, "../../api/modules/appStore/examples");

/** A small bash app: doubles its input `x` into the scalar `y`, or fails when asked to. */
function bashApp(
  id: string,
  version: string,
  extra: Record<string, unknown> = {},
  script = `x=$(sed -n 's/.*"x": *\\([0-9.]*\\).*/\\1/p' params.json)\necho "{\\"y\\": $((x * 2))}" > result.json\necho computed y\n`,
): ZipSpec[] {
  const manifest = {
    id,
    version,
    names: { zh: `加倍 ${id}`, en: `Doubler ${id}` },
    descriptions: { zh: "把 x 乘以 2。", en: "Multiplies x by 2." },
    category: "Other",
    inputs: [{ name: "x", kind: "integer", label: { zh: "输入", en: "Input" }, min: 0, max: 1000, default: 21 }],
    runtime: "bash",
    command: "run.sh",
    resources: { cores: 1, memoryMiB: 128, walltimeMin: 1 },
    outputs: [{ name: "y", kind: "scalar", label: { zh: "结果", en: "Result" } }],
    example: { x: 21 },
    license: "MIT",
    docs: "README.md",
    authors: ["测试作者"],
    changelog: `${version}: first.`,
    tags: ["demo", "arithmetic"],
    ...extra,
  };
  return [
    { name: "ferrum-app.json", body: JSON.stringify(manifest) },
    { name: "run.sh", body: script },
    { name: "README.md", body: "# Doubler\n\nMultiplies **x** by two.<script>alert(1)</script>\n\n| x | y |\n|---|---|\n| 1 | 2 |\n" },
  ];
}

/** An example folder of the repository as a zip's entries. */
function folderEntries(dir: string, prefix = ""): ZipSpec[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? folderEntries(path.join(dir, e.name), `${prefix}${e.name}/`) : [{ name: `${prefix}${e.name}`, body: fs.readFileSync(path.join(dir, e.name)) }]));
}

describeEachBackend("app store: upload with checks and a sandboxed test run, review by the app administrators, the store, runs of published versions only", (t) => {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "app-store-it-"));
  afterAll(() => fs.rmSync(work, { recursive: true, force: true }));
  // The sandbox runs as a uid of its own when the API is root: the data dir must be searchable by it.
  beforeAll(() => fs.chmodSync(t().dataDir, 0o711));
  const tasks = taskCalls(t);
  let n = 0;
  const upload = async (token: string, entries: ZipSpec[], lang = "zh-CN") => {
    const file = path.join(work, `p${++n}.zip`);
    await writeZip(file, entries);
    const form = new FormData();
    form.set("file", new Blob([new Uint8Array(fs.readFileSync(file))]), `app-${n}.zip`);
    const res = await fetch(`${t().base}/api/MaterialAPP/UploadPackage`, { method: "POST", body: form, headers: { xteam: "xteam", AuthorizationToken: token, "accept-language": lang } });
    return (await res.json()) as { status: number; msg: string; returnData: any };
  };
  const version = (token: string, id: string) => t().call("MaterialAPP/GetAppVersion", { token, query: { id } });
  const tested = (token: string, id: string) =>
    waitFor(
      `test run of ${id}`,
      async () => {
        const v = (await version(token, id)).returnData;
        return v && v.State !== "testing" && v;
      },
      60_000,
    );
  const review = (token: string, json: unknown) => t().call("MaterialAPP/Review", { method: "POST", token, json });
  const submit = (token: string, json: unknown) => t().call("MaterialAPP/SubmitForReview", { method: "POST", token, json });

  it("a package with mistakes is refused with each of them in the user's language, and nothing is kept", async () => {
    const inside = await sessionFor(t(), "inside");
    const bad = bashApp("Bad_Id", "1.0", { runtime: "ruby", outputs: [] });
    const r = await upload(inside.token, bad, "en-US");
    expect(r.status).toBe(400);
    expect(r.msg).toBe("The package did not pass its checks");
    const codes = r.returnData.Problems.map((p: { Code: string }) => p.Code);
    expect(codes).toEqual(expect.arrayContaining(["id-format", "version-semver", "runtime-unknown"]));
    expect(r.returnData.Problems.every((p: { Message: string }) => /[a-z]/.test(p.Message) && !/[\u4e00-\u9fff]/.test(p.Message))).toBe(true);
    const traversal = await upload(inside.token, [...bashApp("trav-app", "1.0.0"), { name: "../evil.sh", body: "x" }]);
    expect(traversal.returnData.Problems[0].Code).toBe("entry-traversal");
    expect(await t().api.app.db.query(`select 1 from store_apps where id in ('trav-app', 'Bad_Id')`)).toEqual([]);
    expect(fs.readdirSync(path.join(t().dataDir, "app-store", ".incoming"))).toEqual([]);
    // Publishing is ReadOnly for outside users (the demo's guest).
    const guest = await sessionFor(t(), "guest");
    expect((await upload(guest.token, bashApp("outside-app", "1.0.0"))).status).toBe(403);
  });

  it("upload, test run, submit, review and publish; the store lists it; only a published version runs for others", async () => {
    const [author, other, admin] = await Promise.all(["inside", "uploader", "admin"].map((u) => sessionFor(t(), u)));
    const id = `doubler-${process.pid % 10000}-${t().backend}`;
    const up = await upload(author.token, bashApp(id, "1.0.0"));
    expect(up.status, up.msg).toBe(200);
    expect(up.returnData).toMatchObject({ AppId: id, Version: "1.0.0", State: "testing", Mine: true });
    const v1 = await tested(author.token, up.returnData.Id);
    expect(v1.State, v1.TestError ?? "").toBe("tested");
    // The test run is the author's own task: its result is on its page.
    const run = (await tasks.getTask(author.token, v1.TestTaskId)).returnData;
    expect(run.status).toBe("succeeded");
    expect(tasks.scalar(run, "y")).toBe(42);
    // The code view: listed files only.
    const code = await t().call("MaterialAPP/GetAppVersionFile", { token: admin.token, query: { id: v1.Id, path: "run.sh" } });
    expect(code.returnData.Text).toContain("result.json");
    expect((await t().call("MaterialAPP/GetAppVersionFile", { token: admin.token, query: { id: v1.Id, path: "../../../etc/passwd" } })).status).toBe(404);
    // Nobody else sees it or may start it before it is published.
    expect((await version(other.token, v1.Id)).status).toBe(404);
    expect((await tasks.submit(other.token, { appId: `store:${id}@1.0.0`, mode: "graphical", params: { x: 1 } })).status).toBe(404);
    expect((await t().call("CalculateTask/GetAppForm", { token: other.token, query: { appId: `store:${id}@1.0.0` } })).status).toBe(404);
    // Another author cannot take the id.
    expect((await upload(other.token, bashApp(id, "2.0.0"))).status).toBe(409);

    expect((await submit(other.token, { Id: v1.Id, RowVersion: v1.RowVersion })).status).toBe(404);
    const sent = await submit(author.token, { Id: v1.Id, RowVersion: v1.RowVersion });
    expect(sent.returnData.State).toBe("submitted");
    expect((await upload(author.token, bashApp(id, "1.0.0"))).msg).toContain("提高版本号");
    const queue = await t().call("MaterialAPP/XMaterialAPPUploadBase", { token: admin.token, query: { scope: "all", state: "submitted" } });
    expect(queue.returnData.rows.map((r: { Id: string }) => r.Id)).toContain(v1.Id);
    expect((await t().call("MaterialAPP/XMaterialAPPUploadBase", { token: other.token, query: { scope: "all" } })).status).toBe(403);
    expect((await review(author.token, { Id: v1.Id, RowVersion: sent.returnData.RowVersion, Decision: "publish" })).status).toBe(403);

    // Experts: invited by an administrator on the submitted version, they read it and score it; the scores are
    // side by side for the administrators, each expert sees only their own.
    const invite = (token: string, experts: string[]) => t().call("MaterialAPP/InviteExperts", { method: "POST", token, json: { Id: v1.Id, Experts: experts } });
    expect((await invite(author.token, ["uploader"])).status).toBe(403);
    expect((await invite(admin.token, ["nobody-such"])).status).toBe(400);
    expect((await invite(admin.token, ["uploader", "equip"])).returnData.map((e: { ExpertName: string }) => e.ExpertName)).toHaveLength(2);
    expect((await version(other.token, v1.Id)).status).toBe(200);
    const evaluate = (token: string, scores: Record<string, unknown>) =>
      t().call("MaterialAPP/SaveEvaluation", { method: "POST", token, json: { Id: v1.Id, Comment: "公式正确，文档清楚", ...scores } });
    const good = { Correctness: 5, Documentation: 4, Usefulness: 4, Performance: 5 };
    expect((await evaluate(other.token, { ...good, Performance: 6 })).msg).toBe("每项评分须为 1 到 5 分");
    expect((await evaluate(author.token, good)).status).toBe(404);
    expect((await evaluate(other.token, good)).returnData.Scores).toEqual(good);
    const mine = await t().call("MaterialAPP/GetMyEvaluations", { token: other.token });
    expect(mine.returnData.rows.find((r: { VersionId: string }) => r.VersionId === v1.Id)).toMatchObject({ Scores: good, State: "submitted" });
    const sideBySide = (await version(admin.token, v1.Id)).returnData.Evaluations;
    expect(sideBySide.map((e: { Scores: unknown }) => e.Scores)).toEqual([good, null]);
    expect((await version(other.token, v1.Id)).returnData.Evaluations).toHaveLength(1);
    expect((await review(admin.token, { Id: v1.Id, RowVersion: sent.returnData.RowVersion, Decision: "return" })).msg).toBe("退回或拒绝时请填写意见");
    expect((await review(admin.token, { Id: v1.Id, RowVersion: sent.returnData.RowVersion - 1, Decision: "publish" })).status).toBe(409);
    const published = await review(admin.token, { Id: v1.Id, RowVersion: sent.returnData.RowVersion, Decision: "publish", Comment: "通过" });
    expect(published.returnData.State).toBe("published");
    const [log] = await t().api.app.db.query<{ action: string; user_name: string; before: unknown; after: unknown }>(
      `select action, user_name, before, after from operation_log where target_type = 'appVersion' and target_id = $1`,
      [v1.Id],
    );
    expect(log).toMatchObject({ action: "appVersion.publish", before: { state: "submitted" }, after: { state: "published" } });

    // The store: found by keyword, tag and category; its page renders the docs without the script.
    const store = await t().call("MaterialAPP/GetStore", { token: other.token, query: { keyword: "doubler", category: "Other", tag: "arithmetic" } });
    expect(store.returnData.rows.map((r: { AppId: string }) => r.AppId)).toContain(id);
    expect((await t().call("MaterialAPP/GetStore", { token: other.token, query: { keyword: id, category: "CALPHAD" } })).returnData.total).toBe(0);
    const page = (await t().call("MaterialAPP/GetApp", { token: other.token, query: { id } })).returnData;
    expect(page.DocsHtml).toContain("<strong>x</strong>");
    expect(page.DocsHtml).toContain("<table>");
    expect(page.DocsHtml).not.toContain("script");
    expect(page.Versions.map((x: { Version: string }) => x.Version)).toEqual(["1.0.0"]);

    // Published: anyone runs it, with their own input.
    const task = await tasks.run(other.token, { appId: `store:${id}@1.0.0`, mode: "graphical", params: { x: 5 } });
    expect(tasks.scalar(task, "y")).toBe(10);
    expect((await tasks.submit(other.token, { appId: `store:${id}@1.0.0`, mode: "graphical", params: { x: 5000 } })).msg).toContain("1000");
    // Instruction mode: params.json as the script reads it, checked the same way.
    const edited = await tasks.run(other.token, { appId: `store:${id}@1.0.0`, mode: "instruction", deck: { "params.json": '{ "x": 3 }' } });
    expect(tasks.scalar(edited, "y")).toBe(6);
    const notJson = await tasks.submit(other.token, { appId: `store:${id}@1.0.0`, mode: "instruction", deck: { "params.json": "x = 3" } });
    expect(notJson.status).toBe(400);
    expect(JSON.stringify(notJson.returnData)).toContain("params.json 必须是一个 JSON 对象");
    // Ratings: only after a successful run of one's own, never one's own app; one per user, changed by rating again.
    const rate = (token: string, json: Record<string, unknown>) => t().call("MaterialAPP/Rate", { method: "POST", token, json: { AppId: id, Comment: "", ...json } });
    expect((await rate(author.token, { Stars: 5 })).msg).toBe("不能给自己发布的应用评分");
    expect((await rate(admin.token, { Stars: 5 })).msg).toBe("成功运行过此应用后才能评分");
    expect((await rate(other.token, { Stars: 6 })).status).toBe(400);
    await rate(other.token, { Stars: 2 });
    expect((await rate(other.token, { Stars: 4, Comment: "结果与手算一致" })).status).toBe(200);
    const voices = (await t().call("MaterialAPP/GetApp", { token: other.token, query: { id } })).returnData.Voices;
    expect(voices).toMatchObject({ Average: 4, Count: 1, CanRate: true, Mine: { Stars: 4 }, Reviews: [{ Stars: 4, Comment: "结果与手算一致", Version: "1.0.0" }] });
    expect((await t().call("MaterialAPP/GetApp", { token: admin.token, query: { id } })).returnData.Voices.CanRate).toBe(false);
    expect((await t().call("MaterialAPP/GetStore", { token: other.token, query: { keyword: id, sort: "rated" } })).returnData.rows[0]).toMatchObject({ Rating: 4, Ratings: 1 });
    // An evaluation closes with the review.
    expect((await evaluate(other.token, good)).status).toBe(409);

    // In the app task lists, named with its version; not among the platform's own apps' tasks.
    const listed = async (kind: string) =>
      ((await t().call("CalculateTask/GetCalculateTaskOrderBase", { token: other.token, query: { kind } })).returnData.rows as Array<{ id: string; appName: string }>).filter((r) => r.id === task.id);
    expect((await listed("store"))[0].appName).toBe(`加倍 ${id} 1.0.0`);
    expect(await listed("builtin")).toEqual([]);
    // The app usage statistics: the app's versions together, with its users; only store apps.
    const usage = (await t().call("CalculateTask/GetSoftwareUsageStatistics", { token: admin.token, query: { kind: "store", groupBy: "app" } })).returnData;
    expect(usage.rows.find((r: { key: string }) => r.key === id)).toMatchObject({ label: `加倍 ${id}`, tasks: 3, users: 2, succeeded: 3, failed: 0 });
    expect(usage.rows.every((r: { key: string }) => !r.key.startsWith("store:") && r.key !== "carburizing")).toBe(true);
    // The author's test run is not counted among the runs.
    expect((await t().call("MaterialAPP/GetStore", { token: other.token, query: { keyword: id, sort: "used" } })).returnData.rows[0].Runs).toBe(2);
    // The store page's shelves come with its list, in one call: each ordered as its sort, the rated one rated apps only.
    const store2 = (await t().call("MaterialAPP/GetStore", { token: other.token, query: { shelves: "24", pageSize: "24" } })).returnData;
    const runsOf = store2.Shelves.used.map((c: { Runs: number }) => c.Runs);
    expect(runsOf).toEqual([...runsOf].sort((a, b) => b - a));
    expect(store2.Shelves.used.find((c: { AppId: string }) => c.AppId === id).Runs).toBe(2);
    expect(store2.Shelves.rated.map((c: { AppId: string }) => c.AppId)).toContain(id);
    expect(store2.Shelves.rated.every((c: { Rating: number | null }) => c.Rating !== null)).toBe(true);
    expect(store2.Shelves.newest.map((c: { AppId: string }) => c.AppId)).toEqual(store2.rows.map((c: { AppId: string }) => c.AppId));
    expect((await t().call("MaterialAPP/GetStore", { token: other.token, query: { keyword: id } })).returnData.Shelves).toBeUndefined();
    expect((await t().call("MaterialAPP/GetStore", { token: other.token, query: { shelves: "0" } })).status).toBe(400);
    // Featured: app administrators put a published app on the first shelf and take it off, each logged.
    const feature = (token: string, Featured: boolean, AppId = id) => t().call("MaterialAPP/Feature", { method: "POST", token, json: { AppId, Featured } });
    expect((await feature(other.token, true)).status).toBe(403);
    expect((await feature(admin.token, true, "no-such-app")).status).toBe(404);
    expect((await feature(admin.token, true)).status).toBe(200);
    const featured = (await t().call("MaterialAPP/GetStore", { token: other.token, query: { shelves: "24" } })).returnData.Shelves.featured;
    expect(featured[0]).toMatchObject({ AppId: id, Featured: true });
    expect((await t().call("MaterialAPP/GetApp", { token: other.token, query: { id } })).returnData.Featured).toBe(true);
    expect((await feature(admin.token, false)).status).toBe(200);
    expect((await t().call("MaterialAPP/GetStore", { token: other.token, query: { shelves: "24" } })).returnData.Shelves.featured.map((c: { AppId: string }) => c.AppId)).not.toContain(id);
    const featureLog = await t().api.app.db.query<{ action: string }>(`select action from operation_log where target_type = 'storeApp' and target_id = $1 order by id`, [id]);
    expect(featureLog.map((l) => l.action)).toEqual(["storeApp.feature", "storeApp.unfeature"]);

    // Withdrawn: gone from the store, and no longer startable by others.
    await review(admin.token, { Id: v1.Id, RowVersion: published.returnData.RowVersion, Decision: "withdraw", Comment: "结果有误" });
    expect((await t().call("MaterialAPP/GetApp", { token: other.token, query: { id } })).status).toBe(404);
    expect((await tasks.submit(other.token, { appId: `store:${id}@1.0.0`, mode: "graphical", params: { x: 1 } })).status).toBe(404);
  });

  it("an example that fails its test run cannot be submitted; uploading the same version again replaces it", async () => {
    const author = await sessionFor(t(), "inside");
    const id = `failing-${process.pid % 10000}-${t().backend}`;
    const up = await upload(author.token, bashApp(id, "0.1.0", {}, "echo 'cannot read params' >&2\nexit 3\n"));
    const v = await tested(author.token, up.returnData.Id);
    expect(v.State).toBe("test-failed");
    expect(v.TestError).toContain("cannot read params");
    expect((await submit(author.token, { Id: v.Id, RowVersion: v.RowVersion })).msg).toBe("只有示例试运行成功的版本才能提交审核");
    const again = await upload(author.token, bashApp(id, "0.1.0"));
    expect(again.returnData.Id).toBe(v.Id);
    expect((await tested(author.token, v.Id)).State).toBe("tested");
  });

  it("the shipped Hollomon example is in the demo's store, and a new version of it passes its checks and its test run fits its sample curve", async () => {
    const author = await sessionFor(t(), "inside");
    const demo = (await t().call("MaterialAPP/GetApp", { token: author.token, query: { id: "hollomon-fit" } })).returnData;
    expect(demo).toMatchObject({ Version: "1.0.0", OwnerName: expect.any(String) });
    expect(demo.DocsHtml).toContain("Hollomon");
    const entries = folderEntries(path.join(EXAMPLES, "hollomon-fit")).map((e) =>
      e.name === "ferrum-app.json" ? { ...e, body: JSON.stringify({ ...JSON.parse(String(e.body)), version: "1.0.1", changelog: "1.0.1: the same fit, uploaded again." }) } : e,
    );
    const up = await upload(author.token, entries);
    expect(up.status, JSON.stringify(up.returnData)).toBe(200);
    const v = await tested(author.token, up.returnData.Id);
    expect(v.State, v.TestError ?? "").toBe("tested");
    const run = (await tasks.getTask(author.token, v.TestTaskId)).returnData;
    expect(tasks.scalar(run, "n")).toBeCloseTo(0.15, 4);
    expect(tasks.scalar(run, "K")).toBeCloseTo(900, 1);
    expect(run.result.images[0].path).toMatch(/\.png$/);
  });
  it("desktop client releases: app administrators publish checked files, everyone downloads them, the newest 88 per platform is the client download", async () => {
    const [admin, inside] = await Promise.all(["admin", "inside"].map((u) => sessionFor(t(), u)));
    const publish = async (token: string, fields: Record<string, string>, name: string, bytes: Buffer, lang = "en-US") => {
      const form = new FormData();
      for (const [k, v] of Object.entries(fields)) form.set(k, v);
      form.set("file", new Blob([new Uint8Array(bytes)]), name);
      const res = await fetch(`${t().base}/api/MaterialAPP/UploadClientRelease`, { method: "POST", body: form, headers: { xteam: "xteam", AuthorizationToken: token, "accept-language": lang } });
      return (await res.json()) as { status: number; msg: string; returnData: any };
    };
    const download = (token: string, query: string) => fetch(`${t().base}/api/${query}`, { headers: { xteam: "xteam", AuthorizationToken: token } });
    const exe = Buffer.concat([Buffer.from("MZ"), Buffer.alloc(4000, 7)]);
    const appImage = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46]), Buffer.alloc(3000, 1)]);
    const png = Buffer.concat([Buffer.from("89504e470d0a1a0a", "hex"), Buffer.alloc(100, 2)]);
    const windows = { Version: "2.0.0", Platform: "windows", Kinds: "88,15", Notes: "First desktop client.\nInstall guide included." };

    // Only app administrators publish; bad fields and files are refused in the caller's language, nothing kept.
    expect((await publish(inside.token, windows, "ferrum-setup.exe", exe)).status).toBe(403);
    const refusals = [
      [{ ...windows, Version: "" }, "ferrum-setup.exe", exe, "Enter the version"],
      [{ ...windows, Version: "2.0/../x" }, "ferrum-setup.exe", exe, "The version needs 1 to 40 characters: letters, digits and . + _ -"],
      [{ ...windows, Kinds: "" }, "ferrum-setup.exe", exe, "Choose at least one kind of update"],
      [{ ...windows, Kinds: "88,5" }, "ferrum-setup.exe", exe, "Unknown kind of update"],
      [{ ...windows, Platform: "amiga" }, "ferrum-setup.exe", exe, "Choose the platform"],
      [windows, "install.sh", Buffer.from("#!/bin/sh\nrm -rf /\n"), "That file type is not accepted; publish .exe .msi .msix .zip .7z .dmg .pkg .AppImage .deb .rpm .tar.gz .pdf .png or .jpg"],
      [windows, "ferrum-setup.exe", Buffer.from("%PDF-1.7 not an installer"), "The file's contents do not match its extension"],
    ] as const;
    for (const [fields, name, bytes, msg] of refusals) {
      const r = await publish(admin.token, fields, name, bytes);
      expect([r.status, r.msg]).toEqual([400, msg]);
    }
    expect((await publish(admin.token, { ...windows, Version: "" }, "ferrum-setup.exe", exe, "zh-CN")).msg).toBe("请填写版本号");
    expect(await t().api.app.db.query(`select 1 from client_releases`)).toEqual([]);

    const win = await publish(admin.token, windows, "ferrum-setup-2.0.0.exe", exe);
    expect(win.status, win.msg).toBe(200);
    expect(win.returnData).toMatchObject({ Version: "2.0.0", Platform: "windows", Kinds: [15, 88], Bytes: exe.length, Current: true, FileName: "ferrum-setup-2.0.0.exe" });
    expect(win.returnData.Sha256).toBe(crypto.createHash("sha256").update(exe).digest("hex"));
    const again = await publish(admin.token, windows, "ferrum-setup-2.0.0.exe", exe);
    expect([again.status, again.msg]).toEqual([409, "This version is already published for that platform; withdraw it first or raise the version"]);
    const linux = await publish(admin.token, { Version: "2.0.1", Platform: "linux", Kinds: "88", Notes: "" }, "Ferrum-2.0.1-x86_64.AppImage", appImage);
    const qr = await publish(admin.token, { Version: "2026.11", Platform: "any", Kinds: "63", Notes: "New service group." }, "service-qr.png", png);
    expect([linux.status, qr.status]).toEqual([200, 200]);

    // Everyone logged in sees them, newest first; each platform's newest 88 is its current client.
    const list = (await t().call("MaterialAPP/GetClientReleases", { token: inside.token })).returnData;
    expect(list.map((r: any) => [r.Version, r.Platform, r.Current])).toEqual([
      ["2026.11", "any", false],
      ["2.0.1", "linux", true],
      ["2.0.0", "windows", true],
    ]);
    expect((await t().call("MaterialAPP/GetClientReleases", {})).status).toBe(205);

    // The client download serves the asker's platform, the newest of all when none is named, and the built-in
    // client where nothing was published for it.
    const served = async (query: string) => {
      const res = await download(inside.token, query);
      return { type: res.headers.get("content-type"), disposition: res.headers.get("content-disposition"), body: Buffer.from(await res.arrayBuffer()) };
    };
    expect((await served("JHAppServer/DownLoad?filetype=jhAppClientFile&platform=windows")).body.equals(exe)).toBe(true);
    expect((await served("JHAppServer/DownLoad?filetype=jhAppClientFile&platform=linux")).body.equals(appImage)).toBe(true);
    expect((await served("JHAppServer/DownLoad?filetype=jhAppClientFile")).body.equals(appImage)).toBe(true);
    expect((await served("JHAppServer/DownLoad?filetype=jhAppClientFile&platform=macos")).type).toBe("text/javascript; charset=utf-8");
    const one = await download(inside.token, `MaterialAPP/DownloadClientRelease?id=${qr.returnData.Id}`);
    expect(one.headers.get("x-checksum-sha256")).toBe(qr.returnData.Sha256);
    expect(one.headers.get("content-disposition")).toContain("attachment");
    expect(Buffer.from(await one.arrayBuffer()).equals(png)).toBe(true);

    // Withdrawing: administrators only, logged; the release is no longer listed or served, and its version may be
    // published again.
    const withdraw = (token: string, Id: string) => t().call("MaterialAPP/WithdrawClientRelease", { method: "POST", token, json: { Id } });
    expect((await withdraw(inside.token, win.returnData.Id)).status).toBe(403);
    expect((await withdraw(admin.token, win.returnData.Id)).status).toBe(200);
    expect((await withdraw(admin.token, win.returnData.Id)).status).toBe(404);
    expect((await t().call("MaterialAPP/DownloadClientRelease", { token: inside.token, query: { id: win.returnData.Id } })).status).toBe(404);
    expect((await served("JHAppServer/DownLoad?filetype=jhAppClientFile&platform=windows")).type).toBe("text/javascript; charset=utf-8");
    expect((await t().call("MaterialAPP/GetClientReleases", { token: inside.token })).returnData.map((r: any) => r.Version)).toEqual(["2026.11", "2.0.1"]);
    expect((await publish(admin.token, windows, "ferrum-setup-2.0.0.exe", exe)).status).toBe(200);
    const log = await t().api.app.db.query<{ action: string; user_name: string }>(`select action, user_name from operation_log where target_type = 'clientRelease' order by id`);
    expect(log.map((l) => l.action)).toEqual(["clientRelease.upload", "clientRelease.upload", "clientRelease.upload", "clientRelease.withdraw", "clientRelease.upload"]);
  });
});
