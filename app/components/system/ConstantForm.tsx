import { Button } from "~/components/mantine/Button";
import { Stack } from "~/components/mantine/Stack";
import { Textarea } from "~/components/Textarea";
import { TextInput } from "~/components/TextInput";
import { Form, Link, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FormError } from "~/components/list/FormError";
import { CONSTANT_LANGS, CONSTANT_LIMITS } from "../../../common/constants.ts";
import type { ConstantItemRow } from "~/lib/constant-page";
import { errorText, type FormFailure } from "~/lib/page-form";

/**
 * One constant's edit (common/forms/constant.ts): a label or text in each of the four languages, each with
 * the release's default under it, or one phone number or e-mail for every language. The version it was
 * opened with is checked on save.
 */
export function ConstantForm({
  group,
  item,
  failure,
  back,
  reloadHref,
}: {
  group: string;
  item: ConstantItemRow;
  failure: FormFailure | null;
  back: string;
  reloadHref: string;
}) {
  const { t } = useTranslation("system");
  const nav = useNavigation();
  const v = failure?.values;
  const err = (field: string) => errorText(t, failure?.errors[field], "const.errors");
  const single = item.Format === "phone" || item.Format === "email";
  const Field = item.Format === "text" ? Textarea : TextInput;
  const max = CONSTANT_LIMITS[item.Format];
  return (
    <Form method="post" preventScrollReset data-testid="const-form" noValidate>
      <input type="hidden" name="intent" value="save" />
      <input type="hidden" name="back" value={back} />
      <input type="hidden" name="Group" value={group} />
      <input type="hidden" name="Key" value={item.Key} />
      <input type="hidden" name="Version" value={v?.Version ?? String(item.Version)} />
      <Stack gap="sm">
        <FormError failure={failure} reloadHref={reloadHref} reloadText={t("const.reload")} />
        {single ? (
          <TextInput
            name="Value"
            type={item.Format === "email" ? "email" : "tel"}
            label={t(`const.format.${item.Format}`)}
            description={item.Changed ? t("const.sameInAll", { value: item.Default.zh }) : t("const.sameInAllShort")}
            required
            maxLength={max}
            defaultValue={v?.Value ?? item.Labels.zh}
            error={err("Value")}
          />
        ) : (
          CONSTANT_LANGS.map((l) => (
            <Field
              key={l}
              name={l}
              lang={l}
              label={t(`const.lang.${l}`)}
              description={item.Labels[l] !== item.Default[l] ? t("const.defaultIs", { value: item.Default[l] }) : undefined}
              required
              maxLength={max}
              defaultValue={v?.[l] ?? item.Labels[l]}
              error={err(l)}
              {...(item.Format === "text" ? { rows: 4 } : {})}
            />
          ))
        )}
        <div className="sys-form-actions">
          <Button component={Link} to={back} variant="default" preventScrollReset>
            {t("const.cancel")}
          </Button>
          <Button type="submit" loading={nav.state === "submitting" && nav.formData?.get("intent") === "save"} data-testid="const-save">
            {t("const.save")}
          </Button>
        </div>
      </Stack>
    </Form>
  );
}
