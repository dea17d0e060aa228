import { Badge } from "~/components/mantine/Badge";
import { Group } from "~/components/mantine/Group";
import { Stack } from "~/components/mantine/Stack";
import { Text } from "~/components/mantine/Text";
import { Title } from "~/components/mantine/Title";
import { useTranslation } from "react-i18next";
import { SafeHtml } from "~/components/SafeHtml";
import { AttachmentList } from "~/components/attachments/AttachmentList";
import type { FeedbackDetail } from "~/lib/feedback.server";

/**
 * A feedback, read-only (section 2: once it has an Id its type and category cannot change). Content and
 * reply arrive sanitised by the loader; SafeHtml only puts them in place.
 */
export function FeedbackView({ feedback, showAuthor = false }: { feedback: FeedbackDetail; showAuthor?: boolean }) {
  const { t } = useTranslation("feedback");
  return (
    <Stack gap="sm" data-testid="feedback-view">
      <Title order={2} size="h4" data-testid="feedback-view-title" style={{ overflowWrap: "anywhere" }}>
        {feedback.Title}
      </Title>
      <Group gap="xs">
        <Badge variant="light">{t(`bizType.${feedback.BizType}`, { defaultValue: feedback.BizType })}</Badge>
        <Badge variant="light" color="grape">
          {t(`type.${feedback.Type}`, { defaultValue: feedback.Type })}
        </Badge>
      </Group>
      <dl className="fb-facts">
        {showAuthor ? (
          <>
            <dt>{t("view.author")}</dt>
            <dd data-testid="feedback-view-author">{feedback.UserName || "—"}</dd>
          </>
        ) : null}
        <dt>{t("view.time")}</dt>
        <dd>{feedback.CreatedAt}</dd>
      </dl>
      <div>
        <Text size="sm" c="dimmed" mb={4}>
          {t("view.content")}
        </Text>
        {feedback.Content ? (
          <SafeHtml html={feedback.Content} className="fb-content" testId="feedback-view-content" />
        ) : (
          <Text size="sm" c="dimmed">
            {t("view.noContent")}
          </Text>
        )}
      </div>
      <AttachmentList items={feedback.Attachments} title={t("view.attachments")} />
      <FeedbackReply reply={feedback.Reply} replyAt={feedback.ReplyAt} />
      <Text size="xs" c="dimmed">
        {t("view.readOnly")}
      </Text>
    </Stack>
  );
}

function FeedbackReply({ reply, replyAt }: { reply: string; replyAt: string }) {
  const { t } = useTranslation("feedback");
  if (!reply) {
    return (
      <div className="fb-reply fb-reply-none" data-testid="feedback-no-reply">
        {t("view.noReply")}
      </div>
    );
  }
  return (
    <div className="fb-reply" data-testid="feedback-reply">
      <Text size="sm" fw={600} mb={4}>
        {t("view.reply")}
        {replyAt ? (
          <Text span size="xs" c="dimmed" fw={400} ml="sm">
            {t("view.replyAt")} {replyAt}
          </Text>
        ) : null}
      </Text>
      <SafeHtml html={reply} className="fb-content" testId="feedback-reply-content" />
    </div>
  );
}
