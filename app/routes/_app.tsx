import { data, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { isRouteErrorResponse, Outlet, useLoaderData, useRouteError, useRouteLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import { ErrorPage } from "~/components/ErrorPage";
import { AppShell, shellLinks, type LayoutData } from "~/components/layout";
import { requireAccess, requireUser, type SignedIn } from "~/lib/auth.server";
import { loadLayout } from "~/lib/layout.server";
import { pageMeta } from "~/lib/meta";

export const links: LinksFunction = () => shellLinks();

/**
 * Every page behind login sits in this layout. The section 4 guard runs here and again (memoised) in each
 * page. A forbidden path still gets the layout around the 403 message, so the user keeps the menu.
 */
export async function loader(args: LoaderFunctionArgs) {
  let signedIn: SignedIn;
  let forbidden = false;
  try {
    signedIn = await requireAccess(args);
  } catch (e) {
    if (!(e instanceof Response) || e.status !== 403) throw e;
    forbidden = true;
    signedIn = await requireUser(args);
  }
  const { layout, setCookie } = await loadLayout(args, signedIn, forbidden);
  return data(layout satisfies LayoutData, {
    status: forbidden ? 403 : 200,
    headers: setCookie ? { "Set-Cookie": setCookie } : undefined,
  });
}

/** The page title: the page's own meta wins; otherwise its menu title plus the platform name. */
export const meta: MetaFunction = pageMeta;

/**
 * Section 4: user info, tabs and the unread count are loaded again on every page change (a layout's loader
 * would otherwise run only once).
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, defaultShouldRevalidate }) =>
  defaultShouldRevalidate || currentUrl.pathname !== nextUrl.pathname || currentUrl.search !== nextUrl.search;

export const handle = { i18n: ["common"] };

export default function AppLayout() {
  const layout = useLoaderData<typeof loader>();
  return <AppShell layout={layout}>{layout.forbidden ? <ErrorPage status={403} /> : <Outlet />}</AppShell>;
}

/** Errors of a page render inside the layout (403 reads 当前用户没有此页面访问权限); the layout's own failures alone. */
export function ErrorBoundary() {
  const error = useRouteError();
  const layout = useRouteLoaderData("routes/_app") as LayoutData | undefined;
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const message = isRouteErrorResponse(error) && typeof error.data === "string" && status !== 500 ? error.data : undefined;
  if (!layout) return <ErrorPage status={status} message={message} />;
  return (
    <AppShell layout={layout}>
      <ErrorPage status={status} message={message} />
    </AppShell>
  );
}
