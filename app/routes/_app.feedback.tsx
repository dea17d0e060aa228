import { Alert } from "~/components/mantine/Alert";
import { Button } from "~/components/mantine/Button";
import { Group } from "~/components/mantine/Group";
import { Paper } from "~/components/mantine/Paper";
import { Stack } from "~/components/mantine/Stack";
import { Title } from "~/components/mantine/Title";
import { data, redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { PageHeader } from "~/components/PageHeader";
import { richTextFieldLinks } from "~/components/RichTextField";
import { EMPTY_FEEDBACK, FeedbackFields } from "~/components/feedback/FeedbackFields";
import { FeedbackView } from "~/components/feedback/FeedbackView";
import { FeedbackWarning } from "~/components/feedback/FeedbackWarning";
import { MyFeedbackList } from "~/components/feedback/MyFeedbackList";
import feedbackStyles from "~/components/feedback/feedback.css";
import { requireAccess } from "~/lib/auth.server";
import { flashToast } from "~/lib/cookies.server";
import { pageFrom, type FeedbackActionResult } from "~/lib/feedback";
import { addFeedback, myFeedbackList } from "~/lib/feedback.server";
import { attachmentsShownAgain } from "~/lib/attachments.server";
import { postedForm } from "~/lib/attachments.server";
import { feedbackAttachments, loadFeedback, readFeedbackForm, sessionGone } from "~/lib/feedback-page.server";
import { getT } from "~/lib/i18n.server";
import { pageMeta } from "~/lib/meta";
import { safePath } from "~/lib/redirects";
import { UpstreamError } from "~/lib/upstream.server";

/**
 * /feedback: send feedback (title, category, type, rich-text content) and read one's own (`?id=`,
 * read-only, with the administrator's reply), beside the list of one's feedback. Works without
 * JavaScript; the floating panel's dialog posts here too (`via=dialog`, answered with data instead of a
 * redirect so the dialog stays over the page the user was on).
 */
export const handle = { i18n: ["feedback", "richText", "attachments"] };
export const links: LinksFunction = () => [...richTextFieldLinks(), { rel: "stylesheet", href: feedbackStyles }];
export const meta = pageMeta;

export async function loader(args: LoaderFunctionArgs) {
  const { token } = await requireAccess(args);
  const t = await getT(args.request, "feedback");
  const q = new URL(args.request.url).searchParams;
  const id = q.get("id");
  // The dialog only wants the one feedback, not the page's list.
  const dialog = q.get("view") === "dialog";
  const [loaded, mine] = await Promise.all([
    id ? loadFeedback(args, token, id) : Promise.resolve(null),
    dialog ? Promise.resolve(null) : myFeedbackList(args, token, pageFrom(q)).catch((e) => sessionGone(args, e)),
  ]);
  return data({
    title: t(id ? "viewTitle" : "title"),
    id,
    feedback: loaded?.feedback ?? null,
    missing: loaded ? loaded.feedback === null : false,
    mine,
  });
}

export async function action(args: ActionFunctionArgs) {
  const { token } = await requireAccess(args, "/feedback");
  const form = await postedForm(args.request);
  const t = await getT(args.request, "feedback");
  if (form.get("intent") !== "add") throw new Response(t("badIntent"), { status: 400 });
  const { values, errors } = readFeedbackForm(form);
  const fromDialog = form.get("via") === "dialog";
  const files = await feedbackAttachments(args, token, form);
  // A refused submit offers the form again with what was typed and what is attached so far.
  const refuse = async (e: typeof errors, formError: string | null, status: number) =>
    data<FeedbackActionResult>(
      { ok: false, errors: e, values, formError, attachments: await attachmentsShownAgain(args, token, files.paths) },
      { status },
    );
  if (Object.keys(errors).length) return refuse(errors, files.errors.join("\n") || null, 400);
  if (files.errors.length) return refuse({}, files.errors.join("\n"), 400);

  let id: string;
  try {
    id = await addFeedback(args, token, { ...values, Attachments: files.paths });
  } catch (e) {
    if (!(e instanceof UpstreamError) || e.sessionInvalid) return sessionGone(args, e);
    // Section 8: a failed submit shows the API's message as a warning; the form keeps what was typed.
    return refuse({}, e.msg || "Error", e.status === 0 ? 504 : 400);
  }
  if (fromDialog) return data<FeedbackActionResult>({ ok: true, id });
  const back = safePath(form.get("redirectTo")) ?? `/feedback?id=${encodeURIComponent(id)}`;
  return redirect(back, { headers: { "Set-Cookie": await flashToast(args.request, { kind: "success", text: t("submitted") }) } });
}

export default function FeedbackPage() {
  const { id, feedback, missing, mine } = useLoaderData<typeof loader>();
  const result = useActionData() as FeedbackActionResult | undefined;
  const { t } = useTranslation("feedback");
  return (
    <Stack gap="lg" p={{ base: "sm", sm: "lg" }} data-testid="feedback-page">
      <PageHeader title={t("title")} intro={t("intro")} />
      <div className="fb-grid">
        <Paper withBorder radius="md" p={{ base: "md", sm: "lg" }}>
          {id ? (
            <Stack gap="md">
              {feedback ? <FeedbackView feedback={feedback} /> : null}
              {missing ? (
                <Alert color="orange" variant="light" role="alert">
                  {t("notFound")}
                </Alert>
              ) : null}
              <Group>
                <Button component={Link} to="/feedback" variant="light" data-testid="feedback-new">
                  {t("new")}
                </Button>
              </Group>
            </Stack>
          ) : (
            <NewFeedbackForm result={result && !result.ok ? result : undefined} />
          )}
        </Paper>
        {mine ? <MyFeedbackList list={mine} currentId={id} /> : null}
      </div>
    </Stack>
  );
}

function NewFeedbackForm({ result }: { result: Extract<FeedbackActionResult, { ok: false }> | undefined }) {
  const { t } = useTranslation("feedback");
  const nav = useNavigation();
  return (
    <>
      <Title order={2} size="h4" mb="sm">
        {t("new")}
      </Title>
      <FeedbackWarning result={result} />
      <Form method="post" encType="multipart/form-data" noValidate data-testid="feedback-form">
        <input type="hidden" name="intent" value="add" />
        <Stack gap="md">
          <FeedbackFields values={result?.values ?? EMPTY_FEEDBACK} errors={result?.errors} attachments={result?.attachments} />
          <Group justify="flex-end">
            <Button type="submit" loading={nav.state === "submitting"} data-testid="feedback-submit">
              {t("form.submit")}
            </Button>
          </Group>
        </Stack>
      </Form>
    </>
  );
}
