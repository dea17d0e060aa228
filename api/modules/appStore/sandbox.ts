import { spawn, spawnSync, type SpawnOptions } from "node:child_process";
import { randomInt } from "node:crypto";
import { accessSync, closeSync, constants as fsc, fstatSync, lstatSync, openSync, readlinkSync, readSync, rmSync, writeSync } from "node:fs";
import { lchown, lstat, mkdtemp, readdir, readFile, readlink, realpath, rm, stat, writeFile } from "node:fs/promises";
import { constants as osc, tmpdir } from "node:os";
import { delimiter, dirname, join } from "node:path";
import type { Readable } from "node:stream";
import { packagePath } from "./package-path.ts";


/**
 * Running a contributed app's script inside bubblewrap (docs/app-store.md explains every flag and limit and
 * what each one stops). In short: no network, no view of the host's files but /usr, a few /etc files and the
 * task's own work dir, an unprivileged uid that is unique to the run, rlimits on CPU, memory, processes, open
 * files and file size, a watchdog on the work dir's total size, and a wall-clock timeout that kills the
 * sandbox's whole pid namespace. Nothing here needs cgroups.
 */

export type SandboxRuntime = "python3" | "bash" | "node";
export type SandboxReason = "ok" | "timeout" | "memory" | "output-limit" | "cpu" | "killed" | "failed";

export interface SandboxResources {
  cores: number;
  memoryMiB: number;
  walltimeMin: number;
}

export interface SandboxLimits {
  /** RLIMIT_CPU per process, seconds; default walltime × cores. */
  cpuSeconds: number;
  /** RLIMIT_NPROC: processes and threads of the sandbox's user namespace. */
  processes: number;
  /** RLIMIT_NOFILE. */
  openFiles: number;
  /** RLIMIT_FSIZE: the largest file the app can write (also capped at the output limit). */
  fileSizeBytes: number;
  /** stdout.log and stderr.log each keep this much; the rest is dropped with a note. */
  logBytes: number;
  /** Files and folders the work dir may hold (an inode flood is a disk fill too). */
  maxEntries: number;
}

export interface SandboxOptions {
  /** The task's own directory: bound read-write at /work, where the app runs. */
  workDir: string;
  /** The unpacked package (readPackage's root): bound read-only at /app. */
  appDir: string;
  runtime: SandboxRuntime;
  /** The entry file relative to appDir (the manifest's command). */
  command: string;
  resources: SandboxResources;
  timeoutMs: number;
  /** The most the work dir may hold in all (default 2 GiB). */
  outputLimitBytes?: number;
  limits?: Partial<SandboxLimits>;
  /**
   * The names of the app's stdout and stderr logs in the work dir (default stdout.log and stderr.log); a task's
   * run takes others, as the executor's own logs have those names there.
   */
  logNames?: { stdout: string; stderr: string };
  /**
   * Called with each piece of output as the logs keep it (the cap and its note included), while the app runs:
   * a task's job passes it on to the executor's logs, so the task page shows the app's log live.
   */
  onOutput?: (stream: "stdout" | "stderr", kept: Buffer) => void;
}

export interface SandboxRun {
  /** The app's exit code; null when a signal ended it (or the sandbox was killed). */
  exitCode: number | null;
  signal: string | null;
  reason: SandboxReason;
  stdoutPath: string;
  stderrPath: string;
  durationMs: number;
}

const MiB = 1024 * 1024;
export const DEFAULT_OUTPUT_LIMIT = 2048 * MiB;
const DEFAULTS: Omit<SandboxLimits, "cpuSeconds"> = { processes: 64, openFiles: 256, fileSizeBytes: 1024 * MiB, logBytes: 10 * MiB, maxEntries: 50_000 };
/** How often the work dir's size is measured while the app runs. */
const POLL_MS = 250;
/** The uid and gid the app sees (nobody); outside, it is a fresh unprivileged uid per run. */
const INSIDE_ID = 65534;
/**
 * Where the per-run outside uids come from when the platform runs as root: a block no distribution or
 * directory service hands out (FERRUM_SANDBOX_UID_BASE moves it).
 */
