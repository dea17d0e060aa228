import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, writeFileSync } from "node:fs";
import { chmod, lstat, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readAppResult } from "./result.ts";
import { runSandboxed, SANDBOX_UID_RANGE, sandboxProblem, type SandboxOptions, type SandboxRuntime } from "./sandbox.ts";

/**
 * Real bwrap, real apps, each hostile one asserting what it could not do. No skipping: a machine without
 * bubblewrap fails here with the command that installs it.
 */

const run = promisify(execFile);
const SECRET = `ferrum-secret-${randomBytes(8).toString("hex")}`;
let base: string;
let tasks: string;
let dataDir: string;
let n = 0;
const savedEnv = { DATA_DIR: process.env.DATA_DIR, FERRUM_TEST_SECRET: process.env.FERRUM_TEST_SECRET };

beforeAll(async () => {
  const problem = sandboxProblem();
  if (problem) throw new Error(`The app sandbox cannot run on this machine: ${problem}. Install it with: sudo bash scripts/setup-solvers.sh`);
  const py = await run("/usr/bin/python3", ["-c", "import numpy, scipy, matplotlib"]).catch((e: Error) => e);
  if (py instanceof Error) throw new Error(`Debian's python3 lacks numpy/scipy/matplotlib (${py.message}). Install them with: sudo bash scripts/setup-solvers.sh`);
  base = await mkdtemp(join(tmpdir(), "appstore-sbx-"));
  // Searchable (not listable) by others, as a data dir must be: bwrap runs as the run's own uid.
  await chmod(base, 0o711);
  tasks = join(base, "tasks");
  dataDir = join(base, "data");
  // Another task's work dir and the platform's data dir, each with a secret, next to the runs' work dirs.
  await mkdir(join(tasks, "other-task"), { recursive: true });
  await writeFile(join(tasks, "other-task", "secret.txt"), SECRET);
  await mkdir(dataDir);
  await writeFile(join(dataDir, "secret.txt"), SECRET);
  process.env.DATA_DIR = dataDir;
  process.env.FERRUM_TEST_SECRET = SECRET;
});

