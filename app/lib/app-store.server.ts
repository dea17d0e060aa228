import { z } from "zod";
import { VERSION_STATES, type PackageProblem, type StoreApp, type StoreCard, type VersionDetail, type VersionView } from "./app-store.ts";
import { highlightLines } from "./code-highlight.server.ts";
import { api, UpstreamError, type CallArgs } from "./upstream.server.ts";

/** The app store's calls (docs/app-store.md): MaterialAPP/*. */

const version = z.object({
  Id: z.string(),
  AppId: z.string(),
  Version: z.string(),
  State: z.enum(VERSION_STATES),
  Name: z.string(),
  Description: z.string(),
  Category: z.string(),
  Runtime: z.string(),
  Tags: z.array(z.string()),
  FileName: z.string(),
  PackageBytes: z.number(),
  Sha256: z.string(),
  TestTaskId: z.string().nullable(),
  TestStatus: z.string().nullable(),
  TestError: z.string().nullable(),
  UploadedBy: z.string(),
  UploadedAt: z.string(),
  SubmittedAt: z.string().nullable(),
  ReviewedBy: z.string().nullable(),
  ReviewedAt: z.string().nullable(),
  ReviewComment: z.string(),
  PublishedAt: z.string().nullable(),
  RowVersion: z.number(),
  Mine: z.boolean(),
}) satisfies z.ZodType<VersionView>;

const scores = z.object({ Correctness: z.number(), Documentation: z.number(), Usefulness: z.number(), Performance: z.number() });
const evaluation = z.object({ ExpertName: z.string(), InvitedBy: z.string(), InvitedAt: z.string(), Scores: scores.nullable(), Comment: z.string(), EvaluatedAt: z.string().nullable() });

const detail = version.extend({
  Evaluations: z.array(evaluation),
  Manifest: z.custom<VersionDetail["Manifest"]>((v) => !!v && typeof v === "object"),
  Files: z.array(z.object({ Path: z.string(), Bytes: z.number() })),
  Events: z.array(z.object({ Action: z.string(), Comment: z.string(), ActorName: z.string(), At: z.string() })),
}) satisfies z.ZodType<VersionDetail>;

const paged = <S extends z.ZodType>(row: S) => z.object({ total: z.number(), page: z.number(), size: z.number(), rows: z.array(row) });

export interface VersionQuery {
  scope?: "all";
  state?: string;
  keyword?: string;
  page: number;
  pageSize: number;
}

export const listVersions = (args: CallArgs, token: string, q: VersionQuery) =>
  api(args, "MaterialAPP/XMaterialAPPUploadBase", {
    token,
    query: { scope: q.scope ?? null, state: q.state || null, keyword: q.keyword || null, page: q.page, pageSize: q.pageSize },
    schema: paged(version),
  });
export const getVersion = (args: CallArgs, token: string, id: string) => api(args, "MaterialAPP/GetAppVersion", { token, query: { id }, schema: detail });
export const getVersionFile = (args: CallArgs, token: string, id: string, path: string) =>
  api(args, "MaterialAPP/GetAppVersionFile", { token, query: { id, path }, schema: z.object({ Path: z.string(), Text: z.string().nullable(), Bytes: z.number() }) });
/** One file of a version's package for the code view: its lines highlighted (null when binary or too large to show). */
export async function getCodeView(args: CallArgs, token: string, id: string, path: string) {
  const f = await getVersionFile(args, token, id, path);
  return { Path: f.Path, Bytes: f.Bytes, Lines: f.Text === null ? null : highlightLines(f.Path, f.Text) };
}

/** A version's page data: the version and, when the address names one (`file=`), that file of its package. */
export const versionWithCode = (args: CallArgs, token: string, id: string, file: string | null) =>
  Promise.all([getVersion(args, token, id), file ? getCodeView(args, token, id, file) : Promise.resolve(null)]);

export const submitVersion = (args: CallArgs, token: string, input: { Id: string; RowVersion: number }) => api(args, "MaterialAPP/SubmitForReview", { token, json: input, schema: version });
export const reviewVersion = (args: CallArgs, token: string, input: { Id: string; RowVersion: number; Decision: string; Comment: string }) =>
  api(args, "MaterialAPP/Review", { token, json: input, schema: version });