const UID_BASE = Number(process.env.FERRUM_SANDBOX_UID_BASE ?? 1_600_000_000);
const UID_SPAN = 1_000_000;
const NODE_INSIDE = "/opt/ferrum/bin/node";
const SHM_BYTES = 64 * MiB;
/** /etc files the runtimes read: the loader's cache, Debian's alternatives (libblas), matplotlib's rc, fonts. */
const ETC_FILES = ["/etc/ld.so.cache", "/etc/alternatives", "/etc/matplotlibrc", "/etc/fonts"];
const PASSWD = `sandbox:x:${INSIDE_ID}:${INSIDE_ID}:sandbox:/work:/usr/sbin/nologin\n`;
const GROUP = `sandbox:x:${INSIDE_ID}:\n`;
const HOSTS = "127.0.0.1\tlocalhost sandbox\n::1\tlocalhost\n";
/**
 * Closes every descriptor above stderr before the app starts: bwrap closes the ones it was given, but a
 * descriptor the API process inherited without close-on-exec (from whatever started it) would otherwise
 * reach the app, and a directory descriptor there is a way out (openat(fd, "..")).
 */
const CLOSE_FDS = 'for f in /proc/self/fd/*; do n=${f##*/}; if [ "$n" -gt 2 ]; then eval "exec $n>&-"; fi; done; exec "$@"';
const MEMORY_TEXT = /MemoryError|Cannot allocate memory|out of memory|bad_alloc|Failed to reserve virtual memory|memory allocation failed|xmalloc: cannot allocate/i;
const FILE_SIZE_TEXT = /File too large|EFBIG|\[Errno 27\]/;

function findTool(name: string): string | null {
  for (const dir of [...(process.env.PATH ?? "").split(delimiter), "/usr/bin", "/bin", "/usr/sbin"]) {
    if (!dir) continue;
    try {
      accessSync(join(dir, name), fsc.X_OK);
      return join(dir, name);
    } catch {
      /* next */
    }
  }
  return null;
}

const isRoot = () => process.getuid?.() === 0;
/** bwrap and nice need no environment (the app's is set with --clearenv/--setenv), so none of the API's is passed. */
const TOOL_ENV = { PATH: "/usr/bin:/bin" } as Partial<NodeJS.ProcessEnv> as NodeJS.ProcessEnv;

/** /usr read-only, and /bin, /lib… as the host has them (symlinks into /usr on merged-/usr systems, else binds). */
function systemArgs(): string[] {
  const args = ["--ro-bind", "/usr", "/usr"];
  for (const d of ["/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32"]) {
    let st;
    try {
      st = lstatSync(d);
    } catch {
      continue;
    }
    if (st.isSymbolicLink()) args.push("--symlink", readlinkSync(d), d);
    else if (st.isDirectory()) args.push("--ro-bind", d, d);
  }
  for (const f of ETC_FILES) args.push("--ro-bind-try", f, f);
  return args;
}

/** The namespaces, identity and session every sandbox gets. */
const ISOLATION = [
  "--unshare-all", // user, pid, net, ipc, uts, cgroup: no --share-net, so the only interface is a private lo
  "--unshare-user",
  "--disable-userns", // no nested user namespace: no "root" inside to mount an unbounded tmpfs or more
  "--die-with-parent",
  "--new-session", // no controlling terminal: TIOCSTI cannot type into the API's terminal
  "--uid", String(INSIDE_ID),
  "--gid", String(INSIDE_ID),
  "--hostname", "sandbox",
  "--cap-drop", "ALL",
];

let probed: string | null | undefined;

/**
 * Why sandboxed runs cannot happen on this machine (bwrap or prlimit missing, user namespaces refused), or
 * null when they can. Probed once, with the same namespaces and identity a run uses.
 */
