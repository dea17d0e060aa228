import { z } from "zod";
import { ADMIN_ROLES, personSchema, ROLE_CODES, type PersonInput } from "../../../common/forms/person.ts";
import type { Db } from "../../db/index.ts";
import { optional, pagedQuery, parsePaging, parseSort, prefixPattern, Where, windowedPagedQuery, type Page } from "../../db/paged.ts";
import { ApiError, Status } from "../../http/envelope.ts";
import { checkBody, isUniqueViolation, iso, keyedFieldError } from "../../http/fields.ts";
import { parse, type AuthUser } from "../../http/router.ts";
import { subtreeIds } from "./departments.ts";
import { logOperation, type Actor } from "./oplog.ts";
import { adminScope, subtreeSql, type AdminScope } from "./scope.ts";
import { fill, personTexts } from "./texts.ts";

/** One person as the list shows them (System/GetPersonList). The ID card only comes with GetPersonInfo. */
export interface PersonRow {
  Id: string;
  UserName: string;
  RealName: string;
  Mobile: string | null;
  Email: string | null;
  Gender: number;
  DepartmentId: string | null;
  DepartmentName: string | null;
  EnterpriseId: string | null;
  EnterpriseName: string | null;
  Roles: string[];
  Disabled: boolean;
  /** The login has failed too often lately and is refused until the window passes or an admin unlocks it. */
  Locked: boolean;
  /** The person must choose a new password at the next login (a new, reset or imported account). */
  MustChangePassword: boolean;
  /** A WeChat account is bound (its QR login logs the person in). */
  WxBound: boolean;
  LastLoginAt: string | null;
  CreatedAt: string;
  Version: number;
}
export interface PersonInfo extends PersonRow {
  IdCard: string | null;
}

export interface Row {
  id: string;
  name: string;
  real_name: string;
  mobile: string | null;
  email: string | null;
  id_card: string | null;
  gender: number;
  department_id: string | null;
  department_name: string | null;
  enterprise_id: string | null;
  enterprise_name: string | null;
  roles: string[] | null;
  disabled: boolean;
  update_pwd: boolean;
  wx_bound: boolean;
  last_login_at: Date | null;
  created_at: Date;
  version: number;
}

export const PERSON_COLUMNS = `u.id, u.name, u.real_name, u.mobile, u.email, u.id_card, u.gender, u.department_id, d.name as department_name,
  u.enterprise_id, e.name as enterprise_name, u.disabled, u.update_pwd, u.wx_openid is not null as wx_bound, u.last_login_at, u.created_at, u.version,
  array(select r.role_code from user_roles r where r.user_id = u.id order by r.role_code) as roles`;
export const PERSON_FROM = "users u left join departments d on d.id = u.department_id left join enterprises e on e.id = u.enterprise_id";

const byRoleOrder = (roles: string[] | null) => ROLE_CODES.filter((c) => (roles ?? []).includes(c));

export const personOf = (r: Row, locked = false): PersonInfo => ({
  Id: r.id,
  UserName: r.name,
  RealName: r.real_name,
  Mobile: r.mobile,
  Email: r.email,
  IdCard: r.id_card,
  Gender: r.gender,
  DepartmentId: r.department_id,
  DepartmentName: r.department_name,
  EnterpriseId: r.enterprise_id,
  EnterpriseName: r.enterprise_name,
  Roles: byRoleOrder(r.roles),
  Disabled: r.disabled,
  Locked: locked,
  MustChangePassword: !r.update_pwd,
  WxBound: Boolean(r.wx_bound),
  LastLoginAt: iso(r.last_login_at),
  CreatedAt: iso(r.created_at)!,
  Version: r.version,
});
/** The person as the operation log keeps them: what an admin can change, never a secret. */
export const loggedPerson = (r: Row) => ({
  UserName: r.name,
  RealName: r.real_name,
  Mobile: r.mobile,
  Email: r.email,
  IdCard: r.id_card ? `${r.id_card.slice(0, 4)}…${r.id_card.slice(-2)}` : null,
  Gender: r.gender,
  Department: r.department_name,
  Enterprise: r.enterprise_name,
  Roles: byRoleOrder(r.roles),
  Disabled: r.disabled,
  Version: r.version,
});

export const refused = (field: string, key: keyof typeof personTexts, status: number = Status.badRequest) => keyedFieldError(field, key, personTexts, status);
const taken = (field: string, key: "userNameTaken" | "mobileTaken", value: string) =>
  new ApiError(Status.conflict, fill(personTexts[key], { value }), { fields: [{ field, key, message: fill(personTexts[key], { value }).zh }] });

/**
 * A list's department filter on `u` (users): that department and everything below it, as the ids of the
 * cached tree (departments.ts subtreeIds), so the planner uses the people's department index with a true
 * estimate instead of scanning everyone after a recursive query (bench:people: 22 → 5 ms on PGlite).
 */
