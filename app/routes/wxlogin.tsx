import { Alert } from "~/components/mantine/Alert";
import { Button } from "~/components/mantine/Button";
import { Stack } from "~/components/mantine/Stack";
import { Text } from "~/components/mantine/Text";
import { Title } from "~/components/mantine/Title";
import { data, redirect, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AuthShell } from "~/components/login/AuthShell";
import loginStyles from "~/components/login/login.css";
import { commitLogin } from "~/lib/auth.server";
import { successUrl } from "~/lib/login.server";
import { UpstreamError } from "~/lib/upstream.server";
import { toWechat, wechatAnswer, wxConfigured, wxLogin } from "~/lib/wechat.server";
import { getT } from "~/lib/i18n.server";
import { pageMeta } from "~/lib/meta";

/**
 * /wxlogin: WeChat QR login. `?start=1` sends the browser to WeChat's QR page (with a state in a cookie);
 * WeChat sends it back here with `code` and `state`, the API turns the code into the person bound to that
 * WeChat account (Login/WxLogin) and the login ends as every other (/loginSuccess). An unbound WeChat, a
 * cancelled scan, an expired or foreign state, or a site without a WeChat app each say so and offer the
 * other logins.
 */
export const handle = { i18n: ["login"] };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: loginStyles }];
export const meta = pageMeta;

type Outcome = "notConfigured" | "start" | "cancelled" | "notBound" | "failed";

export async function loader(args: LoaderFunctionArgs) {
  const { request } = args;
  const t = await getT(request, "login");
  const q = new URL(request.url).searchParams;
  const page = (outcome: Outcome, detail: string | null = null, headers?: HeadersInit) => data({ title: t("wx.title"), outcome, detail }, { headers });
  if (!wxConfigured()) return page("notConfigured");
  if (q.get("start") === "1") return toWechat(request, "login");
  if (!q.has("state")) return page("start");
  const answer = await wechatAnswer(request, "login");
  const headers = { "Set-Cookie": answer.clear };
  if (answer.outcome !== "code") return answer.outcome === "forged" ? page("failed", t("wx.stateMismatch"), headers) : page("cancelled", null, headers);
  const { code } = answer;
  try {
    const r = await wxLogin(args, code);
    const h = new Headers(headers);
    h.append("Set-Cookie", await commitLogin(request, r));
    return redirect(successUrl({ redirect: null, src: null }, r.first), { headers: h });
  } catch (e) {
    if (!(e instanceof UpstreamError)) throw e;
    return page(e.status === 404 ? "notBound" : "failed", e.status === 404 ? null : e.msg, headers);
  }
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
        <Alert color={outcome === "notBound" || outcome === "notConfigured" || outcome === "start" ? "blue" : "orange"} variant="light">
          {outcome === "start" ? t("wx.startHint") : t(`wx.${outcome}`)}
          {detail ? <Text size="xs" c="dimmed" mt={4}>{detail}</Text> : null}
        </Alert>
        {outcome !== "notConfigured" ? (
          <Button component="a" href="/wxlogin?start=1" size="md" data-testid="wx-start">
            {outcome === "start" ? t("wx.start") : t("wx.again")}
          </Button>
        ) : null}
        <Button component={Link} to="/login?mode=qr" size="md" variant={outcome === "notConfigured" ? "filled" : "light"}>
          {t("wx.useQr")}
        </Button>
        <Button component={Link} to="/login" variant="light">
          {t("wx.usePassword")}
        </Button>
      </Stack>
    </AuthShell>
  );
}
