import type { App } from "../../app.ts";
import { ApiError, Status } from "../../http/envelope.ts";
import { Raw, type AuthUser, type Ctx, type Router } from "../../http/router.ts";
import { contentDisposition } from "../attachments/names.ts";
import { elementsFrom, headerOf, matchesFilter, pageOf, searchFunctions, searchParameters } from "./browse.ts";
import { cachedContent, forgetContent, tdbContentCache } from "./content-cache.ts";
import type { DatabaseContent } from "./content.types.ts";
import { readUploadForm } from "../../http/upload-form.ts";
import { shippedById, shippedList, type ShippedDatabase } from "./shipped.ts";
import { deleteUpload, findVisible, listVisible, readUpload, saveUpload, setPublished, UUID, type TdbRow } from "./store.ts";
import { tdbTexts, tooLargeText, warningText } from "./texts.ts";
import { checkTdb, decodeTdb, isTdbName, TDB_MAX_BYTES } from "./upload-check.ts";

/**
 * ThermoDatabase/*: the thermodynamic database catalogue (issue 6, category DatabaseResources). The shipped
 * databases come with the code; uploads are checked by the TDB reader before they are stored, private to the
 * uploader until an admin publishes them. Every call needs a login; publishing needs SystemAdmin.
 */

// The multipart framing around the file, or JSON's escaping of the text (quotes, backslashes, \r\n).
const BODY_LIMIT = 2 * TDB_MAX_BYTES + 64 * 1024;
const ADMIN = "SystemAdmin";

/** One database in the catalogue, shipped or uploaded. */
export interface CatalogueEntry {
  id: string;
  kind: "shipped" | "uploaded";
  name: string;
  fileName: string;
  size: number;
  elements: string[];
  phases: string[];
  functionCount: number;
  parameterCount: number;
  /** Where the file comes from (shipped: the repository it was copied from). */
  source: string;
  citation: string;
  /** The uploader's name (uploads only). */
  owner: string | null;
  mine: boolean;
  published: boolean;
  createdAt: string | null;
  canDelete: boolean;
  canPublish: boolean;
}

const viewer = (u: AuthUser) => ({ id: u.id, admin: u.roles.includes(ADMIN) });

function shippedEntry(s: ShippedDatabase, c: DatabaseContent): CatalogueEntry {
  return {
    id: s.id,
    kind: "shipped",
    name: s.name,
    fileName: s.fileName,
    size: Buffer.byteLength(s.text, "utf8"),
    elements: c.elements,
    phases: c.phases.map((p) => p.name),
    functionCount: c.functions.length,
    parameterCount: c.parameters.length,
    source: s.source,
    citation: s.citation,
    owner: null,
    mine: false,
    published: true,
    createdAt: null,
    canDelete: false,
    canPublish: false,
  };
}

function uploadEntry(r: TdbRow, user: AuthUser): CatalogueEntry {
  const admin = user.roles.includes(ADMIN);
  return {
    id: r.id,
    kind: "uploaded",
    name: r.name,
    fileName: r.file_name,
    size: Number(r.size),
    elements: r.elements,
    phases: r.phases,
    functionCount: r.function_count,
    parameterCount: r.parameter_count,
    source: "",
    citation: r.citation,
    owner: r.owner_name,
    mine: r.owner_id === user.id,
    published: r.published,
    createdAt: new Date(r.created_at).toISOString(),
    canDelete: admin || r.owner_id === user.id,
    canPublish: admin,
  };
}

const shippedContent = (s: ShippedDatabase) => cachedContent(`shipped:${s.id}`, async () => checkTdb(s.text));

