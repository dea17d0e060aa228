import { Group } from "~/components/mantine/Group";
import { Radio } from "~/components/Radio";
import { Stack } from "~/components/mantine/Stack";
import { TextInput } from "~/components/TextInput";
import { useEffect, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { RichTextField } from "~/components/RichTextField";
import { AttachmentsField } from "~/components/attachments/AttachmentsField";
import type { AttachmentValue } from "~/lib/attachments";
import { BIZ_TYPES, FEEDBACK_TYPES, TITLE_MAX, type FeedbackErrors } from "~/lib/feedback";

export interface FeedbackValues {
  Title: string;
  BizType: string;
  Type: string;
  Content: string;
}

const NO_ERRORS: FeedbackErrors = {};
const NO_FILES: AttachmentValue[] = [];

export const EMPTY_FEEDBACK: FeedbackValues = { Title: "", BizType: "0", Type: "0", Content: "" };

/**
 * The fields of a new feedback, the same on the page and in the dialog: title, category (BizType), type
 * the rich-text content (a plain text area without JavaScript) and optional attachments. Radios, so
 * nothing needs a script. The form around them posts multipart (the attachments' files).
 */
export function FeedbackFields({
  values,
  errors = NO_ERRORS,
  attachments = NO_FILES,
}: {
  values: FeedbackValues;
  errors?: FeedbackErrors;
  attachments?: AttachmentValue[];
}) {
  const { t } = useTranslation("feedback");
  // A field the user changed since the last answer loses its message at once (the answer is stale there).
  const [edited, setEdited] = useState<ReadonlySet<string>>(new Set());
  useEffect(() => setEdited((e) => (e.size ? new Set() : e)), [errors]);
  const onChange = (e: FormEvent<HTMLDivElement>) => {
    const name = (e.target as HTMLInputElement).name;
    if (name && errors[name] && !edited.has(name)) setEdited(new Set(edited).add(name));
  };
  const err = (f: string) => (errors[f] && !edited.has(f) ? t(`validation.${errors[f]}`) : undefined);
  return (
    <Stack gap="sm" onChange={onChange}>
      <TextInput
        name="Title"
        label={t("form.title")}
        placeholder={t("form.titlePlaceholder")}
        defaultValue={values.Title}
        withAsterisk
        maxLength={TITLE_MAX}
        error={err("Title")}
        data-testid="feedback-title"
      />
      <Radio.Group name="BizType" label={t("form.bizType")} defaultValue={values.BizType} error={err("BizType")} withAsterisk>
        <Group gap="lg" mt={6}>
          {BIZ_TYPES.map((b) => (
            <Radio key={b} value={b} label={t(`bizType.${b}`)} />
          ))}
        </Group>
      </Radio.Group>
      <Radio.Group name="Type" label={t("form.type")} defaultValue={values.Type} error={err("Type")} withAsterisk>
        <Group gap="lg" mt={6}>
          {FEEDBACK_TYPES.map((b) => (
            <Radio key={b} value={b} label={t(`type.${b}`)} />
          ))}
        </Group>
      </Radio.Group>
      <RichTextField name="Content" label={t("form.content")} defaultValue={values.Content} error={err("Content")} imageUpload />
      <AttachmentsField name="Attachments" value={attachments} />
    </Stack>
  );
}
