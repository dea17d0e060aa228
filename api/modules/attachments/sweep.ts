import fs from "node:fs";
import type { App } from "../../app.ts";
import { startPeriodic } from "../../periodic.ts";
import { filePath, IN_USE } from "./store.ts";

/**
 * Deletes uploads that no saved record uses once they are ATTACHMENT_GRACE_HOURS old: files attached to a
 * notice or feedback that was never saved would otherwise stay on disk forever. The grace period covers a
 * form still being filled in. Each row is deleted with its "in use" check in the same statement, so a file a
 * record took meanwhile stays. Answers the stored names removed.
 */
export async function sweepUnusedAttachments(app: App): Promise<string[]> {
  const rows = await app.db.query<{ stored_name: string }>(
    `delete from attachments a
      where a.created_at < now() - make_interval(secs => $1::double precision)
        and not ${IN_USE}
      returning a.stored_name`,
    [app.config.ATTACHMENT_GRACE_HOURS * 3600],
  );
  for (const r of rows) await fs.promises.rm(filePath(app, r.stored_name), { force: true });
  return rows.map((r) => r.stored_name);
}

/** Runs the sweep at start and then every ATTACHMENT_SWEEP_MS until stopped. */
export const startAttachmentSweep = (app: App) => startPeriodic("attachment sweep", app.config.ATTACHMENT_SWEEP_MS, () => sweepUnusedAttachments(app));
