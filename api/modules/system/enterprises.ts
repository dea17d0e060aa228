import { z } from "zod";
import { enterpriseSchema } from "../../../common/forms/enterprise.ts";
import type { Db } from "../../db/index.ts";
import { containsPattern, optional, pagedQuery, parsePaging, parseSort, Where, type Page } from "../../db/paged.ts";
import { ApiError, Status } from "../../http/envelope.ts";
import { checkBody, isUniqueViolation, iso, keyedFieldError, requireId } from "../../http/fields.ts";
import { parse } from "../../http/router.ts";
import { logOperation, type Actor } from "./oplog.ts";
import { enterpriseTexts, fill } from "./texts.ts";
import { CORE_HOURS } from "../tasks/resources.ts";

export interface EnterpriseRow {
  Id: string;
  Name: string;
  CreditCode: string | null;
  Contact: string;
  Phone: string;
  Address: string;
  Disabled: boolean;
  Version: number;
  People: number;
  CreatedAt: string;
}

interface Row {
  id: string;
  name: string;
  credit_code: string | null;
  contact: string;
  phone: string;
  address: string;
  disabled: boolean;
  version: number;
  created_at: Date;
}

const COLUMNS = "e.id, e.name, e.credit_code, e.contact, e.phone, e.address, e.disabled, e.version, e.created_at";
const PEOPLE = "(select count(*) from users u where u.enterprise_id = e.id)::int";
const refused = (field: string, key: keyof typeof enterpriseTexts, status: number = Status.badRequest) => keyedFieldError(field, key, enterpriseTexts, status);

const rowOf = (r: Row, people = 0): EnterpriseRow => ({
  Id: r.id,
  Name: r.name,
  CreditCode: r.credit_code,
  Contact: r.contact,
  Phone: r.phone,
  Address: r.address,
  Disabled: r.disabled,
  Version: r.version,
  People: people,
  CreatedAt: iso(r.created_at)!,
});
/** The row as the operation log keeps it (without the derived people count). */
const logged = (r: Row) => {
  const { People: _p, ...rest } = rowOf(r);
  return rest;
};

const filters = z.object({ status: optional(z.enum(["all", "enabled", "disabled"])) });
const SORT = { name: "lower(e.name)", createdAt: "e.created_at", people: PEOPLE };

/**
 * System/GetEnterpriseList (SystemAdmin): `keyword` (name, credit code or contact), `status`
 * (all/enabled/disabled), `sort` (name, createdAt, people; `-` for descending), `page`, `pageSize`.
 */
export async function listEnterprises(db: Db, query: URLSearchParams): Promise<Page<EnterpriseRow>> {
  const paging = parsePaging(query, 100);
  const f = parse(filters, Object.fromEntries(query));
  const sort = parseSort(query, SORT, "name", "e.id");
  const w = new Where();
  if (paging.keyword) {
    const p = w.param(containsPattern(paging.keyword));
    w.and(`(e.name ilike ${p} escape '\\' or e.credit_code ilike ${p} escape '\\' or e.contact ilike ${p} escape '\\')`);
  }
  if (f.status === "enabled") w.and("not e.disabled");
  if (f.status === "disabled") w.and("e.disabled");
  const { total, rows } = await pagedQuery<Row & { people: number }>(db, { select: `${COLUMNS}, ${PEOPLE} as people`, from: "enterprises e", where: w, orderBy: sort.sql }, paging);
  return { total, page: paging.page, size: paging.size, rows: rows.map((r) => rowOf(r, Number(r.people))) };
}

/**
 * System/SaveEnterprise (SystemAdmin): adds (no Id) or changes (Id and the Version opened) an enterprise.
 * Name and credit code are unique ignoring case; a stale version is a 409 and changes nothing.
 */
export async function saveEnterprise(db: Db, actor: Actor, body: unknown): Promise<{ Id: string; Version: number }> {
  const input = checkBody(enterpriseSchema, body, enterpriseTexts);
  try {
    return await db.transaction(async (tx) => {
      let before: Row | null = null;
      if (input.Id) {
        [before] = await tx.query<Row>(`select ${COLUMNS} from enterprises e where e.id = $1 for update`, [input.Id]);
        if (!before) throw refused("Id", "notFound", Status.notFound);
        if (input.Version !== before.version) throw refused("Version", "stale", Status.conflict);
      }
      const [sameName] = await tx.query(`select 1 from enterprises where lower(name) = lower($1) and id is distinct from $2`, [input.Name, input.Id ?? null]);
      if (sameName) throw refused("Name", "nameTaken", Status.conflict);
      if (input.CreditCode) {
        const [sameCode] = await tx.query(`select 1 from enterprises where credit_code = $1 and id is distinct from $2`, [input.CreditCode, input.Id ?? null]);
        if (sameCode) throw refused("CreditCode", "creditCodeTaken", Status.conflict);
      }
      const values = [input.Name, input.CreditCode ?? null, input.Contact, input.Phone, input.Address, input.Disabled];
      const [after] = before
        ? await tx.query<Row>(
            `update enterprises e set name = $2, credit_code = $3, contact = $4, phone = $5, address = $6, disabled = $7, version = version + 1, updated_at = now()
              where e.id = $1 returning ${COLUMNS}`,
            [before.id, ...values],
          )
        : await tx.query<Row>(`insert into enterprises as e (name, credit_code, contact, phone, address, disabled) values ($1, $2, $3, $4, $5, $6) returning ${COLUMNS}`, values);
      await logOperation(tx, actor, {
        action: before ? "enterprise.update" : "enterprise.create",
        targetType: "enterprise",
        targetId: after.id,
        targetName: after.name,
        before: before && logged(before),
        after: logged(after),
      });
      return { Id: after.id, Version: after.version };
    });
  } catch (e) {
    if (isUniqueViolation(e, "enterprises_name")) throw refused("Name", "nameTaken", Status.conflict);
    if (isUniqueViolation(e, "enterprises_credit_code")) throw refused("CreditCode", "creditCodeTaken", Status.conflict);
    throw e;
  }
}

