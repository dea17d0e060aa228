import { z } from "zod";
import { checkUnitName } from "../../../common/validators.ts";
import type { Db } from "../../db/index.ts";
import { ApiError, Status } from "../../http/envelope.ts";
import { parse, type AuthUser } from "../../http/router.ts";
import { logOperation } from "../system/oplog.ts";
import { userTexts, validationTexts } from "./texts.ts";

const form = z.object({ DepartmentName: z.string().max(200).optional() });

/**
 * System/CreateUnitBySG: an SG user without a unit (needUnit) names one; an existing department of that
 * top-level department of that name is joined, else it is created at the top of the department tree (where a
 * SystemAdmin can move it). Only once: a user who has a unit is refused. Logged as the user's operation.
 */
export async function createUnitBySG(db: Db, user: AuthUser, ip: string, body: unknown): Promise<true> {
  if (!user.roles.includes("SGUser")) throw new ApiError(Status.forbidden, userTexts.noUnitNeeded);
  const name = (parse(form, body).DepartmentName ?? "").trim();
  const rule = checkUnitName(name);
  if (rule) throw new ApiError(Status.badRequest, validationTexts[rule], { fields: [{ field: "DepartmentName", message: validationTexts[rule].zh }] });

  await db.transaction(async (tx) => {
    const [u] = await tx.query<{ department_id: string | null }>(`select department_id from users where id = $1 for update`, [user.id]);
    if (!u || u.department_id) throw new ApiError(Status.badRequest, userTexts.hasUnit);
    const [d] = await tx.query<{ id: string; created: boolean }>(
      `insert into departments(name) values ($1) on conflict (lower(name)) where parent_id is null do update set updated_at = departments.updated_at
       returning id, (xmax = 0) as created`,
      [name],
    );
    await tx.query(`update users set department_id = $2, updated_at = now(), version = version + 1 where id = $1`, [user.id, d.id]);
    await logOperation(tx, { id: user.id, name: user.name, ip }, {
      action: d.created ? "department.createBySG" : "person.joinDepartmentBySG",
      targetType: d.created ? "department" : "person",
      targetId: d.created ? d.id : user.id,
      targetName: d.created ? name : user.name,
      before: null,
      after: { DepartmentId: d.id, DepartmentName: name },
    });
  });
  return true;
}
