import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { qeJobScript } from "./job.ts";

const FIX = path.join(import.meta.dirname, "fixtures");
const dirs: string[] = [];
const tmp = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), "qe-job-"));
  dirs.push(d);
  return d;
};
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

/** A stand-in pw.x on PATH: checks the pseudopotential is readable in the work dir and prints what it ran. */
function fakePw(): string {
  const bin = tmp();
  fs.writeFileSync(path.join(bin, "pw.x"), '#!/usr/bin/env bash\nhead -c 10 "$ESPRESSO_PSEUDO/Si.pz-vbc.UPF" >/dev/null || exit 3\necho "pw.x $*"\necho "JOB DONE."\n', { mode: 0o755 });
  return bin;
}

function runJob(workDir: string, installed: string, cores = 1) {
  const script = qeJobScript({ taskId: "t", workDir, mainInput: "pw.in", cores, walltimeMin: 1 }, installed);
  fs.writeFileSync(path.join(workDir, "job.sh"), script);
  return spawnSync("bash", ["job.sh"], { cwd: workDir, env: { ...process.env, PATH: `${fakePw()}:${process.env.PATH}` }, encoding: "utf8" });
}

describe("qe-pw job script", () => {
  it("links the named installed pseudopotential, runs pw.in then each EOS point, output to .out files", () => {
    const installed = tmp();
    fs.writeFileSync(path.join(installed, "Si.pz-vbc.UPF"), "<UPF version=\"2.0.1\">");
    const wd = tmp();
    fs.mkdirSync(path.join(wd, "eos"));
    fs.copyFileSync(path.join(FIX, "si-eos/pw.in"), path.join(wd, "pw.in"));
    for (const p of ["p01", "p05"]) fs.copyFileSync(path.join(FIX, `si-eos/eos/${p}.in`), path.join(wd, `eos/${p}.in`));
    const r = runJob(wd, installed);
    expect(r.stderr).toBe("");
    expect(r.status).toBe(0);
    expect(fs.readlinkSync(path.join(wd, "Si.pz-vbc.UPF"))).toBe(path.join(installed, "Si.pz-vbc.UPF"));
    expect(fs.readFileSync(path.join(wd, "pw.out"), "utf8")).toBe("pw.x -in pw.in\nJOB DONE.\n");
    expect(fs.readFileSync(path.join(wd, "eos/p05.out"), "utf8")).toBe("pw.x -in eos/p05.in\nJOB DONE.\n");
    expect(r.stdout).toContain("=== EOS point eos/p01.in ===");
  });

  it("keeps an uploaded pseudopotential, and stops before pw.x when one is neither uploaded nor installed", () => {
    const wd = tmp();
    fs.copyFileSync(path.join(FIX, "si-example01.in"), path.join(wd, "pw.in"));
    fs.writeFileSync(path.join(wd, "Si.pz-vbc.UPF"), "uploaded");
    expect(runJob(wd, tmp()).status).toBe(0);
    expect(fs.lstatSync(path.join(wd, "Si.pz-vbc.UPF")).isSymbolicLink()).toBe(false);

    const wd2 = tmp();
    fs.copyFileSync(path.join(FIX, "fe-bcc-spin.in"), path.join(wd2, "pw.in"));
    const r = runJob(wd2, tmp());
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/pseudopotential Fe.pz-nd-rrkjus.UPF \(named in pw.in\): neither uploaded with the input nor installed/);
    expect(fs.existsSync(path.join(wd2, "pw.out"))).toBe(false);
  });

  it("runs pw.x under mpirun only with more than one core, as root only with --allow-run-as-root", () => {
    const one = qeJobScript({ taskId: "t", workDir: "/w", mainInput: "pw.in", cores: 1, walltimeMin: 1 });
    const two = qeJobScript({ taskId: "t", workDir: "/w d'x", mainInput: "pw.in", cores: 2, walltimeMin: 1 });
    expect(one).toContain("if [ 1 -gt 1 ]");
    expect(two).toContain("PW=(mpirun -np 2)");
    expect(two).toContain('if [ "$(id -u)" = 0 ]; then PW+=(--allow-run-as-root); fi');
    expect(two).toContain(`cd '/w d'\\''x'`);
    execFileSync("bash", ["-n"], { input: two });
  });
});
