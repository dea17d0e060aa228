import { Alert } from "~/components/mantine/Alert";
import { Button } from "~/components/mantine/Button";
import { Group } from "~/components/mantine/Group";
import { Stack } from "~/components/mantine/Stack";
import { Text } from "~/components/mantine/Text";
import { Title } from "~/components/mantine/Title";
import { data, redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation, type ShouldRevalidateFunction } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AuthShell } from "~/components/login/AuthShell";
import { LoginView } from "~/components/login/LoginView";
import loginStyles from "~/components/login/login.css";
import { requireUser } from "~/lib/auth.server";
import { getT } from "~/lib/i18n.server";
import type { LoginActionData, LoginPageData } from "~/lib/login";
import { approveQrTicket, loggedIn, loginAction, loginLoader, qrTicketState } from "~/lib/login.server";
import { pageMeta } from "~/lib/meta";
import { UpstreamError } from "~/lib/upstream.server";

/**
 * /loginMobile: the phone variant of the login (same modes, one column), and the phone's half of the QR
 * login: /loginMobile?qr=<ticket> asks the logged-in phone user to approve the computer's login.
 */
export const handle = { i18n: ["login"] };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: loginStyles }];
export const meta = pageMeta;

const ticketOf = (request: Request) => {
  const q = new URL(request.url).searchParams.get("qr");
  return q && /^[A-Za-z0-9-]{1,64}$/.test(q) ? q : null;
};

interface ApprovePage {
  kind: "approve";
  title: string;
  ticket: string;
  state: "pending" | "approved" | "expired" | "invalid";
  userName: string;
  error: string | null;
}
interface ApproveResult {
  kind: "approve";
  done: "approved" | "cancelled" | null;
  error: string | null;
}

export async function loader(args: LoaderFunctionArgs) {
  const ticket = ticketOf(args.request);
  if (!ticket) return loginLoader(args, "mobile");
  // Not logged in on the phone: log in first, then come back here with the ticket.
  if (!(await loggedIn(args.request))) {
    return redirect(`/loginMobile?needLogin=1&redirect=${encodeURIComponent(`/loginMobile?qr=${ticket}`)}`);
  }
  const { token, user } = await requireUser(args);
  const t = await getT(args.request, "login");
  let state: ApprovePage["state"] = "invalid";
  let error: string | null = null;
  try {
    state = await qrTicketState(args, token, ticket);
  } catch (e) {
    if (!(e instanceof UpstreamError)) throw e;
    error = e.msg || "Error";
  }
  const page: ApprovePage = { kind: "approve", title: t("approve.title"), ticket, state, userName: user.userInfo.RealName || user.userInfo.Name, error };
  return data(page);
}

export async function action(args: ActionFunctionArgs) {
  const ticket = ticketOf(args.request);
  if (!ticket) return loginAction(args);
  const { token } = await requireUser(args);
  const intent = (await args.request.formData()).get("intent");
  if (intent === "cancel") return data<ApproveResult>({ kind: "approve", done: "cancelled", error: null });
  try {
    await approveQrTicket(args, token, ticket);
    return data<ApproveResult>({ kind: "approve", done: "approved", error: null });
  } catch (e) {
    if (!(e instanceof UpstreamError)) throw e;
    return data<ApproveResult>({ kind: "approve", done: null, error: e.msg || "Error" });
  }
}

export const shouldRevalidate: ShouldRevalidateFunction = ({ formData, actionResult, defaultShouldRevalidate }) => {
  if (formData?.get("intent") === "qrPoll") return (actionResult as LoginActionData | undefined)?.qrState === "expired";
  return defaultShouldRevalidate;
};

export default function LoginMobilePage() {
  const page = useLoaderData() as unknown as LoginPageData | ApprovePage;
  const action = useActionData() as LoginActionData | ApproveResult | undefined;
  if ("kind" in page) return <Approve page={page} result={action && "kind" in action ? action : undefined} />;
  return <LoginView page={page} action={action && !("kind" in action) ? action : undefined} />;
}

function Approve({ page, result }: { page: ApprovePage; result: ApproveResult | undefined }) {
  const { t } = useTranslation("login");
  const nav = useNavigation();
  const done = result?.done ?? (page.state === "approved" ? "approved" : null);
  const error = result?.error ?? page.error;
  const open = page.state === "pending" && !done;
  return (
    <AuthShell variant="mobile" narrow>
      <Stack gap="md" data-testid="qr-approve">
        <Title order={2} size="h3">
          {t("approve.title")}
        </Title>
        {done === "approved" ? (
          <Alert color="green" variant="light" data-testid="qr-approved">
            {t("approve.approved")}
          </Alert>
        ) : done === "cancelled" ? (
          <Alert color="gray" variant="light" data-testid="qr-cancelled">
            {t("approve.cancelled")}
          </Alert>
        ) : page.state === "expired" || page.state === "invalid" ? (
          <Alert color="orange" variant="light" data-testid="qr-gone">
            {error ?? t("approve.expired")}
          </Alert>
        ) : (
          <Text>{t("approve.question", { name: page.userName })}</Text>
        )}
        {error && open ? (
          <Alert color="orange" variant="light" role="alert">
            {error}
          </Alert>
        ) : null}
        {open ? (
          <Form method="post">
            <Group grow>
              <Button type="submit" name="intent" value="cancel" variant="default" size="md">
                {t("approve.cancel")}
              </Button>
              <Button type="submit" name="intent" value="approve" size="md" loading={nav.formData?.get("intent") === "approve"} data-testid="qr-confirm">
                {t("approve.confirm")}
              </Button>
            </Group>
          </Form>
        ) : (
          <Button component={Link} to="/computeDynamicRoute/index" variant="light">
            {t("approve.home")}
          </Button>
        )}
      </Stack>
    </AuthShell>
  );
}