/** System/DeleteEnterprise (SystemAdmin): only an enterprise nobody belongs to; a Version, when sent, must be current. */
export async function deleteEnterprise(db: Db, actor: Actor, body: Record<string, unknown>): Promise<true> {
  const id = requireId(body.Id ?? body.id, "Id");
  const version = body.Version === undefined || body.Version === "" ? null : Number(body.Version);
  await db.transaction(async (tx) => {
    const [cur] = await tx.query<Row>(`select ${COLUMNS} from enterprises e where e.id = $1 for update`, [id]);
    if (!cur) throw refused("Id", "notFound", Status.notFound);
    if (version !== null && version !== cur.version) throw refused("Version", "stale", Status.conflict);
    const [{ people }] = await tx.query<{ people: number }>(`select count(*)::int as people from users where enterprise_id = $1`, [id]);
    if (people > 0) throw new ApiError(Status.conflict, fill(enterpriseTexts.hasPeople, { n: people }), { fields: [{ field: "Id", key: "hasPeople" }] });
    await tx.query(`delete from enterprises where id = $1`, [id]);
    await logOperation(tx, actor, { action: "enterprise.delete", targetType: "enterprise", targetId: id, targetName: cur.name, before: logged(cur), after: null });
  });
  return true;
}

/** System/GetEnterpriseInfo (SystemAdmin, `id`): one enterprise with its people count. */
export async function enterpriseInfo(db: Db, id: string): Promise<EnterpriseRow> {
  const [r] = await db.query<Row & { people: number }>(`select ${COLUMNS}, ${PEOPLE} as people from enterprises e where e.id = $1`, [id]);
  if (!r) throw refused("Id", "notFound", Status.notFound);
  return rowOf(r, Number(r.people));
}

export interface EnterprisePersonUsage {
  Id: string;
  UserName: string;
  RealName: string;
  Mobile: string | null;
  Disabled: boolean;
  Tasks: number;
  CoreHours: number;
  LastTaskAt: string | null;
}

/**
 * System/GetEnterpriseUsage (SystemAdmin, `id`, `page`, `pageSize`): the enterprise's people with their
 * compute tasks and core-hours (finished tasks: cores × run time), the heaviest users first, and the
 * enterprise's totals.
 */
export async function enterpriseUsage(db: Db, query: URLSearchParams): Promise<Page<EnterprisePersonUsage> & { Tasks: number; CoreHours: number }> {
  const id = requireId(query.get("id"), "id");
  const paging = parsePaging(query, 100);
  const [e] = await db.query(`select 1 from enterprises where id = $1`, [id]);
  if (!e) throw refused("Id", "notFound", Status.notFound);
  const [totals] = await db.query<{ people: number; tasks: number; core_hours: number }>(
    `select (select count(*) from users where enterprise_id = $1)::int as people, count(t.id)::int as tasks, coalesce(sum(${CORE_HOURS}), 0)::float8 as core_hours
       from compute_tasks t join users u on u.id = t.user_id where u.enterprise_id = $1`,
    [id],
  );
  const rows = await db.query<{ id: string; name: string; real_name: string; mobile: string | null; disabled: boolean; tasks: number; core_hours: number; last_task: Date | null }>(
    `select u.id, u.name, u.real_name, u.mobile, u.disabled, count(t.id)::int as tasks, coalesce(sum(${CORE_HOURS}), 0)::float8 as core_hours, max(t.created_at) as last_task
       from users u left join compute_tasks t on t.user_id = u.id
      where u.enterprise_id = $1
      group by u.id
      order by core_hours desc, tasks desc, lower(u.name) collate "C", u.id
      limit $2 offset $3`,
    [id, paging.size, (paging.page - 1) * paging.size],
  );
  return {
    total: totals.people,
    page: paging.page,
    size: paging.size,
    Tasks: totals.tasks,
    CoreHours: Number(totals.core_hours),
    rows: rows.map((r) => ({
      Id: r.id,
      UserName: r.name,
      RealName: r.real_name,
      Mobile: r.mobile,
      Disabled: r.disabled,
      Tasks: r.tasks,
      CoreHours: Number(r.core_hours),
      LastTaskAt: iso(r.last_task),
    })),
  };
}
