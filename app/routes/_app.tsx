import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";
import { requireAccess } from "~/lib/auth.server";

/** Every page behind login sits in this layout: the guard runs here and again (memoised) in each page. */
export async function loader(args: LoaderFunctionArgs) {
  const { user } = await requireAccess(args);
  return { user };
}

export default function AppLayout() {
  const { user } = useLoaderData<typeof loader>();
  return (
    <div data-user={user.userInfo.Name}>
      <Outlet />
    </div>
  );
}
