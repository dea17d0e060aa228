import { Alert } from "~/components/mantine/Alert";
import { Loader } from "~/components/mantine/Loader";
import { Stack } from "~/components/mantine/Stack";
import { useFetcher } from "@remix-run/react";
import { useEffect, useId, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Dialog } from "~/components/layout/Dialog";
import { richTextFieldLinks } from "~/components/RichTextField";
import { Toast } from "~/components/Toast";
import type { FeedbackActionResult } from "~/lib/feedback";
import type { loader as feedbackLoader } from "~/routes/_app.feedback";
import { EMPTY_FEEDBACK, FeedbackFields } from "./FeedbackFields";
import { FeedbackView } from "./FeedbackView";
import { FeedbackWarning } from "./FeedbackWarning";
import feedbackStyles from "./feedback.css";

/** Section 9: the feedback dialog is 800 px wide. */
export const FEEDBACK_DIALOG_WIDTH = 800;

let submits = 0;

/**
 * The feedback dialog of section 2, over whatever page the user is on (JavaScript only: without it the
 * floating button is a link to /feedback). It posts to the /feedback action through a fetcher, so the
 * page stays; on success it shows 提交成功 and turns read-only on the new feedback. Opened with an Id it
 * is read-only from the start. Only its own buttons close it (no backdrop click, no Escape).
 */
export default function FeedbackDialog({ onClose, feedbackId = null }: { onClose: () => void; feedbackId?: string | null }) {
  const { t, ready } = useTranslation(["feedback", "richText", "attachments"]);
  const formId = useId();
  const send = useFetcher<FeedbackActionResult>();
  const view = useFetcher<typeof feedbackLoader>();
  const [id, setId] = useState<string | null>(feedbackId);
  const result = send.data;
  const sentOk = result?.ok ? result : null;
  const toastKey = useMemo(() => ++submits, [sentOk]);

  useEffect(() => {
    if (sentOk) setId(sentOk.id);
  }, [sentOk]);
  useEffect(() => {
    // view.load is stable in use but not typed as such; reloading on every render would loop.
    if (id) view.load(`/feedback?id=${encodeURIComponent(id)}&view=dialog`);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id]);
  useEffect(() => {
    if (ready && !id) document.querySelector<HTMLInputElement>('[data-testid="feedback-dialog"] input[name="Title"]')?.focus();
  }, [ready, id]);

  const busy = send.state !== "idle";
  const close = (
    <button type="button" className="fe-btn fe-btn-default" onClick={onClose} data-testid="feedback-dialog-close">
      {id ? t("form.close") : t("form.cancel")}
    </button>
  );
  const submit = id ? null : (
    <button type="submit" form={formId} className="fe-btn fe-btn-primary" disabled={busy || !ready} data-testid="feedback-dialog-submit">
      {t("form.submit")}
    </button>
  );

  return (
    <Dialog title={ready ? t("dialog.title") : "…"} width={FEEDBACK_DIALOG_WIDTH} testId="feedback-dialog" actions={<>{close}{submit}</>}>
      {/* The dialog can open on any page; its styles (and the editor's) come with it. */}
      {[...richTextFieldLinks(), { rel: "stylesheet", href: feedbackStyles }].map((l) =>
        "href" in l ? <link key={l.href} rel="stylesheet" href={l.href} /> : null,
      )}
      {sentOk ? <Toast key={toastKey} toast={{ kind: "success", text: t("submitted") }} /> : null}
      {!ready ? (
        <Loader size="sm" aria-label="…" />
      ) : id ? (
        <ReadOnly data={view.data} loading={view.state !== "idle" || !view.data} />
      ) : (
        <send.Form method="post" action="/feedback" encType="multipart/form-data" noValidate id={formId} data-testid="feedback-dialog-form">
          <input type="hidden" name="intent" value="add" />
          <input type="hidden" name="via" value="dialog" />
          <Stack gap="md">
            <FeedbackWarning result={result} />
            <FeedbackFields values={EMPTY_FEEDBACK} errors={result && !result.ok ? result.errors : undefined} />
          </Stack>
        </send.Form>
      )}
    </Dialog>
  );
}

type ViewData = { feedback: Parameters<typeof FeedbackView>[0]["feedback"] | null; missing: boolean } | undefined;

function ReadOnly({ data, loading }: { data: ViewData; loading: boolean }) {
  const { t } = useTranslation("feedback");
  if (data?.feedback) return <FeedbackView feedback={data.feedback} />;
  if (data?.missing && !loading) {
    return (
      <Alert color="orange" variant="light" role="alert">
        {t("notFound")}
      </Alert>
    );
  }
  return <Loader size="sm" aria-label={t("dialog.loading")} />;
}
