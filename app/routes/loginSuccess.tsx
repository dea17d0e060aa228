import { Button } from "~/components/mantine/Button";
import { Group } from "~/components/mantine/Group";
import { Stack } from "~/components/mantine/Stack";
import { Text } from "~/components/mantine/Text";
import { Title } from "~/components/mantine/Title";
import { data, redirect, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AuthShell } from "~/components/login/AuthShell";
import loginStyles from "~/components/login/login.css";
import { readAuth, requireUser } from "~/lib/auth.server";
import { env } from "~/lib/env.server";
import { CLIENT_DOWNLOAD_ROUTE } from "~/lib/attachments";
import { getT } from "~/lib/i18n.server";
import { readTarget } from "~/lib/login.server";
import { pageMeta } from "~/lib/meta";
import { DEFAULT_AFTER_LOGIN, targetQuery, withToken } from "~/lib/redirects";

/**
 * /loginSuccess: where every login lands. SG users without a unit name one first; on a first login the
 * 首次登录提示 comes next (section 8); then the user goes on to `redirect` (same origin) or `src` (an
 * allow-listed external address, with the token appended).
 */
export const handle = { i18n: ["login"] };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: loginStyles }];
export const meta = pageMeta;

export async function loader(args: LoaderFunctionArgs) {
  const url = new URL(args.request.url);
  const target = readTarget(url);
  const first = url.searchParams.get("first") === "1";
  if (!(await readAuth(args.request))) return redirect(`/login${targetQuery(target)}`);
  const { token, user } = await requireUser(args);
  if (user.needUnit) return redirect(`/myInfo/createUnit${targetQuery(target, first ? { first: "1" } : {})}`);
  const next = target.src ? withToken(new URL(target.src), token) : (target.redirect ?? DEFAULT_AFTER_LOGIN);
  if (!first) return redirect(next);
  const t = await getT(args.request, "login");
  // The client comes from JHAppServer/DownLoad through /download/client unless the deployment links its own.
  return data({ title: t("first.title"), next, external: !!target.src, downloadUrl: env.CLIENT_DOWNLOAD_URL ?? CLIENT_DOWNLOAD_ROUTE });
}

export default function LoginSuccess() {
  const { next, external, downloadUrl } = useLoaderData<typeof loader>();
  const { t } = useTranslation("login");
  return (
    <AuthShell narrow>
      <Stack gap="md" data-testid="first-login">
        <Title order={2} size="h3">
          {t("first.title")}
        </Title>
        <Text>{t("first.body")}</Text>
        <Text size="sm" c="dimmed">
          {downloadUrl ? t("first.downloadHint") : t("first.noDownload")}
        </Text>
        <Group grow preventGrowOverflow={false} wrap="wrap">
          {downloadUrl ? (
            <Button component="a" href={downloadUrl} variant="light" target="_blank" rel="noopener" data-testid="first-download">
              {t("first.download")}
            </Button>
          ) : null}
          <Button component={Link} to="/dashboard#services" variant="light" data-testid="first-services">
            {t("first.services")}
          </Button>
        </Group>
        {external ? (
          <Button component="a" href={next} size="md" data-testid="first-continue">
            {t("first.continue")}
          </Button>
        ) : (
          <Button component={Link} to={next} size="md" data-testid="first-continue">
            {t("first.continue")}
          </Button>
        )}
      </Stack>
    </AuthShell>
  );
}
