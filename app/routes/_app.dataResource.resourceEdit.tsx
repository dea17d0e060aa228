import { Button } from "~/components/mantine/Button";
import { NativeSelect } from "~/components/NativeSelect";
import { Paper } from "~/components/mantine/Paper";
import { Stack } from "~/components/mantine/Stack";
import { TextInput } from "~/components/TextInput";
import { data, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { DATA_RESOURCE_LIMITS as L } from "../../common/forms/limits.ts";
import { AttachmentsField } from "~/components/attachments/AttachmentsField";
import drStyles from "~/components/dataResources/dataResources.css";
import { DeleteStep } from "~/components/DeleteConfirm";
import { FormError } from "~/components/list/FormError";
import { PageHeader } from "~/components/PageHeader";
import { systemListLinks } from "~/components/system/page-links";
import { Textarea } from "~/components/Textarea";
import { requireAccess } from "~/lib/auth.server";
import { attachmentsShownAgain, collectAttachments, postedForm } from "~/lib/attachments.server";
import type { AttachmentValue } from "~/lib/attachments";
import { DATA_RESOURCE_KINDS } from "../../common/data-resources.ts";
import { DR_EDIT_PATH, DR_INDEX_PATH } from "~/lib/data-resources";
import { dataResource, deleteDataResource, saveDataResource } from "~/lib/data-resources.server";
import { dataResourceSchema } from "~/lib/form-schemas.server";
import { getT } from "~/lib/i18n.server";
import { idParam } from "~/lib/list-query";
import { pageMeta } from "~/lib/meta";
import { forPage } from "~/lib/notices.server";
import { checkPosted, redirectWithToast, toastFailure, upstreamFailure } from "~/lib/page-actions.server";
import { errorText, type FormFailure } from "~/lib/page-form";

/**
 * /dataResource/resourceEdit[?id=] (SystemAdmin): adds a data resource to /dataResource/index or edits one: a
 * name, a kind, a description and a link, uploaded files, or both (docs/data-resources.md). `?confirm=1`
 * shows the delete step. Multipart, so files go along without JavaScript.
 */
export const handle = { i18n: ["dataResource", "attachments"] };
export const links: LinksFunction = () => [...systemListLinks(), { rel: "stylesheet", href: drStyles }];
export const meta = pageMeta;

interface Editing {
  Id: string | null;
  Name: string;
  Kind: string;
  Description: string;
  Url: string;
  Version: string;
}

const EMPTY: Editing = { Id: null, Name: "", Kind: "database", Description: "", Url: "", Version: "" };

export async function loader(args: LoaderFunctionArgs) {
  const { token } = await requireAccess(args, DR_EDIT_PATH);
  const t = await getT(args.request, "dataResource");
  const search = new URL(args.request.url).searchParams;
  const raw = search.get("id");
  if (!raw) return data({ title: t("edit.newTitle"), editing: EMPTY, files: [] as AttachmentValue[], confirm: false });
  const id = idParam(raw);
  if (!id) throw new Response(t("errors.resourceNotFound"), { status: 404 });
  const r = await forPage(args, () => dataResource(args, token, id));
  const editing: Editing = { Id: r.Id, Name: r.Name, Kind: r.Kind, Description: r.Description, Url: r.Url ?? "", Version: String(r.Version) };
  return data({ title: t("edit.editTitle", { name: r.Name }), editing, files: r.Files as AttachmentValue[], confirm: search.get("confirm") === "1" });
}

type Result = { failure: FormFailure; files: AttachmentValue[] };

export async function action(args: ActionFunctionArgs) {
  const { token } = await requireAccess(args, DR_EDIT_PATH);
  const t = await getT(args.request, "dataResource");
  // The save is multipart (files go along); the delete step posts a plain form.
  const form = await postedForm(args.request);
  const intent = form.get("intent");
  if (intent === "delete") {
    const id = idParam(String(form.get("id") ?? ""));
    if (!id) throw new Response(t("errors.resourceNotFound"), { status: 404 });
    try {
      await deleteDataResource(args, token, id);
    } catch (e) {
      return toastFailure(args, e, `${DR_EDIT_PATH}?id=${id}`);
    }
    return redirectWithToast(args.request, DR_INDEX_PATH, { kind: "success", text: t("edit.deleted", { name: String(form.get("name") ?? "") }) });
  }
  if (intent !== "save") throw new Response(t("errors.invalid"), { status: 400 });
  const posted = checkPosted(dataResourceSchema, form);
  // Files chosen without JavaScript are uploaded even when a field is wrong, so they stay in the field.
  const files = await collectAttachments(args, token, form, "Attachments");
  const answer = async (failure: FormFailure, status = 400) => data<Result>({ failure, files: await attachmentsShownAgain(args, token, files.paths) }, { status });
  if (!posted.ok) return answer(posted.failure);
  if (files.errors.length) return answer({ values: posted.values, errors: {}, formError: files.errors.join("\n"), stale: false });
  let saved: { Id: string };
  try {
    saved = await saveDataResource(args, token, posted.data, files.paths);
  } catch (e) {
    const failure = await upstreamFailure(args, e, { ...posted.values, Attachments: "" });
    return answer(failure, failure.stale ? 409 : 400);
  }
  const text = t(posted.data.Id ? "edit.saved" : "edit.created", { name: posted.data.Name });
  return redirectWithToast(args.request, `${DR_INDEX_PATH}#resource-${saved.Id}`, { kind: "success", text });
}


export default function ResourceEdit() {
  const { title, editing, files, confirm } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as Result | undefined;
  const failure = result?.failure ?? null;
  const { t } = useTranslation("dataResource");
  const nav = useNavigation();
  const v = (k: keyof Editing) => failure?.values[k] ?? editing[k] ?? "";
  const err = (k: string) => errorText(t, failure?.errors[k], "errors");
  const reload = editing.Id ? `${DR_EDIT_PATH}?id=${editing.Id}` : DR_EDIT_PATH;
  return (
    <Stack gap="md" p={{ base: "sm", sm: "lg" }} data-testid="resource-edit-page">
      <div className="sys-head">
        <PageHeader title={title} intro={t("edit.intro")} />
        <div className="sys-head-actions">
          <Button component={Link} to={DR_INDEX_PATH} variant="default">
            {t("edit.back")}
          </Button>
          {editing.Id && !confirm ? (
            <Button component={Link} to={`${reload}&confirm=1`} variant="subtle" color="red" data-testid="delete">
              {t("edit.delete")}
            </Button>
          ) : null}
        </div>
      </div>
      {confirm && editing.Id ? (
        <DeleteStep
          id={editing.Id}
          back={reload}
          extra={{ name: editing.Name }}
          texts={{ title: t("edit.deleteTitle"), question: t("edit.deleteQuestion", { name: editing.Name }), cancel: t("edit.cancel"), confirm: t("edit.deleteConfirm") }}
        />
      ) : null}
      <Paper withBorder radius="md" p={{ base: "sm", sm: "md" }} maw={760}>
        <Form method="post" encType="multipart/form-data" data-testid="resource-form" noValidate>
          <input type="hidden" name="intent" value="save" />
          {editing.Id ? (
            <>
              <input type="hidden" name="Id" value={editing.Id} />
              <input type="hidden" name="Version" value={v("Version")} />
            </>
          ) : null}
          <Stack gap="sm">
            <FormError failure={failure} reloadHref={reload} reloadText={t("edit.reload")} />
            <TextInput name="Name" label={t("edit.name")} required maxLength={L.name} defaultValue={v("Name")} error={err("Name")} />
            <NativeSelect name="Kind" label={t("edit.kind")} defaultValue={v("Kind")} error={err("Kind")}>
              {DATA_RESOURCE_KINDS.map((k) => (
                <option key={k} value={k}>
                  {t(`kind.${k}`)}
                </option>
              ))}
            </NativeSelect>
            <Textarea name="Description" label={t("edit.description")} rows={5} maxLength={L.description} defaultValue={v("Description")} error={err("Description")} />
            <TextInput name="Url" type="url" label={t("edit.url")} description={t("edit.urlHint")} placeholder="https://" maxLength={L.url} defaultValue={v("Url")} error={err("Url")} />
            <div>
              <AttachmentsField name="Attachments" value={result?.files ?? (files as AttachmentValue[])} />
              {err("Attachments") ? (
                <p className="dr-comp-error" role="alert">
                  {err("Attachments")}
                </p>
              ) : null}
            </div>
            <div className="dr-actions">
              <Button type="submit" loading={nav.state === "submitting"} data-testid="resource-save">
                {t("edit.save")}
              </Button>
              <Button component={Link} to={DR_INDEX_PATH} variant="default">
                {t("edit.cancel")}
              </Button>
            </div>
          </Stack>
        </Form>
      </Paper>
    </Stack>
  );
}
