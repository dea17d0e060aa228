import { Paper } from "~/components/mantine/Paper";
import { Stack } from "~/components/mantine/Stack";
import { data, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { PageHeader } from "~/components/PageHeader";
import { ProjectForm } from "~/components/projects/ProjectForm";
import projectStyles from "~/components/projects/projects.css";
import { richTextFieldLinks } from "~/components/RichTextField";
import { systemListLinks } from "~/components/system/page-links";
import type { AttachmentValue } from "~/lib/attachments";
import { postedForm } from "~/lib/attachments.server";
import { requireAccess } from "~/lib/auth.server";
import { getT } from "~/lib/i18n.server";
import { pageMeta } from "~/lib/meta";
import type { FormFailure } from "~/lib/page-form";
import { projectAction } from "~/lib/project-actions.server";
import { PROJ_ADD_PATH, PROJ_LIST_PATH } from "~/lib/projects";

/**
 * /myProject/addMyProject: a new research project, led by the person who creates it; members are added on
 * the project's edit page once it exists. Works without JavaScript (the description is then plain text).
 */
export const handle = { i18n: ["project", "richText", "attachments"] };
export const links: LinksFunction = () => [...systemListLinks(), ...richTextFieldLinks(), { rel: "stylesheet", href: projectStyles }];
export const meta = pageMeta;

export async function loader(args: LoaderFunctionArgs) {
  await requireAccess(args, PROJ_ADD_PATH);
  const t = await getT(args.request, "project");
  return data({ title: t("form.titleAdd") });
}

export async function action(args: ActionFunctionArgs) {
  const { token } = await requireAccess(args, PROJ_ADD_PATH);
  const form = await postedForm(args.request);
  if (form.get("intent") !== "save") throw new Response("Bad request", { status: 400 });
  return projectAction(args, token, form);
}

export default function AddProject() {
  const result = useActionData<typeof action>() as { failure?: FormFailure; files?: AttachmentValue[] } | undefined;
  const failure = result?.failure ?? null;
  const { t } = useTranslation("project");
  return (
    <Stack gap="md" p={{ base: "sm", sm: "lg" }} data-testid="project-add-page">
      <PageHeader title={t("form.titleAdd")} intro={t("form.introAdd")} />
      <Paper withBorder radius="md" p={{ base: "sm", sm: "md" }} maw={900}>
        <ProjectForm editing={null} leaders={[]} failure={failure} files={result?.files ?? []} back={PROJ_LIST_PATH} reloadHref={PROJ_ADD_PATH} />
      </Paper>
    </Stack>
  );
}
