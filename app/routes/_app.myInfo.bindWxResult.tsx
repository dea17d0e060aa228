import { Alert } from "~/components/mantine/Alert";
import { Button } from "~/components/mantine/Button";
import { Paper } from "~/components/mantine/Paper";
import { Stack } from "~/components/mantine/Stack";
import { Text } from "~/components/mantine/Text";
import { data, redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { formatDate } from "../../common/dates.ts";
import myInfoStyles from "~/components/myinfo.css";
import { PageHeader } from "~/components/PageHeader";
import { requireAccess } from "~/lib/auth.server";
import { getT } from "~/lib/i18n.server";
import { pageMeta } from "~/lib/meta";
import { forPage } from "~/lib/notices.server";
import { redirectWithToast, toastFailure } from "~/lib/page-actions.server";
import { UpstreamError } from "~/lib/upstream.server";
import { bindWx, toWechat, unbindWx, wechatAnswer, wxBinding, wxConfigured } from "~/lib/wechat.server";

const PATH = "/myInfo/bindWxResult";
const RESULTS = ["bound", "taken", "failed", "expired", "cancelled", "notConfigured"] as const;
type Result = (typeof RESULTS)[number];

/**
 * /myInfo/bindWxResult (section 2): binding one's WeChat account. `?start=1` (the button on /myInfo/index or
 * here) sends the browser to WeChat's QR page; WeChat sends it back here with `code` and `state`, the API
 * binds the account that scanned (Login/BindWx), and the page redirects to itself with `?result=` so a reload
 * never spends the one-time code twice. It shows the result, the binding as it is, and an unbind.
 */
export const handle = { i18n: ["myInfo"] };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: myInfoStyles }];
export const meta = pageMeta;

export async function loader(args: LoaderFunctionArgs) {
  const { request } = args;
  const { token } = await requireAccess(args, PATH);
  const t = await getT(request, "myInfo");
  const q = new URL(request.url).searchParams;
  if (q.get("start") === "1") return wxConfigured() ? toWechat(request, "bind") : redirect(`${PATH}?result=notConfigured`);
  if (q.has("state")) {
    const answer = await wechatAnswer(request, "bind");
    let result: Result;
    if (answer.outcome === "forged") result = "expired";
    else if (answer.outcome === "cancelled") result = "cancelled";
    else {
      try {
        await bindWx(args, token, answer.code);
        result = "bound";
      } catch (e) {
        if (!(e instanceof UpstreamError) || e.sessionInvalid) throw e;
        result = e.status === 409 ? "taken" : "failed";
      }
    }
    return redirect(`${PATH}?result=${result}`, { headers: { "Set-Cookie": answer.clear } });
  }
  const asked = q.get("result");
  const result = (RESULTS as readonly string[]).includes(asked ?? "") ? (asked as Result) : null;
  const binding = await forPage(args, () => wxBinding(args, token));
  return data({ title: t("wx.title"), result, binding, configured: wxConfigured() });
}

export async function action(args: ActionFunctionArgs) {
  const { request } = args;
  const { token } = await requireAccess(args, PATH);
  const t = await getT(request, "myInfo");
  const form = await request.formData();
  if (form.get("intent") !== "unbind") throw new Response(t("badIntent"), { status: 400 });
  try {
    await unbindWx(args, token);
  } catch (e) {
    return toastFailure(args, e, PATH);
  }
  return redirectWithToast(request, PATH, { kind: "success", text: t("wx.unbound") });
}

export default function BindWxResult() {
  const { result, binding, configured } = useLoaderData<typeof loader>();
  const { t } = useTranslation("myInfo");
  const nav = useNavigation();
  const good = result === "bound";
  return (
    <Stack gap="md" p={{ base: "sm", sm: "lg" }} maw={640} data-testid="wx-bind-page">
      <PageHeader title={t("wx.title")} intro={t("wx.intro")} />
      {result ? (
        <Alert color={good ? "green" : result === "cancelled" ? "blue" : "orange"} variant="light" role="status" data-testid={`wx-result-${result}`}>
          {t(`wx.result.${result}`)}
        </Alert>
      ) : null}
      <Paper withBorder radius="md" p="md">
        <Stack gap="sm">
          <Text fw={600}>{t("wx.statusTitle")}</Text>
          <Text data-testid="wx-status">
            {binding.Bound
              ? t("wx.boundAs", { name: binding.Nickname || t("wx.noNickname"), at: binding.BoundAt ? formatDate(binding.BoundAt, "{y}-{m}-{d} {h}:{i}") : "" })
              : t("wx.notBound")}
          </Text>
          <div className="mi-actions">
            {configured ? (
              <Button component="a" href={`${PATH}?start=1`} variant={binding.Bound ? "default" : "filled"} data-testid="wx-bind">
                {binding.Bound ? t("wx.rebind") : t("wx.bind")}
              </Button>
            ) : (
              <Text size="sm" c="dimmed">
                {t("wx.result.notConfigured")}
              </Text>
            )}
            {binding.Bound ? (
              <Form method="post">
                <input type="hidden" name="intent" value="unbind" />
                <Button type="submit" color="red" variant="light" loading={nav.state === "submitting"} data-testid="wx-unbind">
                  {t("wx.unbind")}
                </Button>
              </Form>
            ) : null}
            <Button component={Link} to="/myInfo/index" variant="subtle">
              {t("wx.back")}
            </Button>
          </div>
        </Stack>
      </Paper>
    </Stack>
  );
}