/** A shipped database, or an upload the caller may see; anything else (including a malformed id) is 404. */
async function resolve(app: App, id: string, user: AuthUser) {
  const shipped = shippedById(id);
  if (shipped) {
    const content = await shippedContent(shipped);
    return { entry: shippedEntry(shipped, content), text: async () => shipped.text, content: async () => content };
  }
  const row = UUID.test(id) ? await findVisible(app, id, viewer(user)) : null;
  if (!row) throw new ApiError(Status.notFound, tdbTexts.notFound);
  const text = async () => {
    const t = await readUpload(app, row.id);
    if (t === null) throw new ApiError(Status.notFound, tdbTexts.notFound);
    return t;
  };
  return { entry: uploadEntry(row, user), text, content: async () => cachedContent(`${row.id}:${row.sha256}`, async () => checkTdb(await text())) };
}

const idParam = (ctx: Ctx): string => {
  const v = ctx.body.id ?? ctx.body.Id ?? ctx.query.get("id");
  const id = typeof v === "string" ? v.trim() : "";
  // Upload ids are UUIDs (any case); shipped ones are file stems, whose case is their own.
  return UUID.test(id.toLowerCase()) ? id.toLowerCase() : id;
};

const intParam = (v: string | null, fallback: number, max: number) => {
  const n = Number(v);
  return Number.isInteger(n) && n >= 1 ? Math.min(n, max) : fallback;
};

async function list(app: App, ctx: Ctx) {
  const user = ctx.user!;
  const filter = { elements: elementsFrom(ctx.query.get("elements")), keyword: (ctx.query.get("keyword") ?? "").slice(0, 100) };
  const shipped = await Promise.all(shippedList().map(async (s) => shippedEntry(s, await shippedContent(s))));
  const uploads = (await listVisible(app, viewer(user))).map((r) => uploadEntry(r, user));
  const all = [...shipped, ...uploads];
  const rows = all.filter((e) => matchesFilter(e, filter));
  // Every element any visible database has: the element picker offers only what can be found.
  const elements = [...new Set(all.flatMap((e) => e.elements))].filter((e) => e !== "VA" && e !== "/-").sort();
  return { total: rows.length, rows, elements, filter };
}

async function detail(app: App, ctx: Ctx) {
  const db = await resolve(app, idParam(ctx), ctx.user!);
  const content = await db.content();
  const q = ctx.query;
  const size = intParam(q.get("size"), 20, 100);
  const keyword = (q.get("keyword") ?? "").slice(0, 100);
  return {
    database: db.entry,
    header: headerOf(await db.text()),
    elements: content.elements,
    species: content.species,
    phases: content.phases,
    // What the reader accepted but will not use as written, worded in the caller's language.
    warnings: content.warnings.slice(0, 200).map((w) => ({ line: w.line, code: w.code, text: warningText(w, ctx.lang) })),
    warningCount: content.warnings.length,
    keyword,
    functions: pageOf(searchFunctions(content.functions, keyword), intParam(q.get("functionsPage"), 1, 1_000_000), size),
    parameters: pageOf(searchParameters(content.parameters, keyword), intParam(q.get("parametersPage"), 1, 1_000_000), size),
  };
}

const field = (v: unknown) => (typeof v === "string" ? v.trim() : "");

/** Multipart (file, name, citation) from a form, or JSON {name, text, fileName?, citation?} from a script. */
async function readUploadRequest(ctx: Ctx): Promise<{ fileName: string; name: string; citation: string; text: string }> {
  if (/^multipart\/form-data/i.test(ctx.contentType)) {
    const { file: part, fields } = await readUploadForm(ctx, TDB_MAX_BYTES);
    if (!part || !part.filename) throw new ApiError(Status.badRequest, tdbTexts.noFile);
    if (part.truncated) throw new ApiError(Status.tooLarge, tooLargeText(TDB_MAX_BYTES));
    const fileName = part.filename.split(/[\\/]/).pop()!.trim();
    if (!isTdbName(fileName)) throw new ApiError(Status.badRequest, tdbTexts.notTdb);
    return { fileName, name: field(fields.name), citation: field(fields.citation), text: decodeTdb(part.data) };
  }
  const name = field(ctx.body.name);
  const text = typeof ctx.body.text === "string" ? ctx.body.text : "";
  const fileName = field(ctx.body.fileName) || `${name.replace(/[^\w.-]+/g, "_") || "database"}.tdb`;
  if (!isTdbName(fileName)) throw new ApiError(Status.badRequest, tdbTexts.notTdb);
  if (!text) throw new ApiError(Status.badRequest, tdbTexts.noFile);
  const data = Buffer.from(text, "utf8");
  if (data.length > TDB_MAX_BYTES) throw new ApiError(Status.tooLarge, tooLargeText(TDB_MAX_BYTES));
  return { fileName, name, citation: field(ctx.body.citation), text: decodeTdb(data) };
}

