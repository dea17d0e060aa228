import { Button } from "~/components/mantine/Button";
import { Paper } from "~/components/mantine/Paper";
import { Stack } from "~/components/mantine/Stack";
import { data, redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { PageHeader } from "~/components/PageHeader";
import { MemberManager } from "~/components/projects/MemberManager";
import { ProjectForm } from "~/components/projects/ProjectForm";
import projectStyles from "~/components/projects/projects.css";
import { richTextFieldLinks } from "~/components/RichTextField";
import { systemListLinks } from "~/components/system/page-links";
import type { AttachmentValue } from "~/lib/attachments";
import { postedForm } from "~/lib/attachments.server";
import { requireAccess } from "~/lib/auth.server";
import { flashToast } from "~/lib/cookies.server";
import { getT } from "~/lib/i18n.server";
import { idParam } from "~/lib/list-query";
import { pageMeta } from "~/lib/meta";
import { forPage } from "~/lib/notices.server";
import type { FormFailure } from "~/lib/page-form";
import { projectAction } from "~/lib/project-actions.server";
import { PROJ_EDIT_PATH, projEditHref, projInfoHref } from "~/lib/projects";
import { projectInfo } from "~/lib/projects.server";

/**
 * /myProject/editMyProject?id= (hidden): a project's fields and its members, for the leader, co-leads and the
 * leader's department admins. Someone who may only read the project is sent to its page, told why.
 */
export const handle = { i18n: ["project", "richText", "attachments"] };
export const links: LinksFunction = () => [...systemListLinks(), ...richTextFieldLinks(), { rel: "stylesheet", href: projectStyles }];
export const meta = pageMeta;

export async function loader(args: LoaderFunctionArgs) {
  const { token } = await requireAccess(args, PROJ_EDIT_PATH);
  const t = await getT(args.request, "project");
  const id = idParam(new URL(args.request.url).searchParams.get("id"));
  if (!id) throw new Response(t("errors.notFound"), { status: 404 });
  const project = await forPage(args, () => projectInfo(args, token, id));
  if (!project.CanEdit) {
    throw redirect(projInfoHref(id), { headers: { "Set-Cookie": await flashToast(args.request, { kind: "error", text: t("errors.readOnly") }) } });
  }
  return data({ title: t("form.titleEdit", { name: project.Name }), project });
}

export async function action(args: ActionFunctionArgs) {
  const { token } = await requireAccess(args, PROJ_EDIT_PATH);
  return projectAction(args, token, await postedForm(args.request));
}

export default function EditProject() {
  const { project } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as { failure?: FormFailure; files?: AttachmentValue[] } | undefined;
  const failure = result?.failure ?? null;
  const { t } = useTranslation("project");
  const leaders = project.Members.map((m) => ({ UserId: m.UserId, Label: m.RealName ? `${m.RealName} (${m.UserName})` : m.UserName }));
  return (
    <Stack gap="md" p={{ base: "sm", sm: "lg" }} data-testid="project-edit-page">
      <div className="sys-head">
        <PageHeader title={t("form.titleEdit", { name: project.Name })} intro={t("form.introEdit")} />
        <div className="sys-head-actions">
          <Button component={Link} to={projInfoHref(project.Id)} variant="default">
            {t("form.toProject")}
          </Button>
        </div>
      </div>
      <div className="pj-grid">
        <Paper withBorder radius="md" p={{ base: "sm", sm: "md" }}>
          <ProjectForm
            key={project.Version}
            editing={project}
            leaders={leaders}
            failure={failure?.values.form === "member" ? null : failure}
            files={result?.files ?? project.Attachments}
            back={projInfoHref(project.Id)}
            reloadHref={projEditHref(project.Id)}
          />
        </Paper>
        <Paper withBorder radius="md" p={{ base: "sm", sm: "md" }}>
          <MemberManager project={project} failure={failure} />
        </Paper>
      </div>
    </Stack>
  );
}
