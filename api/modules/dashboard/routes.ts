import type { App } from "../../app.ts";
import type { Db } from "../../db/index.ts";
import type { Router } from "../../http/router.ts";

export interface PublicStats {
  /** Active (not disabled) accounts. */
  users: number;
  departments: number;
  categories: number;
  /** Published notices. */
  notices: number;
  roles: number;
}

/** Real counts for the public landing page (/dashboard); no names, nothing per user. */
export async function publicStats(db: Db): Promise<PublicStats> {
  const [row] = await db.query<PublicStats>(
    `select (select count(*) from users where not disabled)::int as users,
            (select count(*) from departments)::int as departments,
            (select count(*) from compute_categories)::int as categories,
            (select count(*) from notices where published_at is not null and published_at <= now())::int as notices,
            (select count(*) from roles)::int as roles`,
  );
  return row;
}

export function register(router: Router, app: App): void {
  router.get("Dashboard/GetPublicStats", async () => publicStats(app.db), { auth: "none" });
}