export function sandboxProblem(): string | null {
  if (probed !== undefined) return probed;
  const bwrap = findTool("bwrap");
  if (!bwrap) return (probed = "bubblewrap (bwrap) is not installed: run `bash scripts/setup-solvers.sh` as root (Debian package bubblewrap)");
  if (!findTool("prlimit") || !findTool("nice")) return (probed = "prlimit or nice is missing (Debian packages util-linux, coreutils)");
  const who: { uid?: number; gid?: number } = isRoot() ? { uid: UID_BASE, gid: UID_BASE } : {};
  const r = spawnSync(bwrap, [...ISOLATION, ...systemArgs(), "--proc", "/proc", "--dev", "/dev", "/usr/bin/true"], { ...who, env: TOOL_ENV, timeout: 15_000, encoding: "utf8" });
  probed = r.status === 0 ? null : `bwrap cannot create a sandbox here (${(r.stderr || r.error?.message || `exit ${r.status}`).trim()}): unprivileged user namespaces must be allowed (sysctl kernel.unprivileged_userns_clone=1, user.max_user_namespaces > 0)`;
  return probed;
}

/** Whether contributed apps can run here (see sandboxProblem for why not). */
export function sandboxAvailable(): boolean {
  return sandboxProblem() === null;
}

const activeUids = new Set<number>();
function allocateUid(): number {
  for (;;) {
    const uid = UID_BASE + 1 + randomInt(UID_SPAN - 1);
    if (!activeUids.has(uid)) {
      activeUids.add(uid);
      return uid;
    }
  }
}

/** lchown of a whole tree, never following a link (the app may have planted any). */
async function chownTree(dir: string, uid: number, gid: number): Promise<void> {
  await lchown(dir, uid, gid);
  const stack = [dir];
  while (stack.length) {
    const d = stack.pop()!;
    const entries = await readdir(d, { withFileTypes: true }).catch(() => []);
    for (const e of entries) {
      const p = join(d, e.name);
      await lchown(p, uid, gid).catch(() => undefined);
      if (e.isDirectory()) stack.push(p);
    }
  }
}

/** Bytes (the larger of size and blocks, so neither sparse nor padded files hide) and entries of a tree; stops early past the caps. */
async function treeUsage(dir: string, caps: { bytes: number; entries: number }): Promise<{ bytes: number; entries: number }> {
  let bytes = 0;
  let entries = 0;
  const stack = [dir];
  while (stack.length && bytes <= caps.bytes && entries <= caps.entries) {
    const d = stack.pop()!;
    const names = await readdir(d).catch(() => [] as string[]);
    for (const name of names) {
      const p = join(d, name);
      const st = await lstat(p).catch(() => null);
      if (!st) continue;
      entries++;
      bytes += Math.max(st.size, st.blocks * 512);
      if (st.isDirectory()) stack.push(p);
    }
  }
  return { bytes, entries };
}

/**
 * The live processes (outside pids) of the pid namespace `ns` ("pid:[4026532189]"). Zombies do not count:
 * they run nothing and hold nothing; the namespace's init is left as one for whoever reaps orphans (bwrap's
 * outer process exits without waiting for it).
 */
async function namespacePids(ns: string): Promise<number[]> {
  const pids: number[] = [];
  for (const name of await readdir("/proc").catch(() => [] as string[])) {
    if (!/^\d+$/.test(name)) continue;
    const link = await readlink(`/proc/${name}/ns/pid`).catch(() => null);
    if (link !== ns) continue;
    const stat = await readFile(`/proc/${name}/stat`, "utf8").catch(() => "");
    const state = stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3);
    if (state && state !== "Z" && state !== "X") pids.push(Number(name));
  }
  return pids;
}

/**
 * Bytes held by files the sandbox's processes keep open but that no directory shows: deleted files in /work
 * (open, unlink, keep writing) and memfds. A walk of the work dir cannot see them, so they are added here.
 */
async function hiddenBytes(pids: number[]): Promise<number> {
  const seen = new Set<string>();
  let bytes = 0;
  for (const pid of pids) {
    for (const fd of await readdir(`/proc/${pid}/fd`).catch(() => [] as string[])) {
      const target = await readlink(`/proc/${pid}/fd/${fd}`).catch(() => "");
      if (!target.endsWith(" (deleted)")) continue;
      const st = await stat(`/proc/${pid}/fd/${fd}`).catch(() => null);
      if (!st?.isFile()) continue;
      const key = `${st.dev}:${st.ino}`;
      if (seen.has(key)) continue;
      seen.add(key);
      bytes += Math.max(st.size, st.blocks * 512);
    }
  }
  return bytes;
}

