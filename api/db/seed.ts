import type { Config } from "../config.ts";
import { hashPassword } from "../security/password.ts";
import type { Db } from "./index.ts";

/** The nine roles the specification names. */
export const ROLES: Array<{ code: string; name: string }> = [
  { code: "SystemAdmin", name: "系统管理员" },
  { code: "XSystemAdmin", name: "X系统管理员" },
  { code: "InsideAdmin", name: "内部管理员" },
  { code: "OutsideAdmin", name: "外部管理员" },
  { code: "OutsideUser", name: "外部用户" },
  { code: "DataUpload", name: "数据上传员" },
  { code: "FileTransferAdmin", name: "文件传输管理员" },
  { code: "EquimentAdmin", name: "设备管理员" },
  { code: "SGUser", name: "超算用户" },
];

export const DEMO_PASSWORD = "Ferrum2026";

/** Demo accounts, one per role, mobiles 13800000001 … 13800000009 in this order. */
export const DEMO_USERS: Array<{ name: string; realName: string; role: string; department: string | null }> = [
  { name: "admin", realName: "系统管理员", role: "SystemAdmin", department: "钢铁研究总院" },
  { name: "xadmin", realName: "X系统管理员", role: "XSystemAdmin", department: "钢铁研究总院" },
  { name: "inside", realName: "内部管理员", role: "InsideAdmin", department: "钢铁研究总院" },
  { name: "outside", realName: "外部管理员", role: "OutsideAdmin", department: "合作单位" },
  { name: "guest", realName: "访客", role: "OutsideUser", department: "合作单位" },
  { name: "uploader", realName: "数据上传员", role: "DataUpload", department: "钢铁研究总院" },
  { name: "transfer", realName: "文件传输管理员", role: "FileTransferAdmin", department: "钢铁研究总院" },
  { name: "equip", realName: "设备管理员", role: "EquimentAdmin", department: "钢铁研究总院" },
  // An SG user arrives from the supercomputing platform without a unit: the platform asks for one.
  { name: "sg", realName: "超算用户", role: "SGUser", department: null },
];

type Seeder = (db: Db, config: Config) => Promise<void>;
/** Reference data other modules own (resource tree, categories, demo notices) registers here. */
const referenceSeeders: Seeder[] = [];
const demoSeeders: Seeder[] = [];
export const addReferenceSeeder = (s: Seeder) => referenceSeeders.push(s);
export const addDemoSeeder = (s: Seeder) => demoSeeders.push(s);

/**
 * Idempotent: reference data (roles, and what modules register) is upserted on every start so a new
 * release's menu reaches old databases; demo users and the production admin are created only once.
 */
export async function seed(db: Db, config: Config): Promise<void> {
  for (const [i, r] of ROLES.entries()) {
    await db.query(
      `insert into roles(code, name, sort) values ($1, $2, $3) on conflict (code) do update set name = excluded.name, sort = excluded.sort`,
      [r.code, r.name, i],
    );
  }
  for (const s of referenceSeeders) await s(db, config);

  if (config.SEED_DEMO) {
    const [{ n }] = await db.query<{ n: number }>(`select count(*)::int as n from users where name = 'admin'`);
    if (n === 0) {
      const hash = await hashPassword(DEMO_PASSWORD);
      for (const [i, u] of DEMO_USERS.entries()) {
        let departmentId: string | null = null;
        if (u.department) {
          const [d] = await db.query<{ id: string }>(
            `insert into departments(name) values ($1) on conflict (lower(name)) where parent_id is null do update set updated_at = departments.updated_at returning id`,
            [u.department],
          );
          departmentId = d.id;
        }
        const [row] = await db.query<{ id: string }>(
          `insert into users(name, real_name, password_hash, mobile, email, department_id)
           values ($1, $2, $3, $4, $5, $6) returning id`,
          [u.name, u.realName, hash, `1380000000${i + 1}`, `${u.name}@ferrum.example`, departmentId],
        );
        await db.query(`insert into user_roles(user_id, role_code) values ($1, $2)`, [row.id, u.role]);
      }
      for (const s of demoSeeders) await s(db, config);
    }
  } else if (config.ADMIN_PASSWORD) {
    // Production: one SystemAdmin from ADMIN_PASSWORD, created once; it must change the password at first login.
    const [{ n }] = await db.query<{ n: number }>(`select count(*)::int as n from users`);
    if (n === 0) {
      const [row] = await db.query<{ id: string }>(
        `insert into users(name, real_name, password_hash, update_pwd) values ('admin', 'Administrator', $1, false) returning id`,
        [await hashPassword(config.ADMIN_PASSWORD)],
      );
      await db.query(`insert into user_roles(user_id, role_code) values ($1, 'SystemAdmin')`, [row.id]);
    }
  }
}
