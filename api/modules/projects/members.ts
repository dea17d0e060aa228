import { projectMemberSchema } from "../../../common/forms/project.ts";
import { MEMBER_ROLES, type MemberRole } from "../../../common/projects.ts";
import type { Db } from "../../db/index.ts";
import { Status } from "../../http/envelope.ts";
import { checkBody, isUniqueViolation, iso, keyedFieldError, requireId } from "../../http/fields.ts";
import type { AuthUser } from "../../http/router.ts";
import { logOperation, type Actor } from "../system/oplog.ts";
import { callerOf, mayEdit, mayRemoveMember, projectNotFound } from "./access.ts";
import { loadProject, type ProjectMember } from "./projects.ts";
import { projectTexts } from "./texts.ts";

/**
 * A project's members (docs/projects.md): the editors add people, change a member's part (member or
 * co-lead) and remove them; a member may also leave. The leader is the project's own column, never a member
 * row. Member changes do not move the project's version (an editor's open form stays valid); each is logged
 * against the project, the person in `before`/`after`.
 */

const refused = (field: string, key: keyof typeof projectTexts, status: number = Status.badRequest) => keyedFieldError(field, key, projectTexts, status);
/** A user name, or an 11-digit mainland mobile number. */
const MOBILE = /^1\d{10}$/;

interface Person {
  id: string;
  name: string;
  real_name: string;
  department: string;
  disabled: boolean;
}
const PERSON = `select u.id, u.name, u.real_name, coalesce(d.name, '') as department, u.disabled from users u left join departments d on d.id = u.department_id`;
const loggedMember = (p: Pick<Person, "id" | "name" | "real_name">, role: MemberRole) => ({ UserId: p.id, UserName: p.name, RealName: p.real_name, Role: role });

/**
 * Project/AddProjectMember (`ProjectId`, `User`: a user name or a mobile number, `Role`; editors): an unknown or
 * disabled person is refused under `User`, as are the leader and someone already in the project.
 */
export async function addMember(db: Db, user: AuthUser, actor: Actor, body: unknown): Promise<ProjectMember> {
  const input = checkBody(projectMemberSchema, body, projectTexts);
  const caller = await callerOf(db, user);
  try {
    return await db.transaction(async (tx) => {
      const found = await loadProject(tx, caller, input.ProjectId, true);
      if (!found) throw projectNotFound("ProjectId");
      mayEdit(found.access, "ProjectId");
      const [person] = await tx.query<Person>(`${PERSON} where ${MOBILE.test(input.User) ? "u.mobile" : "u.name"} = $1`, [input.User]);
      if (!person || person.disabled) throw refused("User", "userUnknown");
      if (person.id === found.row.leader_id) throw refused("User", "leaderIsMember");
      const [twice] = await tx.query(`select 1 from project_members where project_id = $1 and user_id = $2`, [found.row.id, person.id]);
      if (twice) throw refused("User", "memberTwice", Status.conflict);
      const [{ added_at }] = await tx.query<{ added_at: Date }>(
        `insert into project_members (project_id, user_id, role) values ($1, $2, $3) returning added_at`,
        [found.row.id, person.id, input.Role],
      );
      await logOperation(tx, actor, {
        action: "project.member.add",
        targetType: "project",
        targetId: found.row.id,
        targetName: found.row.name,
        before: null,
        after: loggedMember(person, input.Role),
      });
      return { UserId: person.id, UserName: person.name, RealName: person.real_name, Department: person.department, Role: input.Role, AddedAt: iso(added_at)! };
    });
  } catch (e) {
    // The same person added twice at once: the primary key decides, with the same message.
    if (isUniqueViolation(e, "project_members_pkey")) throw refused("User", "memberTwice", Status.conflict);
    throw e;
  }
}

/** The member row of `userId` in a locked project, or the refusal: the leader is no member row, a stranger is not found. */
async function memberOf(tx: Db, projectId: string, leaderId: string, userId: string) {
  if (userId === leaderId) throw refused("UserId", "leaderIsMember");
  const [m] = await tx.query<Pick<Person, "id" | "name" | "real_name"> & { role: MemberRole }>(
    `select u.id, u.name, u.real_name, m.role from project_members m join users u on u.id = m.user_id where m.project_id = $1 and m.user_id = $2 for update of m`,
    [projectId, userId],
  );
  if (!m) throw refused("UserId", "userUnknown", Status.notFound);
  return m;
}

/** Project/SetProjectMemberRole (`ProjectId`, `UserId`, `Role`: member or colead; editors). */
export async function setMemberRole(db: Db, user: AuthUser, actor: Actor, body: Record<string, unknown>): Promise<true> {
  const projectId = requireId(body.ProjectId, "ProjectId");
  const userId = requireId(body.UserId, "UserId");
  const role = body.Role;
  if (!MEMBER_ROLES.includes(role as MemberRole)) throw refused("Role", "invalid");
  const caller = await callerOf(db, user);
  await db.transaction(async (tx) => {
    const found = await loadProject(tx, caller, projectId, true);
    if (!found) throw projectNotFound("ProjectId");
    mayEdit(found.access, "ProjectId");
    const m = await memberOf(tx, projectId, found.row.leader_id, userId);
    if (m.role === role) return;
    await tx.query(`update project_members set role = $3 where project_id = $1 and user_id = $2`, [projectId, userId, role]);
    await logOperation(tx, actor, {
      action: "project.member.role",
      targetType: "project",
      targetId: projectId,
      targetName: found.row.name,
      before: loggedMember(m, m.role),
      after: loggedMember(m, role as MemberRole),
    });
  });
  return true;
}

/** Project/RemoveProjectMember (`ProjectId`, `UserId`; editors, or the member themselves: leaving). */
export async function removeMember(db: Db, user: AuthUser, actor: Actor, body: Record<string, unknown>): Promise<true> {
  const projectId = requireId(body.ProjectId, "ProjectId");
  const userId = requireId(body.UserId, "UserId");
  const caller = await callerOf(db, user);
  await db.transaction(async (tx) => {
    const found = await loadProject(tx, caller, projectId, true);
    if (!found) throw projectNotFound("ProjectId");
    mayRemoveMember(found.access, caller, userId);
    const m = await memberOf(tx, projectId, found.row.leader_id, userId);
    await tx.query(`delete from project_members where project_id = $1 and user_id = $2`, [projectId, userId]);
    await logOperation(tx, actor, {
      action: "project.member.remove",
      targetType: "project",
      targetId: projectId,
      targetName: found.row.name,
      before: loggedMember(m, m.role),
      after: null,
    });
  });
  return true;
}