/**
 * One of the app's output streams as a file of the work dir: at most `limit` bytes kept, then one note and
 * the rest dropped (still drained, so the app does not block on a full pipe). The file is opened before the
 * app starts and never by name again, so a link the app puts in its place is never followed; the last 64 KiB
 * stay in memory to tell why the app ended.
 */
class CappedLog {
  private fd: number;
  private written = 0;
  private truncated = false;
  private tailChunks: Buffer[] = [];
  private tailBytes = 0;

  constructor(
    readonly path: string,
    private readonly limit: number,
    private readonly echo?: (kept: Buffer) => void,
  ) {
    // Whatever an earlier run left under this name (a link, a folder) goes first; read-write because close()
    // may have to copy the text out again.
    rmSync(path, { recursive: true, force: true });
    this.fd = openSync(path, fsc.O_RDWR | fsc.O_CREAT | fsc.O_EXCL | fsc.O_NOFOLLOW, 0o644);
  }

  write(chunk: Buffer): void {
    this.tailChunks.push(chunk);
    this.tailBytes += chunk.length;
    while (this.tailBytes - this.tailChunks[0].length > 64 * 1024) this.tailBytes -= this.tailChunks.shift()!.length;
    if (this.truncated) return;
    const room = this.limit - this.written;
    const piece = chunk.length <= room ? chunk : chunk.subarray(0, room);
    writeSync(this.fd, piece);
    this.written += piece.length;
    if (piece.length) this.echo?.(piece);
    if (piece.length < chunk.length) {
      this.truncated = true;
      const note = Buffer.from(`\n[ferrum: output truncated at ${Math.round(this.limit / MiB)} MiB]\n`);
      writeSync(this.fd, note);
      this.echo?.(note);
    }
  }

  tail(): string {
    return Buffer.concat(this.tailChunks).toString("utf8");
  }

  /**
   * Closes the log, first making sure its name still holds it: the app owned the work dir and could have put
   * a link (say to /etc/shadow) or a folder in its place, which whoever shows the log would then read. In that
   * case what was kept is written anew to a fresh file of that name.
   */
  closed = false;

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    try {
      const mine = fstatSync(this.fd);
      const there = await lstat(this.path).catch(() => null);
      if (!there || there.ino !== mine.ino || there.dev !== mine.dev) {
        await rm(this.path, { recursive: true, force: true });
        const copy = openSync(this.path, fsc.O_WRONLY | fsc.O_CREAT | fsc.O_EXCL | fsc.O_NOFOLLOW, 0o644);
        try {
          const buf = Buffer.alloc(64 * 1024);
          for (let pos = 0; ; ) {
            const n = readSync(this.fd, buf, 0, buf.length, pos);
            if (n === 0) break;
            writeSync(copy, buf, 0, n);
            pos += n;
          }
        } finally {
          closeSync(copy);
        }
      }
    } finally {
      closeSync(this.fd);
    }
  }
}

/**
 * Memory the runtime reserves before the app allocates anything (measured here: python3 with numpy's
 * OpenBLAS maps ~100 MiB of buffers per thread, which it spins on forever if the mapping fails; node's V8
 * reserves ~700 MiB of address space up front), added so `memoryMiB` is what the app itself may use.
 */
function memoryLimits(runtime: SandboxRuntime, memoryMiB: number, cores: number): { data: number; addressSpace: number } {
  const overheadMiB = runtime === "python3" ? 128 + 128 * cores : runtime === "node" ? 256 : 64;
  const data = (memoryMiB + overheadMiB) * MiB;
  return { data, addressSpace: data + (runtime === "node" ? 2048 : 1024) * MiB };
}

const signalName = (n: number): string | null => (Object.entries(osc.signals).find(([, v]) => v === n)?.[0] ?? null);

