import type { Db } from "../../db/index.ts";

export interface LoginAccount {
  id: string;
  name: string;
  password_hash: string;
  disabled: boolean;
}

const columns = "id, name, password_hash, disabled";

export async function findByName(db: Db, name: string): Promise<LoginAccount | null> {
  const rows = await db.query<LoginAccount>(`select ${columns} from users where name = $1`, [name]);
  return rows[0] ?? null;
}

export async function findByMobile(db: Db, mobile: string): Promise<LoginAccount | null> {
  const rows = await db.query<LoginAccount>(`select ${columns} from users where mobile = $1`, [mobile]);
  return rows[0] ?? null;
}

export async function findById(db: Db, id: string): Promise<LoginAccount | null> {
  const rows = await db.query<LoginAccount>(`select ${columns} from users where id = $1`, [id]);
  return rows[0] ?? null;
}
