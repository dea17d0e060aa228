import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { App } from "../../app.ts";

/** Uploaded databases: a row in tdb_databases and the file DATA_DIR/tdb/<id>.tdb, named by the row's id. */

export interface TdbRow {
  id: string;
  name: string;
  file_name: string;
  size: number;
  sha256: string;
  citation: string;
  elements: string[];
  phases: string[];
  function_count: number;
  parameter_count: number;
  owner_id: string | null;
  owner_name: string | null;
  published: boolean;
  published_at: Date | null;
  created_at: Date;
}

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export const tdbDir = (app: App) => path.join(app.config.dataDir, "tdb");

/** The file behind an id; only ever a UUID, so no path traversal whatever the caller sent. */
export function tdbFile(app: App, id: string): string {
  if (!UUID.test(id)) throw new Error(`not a database id: ${id}`);
  return path.join(tdbDir(app), `${id}.tdb`);
}

const COLUMNS = `d.id, d.name, d.file_name, d.size, d.sha256, d.citation, d.elements, d.phases, d.function_count, d.parameter_count,
  d.owner_id, coalesce(nullif(u.real_name, ''), u.name) as owner_name, d.published, d.published_at, d.created_at`;
const FROM = `tdb_databases d left join users u on u.id = d.owner_id`;

/**
 * The uploads a user may see: their own and the published ones; an admin sees all of them (to publish one,
 * they must be able to look at it first).
 */
export async function listVisible(app: App, user: { id: string; admin: boolean }): Promise<TdbRow[]> {
  const where = user.admin ? "" : "where d.owner_id = $1 or d.published";
  return app.db.query<TdbRow>(`select ${COLUMNS} from ${FROM} ${where} order by d.created_at desc, d.id limit 1000`, user.admin ? [] : [user.id]);
}

export async function findVisible(app: App, id: string, user: { id: string; admin: boolean }): Promise<TdbRow | null> {
  if (!UUID.test(id)) return null;
  const [row] = await app.db.query<TdbRow>(`select ${COLUMNS} from ${FROM} where d.id = $1`, [id]);
  if (!row) return null;
  return user.admin || row.published || row.owner_id === user.id ? row : null;
}

export interface NewUpload {
  name: string;
  fileName: string;
  citation: string;
  text: string;
  elements: string[];
  phases: string[];
  functionCount: number;
  parameterCount: number;
  ownerId: string;
}

/** The row first (it gives the id the file is named by), then the file; a failed write takes the row away again. */
export async function saveUpload(app: App, u: NewUpload): Promise<TdbRow> {
  const data = Buffer.from(u.text, "utf8");
  const sha = crypto.createHash("sha256").update(data).digest("hex");
  const [{ id }] = await app.db.query<{ id: string }>(
    `insert into tdb_databases(name, file_name, size, sha256, citation, elements, phases, function_count, parameter_count, owner_id)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) returning id`,
    [u.name, u.fileName, data.length, sha, u.citation, u.elements, u.phases, u.functionCount, u.parameterCount, u.ownerId],
  );
  try {
    await fs.promises.mkdir(tdbDir(app), { recursive: true });
    await fs.promises.writeFile(tdbFile(app, id), data, { flag: "wx", mode: 0o640 });
  } catch (e) {
    await app.db.query(`delete from tdb_databases where id = $1`, [id]);
    throw e;
  }
  const [row] = await app.db.query<TdbRow>(`select ${COLUMNS} from ${FROM} where d.id = $1`, [id]);
  return row!;
}

export async function setPublished(app: App, id: string, published: boolean): Promise<void> {
  await app.db.query(`update tdb_databases set published = $2::boolean, published_at = case when $2::boolean then now() else null end where id = $1`, [id, published]);
}

/** The row, then the file (a file without its row is unreachable anyway). */
export async function deleteUpload(app: App, id: string): Promise<void> {
  await app.db.query(`delete from tdb_databases where id = $1`, [id]);
  await fs.promises.rm(tdbFile(app, id), { force: true });
}

export async function readUpload(app: App, id: string): Promise<string | null> {
  return fs.promises.readFile(tdbFile(app, id), "utf8").catch(() => null);
}
