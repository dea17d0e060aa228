import { LAB_ROLES, LAB_STAFF_ROLES } from "../../../common/roles.ts";
import type { Db } from "../../db/index.ts";
import { ApiError, Status } from "../../http/envelope.ts";
import type { AuthUser } from "../../http/router.ts";

/**
 * Who sees and does what in test detection (docs/detection.md, docs/access.md):
 *
 * | | read projects and orders | create, edit, move them |
 * |---|---|---|
 * | lab (SystemAdmin, XSystemAdmin, InsideAdmin, DataUpload) | all | yes |
 * | staff read-only (FileTransferAdmin, EquimentAdmin) | all | no |
 * | outside users (OutsideUser, OutsideAdmin) | those whose client is their enterprise | no |
 * | anyone else (SGUser) | none (403) | no |
 *
 * A row outside the caller's reach is "not found", so ids reveal nothing.
 */
export type Reader = { kind: "all" } | { kind: "enterprise"; enterpriseId: string | null };

export const isLab = (user: AuthUser) => user.roles.some((r) => (LAB_ROLES as readonly string[]).includes(r));

export async function readerOf(db: Db, user: AuthUser): Promise<Reader> {
  if (user.roles.some((r) => (LAB_STAFF_ROLES as readonly string[]).includes(r))) return { kind: "all" };
  if (user.roles.includes("OutsideUser") || user.roles.includes("OutsideAdmin")) {
    const [u] = await db.query<{ enterprise_id: string | null }>(`select enterprise_id from users where id = $1`, [user.id]);
    return { kind: "enterprise", enterpriseId: u?.enterprise_id ?? null };
  }
  throw new ApiError(Status.forbidden, "forbidden");
}

/** Whether a reader sees a row of an order (its `client_enterprise_id`). */
export const readerSees = (reader: Reader, r: { client_enterprise_id: string | null }) => reader.kind === "all" || (!!reader.enterpriseId && r.client_enterprise_id === reader.enterpriseId);

/** The rows a reader may see, as a condition on a table alias with `client_enterprise_id`. */
export function readerSql(reader: Reader, alias: string, param: (v: unknown) => string): string {
  if (reader.kind === "all") return "true";
  return reader.enterpriseId ? `${alias}.client_enterprise_id = ${param(reader.enterpriseId)}` : "false";
}

export function requireLab(user: AuthUser): void {
  if (!isLab(user)) throw new ApiError(Status.forbidden, "forbidden");
}