/** Uploads a package; a refused one gives its problems (each in the user's language) instead of throwing. */
export async function uploadPackage(args: CallArgs, token: string, file: File): Promise<{ ok: true; version: VersionView } | { ok: false; error: string; problems: PackageProblem[] }> {
  const body = new FormData();
  body.append("file", file, file.name);
  try {
    return { ok: true, version: await api(args, "MaterialAPP/UploadPackage", { method: "POST", multipart: body, token, schema: version }) };
  } catch (e) {
    if (!(e instanceof UpstreamError) || e.sessionInvalid || e.status >= 500) throw e;
    const problems = z.object({ Problems: z.array(z.object({ Path: z.string(), Code: z.string(), Message: z.string() })) }).safeParse(e.returnData);
    return { ok: false, error: e.msg, problems: problems.success ? problems.data.Problems : [] };
  }
}

const card = z.object({
  AppId: z.string(),
  RunId: z.string(),
  Version: z.string(),
  Name: z.string(),
  Description: z.string(),
  Category: z.string(),
  Tags: z.array(z.string()),
  Authors: z.array(z.string()),
  OwnerName: z.string(),
  PublishedAt: z.string(),
  Runs: z.number(),
  Rating: z.number().nullable(),
  Ratings: z.number(),
  Featured: z.boolean(),
}) satisfies z.ZodType<StoreCard>;

/** A page of the store; with `shelves` (cards per shelf) the most used, best rated and newest too, in the same call. */
export const getStore = (args: CallArgs, token: string, q: { keyword?: string; category?: string; tag?: string; sort?: string; page: number; pageSize: number; shelves?: number }) =>
  api(args, "MaterialAPP/GetStore", {
    token,
    query: { keyword: q.keyword || null, category: q.category || null, tag: q.tag || null, sort: q.sort || null, page: q.page, pageSize: q.pageSize, shelves: q.shelves ?? null },
    schema: paged(card).extend({ Shelves: z.object({ featured: z.array(card), used: z.array(card), rated: z.array(card), newest: z.array(card) }).optional() }),
  });

export const getStoreApp = (args: CallArgs, token: string, id: string) =>
  api(args, "MaterialAPP/GetApp", {
    token,
    query: { id },
    schema: card.extend({
      DocsHtml: z.string().nullable(),
      License: z.string(),
      Runtime: z.string(),
      Command: z.string(),
      Resources: z.object({ cores: z.number(), memoryMiB: z.number(), walltimeMin: z.number() }),
      Inputs: z.array(z.object({ Name: z.string(), Label: z.string(), Unit: z.string().nullable() })),
      Outputs: z.array(z.object({ Name: z.string(), Label: z.string(), Kind: z.string(), Unit: z.string().nullable() })),
      Versions: z.array(z.object({ Version: z.string(), RunId: z.string(), PublishedAt: z.string(), Changelog: z.string() })),
      Voices: z.object({
        Average: z.number().nullable(),
        Count: z.number(),
        Reviews: z.array(z.object({ UserName: z.string(), Stars: z.number(), Comment: z.string(), Version: z.string(), RatedAt: z.string() })),
        Mine: z.object({ Stars: z.number(), Comment: z.string() }).nullable(),
        CanRate: z.boolean(),
      }),
    }) satisfies z.ZodType<StoreApp>,
  });

/** The caller's rating of an app (only after a successful run of theirs; the API says why not). */
/** An app administrator puts a published app on the store's featured shelf, or takes it off. */
export const featureApp = (args: CallArgs, token: string, input: { AppId: string; Featured: boolean }) => api(args, "MaterialAPP/Feature", { token, json: input });

export const rateApp = (args: CallArgs, token: string, input: { AppId: string; Stars: number; Comment: string }) =>
  api(args, "MaterialAPP/Rate", { token, json: input, schema: z.object({ AppId: z.string(), Stars: z.number() }) });

/** Experts invited on a submitted version, by account name (app administrators). */
export const inviteExperts = (args: CallArgs, token: string, input: { Id: string; Experts: string[] }) => api(args, "MaterialAPP/InviteExperts", { token, json: input, schema: z.array(evaluation) });

export const saveEvaluation = (args: CallArgs, token: string, input: { Id: string; Correctness: number; Documentation: number; Usefulness: number; Performance: number; Comment: string }) =>
  api(args, "MaterialAPP/SaveEvaluation", { token, json: input, schema: evaluation });

export const myEvaluations = (args: CallArgs, token: string, page: number, pageSize: number) =>
  api(args, "MaterialAPP/GetMyEvaluations", {
    token,
    query: { page, pageSize },
    schema: paged(evaluation.extend({ VersionId: z.string(), AppId: z.string(), Version: z.string(), Name: z.string(), State: z.enum(VERSION_STATES) })),
  });
