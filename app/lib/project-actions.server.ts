import { data } from "@remix-run/node";
import { sanitizeRichText } from "../../common/sanitize.ts";
import { attachmentsShownAgain, collectAttachments } from "./attachments.server.ts";
import { projectMemberSchema, projectSchema } from "./form-schemas.server.ts";
import { formValues } from "./forms.ts";
import { getT } from "./i18n.server.ts";
import { checkAssembled, checkPosted, formFailure, redirectWithToast, toastFailure, upstreamFailure } from "./page-actions.server.ts";
import type { FormFailure } from "./page-form.ts";
import { projEditHref, projInfoHref } from "./projects.ts";
import { addProjectMember, removeProjectMember, saveProject, setProjectMemberRole } from "./projects.server.ts";
import { richTextFrom } from "./rich-text.ts";
import type { CallArgs } from "./upstream.server.ts";

/**
 * The project pages' actions (docs/projects.md), shared by addMyProject and editMyProject: save the fields
 * (intent `save`), and on the edit page add a member, change a member's part or remove one.
 */
export async function projectAction(args: CallArgs, token: string, form: FormData): Promise<Response | ReturnType<typeof formFailure> | ReturnType<typeof data>> {
  const t = await getT(args.request, "project");
  const intent = form.get("intent");
  if (intent === "save") return save(args, token, form, t);
  const projectId = String(form.get("ProjectId") ?? "");
  // Leaving is a button of the project's page; the others are the edit page's members section.
  const back = intent === "leave" ? projInfoHref(projectId) : `${projEditHref(projectId)}#members`;
  if (intent === "addMember") {
    const posted = checkPosted(projectMemberSchema, form);
    if (!posted.ok) return formFailure({ ...posted.failure, values: { ...posted.failure.values, form: "member" } });
    let added: { UserName: string; RealName: string };
    try {
      added = await addProjectMember(args, token, posted.data);
    } catch (e) {
      const failure = await upstreamFailure(args, e, posted.values);
      return formFailure({ ...failure, values: { ...failure.values, form: "member" } });
    }
    const name = added.RealName ? `${added.RealName} (${added.UserName})` : added.UserName;
    return redirectWithToast(args.request, back, { kind: "success", text: t("members.added", { name }) });
  }
  if (intent !== "setRole" && intent !== "removeMember" && intent !== "leave") throw new Response(t("errors.invalid"), { status: 400 });
  const userId = String(form.get("UserId") ?? "");
  const name = String(form.get("name") ?? "");
  try {
    if (intent === "setRole") await setProjectMemberRole(args, token, projectId, userId, String(form.get("Role") ?? ""));
    else await removeProjectMember(args, token, projectId, userId);
  } catch (e) {
    return toastFailure(args, e, back);
  }
  if (intent === "leave") return redirectWithToast(args.request, "/myProject/myProjectList", { kind: "success", text: t("members.left") });
  return redirectWithToast(args.request, back, { kind: "success", text: t(intent === "setRole" ? "members.roleChanged" : "members.removed", { name }) });
}

async function save(args: CallArgs, token: string, form: FormData, t: Awaited<ReturnType<typeof getT>>) {
  // The description arrives as the editor's HTML or, without JavaScript, as plain text; shown again sanitised.
  const description = richTextFrom(form, "Description");
  const values = { ...formValues(form), Description: sanitizeRichText(description), DescriptionFormat: "html", Attachments: "" };
  const posted = checkAssembled(projectSchema, { ...values, Description: description }, values);
  // The documents: files picked without JavaScript are uploaded now, even when a field is wrong, so they stay
  // in the form (a file input cannot be refilled); a refused one is named above the form.
  const files = await collectAttachments(args, token, form, "Attachments");
  const refusedWith = async (failure: FormFailure, status = 400) =>
    data({ failure, files: await attachmentsShownAgain(args, token, files.paths) }, { status });
  if (!posted.ok) return refusedWith(posted.failure);
  if (files.errors.length) return refusedWith({ values: posted.values, errors: {}, formError: files.errors.join("\n"), stale: false });
  let saved: { Id: string };
  try {
    saved = await saveProject(args, token, posted.data, files.paths);
  } catch (e) {
    const failure = await upstreamFailure(args, e, posted.values);
    return refusedWith(failure, failure.stale ? 409 : 400);
  }
  const text = t(posted.data.Id ? "form.saved" : "form.created", { name: posted.data.Name });
  return redirectWithToast(args.request, projInfoHref(saved.Id), { kind: "success", text });
}
