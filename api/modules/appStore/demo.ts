import crypto from "node:crypto";
import { copyFile, mkdir, readFile, rename, rm, stat } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import * as tar from "tar";
import { projectPath } from "../../../common/project-path.ts";
import type { Config } from "../../config.ts";
import type { Db } from "../../db/index.ts";
import { versionDir } from "./app-definition.ts";
import { readPackage } from "./package.ts";

/**
 * The demo's store (SEED_DEMO only): the two example apps the platform ships (examples/), published by the
 * demo's InsideAdmin and approved by its SystemAdmin, so a fresh `npm start` has a store to browse and run.
 * They go through readPackage like any upload: the demo is held to the same checks.
 */
const EXAMPLES = projectPath("api/modules/appStore/examples");
const DEMO_APPS = ["hollomon-fit", "ms-bs"];

export async function seedDemoStore(db: Db, config: Config): Promise<void> {
  const [author] = await db.query<{ id: string; name: string }>(`select id, coalesce(nullif(real_name, ''), name) as name from users where name = 'inside'`);
  const [admin] = await db.query<{ id: string; name: string }>(`select id, coalesce(nullif(real_name, ''), name) as name from users where name = 'admin'`);
  if (!author || !admin) return;
  for (const folder of DEMO_APPS) {
    const token = crypto.randomUUID();
    const packed = path.join(os.tmpdir(), `ferrum-demo-${token}.tar.gz`);
    await tar.c({ gzip: true, file: packed, cwd: path.join(EXAMPLES, folder), portable: true }, ["."]);
    const staging = path.join(config.dataDir, "app-store", ".incoming", token);
    await mkdir(path.dirname(staging), { recursive: true, mode: 0o755 });
    try {
      const read = await readPackage(packed, staging);
      if (!read.ok) throw new Error(`demo app ${folder}: ${read.errors.map((e) => e.message.en).join("; ")}`);
      const m = read.manifest;
      const dir = versionDir(config.dataDir, m.id, m.version);
      await mkdir(dir, { recursive: true, mode: 0o755 });
      const root = path.join(token, path.relative(staging, read.root));
      await rename(staging, path.join(dir, token));
      await copyFile(packed, path.join(dir, `${token}.tar.gz`));
      const bytes = await readFile(packed);
      const files = await Promise.all(read.files.map(async (p) => ({ path: p, bytes: (await stat(path.join(dir, root, p))).size })));
      await db.transaction(async (tx) => {
        await tx.query(`insert into store_apps (id, owner_id, owner_name) values ($1, $2, $3) on conflict (id) do nothing`, [m.id, author.id, author.name]);
        const [v] = await tx.query<{ id: string }>(
          `insert into store_app_versions (app_id, version, state, manifest, file_name, package_file, package_root, package_bytes, package_sha256, files, uploaded_by, uploaded_by_name,
             submitted_at, reviewed_by_name, reviewed_at, review_comment, published_at)
           values ($1, $2, 'published', $3, $4, $5, $6, $7, $8, $9, $10, $11, now(), $12, now(), $13, now()) returning id`,
          [
            m.id,
            m.version,
            JSON.stringify(m),
            `${m.id}-${m.version}.tar.gz`,
            `${token}.tar.gz`,
            root,
            bytes.length,
            crypto.createHash("sha256").update(bytes).digest("hex"),
            JSON.stringify(files),
            author.id,
            author.name,
            admin.name,
            "示例应用",
          ],
        );
        for (const [action, who] of [
          ["upload", author],
          ["submit", author],
          ["publish", admin],
        ] as const) {
          await tx.query(`insert into store_app_events (version_id, action, actor_id, actor_name) values ($1, $2, $3, $4)`, [v.id, action, who.id, who.name]);
        }
      });
    } finally {
      await rm(packed, { force: true });
      await rm(staging, { recursive: true, force: true });
    }
  }
}
