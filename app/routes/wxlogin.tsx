import { Alert } from "~/components/mantine/Alert";
import { Button } from "~/components/mantine/Button";
import { Stack } from "~/components/mantine/Stack";
import { Text } from "~/components/mantine/Text";
import { Title } from "~/components/mantine/Title";
import { data, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AuthShell } from "~/components/login/AuthShell";
import loginStyles from "~/components/login/login.css";
import { env } from "~/lib/env.server";
import { getT } from "~/lib/i18n.server";
import { pageMeta } from "~/lib/meta";

/**
 * /wxlogin: the WeChat OAuth callback (code, state). With an app id and secret configured, the code is
 * exchanged for the WeChat openid; no platform account is bound to a WeChat openid yet, so the page says
 * so and offers the platform's own logins. Without a configuration it says WeChat login is not set up.
 */
export const handle = { i18n: ["login"] };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: loginStyles }];
export const meta = pageMeta;

type Outcome = "notConfigured" | "cancelled" | "notBound" | "failed";

async function exchange(code: string): Promise<{ openid?: string; errmsg?: string }> {
  const u = new URL("/sns/oauth2/access_token", env.WECHAT_API_BASE);
  u.searchParams.set("appid", env.WECHAT_APPID!);
  u.searchParams.set("secret", env.WECHAT_SECRET!);
  u.searchParams.set("code", code);
  u.searchParams.set("grant_type", "authorization_code");
  try {
    const res = await fetch(u, { signal: AbortSignal.timeout(10_000) });
    const body = (await res.json()) as { openid?: string; errcode?: number; errmsg?: string };
    if (body.openid) return { openid: body.openid };
    return { errmsg: body.errmsg ? `${body.errmsg}${body.errcode ? ` (${body.errcode})` : ""}` : `HTTP ${res.status}` };
  } catch {
    return { errmsg: "timeout" };
  }
}

export async function loader({ request }: LoaderFunctionArgs) {
  const t = await getT(request, "login");
  const code = new URL(request.url).searchParams.get("code")?.trim();
  let outcome: Outcome;
  let detail: string | null = null;
  if (!env.WECHAT_APPID || !env.WECHAT_SECRET) outcome = "notConfigured";
  else if (!code) outcome = "cancelled";
  else {
    const r = await exchange(code);
    outcome = r.openid ? "notBound" : "failed";
    detail = r.errmsg ?? null;
  }
  return data({ title: t("wx.title"), outcome, detail });
}

export default function WxLogin() {
  const { outcome, detail } = useLoaderData<typeof loader>();
  const { t } = useTranslation("login");
  return (
    <AuthShell narrow>
      <Stack gap="md" data-testid={`wx-${outcome}`}>
        <Title order={2} size="h3">
          {t("wx.title")}
        </Title>
        <Alert color={outcome === "notBound" || outcome === "notConfigured" ? "blue" : "orange"} variant="light">
          {t(`wx.${outcome}`)}
          {detail ? <Text size="xs" c="dimmed" mt={4}>{detail}</Text> : null}
        </Alert>
        <Button component={Link} to="/login?mode=qr" size="md">
          {t("wx.useQr")}
        </Button>
        <Button component={Link} to="/login" variant="light">
          {t("wx.usePassword")}
        </Button>
      </Stack>
    </AuthShell>
  );
}
