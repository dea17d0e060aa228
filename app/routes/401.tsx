import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { ErrorPage } from "~/components/ErrorPage";
import { getT } from "~/lib/i18n.server";
import { pageMeta } from "~/lib/meta";

/** /401: the public 401 page (section 2), answered with HTTP 401. */
export const meta = pageMeta;

export async function loader({ request }: LoaderFunctionArgs) {
  const t = await getT(request);
  return data({ title: t("errors.unauthorized") }, { status: 401 });
}

export default function Page401() {
  return <ErrorPage status={401} />;
}
