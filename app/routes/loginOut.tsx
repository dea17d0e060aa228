import { Button } from "~/components/mantine/Button";
import { Stack } from "~/components/mantine/Stack";
import { Text } from "~/components/mantine/Text";
import { Title } from "~/components/mantine/Title";
import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AuthShell } from "~/components/login/AuthShell";
import loginStyles from "~/components/login/login.css";
import { getT } from "~/lib/i18n.server";
import { pageMeta } from "~/lib/meta";

/** /loginOut: where a logout ends (section 4), with the way back in. */
export const handle = { i18n: ["login"] };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: loginStyles }];
export const meta = pageMeta;

export async function loader({ request }: LoaderFunctionArgs) {
  const t = await getT(request, "login");
  return { title: t("loggedOut.title") };
}

export default function LoggedOut() {
  const { t } = useTranslation("login");
  return (
    <AuthShell narrow>
      <Stack gap="md" data-testid="logged-out">
        <Title order={2} size="h3">
          {t("loggedOut.title")}
        </Title>
        <Text>{t("loggedOut.body")}</Text>
        <Button component={Link} to="/login" size="md">
          {t("loggedOut.again")}
        </Button>
        <Button component={Link} to="/dashboard" variant="subtle">
          {t("brand.more")}
        </Button>
      </Stack>
    </AuthShell>
  );
}