async function upload(app: App, ctx: Ctx) {
  const u = await readUploadRequest(ctx);
  const name = [...u.name].length ? u.name : u.fileName.replace(/\.tdb$/i, "");
  if ([...name].length > 100) throw new ApiError(Status.badRequest, tdbTexts.badName);
  if ([...u.citation].length > 1000) throw new ApiError(Status.badRequest, tdbTexts.badCitation);
  const content = checkTdb(u.text);
  const row = await saveUpload(app, {
    name,
    fileName: [...u.fileName].slice(-120).join(""),
    citation: u.citation,
    text: u.text,
    elements: content.elements,
    phases: content.phases.map((p) => p.name),
    functionCount: content.functions.length,
    parameterCount: content.parameters.length,
    ownerId: ctx.user!.id,
  });
  return { ...uploadEntry(row, ctx.user!), warningCount: content.warnings.length };
}

async function publish(app: App, ctx: Ctx) {
  const id = idParam(ctx);
  if (shippedById(id)) throw new ApiError(Status.badRequest, tdbTexts.shippedFixed);
  const row = UUID.test(id) ? await findVisible(app, id, viewer(ctx.user!)) : null;
  if (!row) throw new ApiError(Status.notFound, tdbTexts.notFound);
  const v = ctx.body.published;
  const published = !(v === false || v === "false" || v === "0");
  await setPublished(app, id, published);
  return { id, published };
}

async function remove(app: App, ctx: Ctx) {
  const id = idParam(ctx);
  const user = ctx.user!;
  if (shippedById(id)) throw new ApiError(Status.badRequest, tdbTexts.shippedFixed);
  const row = UUID.test(id) ? await findVisible(app, id, viewer(user)) : null;
  if (!row) throw new ApiError(Status.notFound, tdbTexts.notFound);
  if (row.owner_id !== user.id && !user.roles.includes(ADMIN)) throw new ApiError(Status.forbidden, tdbTexts.notOwner);
  await deleteUpload(app, id);
  forgetContent(`${id}:`);
  return true;
}

async function download(app: App, ctx: Ctx) {
  const db = await resolve(app, idParam(ctx), ctx.user!);
  const body = Buffer.from(await db.text(), "utf8");
  return new Raw(body, {
    "content-type": "text/plain; charset=utf-8",
    "content-length": String(body.length),
    "content-disposition": contentDisposition(db.entry.fileName, false),
    "content-security-policy": "sandbox",
    "cache-control": "private, no-store",
  });
}

export function register(router: Router, app: App): void {
  app.caches.register("tdbContent", tdbContentCache);
  const user = { auth: "user" } as const;
  router.get("ThermoDatabase/GetDatabases", (ctx) => list(app, ctx), user);
  router.get("ThermoDatabase/GetDatabase", (ctx) => detail(app, ctx), user);
  router.get("ThermoDatabase/DownloadDatabase", (ctx) => download(app, ctx), user);
  router.post("ThermoDatabase/UploadDatabase", (ctx) => upload(app, ctx), { ...user, maxBody: BODY_LIMIT, tooLarge: tooLargeText(TDB_MAX_BYTES) });
  router.post("ThermoDatabase/PublishDatabase", (ctx) => publish(app, ctx), { ...user, roles: [ADMIN] });
  router.post("ThermoDatabase/DeleteDatabase", (ctx) => remove(app, ctx), user);
}
