import { Alert } from "~/components/mantine/Alert";
import { Button } from "~/components/mantine/Button";
import { Stack } from "~/components/mantine/Stack";
import { Title } from "~/components/mantine/Title";
import { data, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AuthShell } from "~/components/login/AuthShell";
import loginStyles from "~/components/login/login.css";
import { getT } from "~/lib/i18n.server";
import { sgLogin } from "~/lib/login.server";
import { pageMeta } from "~/lib/meta";
import { UpstreamError } from "~/lib/upstream.server";

/**
 * /sg?token=…: the hidden single sign-on entry of the supercomputing platform. The token becomes a
 * session through login/SGLogin; /loginSuccess then asks for the unit when the user has none. A refusal
 * shows the server's message (section 8).
 */
export const handle = { i18n: ["login"] };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: loginStyles }];
export const meta = pageMeta;

export async function loader(args: LoaderFunctionArgs) {
  const t = await getT(args.request, "login");
  const token = new URL(args.request.url).searchParams.get("token")?.trim();
  let error: string;
  if (!token) error = t("sg.missing");
  else {
    try {
      return await sgLogin(args, token);
    } catch (e) {
      if (!(e instanceof UpstreamError)) throw e;
      error = e.msg || "Error";
    }
  }
  return data({ title: t("sg.title"), error }, { status: 401 });
}

export default function SgEntry() {
  const { error } = useLoaderData<typeof loader>();
  const { t } = useTranslation("login");
  return (
    <AuthShell narrow>
      <Stack gap="md">
        <Title order={2} size="h3">
          {t("sg.title")}
        </Title>
        <Alert color="red" variant="light" role="alert" data-testid="sg-error">
          {error}
        </Alert>
        <Button component={Link} to="/login" size="md">
          {t("sg.toLogin")}
        </Button>
      </Stack>
    </AuthShell>
  );
}
