import { z } from "zod";
import type { App } from "../../app.ts";
import { STORE_APP_PREFIX } from "../../compute/apps/store-apps.ts";
import type { Db } from "../../db/index.ts";
import { ApiError, Status } from "../../http/envelope.ts";
import { iso } from "../../http/fields.ts";
import { parse, type AuthUser } from "../../http/router.ts";
import { storeTexts } from "./texts.ts";

/**
 * Ratings and reviews of a store app (MaterialAPP/Rate; docs/app-store.md): one per user and app, 1 to 5 stars
 * with an optional comment, changed by rating again. Only someone whose own task of the app (any version)
 * succeeded may rate, and not its author: a rating says how the app did for them.
 */
export interface AppRatings {
  Average: number | null;
  Count: number;
  Reviews: Array<{ UserName: string; Stars: number; Comment: string; Version: string; RatedAt: string }>;
  Mine: { Stars: number; Comment: string } | null;
  /** Whether the caller may rate (ran it successfully, is not its author). */
  CanRate: boolean;
}

const REVIEWS_SHOWN = 20;
const succeededRun = (db: Db, appId: string, userId: string) =>
  db.query<{ app_version: string }>(`select app_version from compute_tasks where user_id = $1 and status = 'succeeded' and app_id like $2 order by created_at desc limit 1`, [
    userId,
    `${STORE_APP_PREFIX}${appId}@%`,
  ]);

/** An app's rating, its latest reviews, the caller's own, and whether they may rate. */
export async function ratingsOf(db: Db, user: AuthUser, appId: string, ownerId: string | null): Promise<AppRatings> {
  const [[agg], reviews, mine, ran] = await Promise.all([
    db.query<{ avg: number | null; n: number }>(`select avg(stars)::float8 as avg, count(*)::int as n from store_app_ratings where app_id = $1`, [appId]),
    db.query<{ user_name: string; stars: number; comment: string; version: string; rated_at: Date }>(
      `select user_name, stars, comment, version, rated_at from store_app_ratings where app_id = $1 order by rated_at desc limit ${REVIEWS_SHOWN}`,
      [appId],
    ),
    db.query<{ stars: number; comment: string }>(`select stars, comment from store_app_ratings where app_id = $1 and user_id = $2`, [appId, user.id]),
    succeededRun(db, appId, user.id),
  ]);
  return {
    Average: agg.avg === null ? null : Math.round(agg.avg * 10) / 10,
    Count: Number(agg.n),
    Reviews: reviews.map((r) => ({ UserName: r.user_name, Stars: Number(r.stars), Comment: r.comment, Version: r.version, RatedAt: iso(r.rated_at)! })),
    Mine: mine[0] ? { Stars: Number(mine[0].stars), Comment: mine[0].comment } : null,
    CanRate: ran.length > 0 && ownerId !== user.id,
  };
}

const rateInput = z.object({ AppId: z.string().max(40), Stars: z.coerce.number().int(), Comment: z.string().trim().default("") });

/** MaterialAPP/Rate (`AppId`, `Stars` 1–5, `Comment` ≤ 1,000): the caller's rating, replacing their earlier one. */
export async function rateApp(app: App, user: AuthUser, body: unknown): Promise<{ AppId: string; Stars: number }> {
  const input = parse(rateInput, body);
  if (!(input.Stars >= 1 && input.Stars <= 5)) throw new ApiError(Status.badRequest, storeTexts.starsInvalid, { fields: [{ field: "Stars", message: storeTexts.starsInvalid.zh }] });
  if ([...input.Comment].length > 1000) throw new ApiError(Status.badRequest, storeTexts.reviewTooLong, { fields: [{ field: "Comment", message: storeTexts.reviewTooLong.zh }] });
  const [target] = await app.db.query<{ owner_id: string | null }>(
    `select a.owner_id from store_apps a where a.id = $1 and exists (select 1 from store_app_versions v where v.app_id = a.id and v.state = 'published')`,
    [input.AppId],
  );
  if (!target) throw new ApiError(Status.notFound, storeTexts.appNotFound);
  if (target.owner_id === user.id) throw new ApiError(Status.forbidden, storeTexts.noSelfRating);
  const [run] = await succeededRun(app.db, input.AppId, user.id);
  if (!run) throw new ApiError(Status.forbidden, storeTexts.rateAfterRun);
  const [u] = await app.db.query<{ name: string }>(`select coalesce(nullif(real_name, ''), name) as name from users where id = $1`, [user.id]);
  await app.db.query(
    `insert into store_app_ratings (app_id, user_id, user_name, stars, comment, version) values ($1, $2, $3, $4, $5, $6)
     on conflict (app_id, user_id) do update set stars = excluded.stars, comment = excluded.comment, version = excluded.version, user_name = excluded.user_name, rated_at = now()`,
    [input.AppId, user.id, u?.name ?? user.name, input.Stars, input.Comment, run.app_version],
  );
  return { AppId: input.AppId, Stars: input.Stars };
}
