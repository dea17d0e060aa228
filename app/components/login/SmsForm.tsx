import { Button } from "~/components/mantine/Button";
import { PasswordInput } from "~/components/PasswordInput";
import { Stack } from "~/components/mantine/Stack";
import { Text } from "~/components/mantine/Text";
import { TextInput } from "~/components/TextInput";
import { Form, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { checkMobileLogin, checkReset } from "~/lib/forms";
import type { LoginActionData, LoginPageData } from "~/lib/login";
import { messageOf } from "./FieldError";
import { SmsButton } from "./SmsButton";
import { TargetFields } from "./TargetFields";
import { useFieldErrors } from "./useFieldErrors";

/**
 * Phone number + SMS code: the phone login (intent mobileLogin) and the forgot-password reset (intent
 * reset, with a new password typed twice). 获取验证码 is a second submit button (intent sendCode).
 */
export function SmsForm({ page, action, kind }: { page: LoginPageData; action: LoginActionData | undefined; kind: "mobile" | "forgot" }) {
  const { t } = useTranslation("login");
  const nav = useNavigation();
  const submitIntent = kind === "mobile" ? "mobileLogin" : "reset";
  const mine = action && (action.intent === submitIntent || action.intent === "sendCode") ? action : undefined;
  // Right after sending, this request's answer has the state; later renders read it from the cookie.
  const sms = mine?.sms ?? page.sms;
  const phone = mine?.values.phoneNum ?? sms?.phone ?? "";
  const { onBlur, onChange, errorOf } = useFieldErrors(mine?.errors, kind === "mobile" ? checkMobileLogin : checkReset);
  const pending = nav.state !== "idle" ? nav.formData?.get("intent") : null;

  return (
    <Form method="post" noValidate onBlur={onBlur} onChange={onChange} aria-label={t(`modes.${kind}`)} data-testid={`${kind}-form`}>
      <TargetFields target={page.target} mode={kind} />
      <input type="hidden" name="verifySign" value={sms?.verifySign ?? ""} />
      {/* The form's default button: Enter in any field logs in (or resets), never re-sends the code. */}
      <button type="submit" name="intent" value={submitIntent} className="login-default-submit" tabIndex={-1} aria-hidden="true" />
      <Stack gap="sm">
        <TextInput
          name="phoneNum"
          type="tel"
          inputMode="numeric"
          label={t("fields.phone")}
          placeholder={t("placeholders.phone")}
          defaultValue={phone}
          autoComplete="tel"
          maxLength={11}
          withAsterisk
          error={messageOf(t, errorOf("phoneNum"))}
        />
        <TextInput
          name="verifyNum"
          defaultValue={mine?.values.verifyNum ?? ""}
          label={t("fields.code")}
          placeholder={t("placeholders.code")}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          withAsterisk
          error={messageOf(t, errorOf("verifyNum"))}
          // 获取验证码 sits inside the field's right end, so the code keeps the full width on small phones.
          rightSection={<SmsButton secondsLeft={sms?.secondsLeft ?? 0} sentAt={sms?.sentAt ?? null} sending={pending === "sendCode"} />}
          rightSectionWidth={124}
          rightSectionPointerEvents="all"
        />
        {sms ? (
          <Text size="xs" c="dimmed" data-testid="code-sent">
            {t("sms.sent", { phone: maskPhone(sms.phone) })}
          </Text>
        ) : null}
        {kind === "forgot" ? (
          <>
            <PasswordInput
              name="newPassword"
              label={t("fields.newPassword")}
              placeholder={t("placeholders.newPassword")}
              description={t("passwordHint")}
              autoComplete="new-password"
              withAsterisk
              error={messageOf(t, errorOf("newPassword"))}
            />
            <PasswordInput
              name="confirmPassword"
              label={t("fields.confirmPassword")}
              placeholder={t("placeholders.confirmPassword")}
              autoComplete="new-password"
              withAsterisk
              error={messageOf(t, errorOf("confirmPassword"))}
            />
          </>
        ) : null}
        <Button type="submit" name="intent" value={submitIntent} fullWidth size="md" loading={pending === submitIntent} data-testid={`${kind}-submit`}>
          {kind === "mobile" ? t("submit") : t("reset.submit")}
        </Button>
      </Stack>
    </Form>
  );
}

/** 138****0001: enough to recognise one's number on a shared screen. */
const maskPhone = (p: string) => (p.length === 11 ? `${p.slice(0, 3)}****${p.slice(7)}` : p);
