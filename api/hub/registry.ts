import type { HubConnection } from "./connection.ts";

/** This instance's connections, by id and by user, and their keep-alive. */
export class Registry {
  private all = new Set<HubConnection>();
  private byUser = new Map<string, Set<HubConnection>>();
  private timer: NodeJS.Timeout;

  constructor(
    private pingMs: number,
    private clientTimeoutMs: number,
  ) {
    // One sweep for every connection instead of two timers each: cheap at thousands of clients.
    this.timer = setInterval(() => this.sweep(), Math.min(pingMs, 1000));
    this.timer.unref();
  }

  add(c: HubConnection): void {
    this.all.add(c);
    const mine = this.byUser.get(c.userId) ?? new Set();
    mine.add(c);
    this.byUser.set(c.userId, mine);
  }

  remove(c: HubConnection): void {
    this.all.delete(c);
    const mine = this.byUser.get(c.userId);
    mine?.delete(c);
    if (mine?.size === 0) this.byUser.delete(c.userId);
  }

  get size(): number {
    return this.all.size;
  }

  /** Sends one serialised frame to every connection, or to one user's. */
  deliver(userId: string | null, frames: string): void {
    const targets = userId === null ? this.all : this.byUser.get(userId);
    for (const c of targets ?? []) c.send(frames);
  }

  /** A user's session ended: their clients are closed and told not to reconnect. */
  closeUser(userId: string): void {
    for (const c of [...(this.byUser.get(userId) ?? [])]) c.close(false, "Session ended");
  }

  /** Server shutdown: every client is told it may reconnect. */
  closeAll(): void {
    clearInterval(this.timer);
    for (const c of [...this.all]) c.close(true);
  }

  private sweep(): void {
    const now = Date.now();
    for (const c of [...this.all]) {
      if (now - c.lastReceived > this.clientTimeoutMs) c.abort();
      else if (now - c.lastSent >= this.pingMs) c.ping();
    }
  }
}
