import { Button } from "~/components/mantine/Button";
import { Checkbox } from "~/components/Checkbox";
import { Stack } from "~/components/mantine/Stack";
import { TextInput } from "~/components/TextInput";
import { Form, Link, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FormError } from "~/components/list/FormError";
import { ENTERPRISE_LIMITS as L } from "../../../common/forms/limits.ts";
import type { EnterpriseRow } from "~/lib/enterprises";
import { errorText, type FormFailure } from "~/lib/page-form";

export type EnterpriseValues = Omit<EnterpriseRow, "People" | "CreatedAt">;

/** Add or edit one enterprise (common/forms/enterprise.ts): errors under their fields, values kept, the version checked. */
export function EnterpriseForm({ editing, failure, back, reloadHref }: { editing: EnterpriseValues | null; failure: FormFailure | null; back: string; reloadHref: string }) {
  const { t } = useTranslation("system");
  const nav = useNavigation();
  const v = failure?.values;
  const value = (field: keyof EnterpriseValues) => v?.[field] ?? String(editing?.[field] ?? "");
  const err = (field: string) => errorText(t, failure?.errors[field], "ent.errors");
  return (
    <Form method="post" preventScrollReset data-testid="ent-form" noValidate>
      <input type="hidden" name="intent" value="save" />
      <input type="hidden" name="back" value={back} />
      {editing ? (
        <>
          <input type="hidden" name="Id" value={editing.Id} />
          <input type="hidden" name="Version" value={value("Version")} />
        </>
      ) : null}
      <Stack gap="sm">
        <FormError failure={failure} reloadHref={reloadHref} reloadText={t("ent.reload")} />
        <TextInput name="Name" label={t("ent.fields.Name")} required maxLength={L.name} defaultValue={value("Name")} error={err("Name")} />
        <TextInput
          name="CreditCode"
          label={t("ent.fields.CreditCode")}
          description={t("ent.fields.CreditCodeHint")}
          maxLength={18}
          autoCapitalize="characters"
          spellCheck={false}
          defaultValue={value("CreditCode")}
          error={err("CreditCode")}
        />
        <TextInput name="Contact" label={t("ent.fields.Contact")} maxLength={L.contact} defaultValue={value("Contact")} error={err("Contact")} />
        <TextInput name="Phone" label={t("ent.fields.Phone")} type="tel" maxLength={L.phone} defaultValue={value("Phone")} error={err("Phone")} />
        <TextInput name="Address" label={t("ent.fields.Address")} maxLength={L.address} defaultValue={value("Address")} error={err("Address")} />
        <Checkbox name="Disabled" value="true" label={t("ent.fields.Disabled")} defaultChecked={v ? v.Disabled === "true" : (editing?.Disabled ?? false)} />
        <div className="sys-form-actions">
          <Button component={Link} to={back} variant="default" preventScrollReset>
            {t("ent.cancel")}
          </Button>
          <Button type="submit" loading={nav.state === "submitting" && nav.formData?.get("intent") === "save"} data-testid="ent-save">
            {t("ent.save")}
          </Button>
        </div>
      </Stack>
    </Form>
  );
}
