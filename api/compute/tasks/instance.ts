import crypto from "node:crypto";
import os from "node:os";
import type { Db } from "../../db/index.ts";

/**
 * This API process among those sharing the database: a row in api_instances it refreshes every
 * API_HEARTBEAT_MS. An instance not seen for API_INSTANCE_TIMEOUT_MS, or whose row is gone (it shut down), is
 * dead, and the tasks it had taken are someone else's to take over (TaskService.adoptOrphans).
 */
export class ApiInstance {
  readonly id = crypto.randomUUID();
  private timer: NodeJS.Timeout | null = null;
  private beat: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly db: Db,
    readonly heartbeatMs: number,
    readonly timeoutMs: number,
  ) {}

  async register(): Promise<void> {
    await this.db.query(`insert into api_instances(id, host, pid) values ($1, $2, $3)`, [this.id, os.hostname(), process.pid]);
  }

  /** Refreshes the row every heartbeat, then runs `tick` (take over the dead's tasks, dispatch). */
  startBeating(tick: () => Promise<void>): void {
    this.timer = setInterval(() => {
      this.beat = this.db
        .query(`insert into api_instances(id, host, pid) values ($1, $2, $3) on conflict (id) do update set seen_at = now()`, [this.id, os.hostname(), process.pid])
        .then(tick)
        .catch((e) => console.error("api instance heartbeat:", e));
    }, this.heartbeatMs);
    this.timer.unref();
  }

  /** Stops beating and removes the row, so the others take over this instance's tasks at their next beat. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.beat;
    await this.db.query(`delete from api_instances where id = $1`, [this.id]).catch(() => {});
  }

  /** The condition "the task's instance is dead" on compute_tasks `t`, with $1 this instance and $2 the timeout in s. */
  static readonly OWNER_DEAD = `(t.instance_id is null or (t.instance_id <> $1 and not exists (
      select 1 from api_instances i where i.id = t.instance_id and i.seen_at > now() - make_interval(secs => $2::double precision))))`;
}