afterAll(async () => {
  for (const [k, v] of Object.entries(savedEnv)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  if (base) await rm(base, { recursive: true, force: true });
});

interface Ran {
  result: Awaited<ReturnType<typeof runSandboxed>>;
  work: string;
  app: string;
  stdout: string;
  stderr: string;
}

/** Writes an app (its files) and a fresh work dir under tasks/, runs it, and reads back its logs. */
async function sandboxed(files: Record<string, string>, runtime: SandboxRuntime, command: string, extra: Partial<SandboxOptions> = {}, madeWork?: (dir: string) => void): Promise<Ran> {
  const id = `t${++n}`;
  const app = join(base, "apps", id);
  const work = join(tasks, id);
  await mkdir(work, { recursive: true });
  madeWork?.(work);
  for (const [name, text] of Object.entries(files)) {
    await mkdir(join(app, name, ".."), { recursive: true });
    await writeFile(join(app, name), text);
  }
  const result = await runSandboxed({ workDir: work, appDir: app, runtime, command, resources: { cores: 1, memoryMiB: 256, walltimeMin: 1 }, timeoutMs: 20_000, ...extra });
  return { result, work, app, stdout: await readFile(result.stdoutPath, "utf8"), stderr: await readFile(result.stderrPath, "utf8") };
}

/** The last JSON line an app printed: its report of what it tried. */
const report = (r: Ran): Record<string, unknown> => {
  const line = r.stdout.trim().split("\n").pop() ?? "";
  try {
    return JSON.parse(line);
  } catch {
    throw new Error(`no report from the app: stdout ${r.stdout.slice(-500)} stderr ${r.stderr.slice(-1500)}`);
  }
};

const inRange = (uid: number) => uid >= SANDBOX_UID_RANGE.from && uid < SANDBOX_UID_RANGE.to;

/**
 * Live processes of one test's sandbox: those whose command line holds its marker, and every process of the
 * sandbox uids those run as (the run's own uid: other test files' sandboxes may run at the same time, each
 * with another uid). Without a marker, every sandbox uid. Zombies are left out: they run nothing, and the
 * namespace's init stays one until the machine's init reaps orphans (here, in its time).
 */
async function sandboxProcesses(marker?: string): Promise<string[]> {
  const { stdout } = await run("ps", ["-eo", "uid=,stat=,pid=,args="]);
  const live = stdout
    .split("\n")
    .filter((l) => l.trim())
    .map((l) => ({ line: l, uid: Number(l.trim().split(/\s+/)[0]), zombie: l.trim().split(/\s+/)[1].startsWith("Z") }))
    .filter((p) => !p.zombie);
  const marked = (l: string) => marker !== undefined && l.includes(marker) && !l.includes("ps -eo");
  const uids = new Set(live.filter((p) => inRange(p.uid) && (marker === undefined || marked(p.line))).map((p) => p.uid));
  return live.filter((p) => uids.has(p.uid) || marked(p.line)).map((p) => p.line);
}

async function du(dir: string): Promise<number> {
  let total = 0;
  for (const name of await readdir(dir)) total += (await stat(join(dir, name))).size;
  return total;
}

describe("sandbox: a well-behaved app", () => {
  it("runs a python app whose result.json (scalar, series, table, image) reads back", async () => {
    const main = `
import json, os
import numpy as np
import matplotlib.pyplot as plt
x = np.linspace(0.0, 2.0, 21)
y = np.exp(-x)
plt.plot(x, y); plt.savefig("curve.png")
json.dump({"area": float(np.trapz(y, x)), "decay": {"x": x.tolist(), "y": y.tolist()},
           "points": {"columns": ["x", "y"], "rows": [[0, 1.0], [1, "e^-1"]]}, "plot": "curve.png"}, open("result.json", "w"))
print("done")
`;
    const r = await sandboxed({ "main.py": main }, "python3", "main.py");
    expect(r.result.reason, r.stderr).toBe("ok");
    expect(r.result.exitCode).toBe(0);
    expect(r.stdout).toContain("done");
    const outputs = [
      { name: "area", kind: "scalar" as const, label: { zh: "面积" } },
      { name: "decay", kind: "series" as const, label: { zh: "衰减" } },
      { name: "points", kind: "table" as const, label: { zh: "点" } },
      { name: "plot", kind: "image" as const, label: { zh: "图" } },
    ];
    const res = await readAppResult(r.work, { outputs });
    expect(res.ok ? null : res.errors).toBeNull();
    if (!res.ok) return;
    const area = res.outputs.find((o) => o.name === "area");
    expect(area?.kind === "scalar" && area.value).toBeCloseTo(1 - Math.exp(-2), 2);
    const decay = res.outputs.find((o) => o.name === "decay");
    expect(decay?.kind === "series" && decay.x.length).toBe(21);
    expect(res.outputs.find((o) => o.name === "plot")).toMatchObject({ kind: "image", format: "png" });
    // The work dir is handed back to its owner: the app's uid owned it only while it ran.
    expect((await stat(join(r.work, "result.json"))).uid).toBe(process.getuid!());
  }, 30_000);

  it("runs a node app with the platform's own node binary", async () => {
    const main = `const fs = require("fs"); fs.writeFileSync("result.json", JSON.stringify({ v: 1 })); console.log(JSON.stringify({ version: process.version, execPath: process.execPath }));`;
    const r = await sandboxed({ "main.js": main }, "node", "main.js");
    expect(r.result.reason, r.stderr).toBe("ok");
    expect(report(r)).toEqual({ version: process.version, execPath: "/opt/ferrum/bin/node" });
  }, 30_000);
});

describe("sandbox: hostile apps are contained", () => {
  it("cannot see /etc/shadow or the host's users, runs as nobody without capabilities or stray descriptors", async () => {
    const main = `
import json, os
def read(p):
    try: return open(p).read()
    except Exception as e: return type(e).__name__
print(json.dumps({"shadow": os.path.exists("/etc/shadow"), "shadowRead": read("/etc/shadow"), "passwd": read("/etc/passwd"),
  "etc": sorted(os.listdir("/etc")), "uid": os.getuid(), "gid": os.getgid(), "root": sorted(os.listdir("/")),
  "cap": [l.split()[1] for l in open("/proc/self/status") if l.startswith("CapEff")][0],
  "fds": sorted(os.listdir("/proc/self/fd")), "pids": len([p for p in os.listdir("/proc") if p.isdigit()])}))
`;
    const r = await sandboxed({ "main.py": main }, "python3", "main.py");
    const got = report(r);
    expect(got.shadow).toBe(false);
    expect(got.shadowRead).toBe("FileNotFoundError");
    expect(got.passwd).toBe("sandbox:x:65534:65534:sandbox:/work:/usr/sbin/nologin\n");
    expect(got.etc).toEqual(expect.arrayContaining(["passwd", "group", "hosts", "ld.so.cache"]));
    expect(got.etc).not.toContain("shadow");
    expect(got.uid).toBe(65534);
    expect(got.gid).toBe(65534);
    expect(got.cap).toBe("0000000000000000");
    expect(got.root).not.toContain("root");
    expect(got.root).not.toContain("home");
    expect(got.root).not.toContain("var");
    // 0-2 plus the one listdir itself opens: nothing of the API process's descriptors.
    expect(got.fds).toEqual(["0", "1", "2", "3"]);
    // Its own pid namespace: bwrap's init, the wrapper exec'ed into python.
    expect(got.pids).toBeLessThanOrEqual(3);
  }, 30_000);

  it("cannot read another task's work dir or DATA_DIR, and inherits no environment", async () => {
    // The secret is written reversed into the script, which is itself a file the search would find.
    const main = `
import json, os
def read(p):
    try: return open(p).read()
    except Exception as e: return type(e).__name__
secret = ${JSON.stringify([...SECRET].reverse().join(""))}[::-1]
found = []
for top in ["/work", "/tmp", "/etc", "/app", "/dev/shm", "/opt"]:
    for d, _, names in os.walk(top):
        for f in names:
            try:
                if secret.encode() in open(os.path.join(d, f), "rb").read(): found.append(os.path.join(d, f))
            except Exception: pass
print(json.dumps({"env": dict(os.environ), "other": read(${JSON.stringify(join(tasks, "other-task", "secret.txt"))}),
  "relative": read("../other-task/secret.txt"), "data": read(${JSON.stringify(join(dataDir, "secret.txt"))}),
  "dataDir": os.path.exists(${JSON.stringify(dataDir)}), "tasks": os.path.exists(${JSON.stringify(tasks)}), "parent": sorted(os.listdir("/work/..")),
  "found": found}))
`;
    const r = await sandboxed({ "main.py": main }, "python3", "main.py");
    const got = report(r) as { env: Record<string, string>; [k: string]: unknown };
    expect(got.other).toBe("FileNotFoundError");
    expect(got.relative).toBe("FileNotFoundError");
    expect(got.data).toBe("FileNotFoundError");
    expect(got.dataDir).toBe(false);
    expect(got.tasks).toBe(false);
    expect(got.parent).not.toContain("other-task");
    expect(got.found).toEqual([]);
    expect(JSON.stringify(got.env)).not.toContain(SECRET);
    expect(got.env.DATA_DIR).toBeUndefined();
    expect(got.env.FERRUM_TEST_SECRET).toBeUndefined();
    // Only what the sandbox sets (and what bash/python add themselves: PWD, SHLVL, LC_CTYPE).
    expect(Object.keys(got.env).sort()).toEqual(expect.arrayContaining(["HOME", "LANG", "MPLBACKEND", "OMP_NUM_THREADS", "PATH"]));
    for (const k of Object.keys(got.env)) expect(["HOME", "LANG", "MPLBACKEND", "OMP_NUM_THREADS", "PATH", "PWD", "SHLVL", "LC_CTYPE", "_"]).toContain(k);
    expect(got.env.HOME).toBe("/work");
  }, 30_000);

  it("cannot connect out: neither to the internet nor to a port the host listens on", async () => {
    let connections = 0;
    const server: Server = createServer((s) => {
      connections++;
      s.destroy();
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
    const port = (server.address() as { port: number }).port;
    try {
      // The outside address is tried only once the app has seen that it has no interface but loopback, so
      // even a broken sandbox would send nothing off this machine.
      const main = `
import json, socket
ifaces = [l.split(":")[0].strip() for l in open("/proc/net/dev").read().splitlines()[2:]]
def attempt(host, port):
    try:
        socket.create_connection((host, port), timeout=2).close(); return "connected"
    except Exception as e: return type(e).__name__ + ": " + str(e)
out = {"ifaces": ifaces, "host": attempt("127.0.0.1", ${port})}
out["internet"] = attempt("1.1.1.1", 53) if ifaces == ["lo"] else "skipped: has interfaces"
print(json.dumps(out))
`;
      const r = await sandboxed({ "main.py": main }, "python3", "main.py");
      const got = report(r);
      expect(got.ifaces).toEqual(["lo"]);
      expect(got.host).toMatch(/ConnectionRefusedError/);
      expect(got.internet).toMatch(/Network is unreachable|OSError/);
      expect(connections).toBe(0);
    } finally {
      await new Promise<void>((r) => server.close(() => r()));
    }
    expect(connections).toBe(0);
  }, 30_000);

  it("a fork bomb stays under the process limit, ends at the timeout, and leaves no process", async () => {
    const marker = `bomb-${randomBytes(4).toString("hex")}`;
    // The script itself stays (exec, no fork) so the bomb runs until the timeout rather than ending with it.
    const running = sandboxed({ [`${marker}.sh`]: "b() { b | b & }; b\nexec sleep 600\n" }, "bash", `${marker}.sh`, { timeoutMs: 4000 });
    let settled = false;
    running.finally(() => (settled = true)).catch(() => undefined);
    // While it runs: the machine still answers (ps starts and ends promptly) and the sandbox's processes
    // never exceed the limit.
    let most = 0;
    let slowest = 0;
    while (!settled) {
      const t = performance.now();
      const live = await sandboxProcesses(marker);
      slowest = Math.max(slowest, performance.now() - t);
      most = Math.max(most, live.length);
    }
    const r = await running;
    expect(r.result.reason).toBe("timeout");
    expect(r.result.durationMs).toBeLessThan(10_000);
    // 64 in the sandbox's user namespace (RLIMIT_NPROC, zombies included), plus the outer bwrap.
    expect(most).toBeGreaterThan(10);
    expect(most).toBeLessThanOrEqual(65);
    expect(slowest).toBeLessThan(3000);
    expect(await sandboxProcesses(marker)).toEqual([]);
  }, 30_000);

  it("writing endlessly to one file stops at the output limit; the file on disk is within it", async () => {
    const limit = 32 * 1024 * 1024;
    const main = `
chunk = b"x" * (1024 * 1024)
with open("huge.bin", "wb") as f:
    for _ in range(10 * 1024):  # 10 GiB
        f.write(chunk)
`;
    const r = await sandboxed({ "main.py": main }, "python3", "main.py", { outputLimitBytes: limit });
    expect(r.result.reason).toBe("output-limit");
    expect(r.stderr).toMatch(/File too large/);
    expect((await stat(join(r.work, "huge.bin"))).size).toBeLessThanOrEqual(limit);
  }, 30_000);

  it("many files, and deleted files kept open, are caught by the work-dir watchdog", async () => {
    const limit = 32 * 1024 * 1024;
    const many = `
chunk = b"x" * (1024 * 1024)
for i in range(10 * 1024):
    with open(f"part{i}.bin", "wb") as f: f.write(chunk)
`;
    const r = await sandboxed({ "main.py": many }, "python3", "main.py", { outputLimitBytes: limit });
    expect(r.result.reason).toBe("output-limit");
    expect(r.result.signal).toBe("SIGKILL");
    // Stopped within a poll of crossing the limit: far below the 10 GiB it tried. How far past the limit
    // depends on the disk and on how late the poll runs: about 55 MiB on an idle machine, 590 MiB once in
    // a CI run with both cores busy (the poll is a timer in a loaded process). A tenth of what it tried
    // is the bound that says "caught", not "how fast this machine was".
    expect(await du(r.work)).toBeLessThan(1024 * 1024 * 1024);
    const hidden = `
import os, time
chunk = b"x" * (1024 * 1024)
files = []
for i in range(200):
    f = open(f"tmp{i}", "wb"); os.unlink(f"tmp{i}"); files.append(f)
    for _ in range(30): f.write(chunk)
    f.flush()
time.sleep(60)
`;
    const h = await sandboxed({ "main.py": hidden }, "python3", "main.py", { outputLimitBytes: limit, timeoutMs: 20_000 });
    expect(h.result.reason).toBe("output-limit");
    expect(h.result.durationMs).toBeLessThan(15_000);
  }, 60_000);

  it("hands its output on while it runs: the app waits for a sign that its first line arrived before it goes on", async () => {
    // No clock: the app prints, then waits until the test (told of that line by onOutput) creates `go`.
    const script = "echo 'step 1 of 2'\necho 'warming up' >&2\nwhile [ ! -e go ]; do sleep 0.05; done\necho 'step 2 of 2'\n";
    const seen: string[] = [];
    let work = "";
    const r = await sandboxed({ "live.sh": script }, "bash", "live.sh", {
      timeoutMs: 15_000,
      onOutput: (stream, kept) => {
        seen.push(`${stream}: ${kept.toString().trim()}`);
        if (kept.toString().includes("step 1")) writeFileSync(join(work, "go"), "");
      },
    }, (dir) => (work = dir)); // the work dir, known before the app starts
    expect(r.result.reason).toBe("ok");
    expect(seen).toEqual(expect.arrayContaining(["stdout: step 1 of 2", "stderr: warming up", "stdout: step 2 of 2"]));
    expect(seen.indexOf("stdout: step 1 of 2")).toBeLessThan(seen.indexOf("stdout: step 2 of 2"));
    expect(r.stdout).toBe("step 1 of 2\nstep 2 of 2\n");
  }, 30_000);

  it("output beyond the log cap is cut with a note", async () => {
    const r = await sandboxed({ "spam.sh": "yes 'spam spam spam'\n" }, "bash", "spam.sh", { timeoutMs: 1500, limits: { logBytes: 1024 * 1024 } });
    expect(r.result.reason).toBe("timeout");
    const size = (await stat(r.result.stdoutPath)).size;
    expect(size).toBeGreaterThanOrEqual(1024 * 1024);
    expect(size).toBeLessThan(1024 * 1024 + 200);
    expect(r.stdout.endsWith("[ferrum: output truncated at 1 MiB]\n")).toBe(true);
  }, 30_000);

  it("replacing its log files with links or folders shows nothing of the host", async () => {
    const script = "echo 'my output'\nrm stdout.log stderr.log\nln -s /etc/shadow stdout.log\nmkdir stderr.log\necho 'more output'\necho 'an error' >&2\n";
    const r = await sandboxed({ "swap.sh": script }, "bash", "swap.sh");
    expect(r.result.reason).toBe("ok");
    const st = await lstat(r.result.stdoutPath);
    expect(st.isFile()).toBe(true);
    expect(r.stdout).toBe("my output\nmore output\n");
    expect(r.stderr).toBe("an error\n");
  }, 30_000);

  it("cannot write outside the work dir; its /tmp is its own and gone afterwards", async () => {
    const marker = `mark-${randomBytes(4).toString("hex")}`;
    const main = `
import json
out = {}
for p in ["/usr/${marker}", "/app/${marker}", "/${marker}", "/etc/${marker}", "/dev/${marker}", "/tmp/${marker}", "/dev/shm/${marker}", "/work/${marker}", "/proc/${marker}"]:
    try:
        open(p, "w").write("x"); out[p] = "written"
    except Exception as e: out[p] = type(e).__name__
print(json.dumps(out))
`;
    const r = await sandboxed({ "main.py": main }, "python3", "main.py");
    const got = report(r);
    const written = Object.entries(got).filter(([, v]) => v === "written").map(([k]) => k);
    expect(written.sort()).toEqual([`/dev/shm/${marker}`, `/tmp/${marker}`, `/work/${marker}`].sort());
    expect(got[`/usr/${marker}`]).toBe("OSError");
    expect(got[`/app/${marker}`]).toBe("OSError");
    expect(existsSync(`/usr/${marker}`)).toBe(false);
    expect(existsSync(join(r.app, marker))).toBe(false);
    expect(existsSync(`/${marker}`)).toBe(false);
    expect(existsSync(join(tmpdir(), marker))).toBe(false);
    expect(existsSync(`/tmp/${marker}`)).toBe(false);
    expect(existsSync(`/dev/shm/${marker}`)).toBe(false);
    // A second run starts with an empty /tmp.
    const again = await sandboxed({ "main.py": `import os, json; print(json.dumps(os.listdir("/tmp")))` }, "python3", "main.py");
    expect(JSON.parse(again.stdout.trim())).toEqual([]);
  }, 30_000);

  it("running past the wall clock is killed with its whole process tree", async () => {
    const marker = `${987_000 + Math.floor(Math.random() * 999)}`;
    const script = `sleep ${marker} &\n( sleep ${marker} & wait ) &\n/usr/bin/python3 -c 'while True: pass'\n`;
    const r = await sandboxed({ "slow.sh": script }, "bash", "slow.sh", { timeoutMs: 1500 });
    expect(r.result.reason).toBe("timeout");
    expect(r.result.signal).toBe("SIGKILL");
    expect(r.result.exitCode).toBeNull();
    expect(r.result.durationMs).toBeGreaterThanOrEqual(1500);
    expect(r.result.durationMs).toBeLessThan(6000);
    expect(await sandboxProcesses(`sleep ${marker}`)).toEqual([]);
  }, 30_000);

  it("using more memory than allowed fails: 2 GB in python, 3 GiB of shared mappings, node's heap", async () => {
    const big = await sandboxed({ "main.py": "b = bytearray(2 * 1024**3)\nprint('allocated')\n" }, "python3", "main.py", { resources: { cores: 1, memoryMiB: 256, walltimeMin: 1 } });
    expect(big.result.reason).toBe("memory");
    expect(big.stderr).toContain("MemoryError");
    expect(big.stdout).not.toContain("allocated");
    // Shared anonymous memory is outside RLIMIT_DATA; the address-space limit stops it.
    const shared = await sandboxed({ "main.py": "import mmap\nm = mmap.mmap(-1, 3 * 1024**3)\nm[::4096] = b'x' * (3 * 1024**3 // 4096)\nprint('mapped')\n" }, "python3", "main.py");
    expect(shared.result.reason).toBe("memory");
    expect(shared.stdout).not.toContain("mapped");
    const heap = await sandboxed({ "main.js": "const a = []; for (;;) a.push(new Array(1e5).fill(Math.random()));\n" }, "node", "main.js", { resources: { cores: 1, memoryMiB: 128, walltimeMin: 1 } });
    expect(heap.result.reason).toBe("memory");
  }, 60_000);

  it("a CPU-time limit ends a busy loop with SIGXCPU, and no nested user namespace can be made", async () => {
    const cpu = await sandboxed({ "spin.py": "while True: pass\n" }, "python3", "spin.py", { limits: { cpuSeconds: 1 } });
    expect(cpu.result.reason).toBe("cpu");
    expect(cpu.result.signal).toBe("SIGXCPU");
    const ns = await sandboxed({ "ns.sh": "unshare --user --map-root-user true && echo nested || echo refused\n" }, "bash", "ns.sh");
    expect(ns.stdout.trim()).toBe("refused");
  }, 30_000);
});
