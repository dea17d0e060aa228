import { Button } from "~/components/mantine/Button";
import { NativeSelect } from "~/components/NativeSelect";
import { Stack } from "~/components/mantine/Stack";
import { TextInput } from "~/components/TextInput";
import { Form, Link, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FormError } from "~/components/list/FormError";
import { AttachmentsField } from "~/components/attachments/AttachmentsField";
import { RichTextField } from "~/components/RichTextField";
import type { AttachmentValue } from "~/lib/attachments";
import { PROJECT_LIMITS as L } from "../../../common/forms/limits.ts";
import { BUDGET_PERIODS, PROJECT_STATUSES } from "../../../common/projects.ts";
import type { ProjectInfo } from "~/lib/projects";
import { errorText, type FormFailure } from "~/lib/page-form";

/** Who can be handed the lead: the project's people (the leader and members), as the edit page lists them. */
export interface LeaderChoice {
  UserId: string;
  Label: string;
}

/**
 * A project's fields (common/forms/project.ts) and its documents (multipart, so files go along without
 * JavaScript): errors under their fields in the user's language, values kept, the version checked. A new
 * project is led by its creator; an existing one can be handed to one of its people.
 */
export function ProjectForm({
  editing,
  leaders,
  failure,
  back,
  reloadHref,
  files,
}: {
  /** The documents the field lists: the project's, or those of the refused post. */
  files: AttachmentValue[];
  editing: ProjectInfo | null;
  leaders: LeaderChoice[];
  failure: FormFailure | null;
  back: string;
  reloadHref: string;
}) {
  const { t } = useTranslation("project");
  const nav = useNavigation();
  const v = failure?.values;
  const value = (field: keyof ProjectInfo, fallback = "") => v?.[field] ?? (editing ? String(editing[field] ?? fallback) : fallback);
  const err = (field: string) => errorText(t, failure?.errors[field], "errors");
  const f = (k: string) => t(`form.fields.${k}`);
  return (
    <Form method="post" encType="multipart/form-data" data-testid="project-form" noValidate>
      <input type="hidden" name="intent" value="save" />
      <input type="hidden" name="back" value={back} />
      {editing ? (
        <>
          <input type="hidden" name="Id" value={editing.Id} />
          <input type="hidden" name="Version" value={value("Version")} />
        </>
      ) : null}
      <Stack gap="sm">
        <FormError failure={failure} reloadHref={reloadHref} reloadText={t("form.reload")} />
        <div className="pj-form-grid">
          <TextInput name="Name" label={f("Name")} required maxLength={L.name} defaultValue={value("Name")} error={err("Name")} />
          <TextInput
            name="Code"
            label={f("Code")}
            description={f("CodeHint")}
            required
            maxLength={L.code}
            spellCheck={false}
            autoCapitalize="characters"
            defaultValue={value("Code")}
            error={err("Code")}
          />
          <TextInput className="pj-wide" name="Funding" label={f("Funding")} description={f("FundingHint")} maxLength={L.funding} defaultValue={value("Funding")} error={err("Funding")} />
          <TextInput name="StartDate" type="date" label={f("StartDate")} required defaultValue={value("StartDate")} error={err("StartDate")} />
          <TextInput name="EndDate" type="date" label={f("EndDate")} required defaultValue={value("EndDate")} error={err("EndDate")} />
          <TextInput
            name="BudgetCoreHours"
            type="number"
            inputMode="decimal"
            min={0}
            max={L.budgetMax}
            step="any"
            label={f("BudgetCoreHours")}
            description={f("BudgetHint")}
            defaultValue={value("BudgetCoreHours")}
            error={err("BudgetCoreHours")}
          />
          <NativeSelect name="BudgetPeriod" label={f("BudgetPeriod")} defaultValue={value("BudgetPeriod", "project")} error={err("BudgetPeriod")}>
            {BUDGET_PERIODS.map((p) => (
              <option key={p} value={p}>
                {t(`period.${p}`)}
              </option>
            ))}
          </NativeSelect>
          {editing ? (
            <>
              <NativeSelect name="LeaderId" label={f("Leader")} description={f("LeaderHint")} defaultValue={value("LeaderId")} error={err("LeaderId")}>
                {leaders.map((l) => (
                  <option key={l.UserId} value={l.UserId}>
                    {l.Label}
                  </option>
                ))}
              </NativeSelect>
              <NativeSelect name="Status" label={f("Status")} defaultValue={value("Status", "active")} error={err("Status")}>
                {PROJECT_STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {t(`status.${s}`)}
                  </option>
                ))}
              </NativeSelect>
            </>
          ) : null}
          <div className="pj-wide">
            <RichTextField name="Description" label={f("Description")} defaultValue={value("Description")} error={err("Description")} minHeight={180} />
          </div>
          <div className="pj-wide">
            <AttachmentsField name="Attachments" value={files} />
            {err("Attachments") ? (
              <p className="pj-field-error" role="alert">
                {err("Attachments")}
              </p>
            ) : null}
          </div>
        </div>
        <div className="sys-form-actions">
          <Button component={Link} to={back} variant="default">
            {t("form.cancel")}
          </Button>
          <Button type="submit" loading={nav.state === "submitting" && nav.formData?.get("intent") === "save"} data-testid="project-save">
            {editing ? t("form.save") : t("form.create")}
          </Button>
        </div>
      </Stack>
    </Form>
  );
}
