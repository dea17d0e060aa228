import { Alert } from "~/components/mantine/Alert";
import { Anchor } from "~/components/mantine/Anchor";
import { Button } from "~/components/mantine/Button";
import { Paper } from "~/components/mantine/Paper";
import { Stack } from "~/components/mantine/Stack";
import { TextInput } from "~/components/TextInput";
import { Title } from "~/components/mantine/Title";
import { data, redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { AttachmentsField } from "~/components/attachments/AttachmentsField";
import { PageHeader } from "~/components/PageHeader";
import { RichTextField, richTextFieldLinks } from "~/components/RichTextField";
import { SafeHtml } from "~/components/SafeHtml";
import { StateBadge } from "~/components/noticeAdmin/StateBadge";
import noticeAdminStyles from "~/components/noticeAdmin/noticeAdmin.css";
import { isAttachmentPath, type AttachmentValue } from "~/lib/attachments";
import { attachmentsShownAgain, collectAttachments, readAttachmentForm } from "~/lib/attachments.server";
import { localLogout, requireAccess } from "~/lib/auth.server";
import { flashToast } from "~/lib/cookies.server";
import { getT } from "~/lib/i18n.server";
import { pageMeta } from "~/lib/meta";
import { AUTHOR_MAX, checkNotice, noticeIntent, TITLE_MAX, type NoticeErrors } from "~/lib/notice-form";
import { isId, type NoticeState } from "~/lib/notices";
import { forPage, noticeForEdit, previewHtml, refusedField, saveNotice } from "~/lib/notices.server";
import { richTextFrom } from "~/lib/rich-text";
import { UpstreamError } from "~/lib/upstream.server";

/**
 * /systemManage/noticeEdit (hidden; SystemAdmin): a new notice, or `?id=` an existing one. Preview shows
 * the sanitised content under the form and saves nothing; save draft and save-and-publish call
 * SaveSystemNotice. Errors stand under their fields and nothing is saved.
 */
export const handle = { i18n: ["noticeAdmin", "richText", "attachments"] };
export const links: LinksFunction = () => [...richTextFieldLinks(), { rel: "stylesheet", href: noticeAdminStyles }];
export const meta = pageMeta;

const PATH = "/systemManage/noticeEdit";

interface Values {
  title: string;
  author: string;
  /** Sanitised HTML. */
  content: string;
  attachments: AttachmentValue[];
}

export async function loader(args: LoaderFunctionArgs) {
  const { token } = await requireAccess(args);
  const t = await getT(args.request, "noticeAdmin");
  const id = new URL(args.request.url).searchParams.get("id");
  if (id === null || id === "") {
    return data({
      title: t("edit.newTitle"),
      notice: { id: null as string | null, title: "", author: "", content: "", state: null as NoticeState | null, attachments: [] as AttachmentValue[] },
    });
  }
  if (!isId(id)) throw new Response((await getT(args.request))("errors.notFound"), { status: 404 });
  const n = await forPage(args, () => noticeForEdit(args, token, id));
  return data({
    title: t("edit.editTitle"),
    notice: { id: n.id, title: n.title, author: n.author, content: n.content, state: n.state as NoticeState | null, attachments: n.attachments as AttachmentValue[] },
  });
}

interface Result {
  values: Values;
  errors: NoticeErrors;
  /** A field refusal from the API, already in the user's language. */
  fieldText: Partial<Record<keyof NoticeErrors, string>>;
  formError: string | null;
  preview: string | null;
}

export async function action(args: ActionFunctionArgs) {
  const { request } = args;
  const { token } = await requireAccess(args, PATH);
  const t = await getT(request, "noticeAdmin");
  // Multipart: the AttachmentsField posts new files along without JavaScript.
  const form = await readAttachmentForm(request);
  const intent = noticeIntent(form.get("intent"));
  const rawId = form.get("id");
  const id = typeof rawId === "string" && rawId ? rawId : null;
  if (!intent || (id !== null && !isId(id))) throw new Response(t("badIntent"), { status: 400 });

  const str = (k: string) => (typeof form.get(k) === "string" ? (form.get(k) as string) : "");
  const posted = { title: str("Title"), author: str("Author"), content: richTextFrom(form, "Content") };
  const errors = checkNotice(posted);
  const values: Values = { title: posted.title, author: posted.author, content: previewHtml(posted.content), attachments: [] };
  const answer = async (r: Partial<Result>, status: number, paths: string[]) => {
    values.attachments = await attachmentsShownAgain(args, token, paths);
    return data<Result>({ values, errors: {}, fieldText: {}, formError: null, preview: null, ...r }, { status });
  };

  // What the field holds: as posted, then as collected (so an API refusal keeps fresh uploads listed).
  let paths = form.getAll("Attachments").filter(isAttachmentPath);
  try {
    if (Object.keys(errors).length || intent === "preview") {
      // The page comes back without saving. Files chosen without JavaScript are uploaded now so they stay
      // in the field (a file input cannot be refilled); removals wait for a real save.
      const files = await collectAttachments(args, token, withoutRemovals(form), "Attachments");
      const formError = files.errors.length ? files.errors.join("\n") : null;
      if (intent === "preview" && !Object.keys(errors).length) return await answer({ preview: values.content, formError }, 200, files.paths);
      return await answer({ errors, formError }, 400, files.paths);
    }
    const files = await collectAttachments(args, token, form, "Attachments");
    // A refused upload saves nothing; the files that did upload stay in the field for the next try.
    if (files.errors.length) return await answer({ formError: files.errors.join("\n") }, 400, files.paths);
    paths = files.paths;
    const saved = await saveNotice(args, token, { id, title: posted.title.trim(), author: posted.author.trim(), content: posted.content, attachments: files.paths }, intent === "publish");
    const toast = await flashToast(request, { kind: "success", text: t(intent === "publish" ? "edit.published" : "edit.saved") });
    return redirect(intent === "publish" ? "/systemManage/noticeManager" : `${PATH}?id=${saved}`, { headers: { "Set-Cookie": toast } });
  } catch (e) {
    if (!(e instanceof UpstreamError)) throw e;
    if (e.sessionInvalid) throw redirect("/login", { headers: await localLogout(request, e.msg) });
    const field = refusedField(e);
    if (field === "Title" || field === "Author" || field === "Content") return answer({ fieldText: { [field]: e.msg } }, 400, paths);
    return answer({ formError: e.msg || "Error" }, e.status === 404 ? 404 : 400, paths);
  }
}

/** The form as posted minus the attachments ticked for removal. */
function withoutRemovals(form: FormData): FormData {
  const out = new FormData();
  for (const [k, v] of form.entries()) if (k !== "AttachmentsRemove") out.append(k, v);
  return out;
}

export default function NoticeEdit() {
  const { notice } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as Result | undefined;
  const { t } = useTranslation("noticeAdmin");
  const nav = useNavigation();
  const values = result?.values ?? notice;
  // Typing in a field clears its message; the next submit answers again.
  const [cleared, setCleared] = useState<Set<string>>(new Set());
  useEffect(() => setCleared(new Set()), [result]);
  const err = (f: keyof NoticeErrors) => {
    if (cleared.has(f)) return undefined;
    const key = result?.errors[f];
    return key ? t(`errors.${key}`) : result?.fieldText[f];
  };
  const busy = (intent: string) => nav.state === "submitting" && nav.formData?.get("intent") === intent;

  return (
    <Stack gap="md" p={{ base: "sm", sm: "lg" }} data-testid="notice-edit">
      <Anchor component={Link} to="/systemManage/noticeManager" size="sm">
        ← {t("edit.back")}
      </Anchor>
      <div className="na-head">
        <PageHeader title={notice.id ? t("edit.editTitle") : t("edit.newTitle")} intro={t("edit.intro")} />
        {notice.state ? <StateBadge state={notice.state} /> : null}
      </div>
      <Paper withBorder radius="md" p={{ base: "md", sm: "lg" }}>
        {result?.formError ? (
          <Alert color="red" variant="light" role="alert" mb="md" data-testid="form-error" style={{ whiteSpace: "pre-line" }}>
            {result.formError}
          </Alert>
        ) : null}
        <Form
          method="post"
          encType="multipart/form-data"
          noValidate
          data-testid="notice-form"
          onChange={(e) => {
            const name = (e.target as HTMLInputElement).name;
            if (name) setCleared((c) => new Set(c).add(name));
          }}
        >
          {notice.id ? <input type="hidden" name="id" value={notice.id} /> : null}
          <Stack gap="md">
            <TextInput name="Title" label={t("field.title")} defaultValue={values.title} withAsterisk maxLength={TITLE_MAX * 2} error={err("Title")} data-testid="field-title" />
            <TextInput name="Author" label={t("field.author")} description={t("field.authorHint")} defaultValue={values.author} maxLength={AUTHOR_MAX * 2} error={err("Author")} />
            <RichTextField name="Content" label={t("field.content")} defaultValue={values.content} error={err("Content")} minHeight={260} imageUpload />
            <AttachmentsField name="Attachments" value={values.attachments} />
            <div className="na-form-actions">
              <Button type="submit" name="intent" value="preview" variant="default" loading={busy("preview")} data-testid="preview">
                {t("edit.preview")}
              </Button>
              <Button type="submit" name="intent" value="draft" variant="light" loading={busy("draft")} data-testid="save-draft">
                {t("edit.saveDraft")}
              </Button>
              <Button type="submit" name="intent" value="publish" loading={busy("publish")} data-testid="save-publish">
                {t("edit.savePublish")}
              </Button>
            </div>
          </Stack>
        </Form>
      </Paper>
      {result?.preview !== null && result?.preview !== undefined ? (
        <Paper withBorder radius="md" p={{ base: "md", sm: "lg" }} className="na-preview" component="section" aria-labelledby="na-preview-title" data-testid="preview-pane">
          <Title order={2} size="h4" id="na-preview-title" mb="sm">
            {t("edit.previewTitle")}
          </Title>
          <Title order={3} size="h3" mb="xs">
            {values.title}
          </Title>
          <SafeHtml html={result.preview} />
        </Paper>
      ) : null}
    </Stack>
  );
}
