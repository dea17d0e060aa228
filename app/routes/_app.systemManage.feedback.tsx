import { Alert } from "~/components/mantine/Alert";
import { Anchor } from "~/components/mantine/Anchor";
import { Button } from "~/components/mantine/Button";
import { Group } from "~/components/mantine/Group";
import { Paper } from "~/components/mantine/Paper";
import { Stack } from "~/components/mantine/Stack";
import { Textarea } from "~/components/Textarea";
import { Title } from "~/components/mantine/Title";
import { data, redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { PageHeader } from "~/components/PageHeader";
import { FeedbackFilters } from "~/components/feedback/FeedbackFilters";
import { FeedbackTable } from "~/components/feedback/FeedbackTable";
import { FeedbackView } from "~/components/feedback/FeedbackView";
import { Pager } from "~/components/feedback/Pager";
import feedbackStyles from "~/components/feedback/feedback.css";
import { requireAccess } from "~/lib/auth.server";
import { flashToast } from "~/lib/cookies.server";
import { checkReply, filtersFrom, REPLY_MAX, withParam, type FeedbackErrors } from "~/lib/feedback";
import { feedbackList, replyFeedback } from "~/lib/feedback.server";
import { loadFeedback, sessionGone } from "~/lib/feedback-page.server";
import { getT } from "~/lib/i18n.server";
import { pageMeta } from "~/lib/meta";
import { textToHtml } from "~/lib/rich-text";
import { UpstreamError } from "~/lib/upstream.server";

/**
 * /systemManage/feedback (SystemAdmin): everyone's feedback, filtered by type, category and reply state,
 * searched by title and paged, all through GET forms and links; `?id=` opens one (sanitised) with the
 * reply form. The API sends the reply to the author as a directed message.
 */
export const handle = { i18n: ["feedback"] };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: feedbackStyles }];
export const meta = pageMeta;

const PATH = "/systemManage/feedback";

export async function loader(args: LoaderFunctionArgs) {
  const { token } = await requireAccess(args);
  const t = await getT(args.request, "feedback");
  const q = new URL(args.request.url).searchParams;
  const filters = filtersFrom(q);
  const id = q.get("id");
  const [loaded, list] = await Promise.all([
    id ? loadFeedback(args, token, id) : Promise.resolve(null),
    id ? Promise.resolve(null) : feedbackList(args, token, filters).catch((e) => sessionGone(args, e)),
  ]);
  return data({ title: t("admin.title"), filters, id, feedback: loaded?.feedback ?? null, list });
}

interface ReplyResult {
  errors: FeedbackErrors;
  reply: string;
  formError: string | null;
}

export async function action(args: ActionFunctionArgs) {
  const { token } = await requireAccess(args, PATH);
  const t = await getT(args.request, "feedback");
  const form = await args.request.formData();
  const id = String(form.get("Id") ?? "");
  if (form.get("intent") !== "reply" || !id) throw new Response(t("badIntent"), { status: 400 });
  const reply = String(form.get("Reply") ?? "");
  const errors = checkReply({ Reply: reply });
  if (Object.keys(errors).length) return data<ReplyResult>({ errors, reply, formError: null }, { status: 400 });
  try {
    // The reply is rich text on the API's side: the plain textarea's lines become escaped paragraphs.
    await replyFeedback(args, token, id, textToHtml(reply));
  } catch (e) {
    if (!(e instanceof UpstreamError) || e.sessionInvalid) return sessionGone(args, e);
    return data<ReplyResult>({ errors: {}, reply, formError: e.msg || "Error" }, { status: 400 });
  }
  // Back to the same feedback (and the filters it was opened from), now showing the reply.
  const back = new URL(args.request.url);
  back.searchParams.set("id", id);
  return redirect(`${PATH}${back.search}`, { headers: { "Set-Cookie": await flashToast(args.request, { kind: "success", text: t("admin.replied") }) } });
}

export default function FeedbackManage() {
  const { filters, id, feedback, list } = useLoaderData<typeof loader>();
  const { t } = useTranslation("feedback");
  const location = useLocation();
  return (
    <Stack gap="lg" p={{ base: "sm", sm: "lg" }} data-testid="feedback-manage">
      <PageHeader title={t("admin.title")} intro={t("admin.intro")} />
      {id ? (
        <Paper withBorder radius="md" p={{ base: "md", sm: "lg" }}>
          <Stack gap="md">
            <Anchor component={Link} to={location.pathname + withParam(location.search, "id", null)} size="sm" data-testid="feedback-back">
              ← {t("admin.back")}
            </Anchor>
            {feedback ? (
              <>
                <FeedbackView feedback={feedback} showAuthor />
                <ReplyForm id={feedback.Id} replied={Boolean(feedback.Reply)} />
              </>
            ) : (
              <Alert color="orange" variant="light" role="alert">
                {t("notFound")}
              </Alert>
            )}
          </Stack>
        </Paper>
      ) : list ? (
        <Paper withBorder radius="md" p={{ base: "md", sm: "lg" }}>
          <Stack gap="md">
            <FeedbackFilters filters={filters} />
            <FeedbackTable rows={list.rows} />
            <Pager total={list.total} page={list.page} size={list.size} testId="feedback-pager" />
          </Stack>
        </Paper>
      ) : null}
    </Stack>
  );
}

function ReplyForm({ id, replied }: { id: string; replied: boolean }) {
  const { t } = useTranslation("feedback");
  const nav = useNavigation();
  const result = useActionData<typeof action>() as ReplyResult | undefined;
  const error = result?.errors.Reply ? t(`validation.${result.errors.Reply}`) : undefined;
  return (
    <Form method="post" noValidate data-testid="reply-form">
      <input type="hidden" name="intent" value="reply" />
      <input type="hidden" name="Id" value={id} />
      <Stack gap="sm">
        <Title order={3} size="h5">
          {t("admin.reply")}
        </Title>
        {result?.formError ? (
          <Alert color="orange" variant="light" role="alert">
            {result.formError}
          </Alert>
        ) : null}
        <Textarea
          name="Reply"
          label={t("admin.replyLabel")}
          defaultValue={result?.reply ?? ""}
          error={error}
          rows={5}
          resize="vertical"
          maxLength={REPLY_MAX}
          description={replied ? t("admin.replaceHint") : undefined}
          withAsterisk
          data-testid="reply-text"
        />
        <Group justify="flex-end">
          <Button type="submit" loading={nav.state === "submitting"} data-testid="reply-submit">
            {t("admin.replySubmit")}
          </Button>
        </Group>
      </Stack>
    </Form>
  );
}
