import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { ErrorPage } from "~/components/ErrorPage";
import { getT } from "~/lib/i18n.server";
import { pageMeta } from "~/lib/meta";

/** /404: the public 404 page (section 2), answered with HTTP 404. */
export const meta = pageMeta;

export async function loader({ request }: LoaderFunctionArgs) {
  const t = await getT(request);
  return data({ title: t("errors.notFound") }, { status: 404 });
}

export default function Page404() {
  return <ErrorPage status={404} />;
}
