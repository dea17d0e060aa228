import { Button } from "~/components/mantine/Button";
import { Checkbox } from "~/components/Checkbox";
import { NativeSelect } from "~/components/NativeSelect";
import { Stack } from "~/components/mantine/Stack";
import { Text } from "~/components/mantine/Text";
import { TextInput } from "~/components/TextInput";
import { Form, Link, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useConstants } from "~/lib/constants";
import { FormError } from "~/components/list/FormError";
import { PERSON_LIMITS as L } from "../../../common/forms/limits.ts";
import { indented, type PersonInfo, type PersonOptions } from "~/lib/people";
import { errorText, type FormFailure } from "~/lib/page-form";

interface Props {
  /** The person being edited, or null for a new one. */
  editing: PersonInfo | null;
  options: PersonOptions;
  failure: FormFailure | null;
  back: string;
  reloadHref: string;
}

/**
 * Add or edit one person (common/forms/person.ts): the section 5 checks with their messages under each field,
 * values kept on error, the Version checked. Only the departments, enterprises and roles this admin may use
 * are offered; administrator roles they may not grant show as fixed.
 */
export function PersonForm({ editing, options, failure, back, reloadHref }: Props) {
  const { t } = useTranslation("system");
  const genders = useConstants().GenderArr;
  const nav = useNavigation();
  const v = failure?.values;
  const value = (field: keyof PersonInfo) => v?.[field] ?? String(editing?.[field] ?? "");
  const err = (field: string) => errorText(t, failure?.errors[field], "person.errors");
  const roles = v ? (v.Roles ?? "").split(",").filter(Boolean) : editing?.Roles ?? [];
  const fixedRoles = options.Roles.filter((r) => !r.Grantable);
  return (
    <Form method="post" preventScrollReset data-testid="person-form" noValidate>
      <input type="hidden" name="intent" value="save" />
      <input type="hidden" name="back" value={back} />
      {editing ? (
        <>
          <input type="hidden" name="Id" value={editing.Id} />
          <input type="hidden" name="Version" value={value("Version")} />
        </>
      ) : null}
      <Stack gap="sm">
        <FormError failure={failure} reloadHref={reloadHref} reloadText={t("person.reload")} />
        <TextInput
          name="UserName"
          label={t("person.fields.UserName")}
          description={t("person.fields.UserNameHint")}
          required
          maxLength={L.userName}
          autoCapitalize="none"
          spellCheck={false}
          defaultValue={value("UserName")}
          error={err("UserName")}
        />
        <TextInput
          name="RealName"
          label={t("person.fields.RealName")}
          required
          maxLength={L.realName}
          defaultValue={value("RealName")}
          error={err("RealName")}
        />
        <TextInput
          name="Mobile"
          label={t("person.fields.Mobile")}
          type="tel"
          inputMode="numeric"
          maxLength={11}
          defaultValue={value("Mobile")}
          error={err("Mobile")}
        />
        <TextInput name="Email" label={t("person.fields.Email")} type="email" maxLength={L.email} defaultValue={value("Email")} error={err("Email")} />
        <TextInput
          name="IdCard"
          label={t("person.fields.IdCard")}
          maxLength={18}
          autoCapitalize="characters"
          spellCheck={false}
          defaultValue={value("IdCard")}
          error={err("IdCard")}
        />
        <NativeSelect name="Gender" label={t("person.fields.Gender")} defaultValue={value("Gender") || "0"} error={err("Gender")}>
          {["0", "1", "9"].map((g) => (
            <option key={g} value={g}>
              {genders[String(g)]}
            </option>
          ))}
        </NativeSelect>
        {options.Departments.length ? (
          <NativeSelect
            name="DepartmentId"
            label={t("person.fields.DepartmentId")}
            defaultValue={value("DepartmentId")}
            error={err("DepartmentId")}
            data-testid="person-department"
          >
            <option value="">{t("person.fields.none")}</option>
            {options.Departments.map((d) => (
              <option key={d.Id} value={d.Id}>
                {indented(d.Name, d.Depth)}
              </option>
            ))}
          </NativeSelect>
        ) : null}
        {options.Enterprises.length ? (
          <NativeSelect name="EnterpriseId" label={t("person.fields.EnterpriseId")} defaultValue={value("EnterpriseId")} error={err("EnterpriseId")}>
            <option value="">{t("person.fields.none")}</option>
            {options.Enterprises.map((e) => (
              <option key={e.Id} value={e.Id}>
                {e.Name}
              </option>
            ))}
          </NativeSelect>
        ) : null}
        <fieldset className="sys-fieldset" aria-describedby={err("Roles") ? "person-roles-error" : undefined} data-testid="person-roles">
          <legend>{t("person.fields.Roles")}</legend>
          <div className="sys-checks">
            {options.Roles.filter((r) => r.Grantable).map((r) => (
              <Checkbox key={r.Code} name="Roles" value={r.Code} label={t(`person.roleName.${r.Code}`)} defaultChecked={roles.includes(r.Code)} />
            ))}
          </div>
          {fixedRoles.length ? (
            <Text size="xs" c="dimmed" mt={6}>
              {t("person.fields.RolesLocked")}
              {editing?.Roles.some((c) => fixedRoles.some((f) => f.Code === c))
                ? `: ${editing.Roles.filter((c) => fixedRoles.some((f) => f.Code === c))
                    .map((c) => t(`person.roleName.${c}`))
                    .join("、")}`
                : null}
            </Text>
          ) : null}
          {err("Roles") ? (
            <Text size="sm" c="red" id="person-roles-error" role="alert">
              {err("Roles")}
            </Text>
          ) : null}
        </fieldset>
        <div className="sys-form-actions">
          <Button component={Link} to={back} variant="default" preventScrollReset>
            {t("person.cancel")}
          </Button>
          <Button type="submit" loading={nav.state === "submitting" && nav.formData?.get("intent") === "save"} data-testid="person-save">
            {t("person.save")}
          </Button>
        </div>
      </Stack>
    </Form>
  );
}
