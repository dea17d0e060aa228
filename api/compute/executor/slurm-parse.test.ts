import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { batchScript } from "./slurm.ts";
import { jobcompFileOf } from "./slurm-jobcomp.ts";
import { endOf, jobNameFor, parseExitCode, parseJobcomp, parseSinfo, parseSqueue, phaseOf } from "./slurm-parse.ts";

/** Output captured from the one-node test cluster (slurm-wlm 22.05, tests/integration/slurm-cluster.ts). */
const fixture = (name: string) => fs.readFileSync(new URL(`./slurm-fixtures/${name}`, import.meta.url), "utf8");

describe("squeue --states all", () => {
  const jobs = parseSqueue(fixture("squeue-states-all.txt"));

  it("reads every line, with the waiting reason, CPUs and a name holding the separator", () => {
    expect(jobs).toHaveLength(8);
    expect(jobs.find((j) => j.jobId === "7")).toEqual({ jobId: "7", state: "PENDING", reason: "Resources", elapsed: "0:00", cpus: 2, user: "root", partition: "debug", name: "ferrum-cccc3333" });
    expect(jobs.find((j) => j.jobId === "9")).toMatchObject({ state: "PENDING", reason: "JobHeldUser" });
    expect(jobs.find((j) => j.jobId === "8")?.name).toBe("other job|with bar");
    expect(new Set(jobs.map((j) => j.state))).toEqual(new Set(["CANCELLED", "COMPLETED", "FAILED", "PENDING"]));
  });

  it("ignores noise: empty output, headers, squeue's error text", () => {
    expect(parseSqueue("")).toEqual([]);
    expect(parseSqueue("JOBID|STATE|REASON|TIME|CPUS|USER|PARTITION|NAME\n")).toEqual([]);
    expect(parseSqueue(fixture("squeue-invalid-id.stderr.txt"))).toEqual([]);
  });
});

describe("sinfo --Node", () => {
  it("reads the node's CPUs (allocated/idle/other/total), memory and its partition, marking the default one", () => {
    expect(parseSinfo(fixture("sinfo-node.txt"))).toEqual([
      { name: "vm", state: "idle", cpusAllocated: 0, cpusIdle: 2, cpusTotal: 2, memoryMb: 4000, freeMemoryMb: 19308, partition: "debug", isDefault: true },
    ]);
    expect(parseSinfo("n1|down*|0/0/4/4|8000|N/A|batch\n")[0]).toMatchObject({ freeMemoryMb: null, isDefault: false, cpusTotal: 4 });
  });
});

describe("jobcomp/filetxt", () => {
  const records = new Map(parseJobcomp(fixture("jobcomp.txt")).map((r) => [r.jobId, r]));

  it("reads the final state and Slurm's exit code of each ended job", () => {
    expect(records.size).toBe(11);
    expect(records.get("1")).toEqual({ jobId: "1", name: "ferrum-abc", state: "FAILED", exitCode: 3, signal: null });
    expect(records.get("4")).toMatchObject({ state: "TIMEOUT", exitCode: 0 });
    expect(records.get("5")).toMatchObject({ name: "ferrum-aaaa1111", state: "COMPLETED", exitCode: 0 });
    expect(records.get("6")).toMatchObject({ state: "FAILED", exitCode: 7 });
    expect(records.get("10")).toMatchObject({ state: "CANCELLED" });
    // `kill -9 $$` in the batch script: Slurm's "0:9".
    expect(records.get("11")).toMatchObject({ state: "FAILED", exitCode: null, signal: "SIGKILL" });
  });

  it("is found through `scontrol show config` only when the filetxt plugin is on", () => {
    expect(jobcompFileOf(fixture("scontrol-show-config.txt"))).toBe("/tmp/slurmtry/jobcomp.txt");
    expect(jobcompFileOf("JobCompLoc              = /var/log/x\nJobCompType             = jobcomp/none\n")).toBeNull();
  });

  it("parses Slurm's code:signal pairs", () => {
    expect(parseExitCode("0:0")).toEqual({ code: 0, signal: null });
    expect(parseExitCode("2:0")).toEqual({ code: 2, signal: null });
    expect(parseExitCode("0:15")).toEqual({ code: null, signal: "SIGTERM" });
    expect(parseExitCode("")).toEqual({ code: null, signal: null });
  });
});

describe("state mapping", () => {
  it("puts each Slurm state in its phase", () => {
    for (const s of ["PENDING", "CONFIGURING", "REQUEUED"]) expect(phaseOf(s)).toBe("queued");
    for (const s of ["RUNNING", "COMPLETING", "SUSPENDED"]) expect(phaseOf(s)).toBe("running");
    for (const s of ["COMPLETED", "FAILED", "CANCELLED by 0", "CANCELLED+", "TIMEOUT", "NODE_FAIL", "OUT_OF_MEMORY", "BOOT_FAIL", "PREEMPTED"]) expect(phaseOf(s)).toBe("ended");
  });

  it("ends a job with the wrapper's exit status first, Slurm's when the wrapper left none", () => {
    expect(endOf("COMPLETED", 0)).toEqual({ exitCode: 0, signal: null, reason: "exit" });
    expect(endOf("COMPLETED", null)).toEqual({ exitCode: 0, signal: null, reason: "exit" });
    expect(endOf("FAILED", 3, { code: 9, signal: null })).toEqual({ exitCode: 3, signal: null, reason: "exit" });
    expect(endOf("FAILED", null, { code: null, signal: "SIGKILL" })).toEqual({ exitCode: null, signal: "SIGKILL", reason: "exit" });
    expect(endOf("OUT_OF_MEMORY", null, { code: 0, signal: null })).toMatchObject({ reason: "exit", exitCode: 0 });
    expect(endOf("NODE_FAIL", null)).toMatchObject({ reason: "exit", exitCode: null });
    expect(endOf("TIMEOUT", 143)).toEqual({ exitCode: 143, signal: null, reason: "timeout" });
    expect(endOf("DEADLINE", null)).toMatchObject({ reason: "timeout" });
    expect(endOf("CANCELLED by 0", 143)).toEqual({ exitCode: 143, signal: null, reason: "cancelled" });
    expect(endOf("CANCELLED", null)).toEqual({ exitCode: null, signal: null, reason: "cancelled" });
    // Cancelled while pending: the jobcomp record's "0:0" is no exit status.
    expect(endOf("CANCELLED", null, { code: 0, signal: null })).toEqual({ exitCode: null, signal: null, reason: "cancelled" });
    expect(endOf("BOOT_FAIL", null)).toEqual({ exitCode: null, signal: null, reason: "lost" });
    expect(endOf("PREEMPTED", 0)).toMatchObject({ reason: "lost" });
  });

  it("names a task's job from its id, and the captured jobs of the fixtures follow it", () => {
    expect(jobNameFor("aaaa1111-2222-3333-4444-555566667777")).toBe("ferrum-aaaa1111");
    expect(parseSqueue(fixture("squeue-states-all.txt")).filter((j) => j.name.startsWith("ferrum-")).length).toBe(7);
  });
});

describe("batch script", () => {
  it("runs the job script under the exit-recording wrapper with Slurm's job id, quoting the path", () => {
    const text = batchScript("/data/tasks/it's here/job.sh");
    expect(text.startsWith("#!/bin/bash\n")).toBe(true);
    expect(text).toContain(`ferrum-job '/data/tasks/it'\\''s here/job.sh' "$SLURM_JOB_ID"`);
    expect(text).toContain("job.exit");
  });
});
