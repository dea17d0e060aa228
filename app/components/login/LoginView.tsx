import { Alert } from "~/components/mantine/Alert";
import { Anchor } from "~/components/mantine/Anchor";
import { Stack } from "~/components/mantine/Stack";
import { Text } from "~/components/mantine/Text";
import { Title } from "~/components/mantine/Title";
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { LoginActionData, LoginMode, LoginPageData } from "~/lib/login";
import { targetQuery } from "~/lib/redirects";
import { AuthShell } from "./AuthShell";
import { PasswordForm } from "./PasswordForm";
import { QrPanel } from "./QrPanel";
import { SmsForm } from "./SmsForm";

const TABS: LoginMode[] = ["password", "mobile", "qr"];

/**
 * The login dialog of section 2. It never closes on its own (no backdrop, no Escape): the only ways out
 * are logging in or following a link. Modes are links, so switching works without JavaScript and starts
 * each form afresh (the form is keyed by mode; the server drops the SMS countdown of another mode).
 */
export function LoginView({ page, action, above }: { page: LoginPageData; action: LoginActionData | undefined; above?: React.ReactNode }) {
  const { t } = useTranslation("login");
  const formError = action && action.intent !== "qrPoll" ? action.formError : null;
  return (
    <AuthShell variant={page.variant}>
      <Stack gap="md">
        <div>
          <Title order={2} size="h3">
            {page.mode === "forgot" ? t("modes.forgot") : t("heading")}
          </Title>
          <Text size="sm" c="dimmed">
            {page.mode === "forgot" ? t("reset.intro") : t("welcome")}
          </Text>
        </div>
        {above}
        {page.notices.map((n) => (
          <Alert key={n} color={n === "srcRefused" ? "red" : "blue"} variant="light" data-testid={`notice-${n}`}>
            {t(`notices.${n}`)}
          </Alert>
        ))}
        {page.error ? (
          <Alert color="red" variant="light" role="alert" data-testid="page-error">
            {page.error}
          </Alert>
        ) : null}
        {page.mode !== "forgot" ? (
          <nav className="login-tabs" aria-label={t("modesLabel")}>
            {TABS.map((m) => (
              <Link
                key={m}
                to={targetQuery(page.target, { mode: m })}
                className="login-tab"
                aria-current={page.mode === m ? "page" : undefined}
                replace
                data-testid={`mode-${m}`}
              >
                {t(`modes.${m}`)}
              </Link>
            ))}
          </nav>
        ) : null}
        {formError ? (
          <Alert color="orange" variant="light" role="alert" data-testid="form-error">
            {formError}
          </Alert>
        ) : null}
        <div key={page.mode}>
          {page.mode === "password" ? <PasswordForm page={page} action={action} /> : null}
          {page.mode === "mobile" ? <SmsForm page={page} action={action} kind="mobile" /> : null}
          {page.mode === "forgot" ? <SmsForm page={page} action={action} kind="forgot" /> : null}
          {page.mode === "qr" ? <QrPanel page={page} action={action} /> : null}
        </div>
        {page.mode === "forgot" ? (
          <Anchor component={Link} to={targetQuery(page.target, { mode: "password" })} size="sm" ta="center" data-testid="back-to-login">
            {t("reset.back")}
          </Anchor>
        ) : null}
      </Stack>
    </AuthShell>
  );
}
