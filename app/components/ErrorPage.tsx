import { Anchor } from "~/components/mantine/Anchor";
import { Button } from "~/components/mantine/Button";
import { Stack } from "~/components/mantine/Stack";
import { Text } from "~/components/mantine/Text";
import { Title } from "~/components/mantine/Title";
import { useTranslation } from "react-i18next";

/** The 401/403/404/500 pages: a clear sentence in the user's language and a way back. */
export function ErrorPage({ status, message }: { status: number; message?: string }) {
  const { t } = useTranslation();
  const key = status === 403 ? "forbidden" : status === 404 ? "notFound" : status === 401 ? "unauthorized" : "serverError";
  return (
    <Stack align="center" justify="center" mih="60vh" p="xl" gap="md" data-testid={`error-${status}`}>
      <Title order={1} c="steel.7">
        {status}
      </Title>
      <Text size="lg" ta="center">
        {message ?? t(`errors.${key}`)}
      </Text>
      <Button component="a" href="/computeDynamicRoute/index" variant="light">
        {t("errors.backHome")}
      </Button>
      <Anchor href="/login" size="sm">
        {t("nav.login")}
      </Anchor>
    </Stack>
  );
}