export async function departmentCondition(db: Db, rootId: string, w: Where): Promise<void> {
  w.and(`u.department_id = any(${w.param(await subtreeIds(db, rootId))}::uuid[])`);
}

/** The scope as a condition on a list's `u` (users), its parameters added to `w`; a department as departmentCondition. */
export async function listScopeCondition(db: Db, scope: AdminScope, w: Where): Promise<void> {
  if (scope.kind === "department" && scope.rootId) await departmentCondition(db, scope.rootId, w);
  else scopeCondition(scope, w);
}

/**
 * The scope as a condition on `u` (users), its parameters added to `w`: for a check of one person inside a
 * transaction (personInScope), where the recursive query costs one row and the cached tree is not the
 * transaction's. Lists use listScopeCondition.
 */
export function scopeCondition(scope: AdminScope, w: Where): void {
  if (scope.kind === "department") {
    if (!scope.rootId) w.and("false");
    else w.and(`u.department_id in (${subtreeSql(w.param(scope.rootId))})`);
  } else if (scope.kind === "enterprise") {
    if (!scope.enterpriseId) w.and("false");
    else w.and(`u.enterprise_id = ${w.param(scope.enterpriseId)}`);
  }
}

/**
 * Failed password or SMS logins of these people within the rate limit's window since their last unlock:
 * the ones at or over the account limit are locked (api/modules/login/rate-limit.ts counts the same way).
 */
export async function lockedIds(db: Db, people: Array<{ id: string; name: string; mobile: string | null }>, maxFailures: number, windowMinutes: number): Promise<Set<string>> {
  if (!people.length) return new Set();
  const rows = await db.query<{ id: string }>(
    `select u.id from users u
      where u.id = any($1::uuid[])
        and (select count(*) from login_audit a
              where not a.success and a.reason not in ('rate_limited', 'bad_captcha')
                and a.at > greatest(now() - $2::interval, coalesce(u.login_unlocked_at, '-infinity'))
                and ((a.method = 'password' and a.user_name = u.name) or (a.method = 'sms' and a.mobile = u.mobile))
            ) >= $3`,
    [people.map((p) => p.id), `${windowMinutes} minutes`, maxFailures],
  );
  return new Set(rows.map((r) => r.id));
}

const filters = z.object({
  departmentId: optional(z.uuid()),
  enterpriseId: optional(z.uuid()),
  role: optional(z.enum(ROLE_CODES)),
  status: optional(z.enum(["all", "enabled", "disabled"])),
});
/** Sort keys; the names in the "C" collation, as their indexes are (migration 013). */
export const PERSON_SORT = { realName: `lower(u.real_name) collate "C"`, userName: `lower(u.name) collate "C"`, createdAt: "u.created_at", lastLoginAt: "u.last_login_at" };

export interface ListLimits {
  maxFailures: number;
  windowMinutes: number;
}

/**
 * The where-clause of a person list: the caller's scope, then `keyword` (a prefix of the name, the user name
 * or the mobile), `departmentId` (that department and its descendants), `enterpriseId`, `role`, `status`.
 */
export async function personFilter(db: Db, user: AuthUser, query: URLSearchParams, keyword: string): Promise<Where> {
  const f = parse(filters, Object.fromEntries(query));
  const w = new Where();
  await listScopeCondition(db, await adminScope(db, user), w);
  if (keyword) {
    const p = w.param(prefixPattern(keyword.toLowerCase()));
    w.and(`(lower(u.real_name) collate "C" like ${p} escape '\\' or lower(u.name) collate "C" like ${p} escape '\\' or u.mobile collate "C" like ${p} escape '\\')`);
  }
  if (f.departmentId) await departmentCondition(db, f.departmentId, w);
  if (f.enterpriseId) w.and(`u.enterprise_id = ${w.param(f.enterpriseId)}`);
  if (f.role) w.and(`exists (select 1 from user_roles r where r.user_id = u.id and r.role_code = ${w.param(f.role)})`);
  if (f.status === "enabled") w.and("not u.disabled");
  if (f.status === "disabled") w.and("u.disabled");
  return w;
}

/**
 * System/GetPersonList (SystemAdmin all, InsideAdmin their subtree, OutsideAdmin their enterprise): `{rows, total}`.
 * The page's ids come from `users` alone (every filter is on it, each sort key is indexed); only those 20 rows
 * are then joined with their department, enterprise and roles, so page 500 costs an index walk, not 10,000 joins.
 */
