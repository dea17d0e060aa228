import { Button } from "~/components/mantine/Button";
import { Checkbox } from "~/components/Checkbox";
import { NativeSelect } from "~/components/NativeSelect";
import { Stack } from "~/components/mantine/Stack";
import { TextInput } from "~/components/TextInput";
import { Form, Link, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FormError } from "~/components/list/FormError";
import { DEPARTMENT_LIMITS } from "../../../common/forms/limits.ts";
import type { DeptNode } from "~/lib/departments";
import { errorText, type FormFailure } from "~/lib/page-form";

interface Props {
  /** The department being edited, or null for a new one. */
  editing: DeptNode | null;
  /** A new department's parent (null: top level). */
  parentId: string | null;
  options: Array<{ value: string; label: string; depth: number }>;
  /** The action's answer when it did not save: the posted values and the errors. */
  failure: FormFailure | null;
  back: string;
  reloadHref: string;
}

/**
 * Add or edit one department: the fields of common/forms/department.ts, errors under their fields, the
 * posted values kept on error. The Version the editor opened goes with the form: if someone changed the
 * department meanwhile, the save is refused and the form says so.
 */
export function DepartmentForm({ editing, parentId, options, failure, back, reloadHref }: Props) {
  const { t } = useTranslation("system");
  const nav = useNavigation();
  const v = failure?.values;
  const value = (field: string, fallback: string) => v?.[field] ?? fallback;
  const err = (field: string) => errorText(t, failure?.errors[field], "dept.errors");
  const pad = (depth: number) => "\u3000".repeat(depth);
  return (
    <Form method="post" preventScrollReset data-testid="dept-form" noValidate>
      <input type="hidden" name="intent" value="save" />
      <input type="hidden" name="back" value={back} />
      {editing ? (
        <>
          <input type="hidden" name="Id" value={editing.Id} />
          <input type="hidden" name="Version" value={value("Version", String(editing.Version))} />
        </>
      ) : null}
      <Stack gap="sm">
        <FormError failure={failure} reloadHref={reloadHref} reloadText={t("dept.reload")} />
        <TextInput name="Name" label={t("dept.fields.Name")} required maxLength={DEPARTMENT_LIMITS.name} defaultValue={value("Name", editing?.Name ?? "")} error={err("Name")} />
        <TextInput name="Code" label={t("dept.fields.Code")} maxLength={DEPARTMENT_LIMITS.code} defaultValue={value("Code", editing?.Code ?? "")} error={err("Code")} />
        <NativeSelect name="ParentId" label={t("dept.fields.ParentId")} defaultValue={value("ParentId", editing ? (editing.ParentId ?? "") : (parentId ?? ""))} error={err("ParentId")}>
          <option value="">{t("dept.fields.root")}</option>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {pad(o.depth) + o.label}
            </option>
          ))}
        </NativeSelect>
        <TextInput name="Leader" label={t("dept.fields.Leader")} maxLength={DEPARTMENT_LIMITS.leader} defaultValue={value("Leader", editing?.Leader ?? "")} error={err("Leader")} />
        <TextInput name="Phone" label={t("dept.fields.Phone")} type="tel" maxLength={DEPARTMENT_LIMITS.phone} defaultValue={value("Phone", editing?.Phone ?? "")} error={err("Phone")} />
        <TextInput
          name="Sort"
          label={t("dept.fields.Sort")}
          description={t("dept.fields.SortHint")}
          inputMode="numeric"
          defaultValue={value("Sort", String(editing?.Sort ?? 0))}
          error={err("Sort")}
        />
        <Checkbox
          name="Disabled"
          value="true"
          label={t("dept.fields.Disabled")}
          description={t("dept.fields.DisabledHint")}
          defaultChecked={v ? v.Disabled === "true" : (editing?.Disabled ?? false)}
        />
        <div className="sys-form-actions">
          <Button component={Link} to={back} variant="default" preventScrollReset>
            {t("dept.cancel")}
          </Button>
          <Button type="submit" loading={nav.state === "submitting" && nav.formData?.get("intent") === "save"} data-testid="dept-save">
            {t("dept.save")}
          </Button>
        </div>
      </Stack>
    </Form>
  );
}
