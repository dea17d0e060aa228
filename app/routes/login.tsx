import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import { LoginView } from "~/components/login/LoginView";
import loginStyles from "~/components/login/login.css";
import type { LoginActionData, LoginPageData } from "~/lib/login";
import { loginAction, loginLoader } from "~/lib/login.server";
import { pageMeta } from "~/lib/meta";

/** /login: the login dialog of section 2 as a page (password, phone, QR, forgot password). */
export const handle = { i18n: ["login"] };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: loginStyles }];
export const meta = pageMeta;

export const loader = (args: LoaderFunctionArgs) => loginLoader(args, "desktop");
export const action = (args: ActionFunctionArgs) => loginAction(args);

/** The QR poll every 2 s changes nothing the loader shows; skip reloading it unless a new code was issued. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formData, actionResult, defaultShouldRevalidate }) => {
  if (formData?.get("intent") === "qrPoll") return (actionResult as LoginActionData | undefined)?.qrState === "expired";
  return defaultShouldRevalidate;
};

export default function LoginPage() {
  const page: LoginPageData = useLoaderData<typeof loader>();
  const action = useActionData() as LoginActionData | undefined;
  return <LoginView page={page} action={action} />;
}