/** Runs the app's command in a fresh sandbox; resolves when every process of it is gone. */
export async function runSandboxed(opts: SandboxOptions): Promise<SandboxRun> {
  const problem = sandboxProblem();
  if (problem) throw new Error(problem);
  const started = performance.now();
  const command = packagePath(opts.command);
  if (!command) throw new Error(`runSandboxed: command ${opts.command} is not a path inside the package`);
  const workDir = await realpath(opts.workDir);
  const appDir = await realpath(opts.appDir);
  const entry = await realpath(join(appDir, command));
  if (!entry.startsWith(`${appDir}/`) || !(await stat(entry)).isFile()) throw new Error(`runSandboxed: ${command} is not a file of ${appDir}`);
  if (!(await lstat(workDir)).isDirectory()) throw new Error(`runSandboxed: ${workDir} is not a directory`);
  const nodePath = opts.runtime === "node" ? await realpath(process.execPath) : null;
  if (isRoot()) {
    // bwrap runs as the run's own uid and resolves the bind sources by path (even for --bind-fd), so that uid
    // must be able to reach them; the app inside sees only the mount points, never these paths.
    for (const p of [workDir, appDir, entry, ...(nodePath ? [nodePath] : [])]) await assertSearchable(p);
    await assertReadable(appDir, entry);
  }

  const cores = Math.max(1, Math.min(64, Math.floor(opts.resources.cores)));
  const limits: SandboxLimits = { cpuSeconds: Math.ceil(opts.resources.walltimeMin * 60 * cores), ...DEFAULTS, ...opts.limits };
  const outputLimit = opts.outputLimitBytes ?? DEFAULT_OUTPUT_LIMIT;
  const fileSize = Math.min(limits.fileSizeBytes, outputLimit);
  const memory = memoryLimits(opts.runtime, opts.resources.memoryMiB, cores);

  const owner = await stat(workDir);
  // A result.json from an earlier run must not pass for this run's (readAppResult reads whatever is there).
  await rm(join(workDir, "result.json"), { recursive: true, force: true });
  const logNames = opts.logNames ?? { stdout: "stdout.log", stderr: "stderr.log" };
  const echo = opts.onOutput;
  const stdout = new CappedLog(join(workDir, logNames.stdout), limits.logBytes, echo && ((b) => echo("stdout", b)));
  const stderr = new CappedLog(join(workDir, logNames.stderr), limits.logBytes, echo && ((b) => echo("stderr", b)));
  // As root, the run gets a uid of its own outside: RLIMIT_NPROC is not enforced for uid 0 (which is what the
  // sandbox's uid maps to when root starts bwrap), and a fresh uid owns nothing else on the machine.
  const uid = isRoot() ? allocateUid() : null;
  const fds: number[] = [];
  try {
    if (uid !== null) await chownTree(workDir, uid, uid);
    // passwd, group and hosts are handed over as descriptors of files already unlinked: nothing to clean up.
    const ctl = await mkdtemp(join(tmpdir(), "ferrum-sandbox-"));
    try {
      for (const [name, text] of [["passwd", PASSWD], ["group", GROUP], ["hosts", HOSTS]] as const) {
        await writeFile(join(ctl, name), text, { mode: 0o644 });
        fds.push(openSync(join(ctl, name), fsc.O_RDONLY));
      }
    } finally {
      await rm(ctl, { recursive: true, force: true });
    }
    // stdio 0-2, the status pipe at 3, then passwd 4, group 5, hosts 6.
    const runtimeArgv =
      opts.runtime === "python3" ? ["/usr/bin/python3", "-B", `/app/${command}`]
      : opts.runtime === "bash" ? ["/bin/bash", `/app/${command}`]
      : [NODE_INSIDE, `--max-old-space-size=${opts.resources.memoryMiB}`, `/app/${command}`];
    const args = [
      "-n", "19", findTool("bwrap")!,
      ...ISOLATION,
      ...systemArgs(),
      "--ro-bind-data", "4", "/etc/passwd",
      "--ro-bind-data", "5", "/etc/group",
      "--ro-bind-data", "6", "/etc/hosts",
      "--proc", "/proc",
      "--dev", "/dev",
      "--perms", "1777", "--size", String(SHM_BYTES), "--tmpfs", "/dev/shm",
      "--perms", "1777", "--size", String(opts.resources.memoryMiB * MiB), "--tmpfs", "/tmp",
      "--bind", workDir, "/work",
      "--ro-bind", appDir, "/app",
      ...(nodePath ? ["--ro-bind", nodePath, NODE_INSIDE] : []),
      "--remount-ro", "/dev",
      "--remount-ro", "/",
      "--chdir", "/work",
      "--clearenv",
      "--setenv", "PATH", `/usr/local/bin:/usr/bin:/bin${opts.runtime === "node" ? ":/opt/ferrum/bin" : ""}`,
      "--setenv", "HOME", "/work",
      "--setenv", "LANG", "C.UTF-8",
      "--setenv", "MPLBACKEND", "Agg",
      "--setenv", "OMP_NUM_THREADS", String(cores),
      "--json-status-fd", "3",
      "--",
      "/usr/bin/prlimit",
      `--cpu=${limits.cpuSeconds}:${limits.cpuSeconds + 5}`,
      `--data=${memory.data}`,
      `--as=${memory.addressSpace}`,
      `--nproc=${limits.processes}`,
      `--nofile=${limits.openFiles}`,
      `--fsize=${fileSize}`,
      "--core=0",
      "--",
      "/bin/bash", "-c", CLOSE_FDS, "sandbox",
      ...runtimeArgv,
    ];
    const spawnOptions: SpawnOptions = {
      stdio: ["ignore", "pipe", "pipe", "pipe", ...fds],
      detached: true, // its own process group, killed as one
      env: TOOL_ENV,
    };
    if (uid !== null) Object.assign(spawnOptions, { uid, gid: uid });
    const child = spawn(findTool("nice")!, args, spawnOptions);
    for (const fd of fds.splice(0)) closeSync(fd);

    // Set from event handlers; typed wide so the checks after the run are not narrowed to their first value.
    let killedFor = null as SandboxReason | null;
    let initPid = null as number | null;
    let pidNs = null as string | null;
    let exitStatus = null as number | null;
    let status = "";
    const kill = (why: SandboxReason) => {
      killedFor ??= why;
      // SIGKILL to the namespace's init takes every process of the namespace with it.
      for (const target of [initPid, -child.pid!]) {
        if (!target) continue;
        try {
          process.kill(target, "SIGKILL");
        } catch {
          /* already gone */
        }
      }
    };
    child.stdout!.on("data", (c: Buffer) => stdout.write(c));
    child.stderr!.on("data", (c: Buffer) => stderr.write(c));
    (child.stdio[3] as Readable).on("data", (c: Buffer) => {
      status += c.toString("utf8");
      initPid ??= Number(/"child-pid":\s*(\d+)/.exec(status)?.[1]) || null;
      pidNs ??= /"pid-namespace":\s*(\d+)/.exec(status)?.[1] ? `pid:[${/"pid-namespace":\s*(\d+)/.exec(status)![1]}]` : null;
      const exit = /"exit-code":\s*(\d+)/.exec(status);
      if (exit) exitStatus = Number(exit[1]);
    });

    let finished = false;
    const timeout = setTimeout(() => kill("timeout"), opts.timeoutMs);
    let pollTimer: NodeJS.Timeout | null = null;
    const poll = async () => {
      if (finished) return;
      try {
        const usage = await treeUsage(workDir, { bytes: outputLimit, entries: limits.maxEntries });
        const hidden = pidNs ? await hiddenBytes(await namespacePids(pidNs)) : 0;
        if (finished) return;
        if (usage.bytes + hidden > outputLimit || usage.entries > limits.maxEntries) return kill("output-limit");
      } catch {
        // A failed look (a folder vanishing mid-walk) is just retried at the next tick.
      }
      if (!finished) pollTimer = setTimeout(poll, POLL_MS);
    };
    pollTimer = setTimeout(poll, POLL_MS);

    let exit: { code: number | null; signal: NodeJS.Signals | null };
    try {
      exit = await new Promise((resolve, reject) => {
        child.on("error", reject);
        child.on("close", (code, signal) => resolve({ code, signal }));
      });
    } finally {
      finished = true;
      clearTimeout(timeout);
      if (pollTimer) clearTimeout(pollTimer);
    }
    // The namespace's init exits only after the kernel has killed the rest, but a run that ended by our
    // SIGKILL to bwrap may still be tearing down: wait until no process of the namespace is left, and only
    // then look at what it left behind.
    if (pidNs) await namespaceGone(pidNs);
    await stdout.close();
    await stderr.close();

    let reason: SandboxReason;
    let exitCode: number | null = null;
    let signal: string | null = null;
    if (killedFor) {
      reason = killedFor;
      signal = "SIGKILL";
    } else if (exitStatus === null) {
      // bwrap itself failed before the app ran (its message is in stderr.log).
      reason = "failed";
      exitCode = exit.code;
      signal = exit.signal;
    } else {
      const sig = exitStatus > 128 && exitStatus < 128 + 65 ? exitStatus - 128 : 0;
      if (sig) signal = signalName(sig);
      else exitCode = exitStatus;
      const tail = stderr.tail();
      if (exitStatus === 0) reason = "ok";
      else if (sig === osc.signals.SIGXCPU) reason = "cpu";
      else if (sig === osc.signals.SIGXFSZ || FILE_SIZE_TEXT.test(tail)) reason = "output-limit";
      else if (MEMORY_TEXT.test(tail)) reason = "memory";
      else reason = sig ? "killed" : "failed";
    }
    // Whatever the app did last (a burst between two polls), a work dir over the limit is reported as such.
    if (reason !== "timeout") {
      const usage = await treeUsage(workDir, { bytes: outputLimit, entries: limits.maxEntries });
      if (usage.bytes > outputLimit || usage.entries > limits.maxEntries) reason = "output-limit";
    }
    return { exitCode, signal, reason, stdoutPath: stdout.path, stderrPath: stderr.path, durationMs: Math.round(performance.now() - started) };
  } finally {
    for (const fd of fds) closeSync(fd);
    // Normally closed above; after an error, closed here (the check and copy are harmless to repeat).
    for (const log of [stdout, stderr]) if (!log.closed) await log.close().catch(() => undefined);
    if (uid !== null) {
      await chownTree(workDir, owner.uid, owner.gid);
      activeUids.delete(uid);
    }
  }
}

