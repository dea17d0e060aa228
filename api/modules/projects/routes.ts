import type { App } from "../../app.ts";
import { requireId } from "../../http/fields.ts";
import type { Router } from "../../http/router.ts";
import { actorOf } from "../system/oplog.ts";
import { addMember, removeMember, setMemberRole } from "./members.ts";
import { deleteProject, listProjects, myProjectOptions, projectInfo, saveProject, searchProjects } from "./projects.ts";
import { setTaskProject, taskDataSource } from "./tasks.ts";

/** Any logged-in user: who may read, edit or delete a given project is the handler's (access.ts). */
const user = { auth: "user" as const };
/** A rich-text description of 20,000 characters, form-encoded, is up to about 180 KB. */
const richBody = { ...user, maxBody: 1024 * 1024 };

/** The Project/* calls of the research projects (docs/projects.md). */
export function register(router: Router, app: App): void {
  const { db } = app;
  router.get("Project/GetProjectList", async (ctx) => listProjects(db, ctx.user!, ctx.query), user);
  // The administrators' search (/systemManage/myProjectSearch): each within their scope (access.ts).
  router.get("Project/SearchProjects", async (ctx) => searchProjects(db, ctx.user!, ctx.query), { auth: "user", roles: ["SystemAdmin", "InsideAdmin", "OutsideAdmin"] });
  router.get("Project/GetProjectInfo", async (ctx) => projectInfo(db, ctx.user!, requireId(ctx.query.get("id"), "id")), user);
  router.get("Project/GetMyProjectOptions", async (ctx) => myProjectOptions(db, ctx.user!), user);
  router.post("Project/SaveProject", async (ctx) => saveProject(db, ctx.user!, actorOf(ctx), ctx.body), richBody);
  router.post("Project/DeleteProject", async (ctx) => deleteProject(db, ctx.user!, actorOf(ctx), ctx.body), user);
  router.post("Project/AddProjectMember", async (ctx) => addMember(db, ctx.user!, actorOf(ctx), ctx.body), user);
  router.post("Project/SetProjectMemberRole", async (ctx) => setMemberRole(db, ctx.user!, actorOf(ctx), ctx.body), user);
  router.post("Project/RemoveProjectMember", async (ctx) => removeMember(db, ctx.user!, actorOf(ctx), ctx.body), user);
  router.get("Project/GetTaskDataSource", async (ctx) => taskDataSource(db, ctx.user!, ctx.query), user);
  router.post("Project/SetTaskProject", async (ctx) => setTaskProject(db, ctx.user!, actorOf(ctx), ctx.body, ctx.lang), user);
}