export async function listPersons(db: Db, user: AuthUser, query: URLSearchParams, limits: ListLimits): Promise<Page<PersonRow>> {
  const paging = parsePaging(query, 100);
  const sort = parseSort(query, PERSON_SORT, "realName", "u.id");
  const w = await personFilter(db, user, query, paging.keyword);
  // Filtered, the matches are found by their own indexes and sorted (`offset 0` keeps the planner from walking
  // the sort key's index past 100,000 rows for 50 matches); unfiltered, the sort key's index is the page.
  const filtered = w.sql !== "";
  const outer = new Where();
  outer.params.push(...w.params);
  // Filtered, the count and the page come from one pass over the matches (windowedPagedQuery).
  const { total, rows: page } = filtered
    ? await windowedPagedQuery<{ id: string }>(
        db,
        { select: "u.id", from: `(select u.id, u.name, u.real_name, u.created_at, u.last_login_at from users u ${w.sql} offset 0) u`, where: outer, orderBy: sort.sql },
        paging,
      )
    : await pagedQuery<{ id: string }>(db, { select: "u.id", from: "users u", where: w, orderBy: sort.sql }, paging);
  const rows = page.length ? await db.query<Row>(`select ${PERSON_COLUMNS} from ${PERSON_FROM} where u.id = any($1::uuid[])`, [page.map((p) => p.id)]) : [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  const ordered = page.map((p) => byId.get(p.id)!).filter(Boolean);
  const locked = await lockedIds(db, ordered, limits.maxFailures, limits.windowMinutes);
  return {
    total,
    page: paging.page,
    size: paging.size,
    rows: ordered.map((r) => {
      const { IdCard: _hidden, ...row } = personOf(r, locked.has(r.id));
      return row;
    }),
  };
}

/** One person, locked for update when `tx` is a transaction, or a 404; also a 404 outside the caller's scope (never say who exists there). */
export async function personInScope(db: Db, scope: AdminScope, id: string, forUpdate = false): Promise<Row> {
  const w = new Where();
  w.and(`u.id = ${w.param(id)}`);
  scopeCondition(scope, w);
  const [row] = await db.query<Row>(`select ${PERSON_COLUMNS} from ${PERSON_FROM} ${w.sql} ${forUpdate ? "for update of u" : ""}`, w.params);
  if (!row) throw refused("Id", "notFound", Status.notFound);
  return row;
}

/** System/GetPersonInfo (`id`): one person of the caller's scope, with the ID card, for the edit form. */
export async function personInfo(db: Db, user: AuthUser, id: string, limits: ListLimits): Promise<PersonInfo> {
  const row = await personInScope(db, await adminScope(db, user), id);
  const locked = await lockedIds(db, [row], limits.maxFailures, limits.windowMinutes);
  return personOf(row, locked.has(row.id));
}

/** A non-SystemAdmin never touches a SystemAdmin or XSystemAdmin, even one placed in their department. */
export function guardPeer(scope: AdminScope, target: { roles: string[] | null }): void {
  if (scope.kind !== "all" && (target.roles ?? []).some((r) => r === "SystemAdmin" || r === "XSystemAdmin")) throw refused("Id", "outOfScope", Status.forbidden);
}

/** Enabled SystemAdmins other than `exceptId`: the last one may not be disabled or lose the role. */
export async function otherSystemAdmins(tx: Db, exceptId: string): Promise<number> {
  const [{ n }] = await tx.query<{ n: number }>(
    `select count(*)::int as n from users u join user_roles r on r.user_id = u.id and r.role_code = 'SystemAdmin' where not u.disabled and u.id <> $1`,
    [exceptId],
  );
  return n;
}

/**
 * Where the person may be placed by this admin: a SystemAdmin anywhere; an InsideAdmin only in their subtree
 * (the enterprise stays as it was); an OutsideAdmin only in their enterprise (the department stays as it was).
 */
async function placement(tx: Db, scope: AdminScope, input: PersonInput, before: Row | null): Promise<{ departmentId: string | null; enterpriseId: string | null }> {
  let departmentId = input.DepartmentId ?? null;
  let enterpriseId = input.EnterpriseId ?? null;
  if (scope.kind === "department") {
    enterpriseId = before?.enterprise_id ?? null;
    if (!departmentId || !scope.rootId) throw refused("DepartmentId", "outOfScope", Status.forbidden);
    const [inside] = await tx.query(`select 1 from (${subtreeSql("$1")}) s where s.id = $2`, [scope.rootId, departmentId]);
    if (!inside) throw refused("DepartmentId", "outOfScope", Status.forbidden);
  } else if (scope.kind === "enterprise") {
    departmentId = before?.department_id ?? null;
    if (!scope.enterpriseId) throw refused("EnterpriseId", "outOfScope", Status.forbidden);
    enterpriseId = scope.enterpriseId;
  }
  if (departmentId) {
    const [d] = await tx.query(`select 1 from departments where id = $1`, [departmentId]);
    if (!d) throw refused("DepartmentId", "departmentMissing");
  }
  if (enterpriseId) {
    const [e] = await tx.query(`select 1 from enterprises where id = $1`, [enterpriseId]);
    if (!e) throw refused("EnterpriseId", "enterpriseMissing");
  }
  return { departmentId, enterpriseId };
}

/**
 * The roles the person ends with. A SystemAdmin sets any; anyone else sets only the non-administrator roles,
 * and the person keeps whatever administrator roles they had (posting one they lack is refused).
 */
function grantedRoles(scope: AdminScope, posted: string[], before: Row | null): string[] {
  if (scope.kind === "all") return posted;
  const had = before?.roles ?? [];
  if (posted.some((r) => ADMIN_ROLES.includes(r as never) && !had.includes(r))) throw refused("Roles", "rolesForbidden", Status.forbidden);
  const kept = had.filter((r) => ADMIN_ROLES.includes(r as never));
  return ROLE_CODES.filter((c) => kept.includes(c) || (posted.includes(c) && !ADMIN_ROLES.includes(c)));
}

export interface SavedPerson {
  Id: string;
  Version: number;
}

/**
 * System/SavePerson: adds (no Id; `passwordHash` is the new person's one-time password, already hashed)
 * or changes a person of the caller's scope (Id and the Version opened). User name and mobile are unique
 * (refused naming the value); the last enabled SystemAdmin keeps the role.
 */
export async function savePerson(db: Db, user: AuthUser, actor: Actor, body: unknown, passwordHash: () => Promise<string>): Promise<SavedPerson> {
  const input = checkBody(personSchema, body, personTexts);
  const scope = await adminScope(db, user);
  // Hashing takes ~50 ms: done before the transaction holds any lock.
  const hash = input.Id ? null : await passwordHash();
  try {
    return await db.transaction(async (tx) => {
      let before: Row | null = null;
      if (input.Id) {
        before = await personInScope(tx, scope, input.Id, true);
        guardPeer(scope, before);
        if (input.Version !== before.version) throw refused("Version", "stale", Status.conflict);
      }
      const { departmentId, enterpriseId } = await placement(tx, scope, input, before);
      const roles = grantedRoles(scope, input.Roles, before);
      if (before?.roles?.includes("SystemAdmin") && !roles.includes("SystemAdmin") && !before.disabled && (await otherSystemAdmins(tx, before.id)) === 0) {
        throw refused("Roles", "lastSystemAdmin", Status.conflict);
      }
      const [sameName] = await tx.query(`select 1 from users where lower(name) = lower($1) and id is distinct from $2`, [input.UserName, input.Id ?? null]);
      if (sameName) throw taken("UserName", "userNameTaken", input.UserName);
      if (input.Mobile) {
        const [sameMobile] = await tx.query(`select 1 from users where mobile = $1 and id is distinct from $2`, [input.Mobile, input.Id ?? null]);
        if (sameMobile) throw taken("Mobile", "mobileTaken", input.Mobile);
      }
      const values = [input.UserName, input.RealName, input.Mobile ?? null, input.Email ?? null, input.IdCard ?? null, input.Gender, departmentId, enterpriseId];
      const [{ id }] = before
        ? await tx.query<{ id: string }>(
            `update users set name = $2, real_name = $3, mobile = $4, email = $5, id_card = $6, gender = $7, department_id = $8, enterprise_id = $9,
                    version = version + 1, updated_at = now()
              where id = $1 returning id`,
            [before.id, ...values],
          )
        : await tx.query<{ id: string }>(
            `insert into users(name, real_name, mobile, email, id_card, gender, department_id, enterprise_id, password_hash, update_pwd)
             values ($1, $2, $3, $4, $5, $6, $7, $8, $9, false) returning id`,
            [...values, hash],
          );
      await tx.query(`delete from user_roles where user_id = $1 and not (role_code = any($2::text[]))`, [id, roles]);
      await tx.query(`insert into user_roles(user_id, role_code) select $1, unnest($2::text[]) on conflict do nothing`, [id, roles]);
      const [after] = await tx.query<Row>(`select ${PERSON_COLUMNS} from ${PERSON_FROM} where u.id = $1`, [id]);
      await logOperation(tx, actor, {
        action: before ? "person.update" : "person.create",
        targetType: "person",
        targetId: id,
        targetName: `${after.real_name} (${after.name})`,
        before: before && loggedPerson(before),
        after: loggedPerson(after),
      });
      return { Id: id, Version: after.version };
    });
  } catch (e) {
    if (isUniqueViolation(e, "users_name_key")) throw taken("UserName", "userNameTaken", input.UserName);
    if (isUniqueViolation(e, "users_mobile_key")) throw taken("Mobile", "mobileTaken", input.Mobile ?? "");
    throw e;
  }
}