/**
 * Every folder above `path` must let others search it (the x bit): the sandbox's uid is "others" there. A
 * clear error beats bwrap's "Can't find source path … Permission denied".
 */
async function assertSearchable(path: string): Promise<void> {
  for (let dir = dirname(path); ; dir = dirname(dir)) {
    const st = await stat(dir);
    if (!(st.mode & 0o001)) throw new Error(`runSandboxed: ${dir} (mode ${(st.mode & 0o777).toString(8)}) is not searchable by other users, so the sandbox's own uid cannot reach ${path}: keep work dirs and apps under folders with o+x (chmod o+x ${dir})`);
    if (dir === "/") return;
  }
}

/** The package must be readable by others (readPackage writes 0755 folders and 0644 files): the app runs as one. */
async function assertReadable(appDir: string, entry: string): Promise<void> {
  const dir = await stat(appDir);
  const file = await stat(entry);
  if ((dir.mode & 0o005) !== 0o005 || !(file.mode & 0o004)) throw new Error(`runSandboxed: ${appDir} and ${entry} must be readable by others (the sandbox's uid)`);
}

/** Waits (up to 5 s) until the pid namespace has no process left, SIGKILLing any straggler it finds. */
async function namespaceGone(ns: string): Promise<void> {
  const deadline = Date.now() + 5000;
  for (;;) {
    const pids = await namespacePids(ns);
    if (pids.length === 0) return;
    for (const pid of pids) {
      try {
        process.kill(pid, "SIGKILL");
      } catch {
        /* gone meanwhile */
      }
    }
    if (Date.now() > deadline) throw new Error(`sandbox: processes ${pids.join(", ")} of ${ns} survived SIGKILL`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** The block of outside uids sandboxed runs use when the platform is root (tests look for leftovers there). */
export const SANDBOX_UID_RANGE = { from: UID_BASE, to: UID_BASE + UID_SPAN } as const;
