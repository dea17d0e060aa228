import { z } from "zod";
import type { Db } from "../../db/index.ts";
import { pagedQuery, parsePaging, Where, type Page } from "../../db/paged.ts";
import { ApiError, Status } from "../../http/envelope.ts";
import { iso } from "../../http/fields.ts";
import type { Lang } from "../../http/messages.ts";
import { parse, type AuthUser } from "../../http/router.ts";
import { logOperation, type Actor } from "../system/oplog.ts";
import { labelIn, type AppManifest } from "./manifest.ts";
import { storeTexts } from "./texts.ts";
import { CRITERIA, type Evaluation, type VersionState } from "../../../common/app-store.ts";

/**
 * Expert evaluation (MaterialAPP/InviteExperts, SaveEvaluation, GetMyEvaluations; docs/app-store.md): an app
 * administrator invites users as experts on a submitted version; each scores it 1–5 on the stated criteria
 * (correctness, documentation, usefulness, performance) with a comment, changeable while it waits for review;
 * the administrator reads the scores side by side on the review page before deciding.
 */

interface ExpertRow {
  expert_name: string;
  invited_by_name: string;
  invited_at: Date;
  correctness: number | null;
  documentation: number | null;
  usefulness: number | null;
  performance: number | null;
  comment: string;
  evaluated_at: Date | null;
}

const evaluationOf = (r: ExpertRow): Evaluation => ({
  ExpertName: r.expert_name,
  InvitedBy: r.invited_by_name,
  InvitedAt: iso(r.invited_at)!,
  Scores: r.evaluated_at === null ? null : { Correctness: Number(r.correctness), Documentation: Number(r.documentation), Usefulness: Number(r.usefulness), Performance: Number(r.performance) },
  Comment: r.comment,
  EvaluatedAt: iso(r.evaluated_at),
});

/** A version's experts and their evaluations, in the order they were invited. */
export async function evaluationsOf(db: Db, versionId: string): Promise<Evaluation[]> {
  const rows = await db.query<ExpertRow>(`select * from store_app_experts where version_id = $1 order by invited_at, expert_name`, [versionId]);
  return rows.map(evaluationOf);
}

/** Whether the user is invited to evaluate this version (they may then read it like its reviewers). */
export async function isInvitedExpert(db: Db, versionId: string, userId: string): Promise<boolean> {
  return (await db.query(`select 1 from store_app_experts where version_id = $1 and expert_id = $2`, [versionId, userId])).length > 0;
}

const inviteInput = z.object({ Id: z.string().uuid(), Experts: z.array(z.string().trim().min(1).max(50)).min(1).max(20) });

/** MaterialAPP/InviteExperts (`Id`, `Experts`: account names; app administrators): invites them on a submitted version. Logged. */
export async function inviteExperts(db: Db, actor: Actor, body: unknown): Promise<Evaluation[]> {
  const input = parse(inviteInput, body);
  await db.transaction(async (tx) => {
    const [v] = await tx.query<{ state: VersionState; app_id: string; version: string }>(`select state, app_id, version from store_app_versions where id = $1 for update`, [input.Id]);
    if (!v) throw new ApiError(Status.notFound, storeTexts.notFound);
    if (v.state !== "submitted") throw new ApiError(Status.conflict, storeTexts.evaluationClosed);
    const users = await tx.query<{ id: string; name: string; display: string }>(
      `select id, name, coalesce(nullif(real_name, ''), name) as display from users where name = any($1::text[]) and not disabled`,
      [input.Experts],
    );
    const missing = input.Experts.filter((n) => !users.some((u) => u.name === n));
    if (missing.length) throw new ApiError(Status.badRequest, storeTexts.expertUnknown, { fields: [{ field: "Experts", message: `${storeTexts.expertUnknown.zh}: ${missing.join(", ")}` }] });
    const [me] = await tx.query<{ name: string }>(`select coalesce(nullif(real_name, ''), name) as name from users where id = $1`, [actor.id]);
    for (const u of users) {
      await tx.query(`insert into store_app_experts (version_id, expert_id, expert_name, invited_by_name) values ($1, $2, $3, $4) on conflict do nothing`, [
        input.Id,
        u.id,
        u.display,
        me?.name ?? actor.name,
      ]);
    }
    await logOperation(tx, actor, {
      action: "appVersion.invite",
      targetType: "appVersion",
      targetId: input.Id,
      targetName: `${v.app_id} ${v.version}`,
      before: null,
      after: { experts: users.map((u) => u.name) },
    });
  });
  return evaluationsOf(db, input.Id);
}

const score = z.coerce.number();
const saveInput = z.object({ Id: z.string().uuid(), Correctness: score, Documentation: score, Usefulness: score, Performance: score, Comment: z.string().trim().default("") });

/** MaterialAPP/SaveEvaluation (`Id`, the four scores 1–5, `Comment` ≤ 2,000): an invited expert's evaluation of a submitted version. */
export async function saveEvaluation(db: Db, user: AuthUser, body: unknown): Promise<Evaluation> {
  const input = parse(saveInput, body);
  const scores = CRITERIA.map((c) => input[c]);
  if (!scores.every((s) => Number.isInteger(s) && s >= 1 && s <= 5))
    throw new ApiError(Status.badRequest, storeTexts.scoresInvalid, { fields: [{ field: "Scores", message: storeTexts.scoresInvalid.zh }] });
  if ([...input.Comment].length > 2000) throw new ApiError(Status.badRequest, storeTexts.commentTooLong, { fields: [{ field: "Comment", message: storeTexts.commentTooLong.zh }] });
  return db.transaction(async (tx) => {
    const [v] = await tx.query<{ state: VersionState }>(`select state from store_app_versions where id = $1 for update`, [input.Id]);
    if (!v || !(await isInvitedExpert(tx, input.Id, user.id))) throw new ApiError(Status.notFound, storeTexts.notInvited);
    if (v.state !== "submitted") throw new ApiError(Status.conflict, storeTexts.evaluationClosed);
    const [row] = await tx.query<ExpertRow>(
      `update store_app_experts set correctness = $3, documentation = $4, usefulness = $5, performance = $6, comment = $7, evaluated_at = now()
        where version_id = $1 and expert_id = $2 returning *`,
      [input.Id, user.id, ...scores, input.Comment],
    );
    return evaluationOf(row);
  });
}

export interface MyEvaluation extends Evaluation {
  VersionId: string;
  AppId: string;
  Version: string;
  Name: string;
  State: VersionState;
}

/** MaterialAPP/GetMyEvaluations: the versions I am invited to evaluate, those waiting for me first. */
export async function myEvaluations(db: Db, user: AuthUser, query: URLSearchParams, lang: Lang): Promise<Page<MyEvaluation>> {
  const paging = parsePaging(query);
  const w = new Where();
  w.and(`e.expert_id = ${w.param(user.id)}`);
  const { total, rows } = await pagedQuery<ExpertRow & { version_id: string; app_id: string; version: string; manifest: AppManifest; state: VersionState }>(
    db,
    {
      select: "e.*, v.app_id, v.version, v.manifest, v.state",
      from: "store_app_experts e join store_app_versions v on v.id = e.version_id",
      where: w,
      orderBy: "(e.evaluated_at is null and v.state = 'submitted') desc, e.invited_at desc",
    },
    paging,
  );
  return {
    total,
    page: paging.page,
    size: paging.size,
    rows: rows.map((r) => ({ ...evaluationOf(r), VersionId: r.version_id, AppId: r.app_id, Version: r.version, Name: labelIn(r.manifest.names, lang), State: r.state })),
  };
}
