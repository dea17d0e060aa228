import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

/**
 * A one-node Slurm cluster of this machine for tests and benchmarks: its own slurm.conf, state, spool, logs and
 * ports in a temp dir, slurmctld and slurmd in the foreground as our children, and munged only when none runs.
 * stop() ends exactly the daemons it started, by PID (and cancels the cluster's jobs first, so no job outlives it).
 */
export interface SlurmCluster {
  dir: string;
  /** Path of the cluster's slurm.conf: give it to Slurm's commands as SLURM_CONF. */
  conf: string;
  partition: string;
  jobcompFile: string;
  /** Runs a Slurm client command against this cluster; returns stdout. */
  run(command: string, args: string[]): string;
  stop(): Promise<void>;
}

export const slurmInstalled = () => fs.existsSync("/usr/sbin/slurmctld") || commandExists("slurmctld");

function commandExists(name: string): boolean {
  try {
    execFileSync("bash", ["-c", `command -v ${name}`], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = net.createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const MUNGE_SOCKET = "/run/munge/munge.socket.2";
const MUNGE_KEY = "/etc/munge/munge.key";

function mungeWorks(): boolean {
  try {
    const cred = execFileSync("munge", ["-n"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"], timeout: 5000 });
    execFileSync("unmunge", [], { input: cred, stdio: ["pipe", "ignore", "ignore"], timeout: 5000 });
    return true;
  } catch {
    return false;
  }
}

/** munged for the credentials slurmctld and slurmd exchange; started (in the foreground, as user munge) only if missing. */
async function ensureMunge(): Promise<ChildProcess | null> {
  if (mungeWorks()) return null;
  const uid = Number(execFileSync("id", ["-u", "munge"], { encoding: "utf8" }).trim());
  const gid = Number(execFileSync("id", ["-g", "munge"], { encoding: "utf8" }).trim());
  if (!fs.existsSync(MUNGE_KEY)) {
    fs.mkdirSync(path.dirname(MUNGE_KEY), { recursive: true });
    execFileSync("mungekey", ["--create", "--keyfile", MUNGE_KEY]);
    fs.chownSync(MUNGE_KEY, uid, gid);
    fs.chmodSync(MUNGE_KEY, 0o600);
  }
  fs.mkdirSync(path.dirname(MUNGE_SOCKET), { recursive: true });
  fs.chownSync(path.dirname(MUNGE_SOCKET), uid, gid);
  const munged = spawn("/usr/sbin/munged", ["--foreground", "--force"], { uid, gid, stdio: "ignore" });
  for (let i = 0; i < 100; i++) {
    if (mungeWorks()) return munged;
    await sleep(100);
  }
  munged.kill("SIGTERM");
  throw new Error("munged did not start");
}

async function stopChild(child: ChildProcess | null, ms = 10_000): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((r) => child.once("exit", () => r()));
  child.kill("SIGTERM");
  const t = setTimeout(() => child.kill("SIGKILL"), ms);
  await exited;
  clearTimeout(t);
}

export async function startSlurmCluster(options: { cpus?: number } = {}): Promise<SlurmCluster> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ferrum-slurm-"));
  const host = os.hostname().split(".")[0];
  const user = os.userInfo().username;
  const cpus = options.cpus ?? 2;
  const partition = "debug";
  const [ctldPort, dPort] = [await freePort(), await freePort()];
  const conf = path.join(dir, "slurm.conf");
  const jobcompFile = path.join(dir, "jobcomp.txt");
  for (const sub of ["state", "spool"]) fs.mkdirSync(path.join(dir, sub));
  fs.writeFileSync(
    conf,
    [
      "ClusterName=ferrumtest",
      `SlurmctldHost=${host}`,
      `SlurmUser=${user}`,
      `SlurmdUser=${user}`,
      "AuthType=auth/munge",
      `SlurmctldPort=${ctldPort}`,
      `SlurmdPort=${dPort}`,
      `StateSaveLocation=${dir}/state`,
      `SlurmdSpoolDir=${dir}/spool`,
      `SlurmctldPidFile=${dir}/slurmctld.pid`,
      `SlurmdPidFile=${dir}/slurmd.pid`,
      `SlurmctldLogFile=${dir}/slurmctld.log`,
      `SlurmdLogFile=${dir}/slurmd.log`,
      "ProctrackType=proctrack/linuxproc",
      "TaskPlugin=task/none",
      "MpiDefault=none",
      "SelectType=select/cons_tres",
      "SelectTypeParameters=CR_Core",
      "ReturnToService=2",
      "JobCompType=jobcomp/filetxt",
      `JobCompLoc=${jobcompFile}`,
      // Tests want jobs placed at once and ended ones remembered while they look (not the production defaults).
      "SchedulerParameters=sched_interval=1,bf_interval=1",
      "MinJobAge=120",
      "KillWait=5",
      `NodeName=${host} CPUs=${cpus} RealMemory=4000 State=UNKNOWN`,
      `PartitionName=${partition} Nodes=ALL Default=YES MaxTime=INFINITE State=UP`,
      "",
    ].join("\n"),
  );
  const env = { ...process.env, SLURM_CONF: conf };
  const run = (command: string, args: string[]) => execFileSync(command, args, { env, encoding: "utf8", timeout: 30_000, stdio: ["ignore", "pipe", "pipe"] });

  const munged = await ensureMunge();
  const started: ChildProcess[] = [];
  const daemon = (bin: string, args: string[]) => {
    const out = fs.openSync(path.join(dir, `${path.basename(bin)}.out`), "a");
    const child = spawn(bin, args, { env, stdio: ["ignore", out, out] });
    fs.closeSync(out);
    started.push(child);
    return child;
  };
  const stop = async () => {
    try {
      // No job may outlive the cluster: its processes (slurmstepd and the job) are not the daemons' children.
      const ids = run("squeue", ["--noheader", "--format", "%i"]).split("\n").map((s) => s.trim()).filter(Boolean);
      if (ids.length) run("scancel", ids);
      for (let i = 0; i < 100 && run("squeue", ["--noheader", "--format", "%i"]).trim(); i++) await sleep(100);
    } catch {
      // The controller is already down; its jobs went with slurmd's steps.
    }
    for (const child of started.reverse()) await stopChild(child);
    await stopChild(munged);
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    daemon("/usr/sbin/slurmctld", ["-D", "-i"]);
    daemon("/usr/sbin/slurmd", ["-D"]);
    const until = Date.now() + 30_000;
    for (;;) {
      let state = "";
      try {
        state = run("sinfo", ["--noheader", "--Node", "--format", "%T"]).trim();
      } catch {
        // slurmctld not listening yet
      }
      if (state === "idle") break;
      if (Date.now() > until) throw new Error(`the test Slurm node is not idle (${state || "no answer"}); see ${dir}`);
      await sleep(100);
    }
  } catch (e) {
    await stop();
    throw e;
  }
  return { dir, conf, partition, jobcompFile, run, stop };
}
