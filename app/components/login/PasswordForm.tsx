import { Anchor } from "~/components/mantine/Anchor";
import { Button } from "~/components/mantine/Button";
import { Checkbox } from "~/components/Checkbox";
import { Group } from "~/components/mantine/Group";
import { PasswordInput } from "~/components/PasswordInput";
import { Stack } from "~/components/mantine/Stack";
import { TextInput } from "~/components/TextInput";
import { Form, Link, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { checkPasswordLogin, type FieldErrors } from "~/lib/forms";
import type { LoginActionData, LoginPageData } from "~/lib/login";
import { targetQuery } from "~/lib/redirects";
import { messageOf } from "./FieldError";
import { TargetFields } from "./TargetFields";
import { useFieldErrors } from "./useFieldErrors";

/** Account, password and captcha (section 2), with remember-password and the forgot link. */
export function PasswordForm({ page, action }: { page: LoginPageData; action: LoginActionData | undefined }) {
  const { t } = useTranslation("login");
  const nav = useNavigation();
  const savedUser = page.password?.savedUser ?? null;
  const captchaId = page.password?.captchaId ?? null;
  const values = action?.intent === "login" ? action.values : undefined;
  const username = values?.username ?? savedUser ?? "";
  const remember = values ? values.remember === "1" : !!savedUser;
  // A saved password stands in for an empty field only for the same user name (checked again on the server).
  const check = (v: Record<string, string>): FieldErrors => checkPasswordLogin(v, !!savedUser && v.username?.trim() === savedUser && v.remember === "1");
  const { onBlur, onChange, errorOf } = useFieldErrors(action?.intent === "login" ? action.errors : undefined, check);
  const busy = nav.state !== "idle" && nav.formData?.get("intent") === "login";

  return (
    <Form method="post" noValidate onBlur={onBlur} onChange={onChange} aria-label={t("modes.password")} data-testid="password-form">
      <TargetFields target={page.target} mode="password" />
      <input type="hidden" name="intent" value="login" />
      <input type="hidden" name="clientSignCode" value={captchaId ?? ""} />
      <Stack gap="sm">
        <TextInput
          name="username"
          label={t("fields.username")}
          placeholder={t("placeholders.username")}
          defaultValue={username}
          autoComplete="username"
          withAsterisk
          error={messageOf(t, errorOf("username"))}
        />
        <PasswordInput
          name="password"
          label={t("fields.password")}
          placeholder={savedUser && remember ? t("placeholders.passwordSaved") : t("placeholders.password")}
          autoComplete="current-password"
          withAsterisk
          error={messageOf(t, errorOf("password"))}
        />
        <Group gap="xs" align="flex-start" wrap="nowrap">
          <TextInput
            // A new captcha means a new code to type: the field starts empty.
            key={captchaId ?? "none"}
            name="clientCode"
            label={t("fields.captcha")}
            placeholder={t("placeholders.captcha")}
            autoComplete="off"
            withAsterisk
            maxLength={8}
            style={{ flex: 1, minWidth: 0 }}
            error={messageOf(t, errorOf("clientCode"))}
          />
          <Stack gap={2} align="center" mt={24}>
            {captchaId ? (
              <img
                className="login-captcha"
                src={`/login/captcha?code=${encodeURIComponent(captchaId)}`}
                alt={t("captcha.alt")}
                width={112}
                height={36}
                data-testid="captcha-img"
              />
            ) : (
              <span className="login-captcha login-captcha-missing">{t("captcha.unavailable")}</span>
            )}
            <Anchor component={Link} to={targetQuery(page.target, { mode: "password" })} size="xs" replace preventScrollReset data-testid="captcha-refresh">
              {t("captcha.refresh")}
            </Anchor>
          </Stack>
        </Group>
        <Group justify="space-between" gap="xs">
          <Checkbox name="remember" value="1" label={t("remember")} defaultChecked={remember} />
          <Anchor component={Link} to={targetQuery(page.target, { mode: "forgot" })} size="sm" data-testid="forgot-link">
            {t("forgot")}
          </Anchor>
        </Group>
        <Button type="submit" fullWidth size="md" loading={busy} data-testid="login-submit">
          {t("submit")}
        </Button>
      </Stack>
    </Form>
  );
}
