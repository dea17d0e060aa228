import fs from "node:fs/promises";
import type { SlurmCommands } from "./slurm-commands.ts";
import { parseJobcomp, type JobcompRecord } from "./slurm-parse.ts";

/** `scontrol show config` lines: where the jobcomp/filetxt plugin writes, when that is the plugin in use. */
export function jobcompFileOf(config: string): string | null {
  const value = (key: string) => new RegExp(`^${key}\\s*=\\s*(.*)$`, "m").exec(config)?.[1].trim() ?? "";
  return value("JobCompType") === "jobcomp/filetxt" && value("JobCompLoc") ? value("JobCompLoc") : null;
}

/**
 * The final states of ended jobs from the jobcomp file, without slurmdbd. The file only grows, so each look
 * reads just what was appended since the last one; a file that shrank (rotated) is read again from the start.
 * On a cluster whose controller writes it where this host cannot read, it is simply absent (job.exit remains).
 */
export class SlurmJobcomp {
  private file: Promise<string | null> | undefined;
  private offset = 0;
  private partial = "";
  private readonly records = new Map<string, JobcompRecord>();

  constructor(private readonly cmd: SlurmCommands) {}

  async find(jobId: string): Promise<JobcompRecord | undefined> {
    await this.refresh();
    return this.records.get(jobId);
  }

  private async refresh(): Promise<void> {
    this.file ??= this.cmd.run("scontrol", ["show", "config"]).then(jobcompFileOf);
    let file: string | null;
    try {
      file = await this.file;
    } catch (e) {
      this.file = undefined; // ask again next time
      throw e;
    }
    if (!file) return;
    let handle: fs.FileHandle;
    try {
      handle = await fs.open(file, "r");
    } catch {
      return; // not written yet (no job ended) or not visible from here
    }
    try {
      const { size } = await handle.stat();
      if (size < this.offset) {
        this.offset = 0;
        this.partial = "";
        this.records.clear();
      }
      if (size === this.offset) return;
      const buf = Buffer.alloc(size - this.offset);
      const { bytesRead } = await handle.read(buf, 0, buf.length, this.offset);
      this.offset += bytesRead;
      const text = this.partial + buf.subarray(0, bytesRead).toString("utf8");
      const cut = text.lastIndexOf("\n") + 1;
      // A line still being written waits for the next look.
      this.partial = text.slice(cut);
      for (const r of parseJobcomp(text.slice(0, cut))) this.records.set(r.jobId, r);
    } finally {
      await handle.close();
    }
  }
}
